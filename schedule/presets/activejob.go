package presets

import (
	"math"
	"math/big"
	"slices"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Polynomial is Rails ActiveJob's retry_on wait: :polynomially_longer (called :exponentially_longer
// until Rails 7.0; the old name is a deprecated alias in 7.1 and raises from 7.2).
//
// Source: rails/activejob/lib/active_job/exceptions.rb, determine_delay, Rails 6.1 to 8.1:
//
//	delay = executions**4
//	delay_jitter = Kernel.rand * delay * jitter   # 0.0 when jitter is zero
//	delay + delay_jitter + 2
//
// Ruby evaluates left to right, so the wait is d + (u*d)*j + 2 with d = e^4: the jitter scales e^4
// only, never the + 2, and only ever adds. Fill keeps that order so every wait equals Ruby's float
// to the last bit.
type Polynomial struct {
	Attempts    int     // executions including the first (retry_on attempts:, default 5)
	Jitter      float64 // retry_jitter (0.15 on load_defaults 6.1+, 0.0 in bare ActiveJob)
	JobDuration float64 // seconds each execution runs before it fails
}

// Name returns "polynomial".
func (p Polynomial) Name() string { return "polynomial" }

// Params lists attempts, jitter and job_duration_seconds.
func (p Polynomial) Params() []schedule.Param {
	return []schedule.Param{{Name: "attempts", Value: p.Attempts}, {Name: "jitter", Value: p.Jitter}, {Name: "job_duration_seconds", Value: p.JobDuration}}
}

// Columns: none beyond attempt, start and wait.
func (p Polynomial) Columns() []schedule.Column { return nil }

// Fill computes one row per execution (WriteColumns).
func (p Polynomial) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	return schedule.FillFromColumns(p, d, rows)
}

// WriteColumns is the schedule (see schedule.ColumnWriter): the jitter's draws, one Unit per
// retry in order (none without jitter, as Ruby's determine_jitter_for_delay), taken from d before
// the schedule is laid out (lay).
func (p Polynomial) WriteColumns(d schedule.Draws, vals []float64, rows int, raw bool) []float64 {
	var buf [32]float64
	units := buf[:0]
	for range p.draws(rows) {
		units = append(units, d.Unit())
	}
	return p.lay(units, nil, vals, rows, raw)
}

// WriteSplitMix is WriteColumns drawing from g in the loop that lays the schedule out (see
// schedule.SplitMixWriter).
func (p Polynomial) WriteSplitMix(g *draw.SplitMix, vals []float64, rows int, raw bool) []float64 {
	return p.lay(nil, g, vals, rows, raw)
}

// draws is how many draws a schedule of at most rows rows takes: one per retry when there is a
// jitter.
func (p Polynomial) draws(rows int) int {
	if p.Jitter == 0 {
		return 0
	}
	return max(0, min(rows, p.Attempts-1))
}

// lay lays the schedule out, its draws taken from units in order, or from g when g is not nil
// (retries), then the last execution's start, rounded unless raw.
func (p Polynomial) lay(units []float64, g *draw.SplitMix, vals []float64, rows int, raw bool) []float64 {
	n := min(p.Attempts, rows)
	vals = slices.Grow(vals, 2*n)[:len(vals)+2*n]
	out := vals[len(vals)-2*n:]
	retried := out[:2*min(n, p.Attempts-1)] // the rows a retry follows: start, wait
	var clock schedule.StartSum
	switch {
	case p.Jitter == 0:
		clock, _ = p.retries(retried, nil, draw.SplitMix{}, false)
	case g != nil:
		clock, *g = p.retries(retried, nil, *g, true)
	default:
		clock, _ = p.retries(retried, units[:len(retried)/2], draw.SplitMix{}, false)
	}
	if len(retried) < len(out) { // the last execution: no retry follows
		out[len(out)-2], out[len(out)-1] = clock.Raw(), math.NaN()
	}
	if !raw { // rounded after the loop, which then makes no call and keeps the clock in registers
		for i := 0; i < len(out); i += 2 {
			out[i] = schedule.RoundStart(out[i])
		}
	}
	return vals
}

// retries writes the rows a retry follows, start and wait, and returns the clock after them:
// execution e runs for the job duration, then waits wait(e, u), u its draw: from gen when drawing
// (a value, so the loop keeps its state in a register), else units[e-1], else 0 (no jitter). A job
// duration of +0 is not added: adding +0 changes no bit of a float other than -0, and neither the
// clock's sum nor its compensation is ever -0 (both start at +0, and a sum is -0 only when both
// terms are). The sampler's case, drawing without a job duration, has a loop of its own
// (drawnRetries): a branch per row for the job duration costs it about a tenth of its time.
func (p Polynomial) retries(retried, units []float64, gen draw.SplitMix, drawing bool) (schedule.StartSum, draw.SplitMix) {
	if drawing && p.JobDuration == 0 {
		return drawnRetries(p, retried, gen)
	}
	var clock schedule.StartSum
	for i := 0; i+1 < len(retried); i += 2 {
		e := i/2 + 1
		u := 0.0
		if drawing {
			gen, u = gen.Next()
		} else if e <= len(units) {
			u = units[e-1]
		}
		w := p.wait(e, u)
		retried[i], retried[i+1] = clock.Raw(), w
		if p.JobDuration != 0 {
			clock = clock.Plus(p.JobDuration)
		}
		clock = clock.Plus(w)
	}
	return clock, gen
}

// drawnRetries is retries drawing from gen, without a job duration.
func drawnRetries(p Polynomial, retried []float64, gen draw.SplitMix) (schedule.StartSum, draw.SplitMix) {
	var clock schedule.StartSum
	for i := 0; i+1 < len(retried); i += 2 {
		var u float64
		gen, u = gen.Next()
		w := p.wait(i/2+1, u)
		retried[i], retried[i+1] = clock.Raw(), w
		clock = clock.Plus(w)
	}
	return clock, gen
}

// wait is execution e's wait, u its draw: d + (u*d)*jitter + 2 with d = e^4, in Ruby's order (with
// u = 0 the product is a zero, which adds nothing).
func (p Polynomial) wait(e int, u float64) float64 {
	delay := fourthPower(e)
	return delay + float64(u*delay*p.Jitter) + 2
}

// RawStarts is true for a non-negative, bounded jitter and job duration (the ranges the command
// line accepts): every wait is then at least 2 s and finite, so starts are positive after the first
// (+0).
func (p Polynomial) RawStarts() bool {
	return p.Jitter >= 0 && p.Jitter <= 1e6 && p.JobDuration >= 0 && p.JobDuration <= 1e12
}

// Notes says the error is re-raised after the last attempt.
func (p Polynomial) Notes(rows []schedule.Row) []schedule.Note {
	return []schedule.Note{{Key: "note.activejob.exhausted", Args: []any{len(rows)}}}
}

// Fixed is ActiveJob's default retry_on wait (3.seconds): the wait is truncated to whole seconds
// (Rails calls .to_i on the duration) and jitter scales it: w + (u*w)*j.
type Fixed struct {
	Attempts    int
	Wait        float64 // seconds; Rails keeps only the whole seconds
	Jitter      float64
	JobDuration float64
}

// Name returns "fixed".
func (f Fixed) Name() string { return "fixed" }

// Params lists attempts, wait_seconds, jitter and job_duration_seconds.
func (f Fixed) Params() []schedule.Param {
	return []schedule.Param{{Name: "attempts", Value: f.Attempts}, {Name: "wait_seconds", Value: f.Wait}, {Name: "jitter", Value: f.Jitter}, {Name: "job_duration_seconds", Value: f.JobDuration}}
}

// Columns: none beyond attempt, start and wait.
func (f Fixed) Columns() []schedule.Column { return nil }

// Fill walks the fixed wait for attempts executions (WriteColumns).
func (f Fixed) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	return schedule.FillFromColumns(f, d, rows)
}

// WriteColumns is the policy core with one wait rule and the attempt count (see ColumnWriter).
func (f Fixed) WriteColumns(d schedule.Draws, vals []float64, rows int, raw bool) []float64 {
	return schedule.WalkColumns(schedule.WithAttempts(f.waits(), f.Attempts), f.JobDuration, d, vals, rows, raw)
}

// RawStarts is true for a non-negative, bounded wait, jitter and job duration (the ranges the
// command line accepts): the waits (whole seconds plus a non-negative jitter) never read the
// elapsed time and are never negative.
func (f Fixed) RawStarts() bool {
	return f.Wait >= 0 && f.Wait <= 1e12 && f.Jitter >= 0 && f.Jitter <= 1e6 && f.JobDuration >= 0 && f.JobDuration <= 1e12
}

// waits is the wait after every execution: the whole seconds of the wait plus its jitter.
func (f Fixed) waits() schedule.Policy {
	w := math.Trunc(f.Wait)
	return schedule.PolicyFunc(func(_ schedule.Step, d schedule.Draws) (float64, bool) {
		return w + activeJobJitter(d, w, f.Jitter), true
	})
}

// Notes says the error is re-raised after the last attempt, and when the wait lost its fraction.
func (f Fixed) Notes(rows []schedule.Row) []schedule.Note {
	notes := []schedule.Note{{Key: "note.activejob.exhausted", Args: []any{len(rows)}}}
	if f.Wait != math.Trunc(f.Wait) {
		notes = append(notes, schedule.Note{Key: "note.fixed.truncated", Args: []any{f.Wait, math.Trunc(f.Wait)}})
	}
	return notes
}

// activeJobJitter is determine_jitter_for_delay: Kernel.rand * delay * jitter, or 0.0 without
// drawing when jitter is zero.
func activeJobJitter(d schedule.Draws, delay, jitter float64) float64 {
	if jitter == 0 {
		return 0
	}
	return d.Unit() * delay * jitter
}

// fourthPower returns e^4 as Ruby's Integer#** would, converted once to a float: e^2 is exact as
// a float (below 2^53 for e < 2^26; attempts are capped far below), so (e^2)*(e^2) is one
// correctly rounded product: e^4 exactly while e^4 < 2^53 (e <= 9741) and correctly rounded
// beyond, as Ruby's bignum-to-float conversion rounds. (Multiplying e by itself four times as
// floats would round up to three times.) No branch and no call: the sampling loop stays in
// registers.
func fourthPower(e int) float64 {
	sq := float64(e) * float64(e)
	return float64(sq * sq)
}

// fourthPowerPlus returns e^4 + add computed exactly in integers (as Ruby does, with bignums
// past int64) and rounded once to a float. add must be non-negative and small (below 2^40).
func fourthPowerPlus(e int, add int64) float64 {
	sq := uint64(e) * uint64(e)
	if e < 65536 { // e^4 + add < 2^64
		return float64(sq*sq + uint64(add))
	}
	b := new(big.Int).SetUint64(sq)
	b.Mul(b, b)
	b.Add(b, big.NewInt(add))
	f, _ := new(big.Float).SetInt(b).Float64()
	return f
}
