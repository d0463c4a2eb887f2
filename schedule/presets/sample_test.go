package presets

import (
	"math"
	"testing"
)

// powFour is math.Pow(k, 4) bit for bit: every k it computes without the call, and beyond.
func TestPowFourIsMathPow(t *testing.T) {
	for k := int64(0); k <= 12000; k++ {
		if got, want := powFour(k), math.Pow(float64(k), 4); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("powFour(%d) = %v, math.Pow gives %v", k, got, want)
		}
	}
	for _, k := range []int64{55108, 55109, 1 << 20, 1 << 40, -3} {
		if got, want := powFour(k), math.Pow(float64(k), 4); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("powFour(%d) = %v, math.Pow gives %v", k, got, want)
		}
	}
}
