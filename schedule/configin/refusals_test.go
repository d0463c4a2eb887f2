package configin

import (
	"strings"
	"testing"
)

// TestRefusals checks that what the readers cannot evaluate is refused with file:line, the
// expression and what to write instead, and that a file without a configuration says what was
// looked for.
func TestRefusals(t *testing.T) {
	cases := []struct {
		name, lang, src string
		want            string // the whole message
	}{
		{"ruby lambda wait", "ruby", "class J\n  retry_on Foo, wait: ->(executions) { executions * 2 }\nend\n",
			"f:2: retry_on wait: ->(executions) { executions * 2 } is not a literal the reader can evaluate; write :polynomially_longer or a duration such as 30.seconds (a lambda's waits are the application's own code)"},
		{"ruby variable attempts", "ruby", "retry_on Foo,\n  attempts: MAX_TRIES\n",
			"f:2: retry_on attempts: MAX_TRIES is not a literal the reader can evaluate; write a whole number (:unlimited has no end: give a number of rows)"},
		{"sidekiq_retry_in", "ruby", "sidekiq_retry_in do |count|\n  10 * count\nend\n",
			"f:1: sidekiq_retry_in: its block computes the wait in the application's own code; backoffctl models Sidekiq's default (remove the block to compare with it)"},
		{"python variable", "python", "@retry(wait=wait_exponential(multiplier=settings.M))\ndef f(): pass\n",
			"f:1: wait_exponential multiplier: settings.M is not a literal the reader can evaluate; write a number of seconds or timedelta(...)"},
		{"tenacity sum of waits", "python", "@retry(wait=wait_fixed(3) + wait_random(0, 2))\n",
			"f:1: tenacity wait=: wait_fixed(3) + wait_random(0, 2) is not a literal the reader can evaluate; write one of wait_exponential, wait_random_exponential, wait_exponential_jitter, wait_fixed, wait_random, wait_incrementing with literal arguments (a sum of waits or a custom wait is not read)"},
		{"go variable", "go", "b := &backoff.ExponentialBackOff{InitialInterval: cfg.Initial}\n",
			"f:1: ExponentialBackOff InitialInterval: cfg.Initial is not a literal the reader can evaluate; write a constant duration such as 500 * time.Millisecond"},
		{"go custom river policy", "go", "c := &river.Config{MaxAttempts: 5, RetryPolicy: &MyPolicy{}}\n",
			"f:1: river.Config RetryPolicy: &MyPolicy{} is not a literal the reader can evaluate; write &river.DefaultClientRetryPolicy{} (a custom policy's waits are its own code)"},
		{"go syntax", "go", "b := &backoff.ExponentialBackOff{\n",
			"f:2: not Go source go/parser reads: expected '}', found 'EOF'"},
		{"k8s without steps", "go", "b := wait.Backoff{Duration: time.Second}\n",
			"f:1: wait.Backoff without Steps: Steps 0 never calls the condition; write Steps: N"},
		{"grpc policy without a field", "json", `{"methodConfig": [{"retryPolicy": {"maxAttempts": 3, "initialBackoff": "1s", "backoffMultiplier": 2}}]}`,
			"f:1: retryPolicy maxBackoff is missing or not a duration like \"0.1s\" (grpc-go has no default for it)"},
		{"polly delay generator", "csharp", "new RetryStrategyOptions {\n  DelayGenerator = args => ValueTask.FromResult<TimeSpan?>(null)\n}\n",
			"f:2: DelayGenerator: args => ValueTask.FromResult<TimeSpan?>(null) is not a literal the reader can evaluate; write no DelayGenerator (its delays are the application's own code)"},
		{"bullmq custom", "js", "queue.add('x', {}, { attempts: 4, backoff: { type: 'custom' } })\n",
			"f:1: backoff.type: \"custom\" is not a literal the reader can evaluate; write 'fixed' or 'exponential' (a custom backoff strategy is the application's own code)"},
		{"oban backoff", "elixir", "use Oban.Worker, max_attempts: 3\n\n@impl Worker\ndef backoff(%Job{attempt: attempt}), do: attempt * 10\n",
			"f:4: def backoff: this worker computes its own waits; backoffctl models Oban.Worker's default backoff/1 (remove it to compare with the default)"},
		{"value out of range", "yaml", "retry_policy:\n  num_retries: -1\n",
			"f:1: envoy --num-retries -1 must be an integer in [0, 99999], got \"-1\""},
		{"nothing in ruby", "ruby", "puts 'hello'\n",
			"f: no retry configuration found; looked for retry_on, config.active_job.retry_jitter, sidekiq_options retry:, ACCEPT_TIMEOUT"},
		{"nothing in yaml", "yaml", "a: 1\n",
			"f: no retry configuration found; looked for Envoy retry_policy, act_runner runner.fetch_interval / fetch_interval_max, resilience4j.retry instances, a gRPC retryPolicy"},
	}
	for _, c := range cases {
		_, err := Read("f", []byte(c.src), c.lang)
		if err == nil {
			t.Errorf("%s: read without error", c.name)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: the message is more than one line", c.name)
		}
	}
}

// TestLang checks the language chosen from the extension and from --lang-of.
func TestLang(t *testing.T) {
	cases := []struct{ file, lang, want, err string }{
		{"app.py", "", "python", ""},
		{"Worker.ex", "", "elixir", ""},
		{"queue.ts", "", "js", ""},
		{"envoy.YML", "", "yaml", ""},
		{"job.txt", "py", "python", ""},
		{"job.txt", "C#", "csharp", ""},
		{"job.txt", "", "", `job.txt: no language for the extension ".txt": give --lang-of, one of go, ruby, python, java, csharp, js, elixir, yaml, json`},
		{"a.go", "cobol", "", `--lang-of must be one of go, ruby, python, java, csharp, js, elixir, yaml, json, got "cobol"`},
	}
	for _, c := range cases {
		got, err := Lang(c.file, c.lang)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != c.want || msg != c.err {
			t.Errorf("Lang(%q, %q) = %q, %q; want %q, %q", c.file, c.lang, got, msg, c.want, c.err)
		}
	}
}
