package configin

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSnippets reads configurations written as each library's README or documentation shows
// them (defaults left out, arguments reordered, comments, calls over several lines) and checks
// the strategy and flags worked out by hand from the library's documented defaults.
func TestSnippets(t *testing.T) {
	for _, c := range snippetSources() {
		found, err := Read("snippet", []byte(c.src), c.lang)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []string
		for _, f := range found {
			args := f.Args()
			slices.Sort(args[1:]) // the flags' order does not matter
			got = append(got, strings.Join(append([]string{strconv.Itoa(f.Line)}, args...), " "))
		}
		for i, w := range c.want {
			words := strings.Fields(w)
			slices.Sort(words[2:])
			c.want[i] = strings.Join(words, " ")
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// snippet is a configuration as a library's documentation writes it, with the configurations
// it holds: "LINE STRATEGY --flag=value ...".
type snippet struct {
	name, lang, src string
	want            []string
}

func snippetSources() []snippet {
	return []snippet{
		// Rails guides, Active Job Basics "Retrying or Discarding Failed Jobs" and the retry_on docs.
		{"activejob docs", "ruby", `class RemoteServiceJob < ActiveJob::Base
  retry_on CustomAppException # defaults to ~3s wait, 5 attempts
  retry_on ActiveRecord::Deadlocked, wait: 5.seconds, attempts: 3
  retry_on Net::OpenTimeout, Timeout::Error, wait: :polynomially_longer, attempts: 10 # retries at most 10 times
end`, []string{"2 fixed", "3 fixed --wait=5s --attempts=3", "4 polynomial --attempts=10"}},
		{"activejob multi-line, jitter", "ruby", `retry_on Timeout,
         attempts: 8,   # reordered
         jitter: 0.0,
         wait: 2.minutes
config.active_job.retry_jitter = 0.3`, []string{"1 fixed --wait=2m0s --attempts=8 --jitter=0"}},
		{"activejob app-wide jitter", "ruby", "config.active_job.retry_jitter = 0.3\nretry_on Foo, wait: :polynomially_longer\n", []string{"2 polynomial --jitter=0.3"}},
		// Sidekiq wiki, Error Handling: sidekiq_options retry: 5.
		{"sidekiq wiki", "ruby", "class LessImportantJob\n  include Sidekiq::Job\n  sidekiq_options retry: 5\nend\n", []string{"3 sidekiq --retries=5"}},
		{"ruby constants", "ruby", "MAX_ATTEMPTS = 8\nWAIT = 10.seconds\nretry_on Timeout, wait: WAIT, attempts: MAX_ATTEMPTS\n", []string{"3 fixed --wait=10s --attempts=8"}},
		{"sidekiq parentheses, hash rocket", "ruby", "sidekiq_options(queue: 'low', :retry => false)\n", []string{"1 sidekiq --retries=0"}},

		// tenacity README: "Waiting before retrying", "Stopping".
		{"tenacity readme", "python", `@retry(wait=wait_exponential(multiplier=1, min=4, max=10))
def wait_exponential_1():
    pass

@retry(stop=(stop_after_delay(10) | stop_after_attempt(5)))
def stop_after_10_s_or_5_retries():
    pass

@retry(wait=wait_random(min=1, max=2))
def wait_random_1_to_2_s():
    pass`, []string{"1 tenacity --wait=exponential --multiplier=1 --min=4 --max=10", "5 tenacity --wait=fixed --wait-fixed=0 --stop-after-delay=10 --stop-after-attempt=5", "9 tenacity --wait=random --min=1 --max=2"}},
		{"tenacity positional, timedelta, module prefix", "python", `@tenacity.retry(
    stop=tenacity.stop_after_attempt(4),  # four calls
    wait=tenacity.wait_fixed(timedelta(milliseconds=1500)),
)`, []string{"1 tenacity --wait=fixed --wait-fixed=1.5 --stop-after-attempt=4"}},
		{"tenacity variables", "python", "w = wait_exponential(max=30)\nstop = stop_after_attempt(4)\n@retry(wait=w, stop=stop)\ndef f(): pass\n",
			[]string{"3 tenacity --wait=exponential --max=30 --stop-after-attempt=4"}},
		{"python constants", "python", "MAX_WAIT = 60  # seconds\nATTEMPTS = 5\n@retry(wait=wait_exponential(multiplier=0.5, max=MAX_WAIT), stop=stop_after_attempt(ATTEMPTS))\ndef f(): pass\n",
			[]string{"3 tenacity --wait=exponential --multiplier=0.5 --max=60 --stop-after-attempt=5"}},
		// Celery docs, Tasks: "Automatic retry for known exceptions".
		{"celery docs", "python", `@app.task(autoretry_for=(FailWhaleError,),
          retry_kwargs={'max_retries': 5})
def refresh_timeline(user):
    return twitter.refresh_timeline(user)

@app.task(autoretry_for=(RequestException,), retry_backoff=True)
def x(): pass`, []string{"1 celery --max-retries=5", "6 celery --retry-backoff=true"}},
		// google-api-core docs, retry.Retry.
		{"google api core", "python", "my_retry = retry.Retry(predicate=if_exception_type(exceptions.InternalServerError), initial=1.0, maximum=10.0, multiplier=2.0, deadline=60.0)\n",
			[]string{"1 google-api-core --initial=1 --maximum=10 --multiplier=2 --timeout=60"}},

		// Resilience4j docs, Retry: "Create and configure Retry".
		{"resilience4j docs", "java", `RetryConfig config = RetryConfig.custom()
  .maxAttempts(2)
  .waitDuration(Duration.ofMillis(1000))
  .retryOnResult(response -> response.getStatus() == 500)
  .retryExceptions(IOException.class, TimeoutException.class)
  .failAfterMaxAttempts(true)
  .build();`, []string{"1 resilience4j --max-attempts=2 --interval-function=of --initial-interval=1s"}},
		{"resilience4j interval function, comment", "java", `RetryConfig.custom()
    /* exponential from 100 ms */
    .intervalFunction(IntervalFunction.ofExponentialBackoff(100, 2.0))
    .maxAttempts(5).build();`, []string{"1 resilience4j --interval-function=of-exponential-backoff --initial-interval=100ms --multiplier=2 --max-attempts=5"}},
		// Resilience4j docs: an IntervalFunction in a variable.
		{"resilience4j variable", "java", `IntervalFunction intervalWithExponentialBackoff = IntervalFunction
  .ofExponentialBackoff();

RetryConfig retryConfig = RetryConfig.custom()
  .intervalFunction(intervalWithExponentialBackoff)
  .build();`, []string{"4 resilience4j --interval-function=of-exponential-backoff"}},
		{"java constants", "java", "private static final long DELAY_MS = 250L;\nprivate static final int TRIES = 4;\n@Retryable(maxAttempts = TRIES, backoff = @Backoff(delay = DELAY_MS, multiplier = 2))\nvoid call() {}\n",
			[]string{"3 spring-retry --max-attempts=4 --back-off-policy=exponential --initial-interval=250ms --multiplier=2 --max-interval=30s"}},
		{"java chain constants", "java", "static final int TRIES = 7;\nstatic final Duration WAIT = Duration.ofSeconds(2);\nRetryConfig c = RetryConfig.custom()\n  .maxAttempts(TRIES)\n  .waitDuration(WAIT)\n  .retryExceptions(IOException.class)\n  .failAfterMaxAttempts(true)\n  .build();\n",
			[]string{"3 resilience4j --max-attempts=7 --interval-function=of --initial-interval=2s"}},
		// Spring Retry README: @Retryable(maxAttempts = 12, backoff = @Backoff(delay = 100, maxDelay = 500)).
		{"spring retry readme", "java", `@Retryable(maxAttempts=12, backoff=@Backoff(delay=100, maxDelay=500))
public void service() {}`, []string{"1 spring-retry --max-attempts=12 --back-off-policy=uniform-random --min-back-off-period=100ms --max-back-off-period=500ms"}},
		{"spring exponential", "java", "@Retryable(retryFor = RemoteAccessException.class,\n    backoff = @Backoff(delay = 2000, multiplier = 1.5))\n",
			[]string{"1 spring-retry --back-off-policy=exponential --initial-interval=2s --multiplier=1.5 --max-interval=30s"}},
		{"spring template builder", "java", "RetryTemplate template = RetryTemplate.builder()\n    .maxAttempts(10)\n    .exponentialBackoff(100, 2, 10000)\n    .build();\n",
			[]string{"1 spring-retry --back-off-policy=exponential --max-attempts=10 --initial-interval=100ms --multiplier=2 --max-interval=10s"}},

		// Polly docs, Retry resilience strategy.
		{"polly docs", "csharp", `var optionsComplex = new RetryStrategyOptions
{
    ShouldHandle = new PredicateBuilder().Handle<SomeExceptionType>(),
    BackoffType = DelayBackoffType.Exponential,
    UseJitter = true,  // Adds a random factor to the delay
    MaxRetryAttempts = 4,
    Delay = TimeSpan.FromSeconds(3),
};`, []string{"1 polly --backoff-type=exponential --use-jitter=true --max-retry-attempts=4 --delay=3s"}},

		// BullMQ docs, Retrying failing jobs.
		{"bullmq docs", "js", `await queue.add(
  'test-retry',
  { foo: 'bar' },
  {
    attempts: 3,
    backoff: {
      type: 'exponential',
      delay: 1000,
    },
  },
);`, []string{"4 bullmq --attempts=3 --type=exponential --delay=1s"}},
		{"js constants", "js", "const DELAY = 2000; // ms\nexport const opts = { attempts: 6, backoff: { type: 'fixed', delay: DELAY } };\n", []string{"2 bullmq --attempts=6 --type=fixed --delay=2s"}},
		{"bullmq default job options, number backoff", "js", "const q = new Queue('q', { defaultJobOptions: { attempts: 5, backoff: 2500 } }); // ts\n",
			[]string{"1 bullmq --attempts=5 --type=fixed --delay=2.5s"}},

		// Oban docs, Oban.Worker.
		{"oban docs", "elixir", "defmodule MyApp.Workers.Business do\n  use Oban.Worker,\n    queue: :events,\n    max_attempts: 10\nend\n", []string{"2 oban --max-attempts=10"}},

		{"oban job option", "elixir", "%{id: 1}\n|> MyApp.Business.new(queue: :special, max_attempts: 5)\n|> Oban.insert()\n", []string{"2 oban --max-attempts=5"}},
		// cenkalti/backoff v4 README and godoc.
		{"cenkalti v4", "go", `package main

import "github.com/cenkalti/backoff/v4"

const initial = 100 * time.Millisecond

func f() {
	b := &backoff.ExponentialBackOff{
		InitialInterval:     initial,
		RandomizationFactor: 0.2,
		Multiplier:          2, // doubling
		MaxInterval:         10 * time.Second,
		MaxElapsedTime:      time.Minute,
		Stop:                backoff.Stop,
		Clock:               backoff.SystemClock,
	}
	backoff.Retry(op, backoff.WithMaxRetries(b, 6))
}`, []string{"8 cenkalti --major=4 --initial-interval=100ms --max-interval=10s --randomization-factor=0.2 --multiplier=2 --max-elapsed-time=1m0s --max-retries=6"}},
		// client-go util/retry: RetryOnConflict(retry.DefaultRetry, ...).
		{"k8s preset", "go", "err := retry.RetryOnConflict(retry.DefaultBackoff, func() error { return update() })\n", []string{"1 k8s --preset=default-backoff"}},
		// aws-sdk-go-v2 developer guide, "Retries and timeouts".
		{"aws guide", "go", `cfg, err := config.LoadDefaultConfig(context.TODO(), config.WithRetryer(func() aws.Retryer {
    return retry.AddWithMaxAttempts(retry.NewStandard(), 5)
}))`, []string{"2 aws --max-attempts=5"}},
		// go-retry README.
		{"go-retry readme", "go", `b := retry.NewFibonacci(1 * time.Second)
b = retry.WithMaxRetries(5, b)
b = retry.WithCappedDuration(10*time.Second, b)`, []string{"3 go-retry --backoff=fibonacci --base=1s --with=capped-duration=10s,max-retries=5"}},
		// go-retryablehttp README.
		{"retryablehttp readme", "go", "retryClient := retryablehttp.NewClient()\nretryClient.RetryMax = 10\n", []string{"1 retryablehttp --retry-max=10"}},
		// Temporal docs, Activity retry policy.
		{"temporal docs", "go", `retrypolicy := &temporal.RetryPolicy{
	InitialInterval:    time.Second,
	BackoffCoefficient: 2.0,
	MaximumInterval:    time.Second * 100, // 100 * InitialInterval
	MaximumAttempts:    0, // Unlimited
	NonRetryableErrorTypes: []string{"CustomError"},
}`, []string{"1 temporal --initial-interval=1s --backoff-coefficient=2 --maximum-interval=1m40s --maximum-attempts=0"}},
		{"asynq", "go", "info, err := client.Enqueue(task, asynq.MaxRetry(10), asynq.Timeout(3*time.Minute))\n", []string{"1 asynq --max-retry=10"}},
		// grpc-go examples/features/retry: the service config with capitalised keys.
		{"grpc service config", "json", `{
  "methodConfig": [{
    "name": [{"service": "grpc.examples.echo.Echo"}],
    "retryPolicy": {
      "MaxAttempts": 4,
      "InitialBackoff": ".01s",
      "MaxBackoff": ".01s",
      "BackoffMultiplier": 1.0,
      "RetryableStatusCodes": [ "UNAVAILABLE" ]
    }
  }]
}`, []string{"4 grpc --mode=rpc --max-attempts=4 --backoff-multiplier=1 --initial-backoff=10ms --max-backoff=10ms"}},

		// Envoy docs, config.route.v3.RetryPolicy.
		{"envoy", "yaml", `routes:
- match: { prefix: "/" }
  route:
    cluster: service
    retry_policy:
      retry_on: "5xx"
      num_retries: 3
      retry_back_off:
        base_interval: 0.1s
        max_interval: 1s`, []string{"5 envoy --num-retries=3 --base-interval=100ms --max-interval=1s"}},
		// resilience4j-spring-boot documentation, application.yml.
		{"resilience4j spring boot", "yaml", `resilience4j.retry:
  instances:
    backendA:
      maxAttempts: 3
      waitDuration: 10s
      enableExponentialBackoff: true
      exponentialBackoffMultiplier: 2
    backendB:
      maxAttempts: 3
      waitDuration: 10s
`, []string{"3 resilience4j --interval-function=of-exponential-backoff --max-attempts=3 --initial-interval=10s --multiplier=2", "8 resilience4j --interval-function=of --max-attempts=3 --initial-interval=10s"}},
		{"resilience4j nested keys", "yaml", "resilience4j:\n  retry:\n    configs:\n      default:\n        maxAttempts: 5\n        waitDuration: 500\n        enableRandomizedWait: true\n        randomizedWaitFactor: 0.3\n",
			[]string{"4 resilience4j --interval-function=of-randomized --max-attempts=5 --initial-interval=500ms --randomization-factor=0.3"}},
		// cenkalti/backoff v5 README: Retry with the library's ExponentialBackOff and options.
		{"cenkalti v5 readme", "go", "result, err := backoff.Retry(context.TODO(), operation,\n\tbackoff.WithBackOff(backoff.NewExponentialBackOff()),\n\tbackoff.WithMaxTries(5))\n",
			[]string{"1 cenkalti --major=5 --max-tries=5"}},
		// cenkalti/backoff v4 options.
		{"cenkalti options", "go", "import \"github.com/cenkalti/backoff/v4\"\nvar b = backoff.NewExponentialBackOff(backoff.WithInitialInterval(time.Second), backoff.WithMaxElapsedTime(0))\n",
			[]string{"2 cenkalti --major=4 --initial-interval=1s --max-elapsed-time=0s"}},
		// act_runner config.example.yaml.
		{"act_runner", "yaml", "runner:\n  file: .runner\n  capacity: 1\n  fetch_timeout: 5s\n  fetch_interval: 2s\n", []string{"1 actrunner --fetch-interval=2s"}},
	}
}
