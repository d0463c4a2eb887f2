package presets

import (
	"github.com/backoffctl/backoffctl/schedule"
)

// Envoy is Envoy's router retry back-off (envoyproxy/envoy main, 1.36:
// source/common/common/backoff_strategy.cc JitteredExponentialBackOffStrategy::nextBackOffMs, as
// source/common/router/retry_state_impl.cc builds and calls it). The strategy starts with
// next_interval_ = base_interval and on each retry does
//
//	const uint64_t backoff = next_interval_;
//	next_interval_ = (next_interval_ < doubling_limit_) ? (next_interval_ * 2u) : max_interval_;
//	return (random_.random() % backoff);
//
// with doubling_limit_ = max_interval_ / 2 (integer division), all in whole milliseconds. So retry
// N waits a whole number of ms drawn from [0, interval), the interval 25, 50, 100, 200, 250, 250,
// ... ms at the defaults: base_interval 25 ms (runtime upstream.base_retry_backoff_ms when the
// route sets no retry_back_off), max_interval 10 x base. When max is odd and some base*2^j is
// (max-1)/2, the interval jumps to max rather than doubling to max-1. num_retries (default 1)
// counts retries. The default schedule at u = 0.5 (random() % n read as floor(u*n)):
//
//	attempt  start  wait
//	1        0s     12ms
//	2        12ms   - (retries exhausted)
//
// Envoy's docs give [0, (2^N - 1) x base) for retry N ("0-24ms, 0-74ms, 0-174ms"): that is an older
// JitteredBackOffStrategy, not the current code, whose range for retry N is [0, base x 2^(N-1)).
type Envoy struct {
	NumRetries  int     // num_retries: retries after the first try (Envoy's default 1)
	BaseMs      int64   // base_interval, whole ms, at least 1
	MaxMs       int64   // max_interval, whole ms, at least BaseMs
	JobDuration float64 // seconds each try runs before it fails
	Params      []schedule.Param
}

// EnvoyInterval is backoff (next_interval_ before the update) for retry n >= 1, in ms.
func EnvoyInterval(base, most int64, n int) int64 {
	next := base
	// The interval reaches max_interval after at most 64 doublings and then stays there.
	for i := 1; i < n && next != most && i <= 64; i++ {
		if next < most/2 {
			next *= 2
		} else {
			next = most
		}
	}
	return next
}

// NewEnvoy builds the schedule: num_retries + 1 tries, one random() per retry.
func NewEnvoy(e Envoy) *schedule.Composed {
	return schedule.Compose(schedule.Composed{
		ID: "envoy", Parameters: e.Params, Attempts: e.NumRetries + 1, JobDuration: e.JobDuration,
		Waits: schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
			// random() % backoff: a discrete draw in [0, backoff), floor(u*backoff) for a fixed u.
			return float64(d.Intn(EnvoyInterval(e.BaseMs, e.MaxMs, s.Attempt))) / 1000, true
		}),
		Explain:     e.notes,
		ElapsedFree: true, // the attempt and the draw only; a draw in [0, interval)
	})
}

func (e Envoy) notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	return []schedule.Note{
		{Key: "note.envoy.exhausted", Args: []any{last.Attempt, e.NumRetries, schedule.Duration(last.Start)}},
		{Key: "note.envoy.intervals", Args: []any{schedule.Duration(float64(e.BaseMs) / 1000), schedule.Duration(float64(e.MaxMs) / 1000)}},
	}
}
