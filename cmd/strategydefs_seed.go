package cmd

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/spf13/pflag"
)

func sidekiqDef() strategyDef {
	return strategyDef{
		name:  "sidekiq",
		short: "Sidekiq default retry (c^4 + 15 + jitter)",
		source: "sidekiq/lib/sidekiq/job_retry.rb delay_for: c^4 + 15 + J after the execution with retry_count c; " +
			"J = rand(30)*(c+1) up to 6.2.1, rand(10)*(c+1) in 6.2.2-7.x, rand(10*(c+1)) from 8.0. " +
			"retries 25 = 26 executions; then the job goes to the Dead set.",
		example: `  backoffctl table sidekiq
  backoffctl table sidekiq --sidekiq-version 7 -o markdown
  backoffctl table sidekiq --retries 10 --sidekiq-version 6.0 -o csv`,
		random:      true,
		count:       "retries",
		countOffset: 1,
		window:      "7d",
		bind: func(fs *pflag.FlagSet) func() (schedule.Strategy, error) {
			s := schedule.Sidekiq{Version: schedule.SidekiqVersion{Major: 8}}
			intFlag(fs, &s.Retries, "retries", 25, 0, schedule.MaxAttempts-1, "sidekiq_options retry: (executions = retries + 1)")
			fs.Var(&versionValue{p: &s.Version}, "sidekiq-version", "Sidekiq version, selects the jitter: <=6.2.1, 6.2.2-7.x or >=8.0")
			durationFlag(fs, &s.JobDuration, "job-duration", 0, 0, maxJobDuration, "time each execution runs before it fails")
			return func() (schedule.Strategy, error) { return s, nil }
		},
	}
}

// maxAcceptTimeout bounds --accept-timeout so an unlimited GitLab schedule stays under the row cap.
const maxAcceptTimeout = 30 * 24 * time.Hour

func gitlabDef() strategyDef {
	return strategyDef{
		name:  "gitlab",
		short: "GitLab Ci::Runner::Backoff: the runner's final-state update schedule",
		source: "gitlab-org/gitlab lib/gitlab/ci/runner/backoff.rb: backoff = 2^min(slot, 6) s with " +
			"slot = floor(log2 ceil(elapsed)) - 1 (0 below 2 s), sent in X-GitLab-Trace-Update-Interval while " +
			"PUT /api/v4/jobs/:id answers 202; after ACCEPT_TIMEOUT (5 min) the state is applied (200).",
		example: `  backoffctl table gitlab
  backoffctl table gitlab --request-latency 500ms
  backoffctl table gitlab --accept-timeout 10m -o csv`,
		count:  "requests",
		window: "4m",
		bind: func(fs *pflag.FlagSet) func() (schedule.Strategy, error) {
			var g schedule.GitLab
			durationFlag(fs, &g.RequestLatency, "request-latency", 0, 0, time.Hour, "time from sending a request to the server's answer")
			durationFlag(fs, &g.AcceptTimeout, "accept-timeout", 5*time.Minute, 0, maxAcceptTimeout, "age at which the server applies the pending state")
			intFlag(fs, &g.Requests, "requests", 0, 0, schedule.MaxAttempts, "stop after this many requests (0: until the state is applied)")
			return func() (schedule.Strategy, error) { return g, nil }
		},
	}
}

// maxFetchInterval bounds the act_runner intervals.
const maxFetchInterval = 30 * 24 * time.Hour

// fetchIntervalFlags registers act_runner's two interval settings, shared by the actrunner
// strategy and the fleet simulation.
func fetchIntervalFlags(fs *pflag.FlagSet, interval, intervalMax *float64) {
	durationFlag(fs, interval, "fetch-interval", schedule.ActRunnerFetchInterval, 0, maxFetchInterval, "runner.fetch_interval (0: the default)")
	durationFlag(fs, intervalMax, "fetch-interval-max", schedule.ActRunnerFetchIntervalMax, 0, maxFetchInterval, "runner.fetch_interval_max (0: the default; 60s before v0.6.1)")
}

func actrunnerDef() strategyDef {
	return strategyDef{
		name:  "actrunner",
		short: "Gitea act_runner idle poller: capped doubling with ±20% jitter",
		source: "gitea/act_runner internal/app/poll/poller.go (#819, #822): interval min(base*2^min(n-1,5), max) after " +
			"n consecutive empty fetches, then ±20% jitter (so a sleep can exceed max by 20%). Defaults fetch_interval 2s, " +
			"fetch_interval_max 5s since v0.6.1 (60s in v0.4.0-v0.6.0); 0 means the default.",
		example: `  backoffctl table actrunner
  backoffctl table actrunner --fetch-interval-max 60s --polls 12
  backoffctl table actrunner --seed 1 -o csv`,
		random: true,
		count:  "polls",
		window: "1m",
		bind: func(fs *pflag.FlagSet) func() (schedule.Strategy, error) {
			var a schedule.ActRunner
			fetchIntervalFlags(fs, &a.FetchInterval, &a.FetchIntervalMax)
			intFlag(fs, &a.Polls, "polls", 10, 1, schedule.MaxAttempts, "number of polls")
			return func() (schedule.Strategy, error) { return a, nil }
		},
	}
}

// maxAivenTime bounds Aiven's timer, cap and minimum delay: 2^(log2 of it) ms stays far from
// overflowing.
const maxAivenTime = 365 * 24 * time.Hour

func aivenDef() strategyDef {
	return strategyDef{
		name:  "aiven",
		short: "Aiven commons Backoff: timer-bounded power-of-two backoff with ±512 ms jitter",
		source: "io.aiven.commons.util.timing.Backoff (formerly io.aiven.commons.timing): next = 2^waitCount + nextInt(1024) - 512 ms, " +
			"waitCount capped at floor(log2 T) for T the time remaining at reset(); under the timer rule it aborts the " +
			"timer when next >= remaining. --seed N reproduces java.util.Random(N).",
		example: `  backoffctl table aiven
  backoffctl table aiven --mode cap --cap 1000ms --seed 42
  backoffctl table aiven --timer 10s --work 100ms --calls 20`,
		random:   true,
		javaSeed: true,
		count:    "calls",
		window:   "500ms",
		bind: func(fs *pflag.FlagSet) func() (schedule.Strategy, error) {
			var a schedule.Aiven
			enumFlag(fs, &a.Mode, "mode", "", "timer", []string{"timer", "cap"}, "timer: remaining = --timer minus elapsed, timer rule on; cap: remaining always --cap, rule off")
			durationFlag(fs, &a.Timer, "timer", time.Second, time.Millisecond, maxAivenTime, "timer length (mode timer)")
			durationFlag(fs, &a.Cap, "cap", time.Second, time.Millisecond, maxAivenTime, "time remaining reported on every call (mode cap)")
			durationFlag(fs, &a.MinDelay, "min-delay", 0, 0, maxAivenTime, "setMinimumDelay (0: not called)")
			intFlag(fs, &a.Calls, "calls", 12, 1, schedule.MaxAttempts, "number of delay() calls")
			durationFlag(fs, &a.Work, "work", 0, 0, 24*time.Hour, "time spent between calls")
			return func() (schedule.Strategy, error) {
				if a.Mode == "cap" && fs.Changed("timer") {
					return nil, badInput("--timer applies to --mode timer; with --mode cap use --cap")
				}
				if a.Mode == "timer" && fs.Changed("cap") {
					return nil, badInput("--cap applies to --mode cap; add --mode cap")
				}
				return a, nil
			}
		},
	}
}
