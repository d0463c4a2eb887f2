package presets

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
)

// Polly is Polly v8's retry strategy (App-vNext/Polly 8.7.0, commit a824c6b9,
// src/Polly.Core/Retry/RetryHelper.cs GetRetryDelay, RetryResilienceStrategy.cs ExecuteCore,
// RetryStrategyOptions.TResult.cs) on .NET 8 (net8.0: the NETCOREAPP branch of
// GetRetryDelayCore, and System.TimeSpan's tick arithmetic). With the defaults (BackoffType
// Constant, Delay 2s, MaxRetryAttempts 3, no MaxDelay, UseJitter false):
//
//	attempt  start  wait
//	1        0s     2s
//	2        2s     2s
//	3        4s     2s
//	4        6s     -    MaxRetryAttempts 3 counts retries: 4 calls
//
// The delay before retry n (attempt = n-1, 0 for the first retry) is, in TimeSpan ticks (100 ns):
// Constant: Delay; Linear: (attempt+1) * Delay; Exponential: 2^attempt * Delay (TimeSpan *
// double: Math.Round(ticks * factor), half to even). UseJitter: Constant and Linear go through
// ApplyJitter, d + (d*0.5*u - d*0.5/2) in milliseconds, so d * [0.75, 1.25), then
// TimeSpan.FromMilliseconds, which truncates to the tick; Exponential becomes
// DecorrelatedJitterBackoffV2, whose delay is f(attempt+u) - f(previous) scaled by Delay/1.4 with
// f(t) = 2^t * tanh(sqrt(4t)), so each delay depends on the previous draw. MaxDelay caps the
// result, after the jitter. An OverflowException (past 2^63 ticks) returns MaxDelay, or
// TimeSpan.MaxValue without one; the decorrelated formula saturates at (double)long.MaxValue -
// 1000 ticks instead, and at attempt 1024 its 2^t is infinite.
type Polly struct {
	BackoffType      string // constant, linear or exponential
	Delay            int64  // ticks
	MaxRetryAttempts int    // retries
	MaxDelay         int64  // ticks; negative: none (null)
	UseJitter        bool
	JobDuration      float64
	Parameters       []schedule.Param
}

// The backoff types, as --backoff-type spells them.
const (
	PollyConstant    = "constant"
	PollyLinear      = "linear"
	PollyExponential = "exponential"
)

// PollyBackoffTypes lists DelayBackoffType's members.
var PollyBackoffTypes = []string{PollyConstant, PollyLinear, PollyExponential}

const (
	ticksPerMs     = 10000.0                // TimeSpan.TicksPerMillisecond
	maxMilliSecond = math.MaxInt64 / 10000  // TimeSpan.MaxMilliSeconds: TotalMilliseconds clamps there
	twoTo63        = float64(math.MaxInt64) // (double)long.MaxValue, 2^63
	pollyJitter    = 0.5                    // RetryHelper.JitterFactor
	pollyPFactor   = 4.0                    // DecorrelatedJitterBackoffV2 PFactor
	ticksPerSecond = 1e7                    // TimeSpan.TicksPerSecond
	maxTimeSpan    = int64(math.MaxInt64)   // TimeSpan.MaxValue.Ticks
)

var (
	// pollyRpScaling is RpScalingFactor = 1 / 1.4d, a double division.
	pollyRpScaling = 1 / float64(1.4)
	// pollyMaxTicks is RetryHelper.MaxTimeSpanTicks = (double)TimeSpan.MaxValue.Ticks - 1_000,
	// which rounds to 2^63 - 1024.
	pollyMaxTicks = twoTo63 - 1000
)

// totalMs is TimeSpan.TotalMilliseconds: (double)_ticks / TicksPerMillisecond, clamped.
func totalMs(ticks int64) float64 {
	return min(float64(ticks)/ticksPerMs, maxMilliSecond)
}

// fromDoubleTicks is TimeSpan.IntervalFromDoubleTicks: false for its OverflowException, MaxValue
// at exactly 2^63, else truncated toward zero.
func fromDoubleTicks(t float64) (int64, bool) {
	switch {
	case t > twoTo63 || math.IsNaN(t):
		return 0, false
	case t == twoTo63:
		return maxTimeSpan, true
	}
	return int64(t), true
}

// fromMs is TimeSpan.FromMilliseconds(double): value * TicksPerMillisecond, then as above.
func fromMs(ms float64) (int64, bool) { return fromDoubleTicks(float64(ms * ticksPerMs)) }

// timesFactor is TimeSpan * double: Math.Round(ticks * factor) (half to even), then as above.
func timesFactor(ticks int64, factor float64) (int64, bool) {
	return fromDoubleTicks(math.RoundToEven(float64(float64(ticks) * factor)))
}

// applyJitter is RetryHelper.ApplyJitter, in its operation order.
func applyJitter(ticks int64, u float64) (int64, bool) {
	ms := totalMs(ticks)
	offset := float64(float64(ms*pollyJitter) / 2)
	random := float64(float64(ms*pollyJitter)*u) - offset
	return fromMs(float64(ms + random))
}

// pollyF is the decorrelated formula's 2^t * tanh(sqrt(PFactor * t)). Math.Pow(2, t) is glibc's
// pow, correctly rounded: exp2, not math.Pow, which is 1 ulp low for many t (2^28.5).
func pollyF(t float64) float64 {
	return float64(exp2(t) * math.Tanh(math.Sqrt(pollyPFactor*t)))
}

// decorrelated is RetryHelper.DecorrelatedJitterBackoffV2 for t = attempt + u.
func decorrelated(t float64, base int64, prev *float64) int64 {
	next := pollyF(t)
	if math.IsInf(next, 0) { // issue #2163: at t >= 1024 the formula is infinite
		*prev = next
		return int64(pollyMaxTicks)
	}
	fiv := next - *prev
	*prev = next
	return int64(math.Min(float64(float64(fiv*pollyRpScaling)*float64(base)), pollyMaxTicks))
}

// delay is RetryHelper.GetRetryDelay for the 0-based retry index attempt: the delay in ticks.
// unit is read only when the library calls its randomizer.
func (p *Polly) delay(attempt int, unit func() float64, prev *float64) int64 {
	d, ok := p.core(attempt, unit, prev)
	if !ok { // catch (OverflowException): MaxDelay, or TimeSpan.MaxValue
		if p.MaxDelay >= 0 {
			return p.MaxDelay
		}
		return maxTimeSpan
	}
	if p.MaxDelay >= 0 && d > p.MaxDelay {
		return p.MaxDelay
	}
	return d
}

// core is GetRetryDelayCore; false for an OverflowException.
func (p *Polly) core(attempt int, unit func() float64, prev *float64) (int64, bool) {
	if p.Delay == 0 {
		return 0, true // if (baseDelay == TimeSpan.Zero) return baseDelay: no draw
	}
	n := float64(attempt + 1)
	if p.UseJitter {
		switch p.BackoffType {
		case PollyLinear:
			d, ok := fromMs(float64(n * totalMs(p.Delay)))
			if !ok {
				return 0, false
			}
			return applyJitter(d, unit())
		case PollyExponential:
			return decorrelated(float64(attempt)+unit(), p.Delay, prev), true
		}
		return applyJitter(p.Delay, unit())
	}
	switch p.BackoffType {
	case PollyLinear:
		return timesFactor(p.Delay, n) // (attempt + 1) * baseDelay
	case PollyExponential:
		return timesFactor(p.Delay, math.Pow(2, float64(attempt))) // Math.Pow(2, attempt) * baseDelay
	}
	return p.Delay, true
}

// Draws reports whether the schedule draws at all.
func (p *Polly) Draws() bool { return p.UseJitter && p.Delay > 0 }

// Name returns "polly".
func (p *Polly) Name() string { return "polly" }

// Params lists the parameters in effect.
func (p *Polly) Params() []schedule.Param { return p.Parameters }

// Columns: none beyond attempt, start and wait.
func (p *Polly) Columns() []schedule.Column { return nil }

// Fill lays out calls 1..MaxRetryAttempts+1, one draw per jittered delay.
func (p *Polly) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	unit := func() float64 { return libraryUnit(d.Unit()) }
	return p.fill(func(int) float64 { return unit() }, rows)
}

// fill is Fill with the draw for each retry index given by u.
func (p *Polly) fill(u func(attempt int) float64, rows []schedule.Row) []schedule.Row {
	rows = schedule.ReserveRows(rows, max(p.MaxRetryAttempts+1, 0))
	var clock schedule.StartSum
	prev := 0.0 // RetryResilienceStrategy: double retryState = 0
	for a := 0; a <= p.MaxRetryAttempts; a++ {
		r := schedule.Row{Attempt: a + 1, Start: clock.Now()}
		if a < p.MaxRetryAttempts { // IsLastAttempt: attempt >= RetryCount
			r.Wait, r.HasWait = float64(p.delay(a, func() float64 { return u(a) }, &prev))/ticksPerSecond, true
			clock.Add(p.JobDuration)
			clock.Add(r.Wait)
		}
		rows = schedule.AddRow(rows, r)
	}
	return rows
}

// Envelope is each row's least and greatest start and wait. Constant and linear delays are
// independent and grow with their draw: the runs at u = 0 and at the largest draw. The
// decorrelated delay f(t_k) - f(t_{k-1}) is not monotone in either draw, so the bounds come from a
// search over the draws, each t_k on a grid over [k, k+1) that includes both ends: without
// MaxDelay the starts telescope to f(t_{k-1}) (the ends are the extremes); with it, the least
// start of the sum of capped differences (concave in the f values) is at the ends too, and the
// greatest is the grid's best.
func (p *Polly) Envelope() []schedule.Bounds {
	if !(p.UseJitter && p.Delay > 0 && p.BackoffType == PollyExponential) {
		lo := p.fill(func(int) float64 { return 0 }, nil)
		hi := p.fill(func(int) float64 { return maxFloat64Draw }, nil)
		out := make([]schedule.Bounds, len(lo))
		for i := range lo {
			out[i] = schedule.Bounds{StartMin: lo[i].Start, StartMax: hi[i].Start, WaitMin: lo[i].Wait, WaitMax: hi[i].Wait, NoWait: !lo[i].HasWait}
		}
		return out
	}
	return p.decorrelatedEnvelope()
}

// pollyGrid is the number of points per unit interval of t the decorrelated envelope searches.
const pollyGrid = 16

func (p *Polly) decorrelatedEnvelope() []schedule.Bounds {
	n := p.MaxRetryAttempts
	out := make([]schedule.Bounds, n+1)
	us := make([]float64, pollyGrid+1)
	for i := range us {
		us[i] = float64(i) / pollyGrid
	}
	us[pollyGrid] = maxFloat64Draw
	// lo[i], hi[i]: least and greatest start (in ticks, job durations aside) of the next attempt
	// when the last draw was us[i]; the waits' bounds over every pair of neighbouring draws.
	lo, hi := make([]float64, len(us)), make([]float64, len(us))
	nlo, nhi := make([]float64, len(us)), make([]float64, len(us))
	for k := 0; k <= n; k++ {
		b := schedule.Bounds{NoWait: k == n}
		job := float64(float64(k) * p.JobDuration)
		if k == 0 {
			b.StartMin, b.StartMax = 0, 0
		} else {
			b.StartMin, b.StartMax = math.Inf(1), math.Inf(-1)
			for i := range us {
				b.StartMin, b.StartMax = min(b.StartMin, lo[i]), max(b.StartMax, hi[i])
			}
			b.StartMin, b.StartMax = float64(b.StartMin/ticksPerSecond)+job, float64(b.StartMax/ticksPerSecond)+job
		}
		if k < n {
			b.WaitMin, b.WaitMax = math.Inf(1), math.Inf(-1)
			for j, uj := range us {
				nlo[j], nhi[j] = math.Inf(1), math.Inf(-1)
				for i, ui := range us {
					if k == 0 && i > 0 {
						break // no previous draw: prev = 0
					}
					prev := 0.0
					if k > 0 {
						prev = pollyF(float64(k-1) + ui)
					}
					w := float64(p.delay(k, func() float64 { return uj }, &prev))
					b.WaitMin, b.WaitMax = min(b.WaitMin, w), max(b.WaitMax, w)
					var l, h float64
					if k > 0 {
						l, h = lo[i], hi[i]
					}
					nlo[j], nhi[j] = min(nlo[j], l+w), max(nhi[j], h+w)
				}
			}
			b.WaitMin, b.WaitMax = b.WaitMin/ticksPerSecond, b.WaitMax/ticksPerSecond
			lo, nlo = nlo, lo
			hi, nhi = nhi, hi
		}
		out[k] = b
	}
	return out
}

// Notes says what ends the schedule, what the jitter does, where MaxDelay caps and where the
// TimeSpan arithmetic saturates.
func (p *Polly) Notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	notes := []schedule.Note{{Key: "note.polly.retries", Args: []any{last.Attempt, p.MaxRetryAttempts, p.MaxRetryAttempts + 1}}}
	switch {
	case p.Delay == 0:
		notes = append(notes, schedule.Note{Key: "note.polly.zero"})
	case p.UseJitter && p.BackoffType == PollyExponential:
		notes = append(notes, schedule.Note{Key: "note.polly.decorrelated", Args: []any{schedule.Duration(float64(p.Delay) / ticksPerSecond)}})
	case p.UseJitter:
		notes = append(notes, schedule.Note{Key: "note.polly.jitter"})
	}
	for _, r := range rows {
		if !r.HasWait {
			break
		}
		switch {
		case p.MaxDelay >= 0 && r.Wait == float64(p.MaxDelay)/ticksPerSecond && p.Delay > 0:
			notes = append(notes, schedule.Note{Key: "note.polly.capped", Args: []any{schedule.Duration(r.Wait), r.Attempt}})
		case p.MaxDelay < 0 && r.Wait >= float64(int64(pollyMaxTicks))/ticksPerSecond:
			notes = append(notes, schedule.Note{Key: "note.polly.saturated", Args: []any{r.Attempt}})
		default:
			continue
		}
		break
	}
	return notes
}
