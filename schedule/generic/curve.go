// Package generic is the generic strategy family: nominal curves (constant, linear, exponential,
// fibonacci) and the decorrelated rule, the jitter models, and the one place that composes a curve
// with its jitter, cap, elapsed-time limit and attempt count. Library presets reuse these parts.
package generic

import (
	"math"

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
// MaxWait is MaxWait.
func saturate(d float64) float64 {
	if d != d || d < 0 {
		return 0
	}
	return math.Min(d, MaxWait)
}

// Waits is a curve as a policy: every attempt is followed by its nominal wait.
func Waits(c Curve) schedule.Policy {
	return schedule.PolicyFunc(func(s schedule.Step, _ schedule.Draws) (float64, bool) {
		return saturate(c.Nominal(s.Attempt)), true
	})
}
