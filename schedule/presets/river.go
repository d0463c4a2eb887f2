package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
)

// River is riverqueue/river's DefaultClientRetryPolicy (v0.51.1, internal/retrypolicy/default.go,
// NextRetryAt): after the attempt with errorCount = len(job.Errors)+1 fails, the next one is
// scheduled errorCount^4 seconds later with ±10 % jitter, converted to a time.Duration by
// truncation to the nanosecond. The executor (internal/jobexecutor/job_executor.go) discards the
// job instead when attempt >= max_attempts (25 by default), so max_attempts counts calls. The
// default schedule at u = 0.5 (where the jitter is exactly 0):
//
//	attempt  start                  wait
//	1        0s                     1s
//	2        1s                     16s
//	3        17s                    1m 21s
//	4        1m 38s                 4m 16s
//	5        5m 54s                 10m 25s
//	10       4h 15m 33s             2h 46m 40s
//	20       6d 12h 17m 46s         1d 20h 26m 40s
//	24       16d 13h 34m 4s         3d 20h 9m 36s
//	25       20d 9h 43m 40s         - (discarded)
//
// Each wait lies in [0.9, 1.1] x k^4 s.
// From attempt 303 the jittered value can reach (303^4 s x 1.1 > 2^63-1 ns), and from 310 always
// reaches (310^4 s > 2^63-1 ns), the largest time.Duration (2^63-1 ns, about 292 years), which
// River then uses as it is, without jitter.
type River struct {
	MaxAttempts int     // max_attempts: calls in all (River's default 25)
	JobDuration float64 // seconds each attempt runs before it fails
	Params      []schedule.Param
}

// riverMaxDuration is River's maxDuration, 1<<63 - 1 ns, and riverMaxSeconds its
// maxDurationSeconds (default.go: maxDuration.Seconds()).
const riverMaxDuration = time.Duration(math.MaxInt64)

var riverMaxSeconds = riverMaxDuration.Seconds()

// RiverDelay is the wait River schedules after attempt k fails, in seconds, for the draw u
// (rand.Float64() in River), as retrySeconds and secondsAsCappedDuration compute it.
func RiverDelay(k int, u float64) float64 {
	return time.Duration(riverDelayNanos(k, u)).Seconds()
}

func riverDelayNanos(k int, u float64) int64 {
	// retrySecondsWithoutJitter: math.Pow(float64(attempt), 4), capped at maxDurationSeconds.
	rs := min(powFour(int64(k)), riverMaxSeconds)
	if rs == riverMaxSeconds {
		// retrySeconds: no jitter once the cap is reached.
		return int64(riverMaxDuration)
	}
	// retrySeconds += retrySeconds * (rand.Float64()*2*jitterFraction - jitterFraction), each
	// product rounded on its own (float64 conversions keep the compiler from fusing them).
	j := float64(float64(u*2)*0.1) - 0.1
	rs += float64(rs * j)
	rs = min(rs, riverMaxSeconds)
	// secondsAsCappedDuration: the cap, else timeutil.SecondsAsDuration, a truncating conversion.
	if rs >= riverMaxSeconds {
		return int64(riverMaxDuration)
	}
	return int64(time.Duration(rs * float64(time.Second)))
}

// RiverJitterCapFrom is the first attempt whose wait can be River's cap (with a draw near 1);
// RiverCapFrom the first whose wait is the cap whatever the draw.
const (
	RiverJitterCapFrom = 303
	RiverCapFrom       = 310
)

// NewRiver builds the schedule: one jitter draw per retry, max_attempts calls.
func NewRiver(r River) *schedule.Composed {
	return schedule.Compose(schedule.Composed{
		ID: "river", Parameters: r.Params, Attempts: r.MaxAttempts, JobDuration: r.JobDuration,
		Waits: schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
			return RiverDelay(s.Attempt, d.Unit()), true
		}),
		Explain:     r.notes,
		ElapsedFree: true, // the attempt and the draw only; at least 0.9 * attempt^4 s, or the cap
	})
}

func (r River) notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	notes := []schedule.Note{{Key: "note.river.discarded", Args: []any{last.Attempt, r.MaxAttempts, schedule.Duration(last.Start)}}}
	if len(rows) > RiverJitterCapFrom { // the row of attempt 303 has a wait
		notes = append(notes, schedule.Note{Key: "note.river.capped", Args: []any{RiverJitterCapFrom, RiverCapFrom, schedule.Duration(riverMaxSeconds)}})
	}
	return notes
}
