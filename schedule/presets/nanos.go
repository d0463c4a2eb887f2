package presets

import (
	"math"
	"time"
)

// nsOf is time.Duration(f) for a float64 of nanoseconds, truncated toward zero as Go converts,
// but saturating at the int64 range where Go's conversion is undefined (amd64 gives -2^63 for
// any float past it, which a library without an overflow guard would then sleep as "no wait").
func nsOf(f float64) time.Duration {
	switch {
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return time.Duration(f)
}

// powFour is math.Pow(float64(k), 4) as Go computes it, without the call where the result is an
// integer below 2^53 (k <= 9741): math.Pow multiplies k's mantissa by itself, exactly there, so it
// returns k^4 itself (TestPowFourIsMathPow checks every such k). Sampling calls it a million times.
func powFour(k int64) float64 {
	if k >= 0 && k <= 9741 {
		q := k * k
		return float64(q * q)
	}
	return math.Pow(float64(k), 4)
}

// nsAdd is a + b for non-negative durations, saturating at the largest time.Duration.
func nsAdd(a, b time.Duration) time.Duration {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// maxFloat64Draw is the largest value Go's math/rand Float64 returns (1 - 2^-53): it never
// returns 1. A library that truncates a draw-scaled float reaches its greatest wait there, and
// evaluating it at u = 1 itself would overshoot by a nanosecond; the supremum draw (u = 1) is
// read as this value.
var maxFloat64Draw = math.Nextafter(1, 0)

// libraryUnit reads one Float64 draw as the library sees it: u in [0, 1), the supremum as the
// largest draw.
func libraryUnit(u float64) float64 { return min(u, maxFloat64Draw) }
