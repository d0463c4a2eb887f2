package generic

import "math"

// Exponential multiplies by a factor: d(k) = base * factor^(k-1), so the first wait is base.
// factor^(k-1) overflows to +Inf for large k; the policy saturates it (and 0 * Inf, at base 0,
// to 0).
type Exponential struct {
	Base   float64 // seconds
	Factor float64 // at least 1
}

// Nominal returns base * factor^(k-1).
func (e Exponential) Nominal(k int) float64 {
	p := math.Pow(e.Factor, float64(k-1))
	if e.Base == 0 {
		return 0
	}
	return e.Base * p
}
