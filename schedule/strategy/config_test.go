package strategy

import (
	"strings"
	"testing"
)

// TestConfig checks each strategy's configuration at its defaults and at one other set of values,
// against the text written from each library's documented syntax.
func TestConfig(t *testing.T) {
	cases := []struct {
		strategy string
		set      map[string]string
		want     string
	}{
		{"polynomial", nil, `retry_on SomeError, wait: :polynomially_longer, attempts: 5
config.active_job.retry_jitter = 0.15  # or retry_on jitter: 0.15`},
		{"polynomial", map[string]string{"attempts": "25", "jitter": "0", "job-duration": "2s"}, `retry_on SomeError, wait: :polynomially_longer, attempts: 25
config.active_job.retry_jitter = 0.0  # or retry_on jitter: 0.0
# --job-duration 2s: backoffctl's time each attempt runs, not a library setting`},
		{"fixed", nil, `retry_on SomeError, wait: 3.seconds, attempts: 5
config.active_job.retry_jitter = 0.15  # or retry_on jitter: 0.15`},
		{"fixed", map[string]string{"wait": "30s", "attempts": "10"}, `retry_on SomeError, wait: 30.seconds, attempts: 10
config.active_job.retry_jitter = 0.15  # or retry_on jitter: 0.15`},
		{"sidekiq", nil, "sidekiq_options retry: 25\n# Sidekiq 8.0.0: jitter rand(10 * (count + 1))"},
		{"sidekiq", map[string]string{"retries": "10", "sidekiq-version": "6.0"}, "sidekiq_options retry: 10\n# Sidekiq 6.0.0: jitter rand(30) * (count + 1)"},
		{"gitlab", nil, "Ci::UpdateBuildStateService::ACCEPT_TIMEOUT = 5.minutes (not a setting)\n# the runner waits X-GitLab-Trace-Update-Interval (Gitlab::Ci::Runner::Backoff); no runner setting"},
		{"gitlab", map[string]string{"accept-timeout": "10m"}, "Ci::UpdateBuildStateService::ACCEPT_TIMEOUT = 600.seconds (patched: GitLab has 5.minutes)\n# the runner waits X-GitLab-Trace-Update-Interval (Gitlab::Ci::Runner::Backoff); no runner setting"},
		{"actrunner", nil, "config.yaml: runner: { fetch_interval: 2s, fetch_interval_max: 5s }"},
		{"actrunner", map[string]string{"fetch-interval": "5s", "fetch-interval-max": "90s"}, "config.yaml: runner: { fetch_interval: 5s, fetch_interval_max: 1m30s }"},
		{"aiven", nil, "new Backoff(new Timer(Duration.ofMillis(1000)).getBackoffConfig())  // timer started"},
		{"aiven", map[string]string{"mode": "cap", "cap": "30s", "min-delay": "100ms"}, "new Backoff(config)  // config: time remaining () -> 30000L, applyTimerRule() false\n// then setMinimumDelay: 100 ms"},

		{"constant", nil, `// github.com/cenkalti/backoff/v4
b := backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 4)
err := backoff.Retry(operation, b)`},
		{"constant", map[string]string{"jitter": "full"}, "— cenkalti/backoff's ConstantBackOff, the closest library, has no jitter, cap or elapsed-time limit"},
		{"exponential", nil, `// github.com/cenkalti/backoff/v4
b := &backoff.ExponentialBackOff{
    InitialInterval:     time.Second,
    RandomizationFactor: 0.0,
    Multiplier:          2.0,
    MaxInterval:         time.Duration(1<<63 - 1), // no cap
    MaxElapsedTime:      0,
    Stop:                backoff.Stop,
    Clock:               backoff.SystemClock,
}
b.Reset()
err := backoff.Retry(operation, backoff.WithMaxRetries(b, 4))`},
		{"exponential", map[string]string{"jitter": "sym", "jitter-factor": "0.2", "cap": "30s", "base": "250ms", "attempts": "8"}, `// github.com/cenkalti/backoff/v4
b := &backoff.ExponentialBackOff{
    InitialInterval:     250 * time.Millisecond,
    RandomizationFactor: 0.2,
    Multiplier:          2.0,
    MaxInterval:         30 * time.Second,
    MaxElapsedTime:      0,
    Stop:                backoff.Stop,
    Clock:               backoff.SystemClock,
}
b.Reset()
err := backoff.Retry(operation, backoff.WithMaxRetries(b, 7))`},
		{"exponential", map[string]string{"jitter": "full"}, "— cenkalti/backoff, the closest library, draws only the symmetric jitter (--jitter sym), not full"},
		{"linear", nil, "— no library reproduced here grows its wait linearly (retryablehttp's LinearJitterBackoff multiplies a jittered step by the attempt)"},
		{"fibonacci", nil, "— go-retry's NewFibonacci starts base, 2·base, 3·base: one term ahead of this curve"},
		{"decorrelated", nil, "— the AWS Architecture Blog's decorrelated jitter (2015); no library reproduced here offers it as a setting"},

		// cenkalti/backoff v5.0.3: Retry(ctx, operation, ...RetryOption) with WithBackOff,
		// WithMaxElapsedTime and WithMaxTries.
		{"cenkalti", nil, `result, err := backoff.Retry(ctx, operation,
    backoff.WithBackOff(&backoff.ExponentialBackOff{
        InitialInterval:     500 * time.Millisecond,
        RandomizationFactor: 0.5,
        Multiplier:          1.5,
        MaxInterval:         time.Minute,
    }),
    backoff.WithMaxElapsedTime(15 * time.Minute),
)`},
		{"cenkalti", map[string]string{"max-tries": "6", "max-interval": "10s", "attempts": "4"}, `result, err := backoff.Retry(ctx, operation,
    backoff.WithBackOff(&backoff.ExponentialBackOff{
        InitialInterval:     500 * time.Millisecond,
        RandomizationFactor: 0.5,
        Multiplier:          1.5,
        MaxInterval:         10 * time.Second,
    }),
    backoff.WithMaxElapsedTime(15 * time.Minute),
    backoff.WithMaxTries(6),
)
// --attempts 4: rows backoffctl prints, not a library setting (the most rows of the table)`},
		// v4.3.0: the struct needs Stop and Clock and a Reset, as NewExponentialBackOff does.
		{"cenkalti", map[string]string{"major": "4", "max-retries": "5", "randomization-factor": "0", "max-elapsed-time": "0"}, `b := &backoff.ExponentialBackOff{
    InitialInterval:     500 * time.Millisecond,
    RandomizationFactor: 0.0,
    Multiplier:          1.5,
    MaxInterval:         time.Minute,
    MaxElapsedTime:      0,
    Stop:                backoff.Stop,
    Clock:               backoff.SystemClock,
}
b.Reset()
err := backoff.Retry(operation, backoff.WithMaxRetries(b, 5))`},

		// k8s.io/apimachinery wait.Backoff run by client-go's retry.OnError.
		{"k8s", nil, `backoff := wait.Backoff{
    Duration: 10 * time.Millisecond,
    Factor:   1.0,
    Jitter:   0.1,
    Steps:    5,
}
err := retry.OnError(backoff, retriable, fn)
// the same as retry.DefaultRetry`},
		{"k8s", map[string]string{"preset": "default-backoff", "cap": "1s", "duration": "100ms"}, `backoff := wait.Backoff{
    Duration: 100 * time.Millisecond,
    Factor:   5.0,
    Jitter:   0.1,
    Steps:    4,
    Cap:      time.Second,
}
err := retry.OnError(backoff, retriable, fn)`},

		// aws-sdk-go-v2 aws/retry: NewStandard(optFns ...func(*StandardOptions)).
		{"aws", nil, `// github.com/aws/aws-sdk-go-v2 v1.48.0
retryer := retry.NewStandard(func(o *retry.StandardOptions) {
    o.MaxAttempts = 3
    o.MaxBackoff = 20 * time.Second
})`},
		{"aws", map[string]string{"max-attempts": "8", "base-delay": "100ms", "throttle": "true"}, `// github.com/aws/aws-sdk-go-v2 v1.48.0
retryer := retry.NewStandard(func(o *retry.StandardOptions) {
    o.MaxAttempts = 8
    o.MaxBackoff = 20 * time.Second
    o.BaseDelay = 100 * time.Millisecond
})
// --throttle: the error is a throttling error (base 1s); a property of the error, not a setting`},
		{"aws", map[string]string{"sdk-version": "1.47.7", "max-backoff": "1m"}, `// github.com/aws/aws-sdk-go-v2 v1.47.7
retryer := retry.NewStandard(func(o *retry.StandardOptions) {
    o.MaxAttempts = 3
    o.MaxBackoff = time.Minute
})`},

		// sethvargo/go-retry: middlewares wrap the backoff, outermost first.
		{"go-retry", nil, `b := retry.NewExponential(time.Second)
err := retry.Do(ctx, b, fn)
// --attempts 10: rows backoffctl prints, not a library setting (no max-retries or max-duration ends this backoff)`},
		{"go-retry", map[string]string{"backoff": "fibonacci", "base": "500ms", "with": "max-retries=15,jitter-percent=10,capped-duration=30s"},
			`b := retry.WithMaxRetries(15, retry.WithJitterPercent(10, retry.WithCappedDuration(30 * time.Second, retry.NewFibonacci(500 * time.Millisecond))))
err := retry.Do(ctx, b, fn)`},

		// hashicorp/go-retryablehttp Client fields.
		{"retryablehttp", nil, `client := retryablehttp.NewClient()
client.RetryMax = 4
client.RetryWaitMin = time.Second
client.RetryWaitMax = 30 * time.Second
client.Backoff = retryablehttp.DefaultBackoff`},
		{"retryablehttp", map[string]string{"backoff": "linear-jitter", "retry-max": "2", "retry-wait-min": "200ms", "retry-wait-max": "2s"}, `client := retryablehttp.NewClient()
client.RetryMax = 2
client.RetryWaitMin = 200 * time.Millisecond
client.RetryWaitMax = 2 * time.Second
client.Backoff = retryablehttp.LinearJitterBackoff`},

		// grpc-go: grpc.ConnectParams{Backoff: backoff.Config{...}}, and the service config's retryPolicy.
		{"grpc", nil, `conn, err := grpc.NewClient(target, grpc.WithConnectParams(grpc.ConnectParams{
    Backoff: backoff.Config{
        BaseDelay:  time.Second,
        Multiplier: 1.6,
        Jitter:     0.2,
        MaxDelay:   2 * time.Minute,
    },
}))
// --attempts 10: rows backoffctl prints, not a library setting (grpc-go redials without end)`},
		{"grpc", map[string]string{"mode": "rpc", "max-attempts": "5", "initial-backoff": "250ms", "max-backoff": "5s", "backoff-multiplier": "1.5"}, "conn, err := grpc.NewClient(target, grpc.WithDefaultServiceConfig(`{" + `
    "methodConfig": [{
        "name": [{"service": "your.Service"}],
        "retryPolicy": {
            "maxAttempts": 5,
            "initialBackoff": "0.25s",
            "maxBackoff": "5s",
            "backoffMultiplier": 1.5,
            "retryableStatusCodes": ["UNAVAILABLE"]
        }
    }]
}` + "`))"},

		// Temporal Go SDK: workflow.ActivityOptions with a temporal.RetryPolicy.
		{"temporal", nil, `ao := workflow.ActivityOptions{
    RetryPolicy: &temporal.RetryPolicy{
        InitialInterval:    time.Second,
        BackoffCoefficient: 2.0,
    },
}
// ActivityOptions also needs a StartToCloseTimeout (or ScheduleToCloseTimeout); it does not change the waits
// --attempts 10: rows backoffctl prints, not a library setting (MaximumAttempts 0 retries without end)`},
		{"temporal", map[string]string{"maximum-attempts": "5", "maximum-interval": "1m", "schedule-to-close-timeout": "1h", "backoff-coefficient": "1.5"}, `ao := workflow.ActivityOptions{
    ScheduleToCloseTimeout: time.Hour,
    RetryPolicy: &temporal.RetryPolicy{
        InitialInterval:    time.Second,
        BackoffCoefficient: 1.5,
        MaximumInterval:    time.Minute,
        MaximumAttempts:    5,
    },
}`},

		// riverqueue/river Config, and hibiken/asynq's MaxRetry option.
		{"river", nil, `client, err := river.NewClient(riverpgxv5.New(dbPool), &river.Config{
    MaxAttempts: 25,
    RetryPolicy: &river.DefaultClientRetryPolicy{},
})`},
		{"river", map[string]string{"max-attempts": "5", "job-duration": "30s"}, `client, err := river.NewClient(riverpgxv5.New(dbPool), &river.Config{
    MaxAttempts: 5,
    RetryPolicy: &river.DefaultClientRetryPolicy{},
})
// --job-duration 30s: backoffctl's time each attempt runs, not a library setting`},
		{"asynq", nil, `info, err := client.Enqueue(task, asynq.MaxRetry(25))
srv := asynq.NewServer(redisOpt, asynq.Config{RetryDelayFunc: asynq.DefaultRetryDelayFunc})`},
		{"asynq", map[string]string{"max-retry": "3"}, `info, err := client.Enqueue(task, asynq.MaxRetry(3))
srv := asynq.NewServer(redisOpt, asynq.Config{RetryDelayFunc: asynq.DefaultRetryDelayFunc})`},
	}
	for _, c := range cases {
		d, ok := Find(c.strategy)
		if !ok || d.Config == nil {
			t.Fatalf("%s: no Config", c.strategy)
		}
		v := d.Defaults()
		for k, x := range c.set {
			if err := v.SetText(k, x); err != nil {
				t.Fatalf("%s --%s %s: %v", c.strategy, k, x, err)
			}
		}
		if _, err := d.Build(v); err != nil {
			t.Fatalf("%s %v: %v", c.strategy, c.set, err)
		}
		if got := strings.Join(d.Config(v), "\n"); got != c.want {
			t.Errorf("%s %v:\n%s\nwant\n%s", c.strategy, c.set, got, c.want)
		}
	}
}

func TestGoDur(t *testing.T) {
	for secs, want := range map[float64]string{0: "0", 1: "time.Second", 0.5: "500 * time.Millisecond", 90: "90 * time.Second",
		3600: "time.Hour", 7200: "2 * time.Hour", 1.5e-6: "1500 * time.Nanosecond", 2e-6: "2 * time.Microsecond"} {
		if got := goDur(secs); got != want {
			t.Errorf("goDur(%v) = %s, want %s", secs, got, want)
		}
	}
}
