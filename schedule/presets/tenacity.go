// Package presets holds the library presets: schedules that reproduce one retry library's own
// arithmetic, numbering and random stream, each cited to the library's version and source file.
package presets

import (
	"math"
	"math/big"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Tenacity is Python tenacity 8.2.1 (Debian python3-tenacity 8.2.1-1), tenacity/wait.py,
// stop.py and __init__.py (BaseRetrying.iter). With the tool's defaults (--wait exponential,
// multiplier 1, exp_base 2, stop_never printed for 10 attempts) the schedule is:
//
//	attempt  start  wait
//	1        0      1
//	2        1      2
//	3        3      4
//	4        7      8
//	5        15     16
//	6        31     32
//	7        63     64
//	8        127    128
//	9        255    256
//	10       511    -
//
// Attempt k is tenacity's attempt_number k and the wait after it is wait(attempt_number=k). The
// stop is asked before the wait (iter: `if self.stop(retry_state)` precedes
// `sleep = self.wait(retry_state)`), so the final failed attempt computes no wait and draws
// nothing. stop_after_delay compares the time at the end of the attempt, the upcoming sleep not
// counted (stop.py: `retry_state.seconds_since_start >= self.max_delay`), so a schedule runs past
// the delay. Every random draw is module-level random.random() or random.uniform().
type Tenacity struct {
	Wait string // exponential, random-exponential, exponential-jitter, fixed, random, incrementing
	// Multiplier and ExpBase (exponential, random-exponential) and Initial (exponential-jitter)
	// are Python ints when integral, as tenacity's defaults are: exact integer powers.
	Multiplier, ExpBase, Initial float64
	Min, Max                     float64
	Jitter                       float64
	Start, Increment             float64
	Fixed                        float64
	StopAfterAttempt             int     // 0: not set
	StopAfterDelay               float64 // seconds; used when HasDelay
	HasDelay                     bool
	PrintLimit                   int // rows printed when no stop_after_attempt ends the schedule; 0: none
	JobDuration                  float64
	Parameters                   []schedule.Param

	nominal []float64 // deterministic part per attempt_number, up to where it no longer changes
	policy  schedule.Policy
}

// MaxWait is tenacity's _utils.MAX_WAIT = sys.maxsize / 2 on a 64-bit build: the default max and
// the largest wait tenacity returns.
const MaxWait = float64(math.MaxInt64) / 2

// Init precomputes the deterministic part of the waits; call it once before Fill.
func (t *Tenacity) Init() *Tenacity {
	limit := t.rowLimit()
	switch t.Wait {
	case "exponential", "random-exponential":
		// With min > max the overflow path (no floor) turns min into max: walk on to it.
		canRaise := t.Multiplier != math.Trunc(t.Multiplier) || t.ExpBase != math.Trunc(t.ExpBase)
		t.nominal = powTable(t.Multiplier, t.ExpBase, limit, t.Max, !(canRaise && t.Min > t.Max), func(v float64, raised bool) float64 {
			if raised {
				return t.Max // wait.py: `except OverflowError: return self.max`, no floor
			}
			// wait.py: `return max(max(0, self.min), min(result, self.max))`: min is a floor, even
			// over max.
			return math.Max(math.Max(0, t.Min), math.Min(v, t.Max))
		})
	case "exponential-jitter":
		t.nominal = powTable(t.Initial, t.ExpBase, limit, t.Max, true, func(v float64, raised bool) float64 {
			if raised {
				return math.Inf(1) // `except OverflowError: result = self.max`: +Inf is capped to max
			}
			return v
		})
	}
	t.policy = schedule.PolicyFunc(t.next)
	return t
}

// rowLimit is the most rows the schedule can have.
func (t *Tenacity) rowLimit() int {
	n := schedule.MaxAttempts
	if t.StopAfterAttempt > 0 {
		n = min(n, t.StopAfterAttempt)
	}
	if t.PrintLimit > 0 {
		n = min(n, t.PrintLimit)
	}
	return n
}

// stops is the stop rule after attempt k failed at elapsed seconds.
func (t *Tenacity) stops(k int, elapsed float64) bool {
	if t.StopAfterAttempt > 0 && k >= t.StopAfterAttempt { // stop_after_attempt: attempt_number >= N
		return true
	}
	if t.HasDelay && elapsed >= t.StopAfterDelay {
		return true
	}
	return t.PrintLimit > 0 && k >= t.PrintLimit
}

// nominalAt is the precomputed value for attempt k, the last one repeating.
func (t *Tenacity) nominalAt(k int) float64 {
	return t.nominal[min(k, len(t.nominal))-1]
}

// next is one pass of BaseRetrying.iter after a failure: stop, then one wait() call.
func (t *Tenacity) next(s schedule.Step, d schedule.Draws) (float64, bool) {
	if t.stops(s.Attempt, s.Elapsed) {
		return 0, false
	}
	return t.wait(s.Attempt, d), true
}

// wait is tenacity's wait(retry_state) for attempt_number k.
func (t *Tenacity) wait(k int, d schedule.Draws) float64 {
	switch t.Wait {
	case "exponential":
		return t.nominalAt(k)
	case "random-exponential":
		// wait_random_exponential: `high = super().__call__(...)`; `random.uniform(0, high)`:
		// the min floor only lifts the window's top, waits below min are normal.
		return t.nominalAt(k) * d.Unit()
	case "exponential-jitter":
		// `jitter = random.uniform(0, self.jitter)` comes first: a draw even when capped.
		j := float64(t.Jitter * d.Unit())
		return math.Max(0, math.Min(t.nominalAt(k)+j, t.Max))
	case "fixed":
		return t.Fixed
	case "random":
		// `self.wait_random_min + (random.random() * (self.wait_random_max - self.wait_random_min))`
		return t.Min + float64(d.Unit()*(t.Max-t.Min))
	case "incrementing":
		// `result = self.start + (self.increment * (retry_state.attempt_number - 1))`
		return math.Max(0, math.Min(t.Start+float64(t.Increment*float64(k-1)), t.Max))
	}
	return 0
}

// Name is tenacity.
func (t *Tenacity) Name() string { return "tenacity" }

// Params lists the parameters in effect.
func (t *Tenacity) Params() []schedule.Param { return t.Parameters }

// Columns: none.
func (t *Tenacity) Columns() []schedule.Column { return nil }

// Fill walks the retry loop.
func (t *Tenacity) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	return schedule.Walk(t.policy, t.JobDuration, d, rows)
}

// Random reports whether the chosen wait draws.
func (t *Tenacity) Random() bool {
	return t.Wait == "random-exponential" || t.Wait == "exponential-jitter" || t.Wait == "random"
}

// Envelope: every wait is one draw of its own, independent of the others, but stop_after_delay
// makes the row count depend on them. Row k is reached when the least waits reach it (attempt
// k-1 ends before the delay); its greatest start is the greatest start of attempt k-1 that still
// ends before the delay, plus the job and the greatest wait.
func (t *Tenacity) Envelope() []schedule.Bounds {
	free := *t
	free.HasDelay = false
	if t.PrintLimit == 0 && t.StopAfterAttempt == 0 { // delay only: bound the free runs by the delay's reach
		free.PrintLimit = schedule.MaxAttempts
	}
	free.Init()
	lo := free.Fill(draw.Fixed(0), nil)
	hi := free.Fill(draw.Upper{}, nil)
	job := t.JobDuration
	var out []schedule.Bounds
	smin, smax := 0.0, 0.0
	for i := range lo {
		b := schedule.Bounds{StartMin: smin, StartMax: smax}
		reachedNext := lo[i].HasWait && (!t.HasDelay || smin+job < t.StopAfterDelay)
		if reachedNext {
			wlo, whi := math.Min(lo[i].Wait, hi[i].Wait), math.Max(lo[i].Wait, hi[i].Wait)
			b.WaitMin, b.WaitMax = wlo, whi
			top := smax
			if t.HasDelay {
				top = math.Min(smax, t.StopAfterDelay-job)
			}
			smin, smax = smin+job+wlo, top+job+whi
		} else {
			b.NoWait = true
		}
		out = append(out, b)
		if !reachedNext {
			break
		}
	}
	return out
}

// powTable returns final(a * b**(n-1)) for n = 1, 2, ... up to limit entries, stopping early
// once the value can no longer change: past the cap (for growth), at an overflow, or at a fixed
// point. a and b are Python ints when integral (exact big-int powers), floats otherwise.
func powTable(a, b float64, limit int, capAt float64, stopAtCap bool, final func(v float64, raised bool) float64) []float64 {
	var out []float64
	p := newPyPow(a, b)
	prev := math.NaN()
	for n := 1; n <= limit; n++ {
		v, raised := p.next()
		out = append(out, final(v, raised))
		growing := b > 1 && a > 0
		if raised || (stopAtCap && growing && v >= capAt) || (!growing && v == prev) {
			break
		}
		prev = v
	}
	return out
}

// pyPow yields Python's a * b**k for k = 0, 1, 2, ... with a, b >= 0, each as the float tenacity
// goes on with and whether Python raised OverflowError:
//   - a and b integral: Python ints, exact; the float is the int correctly rounded (+Inf when it
//     has no float: exponential compares ints with floats exactly, and no exception is raised);
//   - b integral, a not: `float * int` converts the exact power to a float (OverflowError past
//     2**1024), then one float multiplication;
//   - b not integral: C pow(b, k) (OverflowError when it overflows). Computed here exactly and
//     rounded to nearest with ties away from zero, which is what glibc 2.36's pow returned at the
//     exact ties checked (1.5**34, 1.25**23); glibc's other last-bit differences from the
//     correctly rounded value (1.5**61, 1.7**26, 1.3**45: see TestTenacityPowResidual) remain.
type pyPow struct {
	a, b             float64
	aInt, bInt       bool
	ip, ib, ia       *big.Int
	fp, fb           *big.Float
	overflow, zeroed bool
}

func newPyPow(a, b float64) *pyPow {
	p := &pyPow{a: a, b: b, aInt: a == math.Trunc(a), bInt: b == math.Trunc(b)}
	if p.bInt {
		p.ip, p.ib = big.NewInt(1), big.NewInt(int64(b))
		p.ia = big.NewInt(int64(a))
	} else {
		p.fp = new(big.Float).SetPrec(powPrec).SetInt64(1)
		p.fb = new(big.Float).SetPrec(powPrec).SetFloat64(b)
	}
	return p
}

// powPrec keeps b**k exact while it fits in 320 bits; past that the relative error (below
// k * 2**-319) cannot move a rounding to 53 bits except within that distance of a midpoint.
const powPrec = 320

func (p *pyPow) next() (float64, bool) {
	defer p.advance()
	if p.bInt {
		if p.aInt {
			return bigToFloat(new(big.Int).Mul(p.ia, p.ip)), false
		}
		f := bigToFloat(p.ip)
		if math.IsInf(f, 1) {
			return 0, true // float(int): OverflowError: int too large to convert to float
		}
		return p.a * f, false
	}
	if p.overflow {
		return 0, true
	}
	r := new(big.Float).SetPrec(53).SetMode(big.ToNearestAway).Set(p.fp)
	f, _ := r.Float64()
	if math.IsInf(f, 1) {
		p.overflow = true
		return 0, true // float ** int: OverflowError: (34, 'Numerical result out of range')
	}
	return p.a * f, false
}

func (p *pyPow) advance() {
	if p.bInt {
		if p.ip.BitLen() <= 1100 || p.aInt { // past 2**1024 a float conversion overflows anyway
			p.ip.Mul(p.ip, p.ib)
		}
		return
	}
	if !p.overflow {
		p.fp.Mul(p.fp, p.fb)
	}
}

// bigToFloat is Python's float(int) for a non-negative int: round half to even, +Inf where
// Python raises OverflowError.
func bigToFloat(x *big.Int) float64 {
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}

// Notes say which stop ended the schedule, with tenacity's numbering, and how min behaves.
func (t *Tenacity) Notes(rows []schedule.Row) []schedule.Note {
	k := len(rows)
	last := rows[k-1]
	var notes []schedule.Note
	switch {
	case t.StopAfterAttempt > 0 && k >= t.StopAfterAttempt:
		notes = append(notes, schedule.Note{Key: "note.tenacity.attempts", Args: []any{k, t.StopAfterAttempt}})
	case t.HasDelay && last.Start+t.JobDuration >= t.StopAfterDelay:
		notes = append(notes, schedule.Note{Key: "note.tenacity.delay", Args: []any{k, schedule.Duration(last.Start + t.JobDuration), schedule.Duration(t.StopAfterDelay)}})
	default:
		notes = append(notes, schedule.Note{Key: "note.tenacity.never", Args: []any{k}})
	}
	switch {
	case t.Wait == "exponential" && t.Min > 0:
		notes = append(notes, schedule.Note{Key: "note.tenacity.min_floor", Args: []any{schedule.Duration(t.Min)}})
	case t.Wait == "random-exponential" && t.Min > 0:
		notes = append(notes, schedule.Note{Key: "note.tenacity.min_window", Args: []any{schedule.Duration(t.Min)}})
	}
	return notes
}
