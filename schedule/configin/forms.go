package configin

import (
	"fmt"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// Form says, for one strategy, the language its configuration is written in (by `config`) and
// the forms the readers take back. Every strategy of the registry has one (a test loops it).
type Form struct {
	Lang  string // a Languages name; "" when the strategy has no library configuration
	Reads string // the forms read, as the documentation lists them
}

// Forms is the form of every strategy, by name.
var Forms = map[string]Form{
	"polynomial": {"ruby", "`retry_on E, wait: :polynomially_longer` (or `:exponentially_longer`), `attempts:`, `jitter:`; `config.active_job.retry_jitter =`"},
	"fixed":      {"ruby", "`retry_on E` with `wait:` a number or `5.seconds`/`2.minutes` (left out: 3 s), `attempts:`, `jitter:`; `retry_jitter`"},
	"sidekiq":    {"ruby", "`sidekiq_options retry: N` (`true`: 25, `false`: 0), with or without parentheses; `# Sidekiq X.Y.Z` sets the version"},
	"gitlab":     {"ruby", "`ACCEPT_TIMEOUT = 5.minutes` (a patched server)"},
	"actrunner":  {"yaml", "act_runner `config.yaml`: `runner:` `fetch_interval`, `fetch_interval_max` (Go durations)"},
	"aiven":      {"java", "`new Backoff(new Timer(Duration.ofMillis(N)).getBackoffConfig())`, the config-out comments for --mode cap and setMinimumDelay"},

	"constant":     {"go", "cenkalti `backoff.NewConstantBackOff(d)` with `backoff.WithMaxRetries(b, n)`"},
	"linear":       {"", "— (no library computes it)"},
	"exponential":  {"go", "the cenkalti/backoff v4 literal it writes: with MaxInterval the largest Duration (no cap) and WithMaxRetries it reads back as `exponential`, with a cap as `cenkalti` (the same waits)"},
	"fibonacci":    {"", "— (no library computes it)"},
	"decorrelated": {"", "— (no library offers it)"},

	"cenkalti":        {"go", "`&backoff.ExponentialBackOff{...}` fields (left out: 0), `backoff.NewExponentialBackOff(...)` with v4's `WithInitialInterval`-style options, v4 `backoff.WithMaxRetries(b, n)`, v5 `backoff.Retry(ctx, op, backoff.WithBackOff(...), backoff.WithMaxElapsedTime(d), backoff.WithMaxTries(n))`; the major version from the import path"},
	"k8s":             {"go", "`wait.Backoff{Duration, Factor, Jitter, Steps, Cap}` (left out: 0; DefaultRetry's and DefaultBackoff's values give the preset)"},
	"aws":             {"go", "`retry.NewStandard(func(o *retry.StandardOptions) { o.MaxAttempts = …; o.MaxBackoff = …; o.BaseDelay = … })`"},
	"go-retry":        {"go", "`retry.NewExponential/NewConstant/NewFibonacci(d)` inside `WithMaxRetries`, `WithJitter`, `WithJitterPercent`, `WithCappedDuration`, `WithMaxDuration`"},
	"retryablehttp":   {"go", "`client := retryablehttp.NewClient()` then `client.RetryMax/RetryWaitMin/RetryWaitMax/Backoff =`, or a `retryablehttp.Client{...}` literal"},
	"tenacity":        {"python", "`@retry(wait=wait_exponential(...)|wait_fixed|wait_random|wait_random_exponential|wait_exponential_jitter|wait_incrementing, stop=stop_after_attempt(n) | stop_after_delay(d))`, `Retrying(...)`"},
	"celery":          {"python", "`@app.task(...)`/`@shared_task(...)`/`@celery.task(...)` with `retry_backoff`, `retry_backoff_max`, `retry_jitter`, `max_retries`, `default_retry_delay`"},
	"grpc":            {"go", "`backoff.Config{BaseDelay, Multiplier, Jitter, MaxDelay}`; the service config's `retryPolicy` in the string given to `grpc.WithDefaultServiceConfig`, a `.json` or YAML file (--mode rpc)"},
	"google-api-core": {"python", "`Retry(initial=, maximum=, multiplier=, timeout=)` (also `retry.Retry`, `deadline=`)"},
	"resilience4j":    {"java", "`RetryConfig.custom().maxAttempts(n).intervalFunction(IntervalFunction.of…(…))` or `.waitDuration(d)`; Spring Boot's `application.yml` `resilience4j.retry.instances.NAME` (`maxAttempts`, `waitDuration`, `enableExponentialBackoff`, `exponentialBackoffMultiplier`, `exponentialMaxWaitDuration`, `enableRandomizedWait`, `randomizedWaitFactor`)"},
	"polly":           {"csharp", "`new RetryStrategyOptions { MaxRetryAttempts, BackoffType, UseJitter, Delay, MaxDelay }` (TimeSpan.From…)"},
	"temporal":        {"go", "`temporal.RetryPolicy{...}` (in `workflow.ActivityOptions` with its `ScheduleToCloseTimeout`)"},
	"envoy":           {"yaml", "`retry_policy:` `num_retries`, `retry_back_off: { base_interval, max_interval }`"},
	"spring-retry":    {"java", "`@Retryable(maxAttempts =, backoff = @Backoff(delay =, multiplier =, maxDelay =, random =))`; `RetryTemplate` with `SimpleRetryPolicy(n)` and a back-off policy's setters"},
	"bullmq":          {"js", "job options `{ attempts, backoff: { type, delay, jitter } }` (also `backoff: N`)"},
	"river":           {"go", "`river.Config{MaxAttempts: n}` (left out: 25), `river.InsertOpts{MaxAttempts: n}`"},
	"asynq":           {"go", "`asynq.MaxRetry(n)`"},
	"oban":            {"elixir", "`use Oban.Worker, max_attempts: n` (left out: 20); `Worker.new(args, max_attempts: n)`"},
}

// langNames are the languages as the documentation names them.
var langNames = map[string]string{
	"go": "Go", "ruby": "Ruby", "python": "Python", "java": "Java", "csharp": "C#", "js": "JavaScript",
	"elixir": "Elixir", "yaml": "YAML", "json": "JSON",
}

// FormsTable is docs/config-forms.md: for every strategy of the registry, the configuration
// `backoffctl config` writes at its defaults and the forms `--from` reads back.
func FormsTable() string {
	var b strings.Builder
	b.WriteString(`# Configuration forms, written and read

` + "`backoffctl config STRATEGY [flags]`" + ` writes the library's own configuration for a schedule;
` + "`--from FILE`" + ` (on table, compare, plot, explore and config) reads it back from the application's code.
Every form ` + "`config`" + ` writes is read back to the same strategy, parameter values and schedule (a test
over every strategy at its defaults and at other values). The language of a file comes from its
extension, or ` + "`--lang-of`" + `. This file is generated from the registry by
` + "`go test ./schedule/configin -run TestFormsDoc -update`" + `; the test fails when it is stale.

| strategy | library | written (at the defaults) | read |
|---|---|---|---|
`)
	for _, def := range strategy.All() {
		f := Forms[def.Name]
		written := "—"
		if def.Config != nil {
			lines := def.Config(def.Defaults())
			first := 0
			for first < len(lines)-1 && (strings.HasPrefix(lines[first], "//") || strings.HasPrefix(lines[first], "#")) {
				first++ // the first line of code, past a comment naming the library's version
			}
			written = strings.TrimSpace(lines[first])
			if len(lines) > first+1 {
				written += " …"
			}
			if f.Lang != "" {
				written = langNames[f.Lang] + ": `" + written + "`"
			}
		}
		lib := def.Library
		if lib == "" {
			lib = "—"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", def.Name, mdCell(lib), mdCell(written), mdCell(f.Reads))
	}
	return b.String()
}

// mdCell escapes a table cell's pipes.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
