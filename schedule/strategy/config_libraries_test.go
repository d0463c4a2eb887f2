package strategy

import (
	"slices"
	"strings"
	"testing"
)

// TestConfigLibraries checks each library preset's Config at its defaults and at one other set of
// values, against the configuration written by hand in the library's documented syntax (long
// calls wrap at 80 columns, continuation lines indented four spaces).
func TestConfigLibraries(t *testing.T) {
	tests := []struct {
		name string
		set  []string // flag, value, flag, value...
		want []string
	}{
		{"tenacity", nil, []string{
			"@retry(wait=wait_exponential())",
			"# backoffctl only, not a tenacity setting: --attempts 10 (rows printed; stop_never retries forever)",
		}},
		{"tenacity", []string{"wait", "random-exponential", "multiplier", "0.5", "max", "60", "stop-after-attempt", "8", "stop-after-delay", "30", "job-duration", "2s"}, []string{
			"@retry(wait=wait_random_exponential(multiplier=0.5, max=60),",
			"    stop=(stop_after_attempt(8) | stop_after_delay(30)))",
			"# backoffctl only, not a tenacity setting: --job-duration 2s (each attempt's run time)",
		}},
		{"tenacity", []string{"wait", "fixed", "wait-fixed", "5", "stop-after-attempt", "3"}, []string{
			"@retry(wait=wait_fixed(5), stop=stop_after_attempt(3))",
		}},
		{"celery", nil, []string{
			"@app.task(autoretry_for=(Exception,), retry_backoff=False,",
			"    retry_backoff_max=600, retry_jitter=True, max_retries=3,",
			"    default_retry_delay=180)",
		}},
		{"celery", []string{"retry-backoff", "3", "retry-backoff-max", "60", "retry-jitter", "false", "max-retries", "10"}, []string{
			"@app.task(autoretry_for=(Exception,), retry_backoff=3, retry_backoff_max=60,",
			"    retry_jitter=False, max_retries=10)",
		}},
		{"google-api-core", nil, []string{
			"retry = Retry(initial=1.0, maximum=60.0, multiplier=2.0, timeout=120.0)",
		}},
		{"google-api-core", []string{"initial", "0.5", "maximum", "5", "multiplier", "3", "timeout", "none", "attempts", "6"}, []string{
			"retry = Retry(initial=0.5, maximum=5.0, multiplier=3.0, timeout=None)",
			"# backoffctl only, not a google-api-core setting: --attempts 6 (rows printed; Retry has no attempt limit)",
		}},
		{"resilience4j", nil, []string{
			"RetryConfig config = RetryConfig.custom()",
			"    .maxAttempts(3)",
			"    .intervalFunction(IntervalFunction.of(Duration.ofMillis(500)))",
			"    .build();",
		}},
		{"resilience4j", []string{"interval-function", "of-exponential-random-backoff", "initial-interval", "1s", "multiplier", "2", "max-interval", "10s", "max-attempts", "8"}, []string{
			"RetryConfig config = RetryConfig.custom()",
			"    .maxAttempts(8)",
			"    .intervalFunction(IntervalFunction.ofExponentialRandomBackoff(Duration.ofSeconds(1), 2.0, 0.5, Duration.ofSeconds(10)))",
			"    .build();",
		}},
		{"spring-retry", nil, []string{
			"@Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100, multiplier = 2.0,",
			"    maxDelay = 30000))",
		}},
		{"spring-retry", []string{"back-off-policy", "exponential-random", "initial-interval", "1s", "multiplier", "1.5", "max-interval", "1m", "max-attempts", "8"}, []string{
			"@Retryable(maxAttempts = 8, backoff = @Backoff(delay = 1000, multiplier = 1.5,",
			"    maxDelay = 60000, random = true))",
		}},
		{"spring-retry", []string{"back-off-policy", "uniform-random", "max-attempts", "5"}, []string{
			"@Retryable(maxAttempts = 5, backoff = @Backoff(delay = 500, maxDelay = 1500))",
		}},
		{"spring-retry", []string{"back-off-policy", "no-back-off"}, []string{
			"RetryTemplate template = new RetryTemplate();",
			"template.setRetryPolicy(new SimpleRetryPolicy(3));",
			"// RetryTemplate's default back-off: NoBackOffPolicy",
		}},
		{"spring-retry", []string{"initial-interval", "2s", "max-interval", "1s"}, []string{
			"RetryTemplate template = new RetryTemplate();",
			"template.setRetryPolicy(new SimpleRetryPolicy(3));",
			"ExponentialBackOffPolicy backOff = new ExponentialBackOffPolicy();",
			"backOff.setInitialInterval(2000);",
			"backOff.setMultiplier(2.0);",
			"backOff.setMaxInterval(1000);",
			"template.setBackOffPolicy(backOff);",
		}},
		{"polly", nil, []string{
			"new RetryStrategyOptions { MaxRetryAttempts = 3,",
			"    BackoffType = DelayBackoffType.Constant, UseJitter = false,",
			"    Delay = TimeSpan.FromSeconds(2) }",
		}},
		{"polly", []string{"backoff-type", "exponential", "use-jitter", "true", "delay", "250ms", "max-delay", "30s", "max-retry-attempts", "6", "job-duration", "1s"}, []string{
			"new RetryStrategyOptions { MaxRetryAttempts = 6,",
			"    BackoffType = DelayBackoffType.Exponential, UseJitter = true,",
			"    Delay = TimeSpan.FromMilliseconds(250),",
			"    MaxDelay = TimeSpan.FromSeconds(30) }",
			"// backoffctl only, not a Polly setting: --job-duration 1s (each attempt's run time)",
		}},
		{"envoy", nil, []string{
			"retry_policy:",
			"  retry_on: 5xx",
			"  num_retries: 1",
			"  retry_back_off: { base_interval: 0.025s }",
		}},
		{"envoy", []string{"num-retries", "5", "base-interval", "100ms", "max-interval", "1s"}, []string{
			"retry_policy:",
			"  retry_on: 5xx",
			"  num_retries: 5",
			"  retry_back_off: { base_interval: 0.100s, max_interval: 1s }",
		}},
		{"bullmq", nil, []string{
			"{ attempts: 3, backoff: { type: 'exponential', delay: 1000 } }",
		}},
		{"bullmq", []string{"attempts", "8", "type", "fixed", "delay", "500ms", "jitter", "0.5", "job-duration", "3s"}, []string{
			"{ attempts: 8, backoff: { type: 'fixed', delay: 500, jitter: 0.5 } }",
			"// backoffctl only, not a BullMQ setting: --job-duration 3s (each attempt's run time)",
		}},
		{"oban", nil, []string{
			"use Oban.Worker, max_attempts: 20",
			"# backoff/1 not overridden: Oban.Worker's default, 15 + 2^attempt s plus up to 10% (attempt scaled to 20 steps past max_attempts 20)",
		}},
		{"oban", []string{"max-attempts", "10"}, []string{
			"use Oban.Worker, max_attempts: 10",
			"# backoff/1 not overridden: Oban.Worker's default, 15 + 2^attempt s plus up to 10% (attempt scaled to 20 steps past max_attempts 20)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+strings.Join(tt.set, " "), func(t *testing.T) {
			d, ok := Find(tt.name)
			if !ok || d.Config == nil {
				t.Fatalf("%s: no Config", tt.name)
			}
			v := d.Defaults()
			for i := 0; i+1 < len(tt.set); i += 2 {
				if err := v.SetText(tt.set[i], tt.set[i+1]); err != nil {
					t.Fatalf("--%s %s: %v", tt.set[i], tt.set[i+1], err)
				}
			}
			if _, err := d.Build(v); err != nil {
				t.Fatalf("values do not build: %v", err)
			}
			if got := d.Config(v); !slices.Equal(got, tt.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestConfigLiterals checks the number and duration literals against each language's own
// spelling.
func TestConfigLiterals(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{pyNum(2), "2"}, {pyNum(0.5), "0.5"}, {pyFloat(60), "60.0"}, {pyFloat(1e-05), "1e-05"}, {pyFloat(1e16), "1e+16"},
		{javaLong(3000), "3000"}, {javaLong(3_153_600_000_000), "3153600000000L"},
		{javaDuration(500), "Duration.ofMillis(500)"}, {javaDuration(2000), "Duration.ofSeconds(2)"},
		{timeSpan(1), "TimeSpan.FromTicks(1)"}, {timeSpan(2_500_000), "TimeSpan.FromMilliseconds(250)"},
		{protoDuration(0.0015), "0.001500s"}, {protoDuration(90), "90s"},
		{jsNum(1.5e-7), "1.5e-7"}, {jsNum(0.25), "0.25"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}
