package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
)

// Asynq is hibiken/asynq's DefaultRetryDelayFunc (v0.26.0, server.go) as the processor calls it
// (processor.go: retry after a failure while msg.Retried < msg.Retry, archive once Retried >=
// Retry): the n-th retry (n = Retried, 0 on the first failure) is scheduled
//
//	s := int(math.Pow(float64(n), 4)) + 15 + (rand.IntN(30) * (n + 1))
//	return time.Duration(s) * time.Second
//
// later: Sidekiq's pre-6.2.2 formula. MaxRetry 25 (client.go defaultMaxRetry) makes 26
// executions. The default schedule at u = 0.5 (rand.IntN(30) = 15):
//
//	attempt  retried  start                 wait
//	1        0        0s                    30s
//	2        1        30s                   46s
//	3        2        1m 16s                1m 16s
//	4        3        2m 32s                2m 36s
//	5        4        5m 8s                 5m 46s
//	10       9        2h 39m 42s            1h 52m 6s
//	26       25       20d 11h 11m 10s       - (archived)
//
// time.Duration(s) * time.Second wraps around int64 once s passes 9223372036 (from n = 310), so
// delays are then garbage, often negative; a negative delay puts the retry in the past, so the task
// is due at once (shown as a 0 s wait). From n = 55109 int(math.Pow(n, 4)) is out of range: on
// amd64 it is the minimum int64, whose product with 10^9 wraps to 0, leaving (15 + r*(n+1)) s.
type Asynq struct {
	MaxRetry    int     // MaxRetry: retries after the first execution (asynq's default 25)
	JobDuration float64 // seconds each execution runs before it fails
	Parameters  []schedule.Param
}

// asynqDelayNanos is DefaultRetryDelayFunc(n) in nanoseconds for the draw r = rand.IntN(30),
// with Go's int64 arithmetic (wrapping) and amd64's conversion of an out-of-range float.
func asynqDelayNanos(n, r int64) int64 {
	p := powFour(n)
	var pi int64
	if p >= 1<<63 {
		pi = math.MinInt64 // CVTTSD2SI's "integer indefinite" on amd64
	} else {
		pi = int64(p)
	}
	s := pi + 15 + r*(n+1)
	return int64(time.Duration(s) * time.Second)
}

// AsynqDelay is the wait after retry count n in seconds: a negative delay is a retry due at once.
func AsynqDelay(n, r int64) float64 {
	return max(time.Duration(asynqDelayNanos(n, r)).Seconds(), 0)
}

// AsynqWrapFrom is the first retry count whose delay can overflow time.Duration.
const AsynqWrapFrom = 310

// Name returns "asynq".
func (a Asynq) Name() string { return "asynq" }

// Params lists the parameters in effect.
func (a Asynq) Params() []schedule.Param { return a.Parameters }

// Columns adds retried: the count asynq passes to the delay function when this execution fails.
func (a Asynq) Columns() []schedule.Column {
	return []schedule.Column{{Key: "retried", Kind: schedule.Count}}
}

// Fill lays out executions 1..max_retry+1 (WriteColumns), each with the count asynq passes to
// the delay function when it fails.
func (a Asynq) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	rows = schedule.FillFromColumns(a, d, rows)
	for n := range rows {
		rows[n].Extra[0] = schedule.Num(float64(n))
	}
	return rows
}

// WriteColumns is the schedule (see schedule.ColumnWriter): one rand.IntN(30) per retry.
func (a Asynq) WriteColumns(d schedule.Draws, vals []float64, rows int, raw bool) []float64 {
	var clock schedule.StartSum
	for n := range min(a.MaxRetry+1, rows) {
		vals = schedule.AppendRow(vals, clock, raw)
		if n < a.MaxRetry {
			w := AsynqDelay(int64(n), d.Intn(30))
			vals[len(vals)-1] = w
			clock = clock.Plus(a.JobDuration)
			clock = clock.Plus(w)
		}
	}
	return vals
}

// RawStarts is true for a non-negative, bounded job duration (the range the command line
// accepts): the waits read the retry count and the draw only, and are never negative (AsynqDelay).
func (a Asynq) RawStarts() bool { return a.JobDuration >= 0 && a.JobDuration <= 1e12 }

// Envelope takes each wait's least and greatest over the 30 draws: past the wrap the delay is not
// monotone in the draw. Waits are independent, so starts sum the extremes.
func (a Asynq) Envelope() []schedule.Bounds {
	out := make([]schedule.Bounds, a.MaxRetry+1)
	var lo, hi schedule.StartSum
	for n := range out {
		b := schedule.Bounds{StartMin: lo.Now(), StartMax: hi.Now(), NoWait: true}
		if n < a.MaxRetry {
			b.NoWait = false
			b.WaitMin, b.WaitMax = math.Inf(1), math.Inf(-1)
			for r := int64(0); r < 30; r++ {
				w := AsynqDelay(int64(n), r)
				b.WaitMin, b.WaitMax = min(b.WaitMin, w), max(b.WaitMax, w)
			}
			lo.Add(a.JobDuration)
			lo.Add(b.WaitMin)
			hi.Add(a.JobDuration)
			hi.Add(b.WaitMax)
		}
		out[n] = b
	}
	return out
}

// Notes says when the task is archived, and where the delay wraps.
func (a Asynq) Notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	notes := []schedule.Note{{Key: "note.asynq.archived", Args: []any{last.Attempt, a.MaxRetry, schedule.Duration(last.Start)}}}
	if a.MaxRetry > AsynqWrapFrom {
		notes = append(notes, schedule.Note{Key: "note.asynq.wrapped", Args: []any{AsynqWrapFrom}})
	}
	return append(notes, schedule.Note{Key: "note.asynq.forwarder"})
}
