// Package generic is the generic strategy family: nominal curves (constant, linear, exponential,
// fibonacci) and the decorrelated rule, the jitter models, and the one place that composes a curve
// with its jitter, cap, elapsed-time limit and attempt count. Library presets reuse these parts.
package generic

import (
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// MaxWait is where a nominal wait saturates: 100 years (the longest duration any flag accepts).
// Huge factors and attempt counts give this, never Inf, NaN or a wrapped number.
var MaxWait = param.MaxDuration.Seconds()

// Curve is a nominal wait d(k) after attempt k (1-based), before jitter and cap.
type Curve interface {
	Nominal(k int) float64
}

// saturate keeps a nominal wait finite and non-negative: NaN (0 x Inf) is 0, anything past
// MaxWait is MaxWait. (The builtin min is math.Min here, inlined: d is a number and MaxWait
// finite, where the two could differ.)
func saturate(d float64) float64 {
	if d != d || d < 0 {
		return 0
	}
	return min(d, MaxWait)
}

// Waits is a curve as a policy: every attempt is followed by its nominal wait. A curve does not
// depend on the draws, so the first nominalTable waits are computed once, here (the same calls,
// so the same floats), rather than once per sampled schedule (math.Pow, a million times each).
func Waits(c Curve) schedule.Policy {
	table := make([]float64, nominalTable)
	for k := range table {
		table[k] = saturate(c.Nominal(k + 1))
	}
	return schedule.PolicyFunc(func(s schedule.Step, _ schedule.Draws) (float64, bool) {
		if k := s.Attempt - 1; k >= 0 && k < len(table) {
			return table[k], true
		}
		return saturate(c.Nominal(s.Attempt)), true
	})
}

// nominalTable is how many of a curve's waits Waits computes ahead.
const nominalTable = 256
