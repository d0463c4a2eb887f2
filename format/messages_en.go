package format

// englishMessages is the English message catalog: column headers and notes.
func englishMessages() map[string]string {
	return map[string]string{
		"col.attempt":           "attempt",
		"col.start_seconds":     "start",
		"col.wait_seconds":      "wait until next",
		"col.retry_count":       "retry count",
		"col.duration":          "elapsed (s)",
		"col.slot":              "slot",
		"col.interval_seconds":  "interval",
		"col.consecutive_empty": "empty in a row",
		"col.nominal_ms":        "nominal ms",
		"col.jitter_ms":         "jitter ms",
		"col.estimated_ms":      "estimated ms",
		"col.outcome":           "outcome",
		"col.strategy":          "strategy",
		"col.aliases":           "aliases",
		"col.parameters":        "parameters",
		"col.source":            "source",

		"note.activejob.exhausted": "after attempt %d the error is re-raised: retries exhausted (or the retry_on block runs)",
		"note.fixed.truncated":     "--wait %vs is used as %vs: ActiveJob keeps whole seconds (.to_i)",

		"note.sidekiq.dead": "after attempt %d (retry %d) fails the job goes to the Dead set; the last attempt starts %v after the first",
		"note.sidekiq.poll": "real retries run a little later: Sidekiq moves due jobs out of the retry set on a poll (about every 5 s on average)",

		"note.gitlab.applied": "request %d at %v is past the accept timeout (%v): the server applies the state and answers 200, no further wait",
		"note.gitlab.limit":   "stopped after request %d (--requests): the state is still pending",

		"note.actrunner.plateau":     "the interval plateaus at %v; with jitter each idle sleep is between about %v and %v",
		"note.actrunner.unreachable": "fetch_interval_max %v is never reached: the multiplier stops at 32 (%v)",
		"note.actrunner.default":     "a fetch interval of 0 means act_runner's default (2s, max 5s)",
		"note.actrunner.raised":      "fetch_interval_max below fetch_interval is raised to it (%v)",

		"note.aiven.rows":    "each row is one delay() call; wait is that call's own sleep (0 when it did not sleep): the caller decides whether to call again",
		"note.aiven.plateau": "nominal sleeps double up to %d ms = 2^floor(log2 %d), not up to the bound itself",
		"note.aiven.timer":   "timer rule: after maxCount calls, or once the timer is aborted or expired, delay() no longer sleeps",

		"col.design":                                       "design",
		"col.pollers_idle":                                 "pollers",
		"col.connections_idle":                             "connections",
		"col.idle_rpcs_per_minute":                         "idle RPC/min",
		"col.idle_rpcs_per_minute_closed_form":             "closed form",
		"col.full_load_rpcs_per_minute":                    "full-load RPC/min",
		"col.tasks_arrived":                                "arrived",
		"col.tasks_picked":                                 "picked",
		"col.rpcs_per_minute":                              "RPC/min",
		"col.rpcs_per_task":                                "RPC/task",
		"col.pickup_p50_seconds":                           "pickup p50",
		"col.pickup_p95_seconds":                           "pickup p95",
		"col.time_seconds":                                 "time",
		"col.limited_capacity_worker_running_jobs":         "running",
		"col.limited_capacity_worker_max_running_jobs":     "max running",
		"col.limited_capacity_worker_remaining_work_count": "remaining",
		"col.completed":                                    "completed",
		"col.failed":                                       "failed",
		"col.utilisation_percent":                          "utilisation %",

		"sum.drain_seconds":    "drain time",
		"sum.drained":          "drained",
		"sum.mean_utilisation": "mean utilisation",
		"sum.completed":        "completed",
		"sum.failed":           "failed",
		"sum.jobs_started":     "jobs started (with those that found every slot taken)",
		"sum.lost":             "items lost to failures",

		"note.fleet.pr":          "PR #822's impact table says the per-worker design (#819) keeps polling at full load, 180 RPCs a cycle all wasted; in the code a goroutine that fetched a task runs it before polling again, so with every slot busy none of the three designs polls (full-load RPC/min 0). The difference is at idle: one poller per runner instead of one per slot",
		"note.fleet.connections": "connections: FetchTask requests that can be in flight at once (the shared limiter and the single poller serialize fetches per runner)",
		"note.fleet.window":      "idle and full-load rates are measured over the second half of --duration, after backoff settles; the closed form is one fetch per fetch_interval per runner (shared limiter) or per plateau interval per poller",
		"note.fleet.tradeoff":    "the semaphore design sends %.0fx fewer idle RPCs than per-worker, but its single backed-off poller picks tasks up later: p95 %v against %v",

		"note.capacity.drained":   "the backlog drains at %v, when the last item's job completes",
		"note.capacity.undrained": "the backlog does not drain within the horizon (%v)",
		"note.capacity.failures":  "a failed job is not re-enqueued: its slot stays empty until the next cron tick refills it",

		"col.start_min_seconds": "start min",
		"col.start_max_seconds": "start max",
		"col.wait_min_seconds":  "wait min",
		"col.wait_max_seconds":  "wait max",

		"note.envelope":    "min and max are over all draws: the least value, and the greatest (the limit u -> 1 for a continuous draw, the largest value for a discrete one)",
		"note.percentiles": "percentiles are nearest-rank order statistics of the sampled schedules (sample i seeded from --seed and i); start and wait columns without a percentile use --rand",

		"col.attempts":           "attempts",
		"col.start_percentile":   "start p%s",
		"col.wait_percentile":    "wait p%s",
		"col.draws":              "draws",
		"col.last_start_seconds": "last attempt starts",
		"col.parameter":          "parameter",
		"col.value":              "value",
		"col.retries":            "retries",
		"col.requests":           "requests",
		"col.polls":              "polls",
		"col.calls":              "calls",

		"note.solve.attempts": "--%s %d: attempt %d starts at %v, at or after the window %v; one fewer starts before it",
		"note.solve.extremes": "fastest: every draw at its greatest, the fewest attempts any run needs; slowest: every draw at its least, the attempts that reach the window whatever the draws",
		"note.solve.for":      "--%s %s is the least value whose last attempt starts at or after the window: %v against %v",

		"col.policy":         "policy",
		"col.assertion":      "assertion",
		"col.limit_seconds":  "limit",
		"col.actual_seconds": "actual",
		"col.result":         "result",
	}
}
