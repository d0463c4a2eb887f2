package presets

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/generic"
)

// BullMQ is BullMQ's built-in backoff (bullmq 6.7.0, src/classes/backoffs.ts, as shipped in
// dist/cjs/classes/backoffs.js) as Job.shouldRetryJob calls it: after a failure, while
// attemptsMade + 1 < attempts, Backoffs.calculate(backoff, attemptsMade + 1) gives the delay in ms.
// With k = attemptsMade + 1, the attempt that just failed:
//
//	fixed:        delay                                  (jitter 0)
//	              floor(u*delay*jitter + delay*(1-jitter))
//	exponential:  round(2^(k-1) * delay)                 (jitter 0)
//	              m = round(2^(k-1) * delay); floor(u*m*jitter + m*(1-jitter))
//
// with u = Math.random() and JavaScript's Math.round (half up). attempts counts calls. The
// defaults here, attempts 3 and exponential 1000 ms, are BullMQ's guide example ("Retrying failing
// jobs"): BullMQ's own default, attempts 0, makes no retry at all. The default schedule:
//
//	attempt  start  wait
//	1        0s     1s
//	2        1s     2s
//	3        3s     - (failed)
//
// 2^(k-1)*delay overflows to Infinity from k = 1016 (delay 1000 ms). The wait column saturates
// at generic.MaxWait (100 years), so starts stay finite sums; the delay_ms column is BullMQ's own
// value, whole ms as Backoffs.calculate returns it and then Infinity, in every format.
type BullMQ struct {
	Attempts    int     // attempts: calls in all
	Type        string  // "fixed" or "exponential"
	Delay       float64 // backoff.delay, milliseconds
	Jitter      float64 // backoff.jitter, in [0, 1]
	JobDuration float64 // seconds each attempt runs before it fails
	Params      []schedule.Param
}

// BullMQDelay is the delay in milliseconds after attempt k fails, for the draw u, as the built-in
// strategy computes it.
func BullMQDelay(typ string, delay, jitter float64, k int, u float64) float64 {
	if typ == "fixed" {
		if jitter > 0 {
			minDelay := float64(delay * (1 - jitter))
			return math.Floor(float64(float64(u*delay)*jitter) + minDelay)
		}
		return delay
	}
	maxDelay := jsRound(float64(math.Pow(2, float64(k-1)) * delay))
	if jitter > 0 {
		minDelay := float64(maxDelay * (1 - jitter))
		return math.Floor(float64(float64(u*maxDelay)*jitter) + minDelay)
	}
	return maxDelay
}

// jsRound is JavaScript's Math.round: the nearest integer, halves towards +Infinity.
func jsRound(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	r := math.Floor(x)
	if x-r >= 0.5 {
		r++
	}
	return r
}

// bullmqSeconds turns a delay in ms into a wait in seconds, saturated at generic.MaxWait.
func bullmqSeconds(ms float64) float64 {
	s := ms / 1000
	if s != s || s > generic.MaxWait {
		return generic.MaxWait
	}
	return max(s, 0)
}

// NewBullMQ builds the schedule: attempts calls, one Math.random per retry when jitter > 0, with
// BullMQ's own delay in ms as a column.
func NewBullMQ(b BullMQ) schedule.Strategy {
	return &bullmqStrategy{Composed: b.composed(), b: b}
}

// bullmqStrategy is the composed schedule with the delay_ms column.
type bullmqStrategy struct {
	*schedule.Composed
	b BullMQ
}

// Columns is delay_ms: the delay BullMQ computes, before the wait column's saturation.
func (s *bullmqStrategy) Columns() []schedule.Column {
	return []schedule.Column{{Key: "delay_ms", Kind: schedule.Millis}}
}

// Fill walks the schedule, keeping the draws it takes, and puts each retry's delay in ms, from
// the same draw, in delay_ms.
func (s *bullmqStrategy) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	rec := &recordedDraws{Draws: d}
	rows = s.Composed.Fill(rec, rows)
	k := 0
	for i := range rows {
		if !rows[i].HasWait {
			rows[i].Extra[0] = schedule.Null
			continue
		}
		u := 0.0
		if s.b.Jitter > 0 && k < len(rec.units) {
			u = rec.units[k]
			k++
		}
		ms := BullMQDelay(s.b.Type, s.b.Delay, s.b.Jitter, rows[i].Attempt, u)
		if math.IsInf(ms, 1) {
			rows[i].Extra[0] = schedule.Value{Num: ms, Text: "Infinity"}
		} else {
			rows[i].Extra[0] = schedule.Num(ms)
		}
	}
	return rows
}

// recordedDraws passes draws through and keeps the continuous ones, in order.
type recordedDraws struct {
	schedule.Draws
	units []float64
}

func (r *recordedDraws) Unit() float64 {
	u := r.Draws.Unit()
	r.units = append(r.units, u)
	return u
}

func (b BullMQ) composed() *schedule.Composed {
	return schedule.Compose(schedule.Composed{
		ID: "bullmq", Parameters: b.Params, Attempts: b.Attempts, JobDuration: b.JobDuration,
		Waits: schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
			u := 0.0
			if b.Jitter > 0 {
				u = d.Unit()
			}
			return bullmqSeconds(BullMQDelay(b.Type, b.Delay, b.Jitter, s.Attempt, u)), true
		}),
		Explain:     b.notes,
		ElapsedFree: true, // the attempt and the draw only; bullmqSeconds never returns less than 0
	})
}

func (b BullMQ) notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	notes := []schedule.Note{{Key: "note.bullmq.failed", Args: []any{last.Attempt, b.Attempts, schedule.Duration(last.Start)}}}
	for _, r := range rows {
		if r.HasWait && r.Wait == generic.MaxWait {
			notes = append(notes, schedule.Note{Key: "note.bullmq.saturated", Args: []any{r.Attempt, schedule.Duration(generic.MaxWait)}})
			break
		}
	}
	return notes
}
