package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
)

// Temporal is a Temporal RetryPolicy as the server applies it to an activity (go.temporal.io/server
// v1.32.2: service/history/workflow/retry.go nextBackoffInterval, common/backoff/retry.go
// ExponentialBackoffAlgorithm, common/retrypolicy/retry_policy.go EnsureDefaults). After attempt k
// fails the server stops when MaximumAttempts > 0 and k >= MaximumAttempts (it counts calls; 0 is
// unlimited), else the next attempt is scheduled
// time.Duration(int64(float64(InitialInterval ns) * math.Pow(BackoffCoefficient, k-1))) later,
// capped at MaximumInterval (default 100 x InitialInterval), and dropped when it would pass the
// expiration (ScheduleToClose). The server applies no jitter. The defaults (InitialInterval 1 s,
// BackoffCoefficient 2.0, MaximumInterval 100 s), printed for 10 attempts:
//
//	attempt  start     wait
//	1        0s        1s
//	2        1s        2s
//	3        3s        4s
//	...
//	7        1m3s      1m4s
//	8        2m7s      1m40s
//	9        3m47s     1m40s
//	10       5m27s     1m40s (MaximumAttempts 0: retries never end)
type Temporal struct {
	InitialInterval    time.Duration
	BackoffCoefficient float64
	MaximumInterval    time.Duration // as EnsureDefaults leaves it: never 0
	MaximumAttempts    int           // 0: unlimited
	Rows               int           // rows to print: MaximumAttempts, or --attempts when it is 0
	Expiration         float64       // ScheduleToClose in seconds; 0: none
	JobDuration        float64
	Params             []schedule.Param
}

// TemporalInterval is the server's delay before attempt k+1, after attempt k failed, before the
// expiration check.
func TemporalInterval(t Temporal, k int) time.Duration {
	// ExponentialBackoffAlgorithm, line for line.
	result := float64(t.InitialInterval.Nanoseconds()) * math.Pow(t.BackoffCoefficient, float64(k-1))
	var interval time.Duration
	if result >= float64(math.MaxInt64) {
		interval = time.Duration(math.MaxInt64)
	} else {
		interval = time.Duration(max(0, int64(result)))
	}
	// nextBackoffInterval: interval <= 0 || interval > maxInterval -> maxInterval.
	if t.MaximumInterval != 0 && (interval <= 0 || interval > t.MaximumInterval) {
		interval = t.MaximumInterval
	}
	return interval
}

// NewTemporal builds the schedule.
func NewTemporal(t Temporal) *schedule.Composed {
	return schedule.Compose(schedule.Composed{
		ID: "temporal", Parameters: t.Params, Attempts: t.Rows, MaxElapsed: t.Expiration, JobDuration: t.JobDuration,
		Waits: schedule.PolicyFunc(func(s schedule.Step, _ schedule.Draws) (float64, bool) {
			return TemporalInterval(t, s.Attempt).Seconds(), true
		}),
		Explain: t.notes,
	})
}

func (t Temporal) notes(rows []schedule.Row) []schedule.Note {
	var notes []schedule.Note
	switch {
	case len(rows) < t.Rows:
		notes = append(notes, schedule.Note{Key: "note.temporal.timeout", Args: []any{len(rows), schedule.Duration(t.Expiration)}})
	case t.MaximumAttempts > 0:
		notes = append(notes, schedule.Note{Key: "note.temporal.attempts", Args: []any{len(rows), t.MaximumAttempts}})
	default:
		notes = append(notes, schedule.Note{Key: "note.temporal.unlimited", Args: []any{len(rows)}})
	}
	for k := 1; k < len(rows); k++ {
		if TemporalInterval(t, k) == t.MaximumInterval {
			notes = append(notes, schedule.Note{Key: "note.temporal.capped", Args: []any{schedule.Duration(t.MaximumInterval.Seconds()), k}})
			break
		}
	}
	return append(notes, schedule.Note{Key: "note.temporal.nojitter"})
}
