package format

// english is the English message catalog: column headers and notes.
var english = map[string]string{
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
}
