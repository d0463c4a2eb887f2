package presets

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
)

// Oban is Oban's default worker backoff (sorentwo/oban v2.18.3, lib/oban/worker.ex backoff/1,
// lib/oban/backoff.ex exponential/2 and jitter/2) as the executor uses it
// (lib/oban/queue/executor.ex: a failure with attempt >= max_attempts is :exhausted and the job is
// discarded; otherwise Worker.backoff(job) is the number of seconds until the retry). attempt is
// the execution that just failed, 1 first; max_attempts (lib/oban/job.ex, default 20) counts
// executions. After attempt k fails the retry is scheduled
//
//	clamped = k                                  when max_attempts <= 20
//	          round(k / max_attempts * 20)       otherwise (Erlang round: halves away from zero)
//	time    = 15 + 1 * Integer.pow(2, min(clamped, 100))
//	wait    = time + trunc(:rand.uniform() * 0.1 * time)
//
// whole seconds later (jitter mode :inc, mult 0.1; :rand.uniform() is in [0, 1)). The default
// schedule at u = 0.5 (jitter trunc(0.05 * time)):
//
//	attempt  start                 wait
//	1        0s                    17s
//	2        17s                   19s
//	3        36s                   24s
//	4        1m                    32s
//	5        1m 32s                49s
//	10       20m 10s               18m 10s
//	19       6d 8h 59m 34s         6d 8h 55m 18s
//	20       12d 17h 54m 52s       - (discarded)
//
// The moduledoc says the 20th attempt comes "around 12 days after the 19th attempt, and a total
// of 25 days after the first": the code gives 15 + 2^19 s (6d 1h 38m 23s, up to 10 % more) and
// 12d 3h 20m 59s to 13d 8h 35m in all. Since clamped never passes 20 (k < max_attempts), max_pow 100 never binds
// and no wait passes 1.1 * (15 + 2^20) s, about 13.3 days, however large max_attempts is.
type Oban struct {
	MaxAttempts int     // max_attempts: executions in all (Oban's default 20)
	JobDuration float64 // seconds each attempt runs before it fails
	Params      []schedule.Param
}

// obanClampedMax is Worker's @clamped_max.
const obanClampedMax = 20

// ObanClamped is the exponent Worker.backoff/1 uses after attempt k of max_attempts m.
func ObanClamped(k, m int) int {
	if m <= obanClampedMax {
		return k
	}
	// round(attempt / max_attempts * @clamped_max): float division, then Erlang's round/1, which
	// is C's round() (erts/emulator/beam/erl_bif_guard.c); older ERTS added 0.5 and truncated,
	// which gives the same result for every k < m <= 100000.
	return int(math.Round(float64(float64(k)/float64(m)) * obanClampedMax))
}

// ObanDelay is the wait in whole seconds after attempt k of max_attempts m fails, for the draw u
// (:rand.uniform() in Oban).
func ObanDelay(k, m int, u float64) float64 {
	// Backoff.exponential(clamped, mult: 1, max_pow: 100, min_pad: 15).
	time := 15 + math.Ldexp(1, min(ObanClamped(k, m), 100))
	// Backoff.jitter(time, mode: :inc): diff = trunc(rand * mult * time), left to right, each
	// product rounded to a double (the conversions keep Go from fusing them).
	diff := math.Trunc(float64(float64(u*0.1) * time))
	return time + diff
}

// NewOban builds the schedule: max_attempts executions, one :rand.uniform() per retry.
func NewOban(o Oban) *schedule.Composed {
	return schedule.Compose(schedule.Composed{
		ID: "oban", Parameters: o.Params, Attempts: o.MaxAttempts, JobDuration: o.JobDuration,
		Waits: schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
			return ObanDelay(s.Attempt, o.MaxAttempts, d.Unit()), true
		}),
		Explain:     o.notes,
		ElapsedFree: true, // the attempt and the draw only; at least 15 s
	})
}

func (o Oban) notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	notes := []schedule.Note{{Key: "note.oban.discarded", Args: []any{last.Attempt, o.MaxAttempts, schedule.Duration(last.Start)}}}
	if o.MaxAttempts > obanClampedMax {
		notes = append(notes, schedule.Note{Key: "note.oban.clamped", Args: []any{o.MaxAttempts, schedule.Duration(15 + 1<<20)}})
	}
	if o.MaxAttempts == obanClampedMax {
		before := rows[len(rows)-2]
		notes = append(notes, schedule.Note{Key: "note.oban.moduledoc", Args: []any{schedule.Duration(before.Wait), schedule.Duration(last.Start)}})
	}
	return notes
}
