package presets

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Resilience4j is a Resilience4j Retry with one of its IntervalFunctions (resilience4j v2.4.0,
// commit f1c3be8e79d09c70d457b2f89c3f89d03f1b5720, file unchanged at af9e7c979f17;
// resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java, and
// resilience4j-retry/.../internal/RetryImpl.java for the numbering). After attempt k fails,
// RetryImpl gives up when k >= maxAttempts (default 3, so maxAttempts counts calls), else it
// sleeps intervalFunction.apply(k) milliseconds. The default RetryConfig (ofDefaults, a fixed
// 500 ms):
//
//	attempt  start    wait
//	1        0s       500ms
//	2        500ms    500ms
//	3        1s       - (gives up)
//
// ofExponentialRandomBackoff() (500 ms, multiplier 1.5, randomization factor 0.5) with
// maxAttempts 6, at u = 0.5:
//
//	attempt  start     wait
//	1        0s        500ms
//	2        500ms     750ms
//	3        1.25s     1.125s
//	4        2.375s    1.687s
//	5        4.062s    2.53s
//	6        6.592s    - (gives up)
//
// Each interval is a Java long of milliseconds: the exponential chain truncates at every step
// (1125 x 1.5 = 1687.5 becomes 1687), randomize draws from [d - f·d, d + f·d + 1) (the "+ 1" is in
// the library; at Math.random()'s largest value the float sum can round up to d + f·d + 1 itself:
// 750 ms x U gives 751 ms) and is truncated again, at least 1 ms, and the cap applies after the
// jitter.
type Resilience4j struct {
	IntervalFunction    string  // Resilience4jOf, ...Randomized, ...Exponential, ...ExponentialRandom
	InitialInterval     int64   // milliseconds, at least 1
	Multiplier          float64 // exponential kinds
	RandomizationFactor float64 // randomized kinds, in [0, 1]
	MaxInterval         int64   // milliseconds; 0: the overload without maxIntervalMillis
	MaxAttempts         int     // calls in all
	JobDuration         float64 // seconds each attempt runs before it fails
	Params              []schedule.Param
}

// The IntervalFunction factories, as the preset's --interval-function names them.
const (
	Resilience4jOf                = "of"
	Resilience4jRandomized        = "of-randomized"
	Resilience4jExponential       = "of-exponential-backoff"
	Resilience4jExponentialRandom = "of-exponential-random-backoff"
)

// Resilience4jFunctions lists the factories, the default (ofDefaults = of(500)) first.
var Resilience4jFunctions = []string{Resilience4jOf, Resilience4jRandomized, Resilience4jExponential, Resilience4jExponentialRandom}

// Randomized reports whether the function draws (one Math.random() per interval).
func (r Resilience4j) Randomized() bool {
	return r.IntervalFunction == Resilience4jRandomized || r.IntervalFunction == Resilience4jExponentialRandom
}

// Exponential reports whether the function has a multiplier.
func (r Resilience4j) Exponential() bool {
	return r.IntervalFunction == Resilience4jExponential || r.IntervalFunction == Resilience4jExponentialRandom
}

// maxJavaDouble is the largest value java.util.Random.nextDouble (behind Math.random) returns:
// (2^53 - 1) / 2^53. The envelope's supremum draw is evaluated there, so its wait is one a run
// can sleep (u = 1 itself would reach d + f·d + 1, which randomize never returns).
const maxJavaDouble = 1 - 0x1p-53

// resilience4jChain is the un-randomized exponential chain, one entry per attempt:
// LongStream.iterate(initialIntervalMillis, x -> (long) (x * multiplier)). It stops early at a
// fixed point (1 ms x 1.5 stays 1 ms; Long.MAX_VALUE x 1.5 stays Long.MAX_VALUE).
func resilience4jChain(initial int64, multiplier float64, n int) []int64 {
	chain := []int64{initial}
	for len(chain) < n {
		x := chain[len(chain)-1]
		next := javaD2L(float64(x) * multiplier) // (long) (x * multiplier): x widens to double
		if next == x {
			break
		}
		chain = append(chain, next)
	}
	return chain
}

// resilience4jRandomize is IntervalFunctionCompanion.randomize, line for line, with u the
// Math.random() draw; the float64 conversions keep Go from fusing a multiply and an add.
func resilience4jRandomize(current, randomizationFactor, u float64) float64 {
	delta := float64(randomizationFactor * current)
	lo := current - delta
	hi := current + delta
	randomizedValue := lo + float64(u*(hi-lo+1))
	return math.Max(1.0, randomizedValue)
}

// NewResilience4j builds the schedule.
func NewResilience4j(r Resilience4j) *schedule.Composed {
	var chain []int64
	if r.Exponential() {
		chain = resilience4jChain(r.InitialInterval, r.Multiplier, max(r.MaxAttempts-1, 1))
	}
	return composeMillis(schedule.Composed{
		ID: "resilience4j", Parameters: r.Params, Attempts: r.MaxAttempts, JobDuration: r.JobDuration, Explain: r.notes,
	}, func(k int, d schedule.Draws) int64 { return r.interval(chain, k, d) })
}

// interval is intervalFunction.apply(attempt) in milliseconds.
func (r Resilience4j) interval(chain []int64, attempt int, d schedule.Draws) int64 {
	ms := r.InitialInterval
	if r.Exponential() {
		ms = chain[min(attempt, len(chain))-1]
	}
	if r.Randomized() {
		u := d.Unit()
		if u >= 1 {
			u = maxJavaDouble
		}
		ms = javaD2L(resilience4jRandomize(float64(ms), r.RandomizationFactor, u))
	}
	if r.MaxInterval > 0 && r.Exponential() {
		ms = min(ms, r.MaxInterval) // after the jitter: ofExponentialRandomBackoff(..., maxIntervalMillis)
	}
	return ms
}

// Resilience4jInterval is intervalFunction.apply(attempt) in milliseconds for the draw u (the
// Math.random() value), for tests and examples.
func Resilience4jInterval(r Resilience4j, attempt int, u float64) int64 {
	var chain []int64
	if r.Exponential() {
		chain = resilience4jChain(r.InitialInterval, r.Multiplier, attempt)
	}
	return r.interval(chain, attempt, draw.Fixed(u))
}

func (r Resilience4j) notes(rows []schedule.Row) []schedule.Note {
	notes := []schedule.Note{{Key: "note.resilience4j.attempts", Args: []any{len(rows), r.MaxAttempts}}}
	if r.Randomized() {
		notes = append(notes, schedule.Note{Key: "note.resilience4j.randomize", Args: []any{r.RandomizationFactor}})
	}
	if r.Exponential() {
		chain := resilience4jChain(r.InitialInterval, r.Multiplier, max(len(rows)-1, 1))
		for k, ms := range chain {
			if k+1 >= len(rows) {
				break
			}
			if r.MaxInterval > 0 && ms >= r.MaxInterval {
				notes = append(notes, schedule.Note{Key: "note.resilience4j.capped", Args: []any{schedule.Duration(float64(r.MaxInterval) / 1000), k + 1}})
				break
			}
			if ms == math.MaxInt64 {
				notes = append(notes, schedule.Note{Key: "note.resilience4j.saturated", Args: []any{k + 1}})
				break
			}
		}
	}
	return notes
}
