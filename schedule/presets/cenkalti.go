package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Cenkalti is github.com/cenkalti/backoff's ExponentialBackOff driven by Retry: module
// github.com/cenkalti/backoff/v4 v4.3.0 (exponential.go NextBackOff, incrementCurrentInterval,
// getRandomValueFromInterval; retry.go doRetryNotify; tries.go WithMaxRetries) and
// github.com/cenkalti/backoff/v5 v5.0.3 (the same exponential.go arithmetic; retry.go Retry with
// WithMaxTries and WithMaxElapsedTime). With the defaults (InitialInterval 500ms, Multiplier 1.5,
// RandomizationFactor 0.5, MaxInterval 60s, MaxElapsedTime 15m) and every draw at u = 0.5:
//
//	attempt  start          wait            wait range (RandomizationFactor 0.5)
//	1        0s             500ms           [250ms, 750ms]
//	2        0.5s           750ms
//	3        1.25s          1.125s
//	4        2.375s         1.6875s
//	5        4.0625s        2.53125s
//	6        6.59375s       3.796875s
//	7        10.390625s     5.6953125s
//	8        16.0859375s    8.542968750s
//	9        24.62890625s   12.814453125s
//	10       37.443359375s  19.221679687s   interval 19221679687.5 ns truncated: it compounds
//	11       56.665039062s  28.832519530s
//	12       85.497558592s  43.248779295s
//	13       128.746337887s 60s             MaxInterval caps the interval, then the jitter
//	...                     60s             [30s, 90s]: waits exceed MaxInterval
//	25       848.746337887s -               the 60 s wait would end at 908.7 s > 15m: Retry returns
//
// (u = 0.5 is the middle of [lo, hi+1), half a nanosecond above the interval, truncated back to it.)
// After call k fails Retry asks NextBackOff for the wait; it returns Stop, and Retry returns the
// last error without sleeping, when the count runs out or when elapsed + next > MaxElapsedTime.
type Cenkalti struct {
	Major               int // 4 or 5
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration // 0: never
	MaxRetries          int           // v4 WithMaxRetries(b, N): N retries, N+1 calls; -1: no wrapper
	MaxTries            int           // v5 WithMaxTries(N): N calls; 0: unlimited
	Attempts            int           // rows to print at most (a print limit, not the library's); 0: none
	JobDuration         time.Duration // each call's run time, counted by the elapsed-time rule
}

// Ends reports whether the library itself ends the schedule: an elapsed-time limit or a count.
func (c Cenkalti) Ends() bool {
	return c.MaxElapsedTime > 0 || (c.Major == 4 && c.MaxRetries >= 0) || (c.Major == 5 && c.MaxTries > 0)
}

// calls is the most calls the count rules allow (MaxAttempts when nothing counts).
func (c Cenkalti) calls() int {
	n := schedule.MaxAttempts
	if c.Major == 4 && c.MaxRetries >= 0 {
		n = min(n, c.MaxRetries+1) // tries.go: if b.maxTries <= b.numTries { return Stop }: N retries
	}
	if c.Major == 5 && c.MaxTries > 0 {
		n = min(n, c.MaxTries) // retry.go: if args.MaxTries > 0 && numTries >= args.MaxTries { return ... }
	}
	if c.Attempts > 0 {
		n = min(n, c.Attempts)
	}
	return n
}

// randomized is getRandomValueFromInterval: a wait in [cur - RF*cur, cur + RF*cur + 1), truncated.
func (c Cenkalti) randomized(cur time.Duration, u float64) time.Duration {
	if c.RandomizationFactor == 0 {
		return cur // if randomizationFactor == 0 { return currentInterval }: the draw was still taken
	}
	delta := float64(c.RandomizationFactor * float64(cur))
	lo, hi := float64(cur)-delta, float64(cur)+delta
	// exponential.go: time.Duration(minInterval + (random * (maxInterval - minInterval + 1))): the
	// +1 makes the range [lo, hi+1), so the largest draw truncates to hi.
	return nsOf(lo + float64(libraryUnit(u)*(hi-lo+1)))
}

// increment is incrementCurrentInterval: a float division decides the cap, and the product is
// truncated to the nanosecond every step, so the truncation compounds.
func (c Cenkalti) increment(cur time.Duration) time.Duration {
	if float64(cur) >= float64(c.MaxInterval)/c.Multiplier {
		return c.MaxInterval // the interval is capped; the jitter applies after it
	}
	return nsOf(float64(cur) * c.Multiplier)
}

// cenkaltiRun is one Retry in progress: the backoff's current interval and the time since Reset.
type cenkaltiRun struct {
	c       *Cenkalti
	cur     time.Duration
	elapsed time.Duration // saturating; only compared with MaxElapsedTime
	limited bool          // the elapsed-time rule applies (false: the run without it, for envelopes)
}

func (c *Cenkalti) run(limited bool) cenkaltiRun {
	return cenkaltiRun{c: c, cur: c.InitialInterval, limited: limited} // Reset(): currentInterval = InitialInterval
}

// retry is what Retry does after call k fails: the wait before call k+1, or false when it returns.
func (r *cenkaltiRun) retry(k int, d schedule.Draws) (time.Duration, bool) {
	c := r.c
	if k >= c.calls() {
		return 0, false // the count is checked before NextBackOff: no draw after the last call
	}
	if c.Major == 5 && r.cur == 0 {
		r.cur = c.InitialInterval // v5 exponential.go: if b.currentInterval == 0 { b.currentInterval = b.InitialInterval }
	}
	next := c.randomized(r.cur, d.Unit()) // rand.Float64() is an argument: drawn even at RF 0
	r.cur = c.increment(r.cur)            // runs before the elapsed test, even when Stop follows
	r.elapsed = nsAdd(r.elapsed, c.JobDuration)
	// v4 NextBackOff: if b.MaxElapsedTime != 0 && elapsed+next > b.MaxElapsedTime { return b.Stop }
	// v5 Retry: if args.MaxElapsedTime > 0 && time.Since(startedAt)+next > args.MaxElapsedTime { return }
	// (saturating where the library's int64 sum would wrap)
	if r.limited && c.MaxElapsedTime > 0 && nsAdd(r.elapsed, next) > c.MaxElapsedTime {
		return 0, false
	}
	r.elapsed = nsAdd(r.elapsed, next)
	return next, true
}

// Strategy is the preset as a table of calls.
func (c Cenkalti) Strategy(params []schedule.Param) schedule.Strategy {
	return &cenkaltiSchedule{c: c, params: params}
}

type cenkaltiSchedule struct {
	c      Cenkalti
	params []schedule.Param
}

func (s *cenkaltiSchedule) Name() string               { return "cenkalti" }
func (s *cenkaltiSchedule) Params() []schedule.Param   { return s.params }
func (s *cenkaltiSchedule) Columns() []schedule.Column { return nil }

// RawStarts is true where no wait is negative (a randomization factor of at most 1, the range the
// command line accepts, and intervals, multiplier and job duration of at least 0): the waits never
// read the rounded starts, as the elapsed-time rule counts its own nanoseconds (cenkaltiRun).
func (s *cenkaltiSchedule) RawStarts() bool {
	c := s.c
	return c.RandomizationFactor >= 0 && c.RandomizationFactor <= 1 && c.Multiplier >= 0 &&
		c.InitialInterval >= 0 && c.MaxInterval >= 0 && c.JobDuration >= 0
}

// WriteColumns walks Retry (see schedule.ColumnWriter): call k, then the wait NextBackOff
// returns, until Retry returns.
func (s *cenkaltiSchedule) WriteColumns(d schedule.Draws, vals []float64, rows int, raw bool) []float64 {
	r := s.c.run(true)
	job := seconds(s.c.JobDuration)
	var start schedule.StartSum
	for k := 1; k <= rows; k++ {
		vals = schedule.AppendRow(vals, start, raw)
		w, ok := r.retry(k, d)
		if !ok {
			break
		}
		vals[len(vals)-1] = seconds(w)
		start = start.Plus(job)
		start = start.Plus(seconds(w))
	}
	return vals
}

// Fill walks Retry into rows (WriteColumns).
func (s *cenkaltiSchedule) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	return schedule.FillFromColumns(s, d, rows)
}

// Envelope is each row's least and greatest start and wait over the draws that reach it. A wait
// grows with its draw (the +1 keeps the span positive and truncation is monotone) and the draws
// are independent, so the extremes are the runs at u = 0 and at the largest draw; under
// MaxElapsedTime a larger draw ends the schedule sooner, so a row exists when the u = 0 run
// reaches it, and its greatest wait is what still ends by the limit after that run's start. All
// in integer nanoseconds, as the library compares them.
func (s *cenkaltiSchedule) Envelope() []schedule.Bounds {
	c := s.c
	limit := time.Duration(math.MaxInt64)
	if c.MaxElapsedTime > 0 {
		limit = c.MaxElapsedTime
	}
	slow, fast := c.run(false), c.run(false)
	var out []schedule.Bounds
	var loStart, hiStart time.Duration
	for k := 1; ; k++ {
		b := schedule.Bounds{StartMin: seconds(loStart), StartMax: seconds(min(hiStart, limit))}
		lo, ok := slow.retry(k, draw.Fixed(0))
		hi, _ := fast.retry(k, draw.Upper{})
		loStart, hiStart = nsAdd(loStart, nsAdd(c.JobDuration, lo)), nsAdd(hiStart, nsAdd(c.JobDuration, hi))
		if !ok || loStart > limit {
			b.NoWait = true
			return append(out, b)
		}
		// the greatest wait that still ends by the limit: limit - (start + job) of the u = 0 run
		b.WaitMin, b.WaitMax = seconds(lo), seconds(min(hi, limit-(loStart-lo)))
		out = append(out, b)
	}
}

// Notes say what ended the schedule, the numbering, and where the cap starts to bind.
func (s *cenkaltiSchedule) Notes(rows []schedule.Row) []schedule.Note {
	c := s.c
	last := len(rows)
	var notes []schedule.Note
	switch {
	case c.Major == 4 && c.MaxRetries >= 0 && last == c.MaxRetries+1:
		notes = append(notes, schedule.Note{Key: "note.cenkalti.retries", Args: []any{last, c.MaxRetries, last}})
	case c.Major == 5 && c.MaxTries > 0 && last == c.MaxTries:
		notes = append(notes, schedule.Note{Key: "note.cenkalti.tries", Args: []any{last, c.MaxTries}})
	case c.Attempts > 0 && last == c.Attempts && c.Ends():
		notes = append(notes, schedule.Note{Key: "note.cenkalti.cut", Args: []any{last}})
	case c.Attempts > 0 && last == c.Attempts:
		notes = append(notes, schedule.Note{Key: "note.cenkalti.forever", Args: []any{last}})
	case last == schedule.MaxAttempts:
		notes = append(notes, schedule.Note{Key: "note.cenkalti.rows", Args: []any{last}})
	default:
		notes = append(notes, schedule.Note{Key: "note.cenkalti.elapsed", Args: []any{last,
			schedule.Duration(rows[last-1].Start), schedule.Duration(seconds(c.MaxElapsedTime))}})
	}
	if from := c.cappedFrom(last); from > 0 && c.RandomizationFactor > 0 {
		top := c.randomized(c.MaxInterval, 1)
		notes = append(notes, schedule.Note{Key: "note.cenkalti.capped", Args: []any{schedule.Duration(seconds(c.MaxInterval)), from, schedule.Duration(seconds(top))}})
	}
	return notes
}

// cappedFrom is the first of calls 1..last-1 whose wait randomizes the capped interval (0: none).
func (c Cenkalti) cappedFrom(last int) int {
	cur, capped := c.InitialInterval, false
	for k := 1; k < last; k++ {
		if c.Major == 5 && cur == 0 {
			cur = c.InitialInterval
		}
		if capped {
			return k
		}
		capped = float64(cur) >= float64(c.MaxInterval)/c.Multiplier
		cur = c.increment(cur)
	}
	return 0
}
