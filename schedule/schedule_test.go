package schedule

import (
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// RoundStart keeps order: for v <= w, RoundStart(v) <= RoundStart(w), across the nanosecond
// threshold too.
func TestRoundStartMonotone(t *testing.T) {
	g := draw.NewSplitMix(3, 0)
	edges := []float64{0, 4.5e6, -4.5e6, 1e-9, 5e-10, 1.5e-9, 1}
	for range 1000000 {
		e := edges[g.Intn(int64(len(edges)))]
		v := e + float64(float64(g.Unit()-0.5)*math.Pow(2, float64(g.Intn(60))-40))
		w := math.Nextafter(v, math.Inf(1))
		if g.Intn(2) == 0 {
			w = v + float64(g.Unit()*math.Pow(2, float64(g.Intn(40))-30))
		}
		if RoundStart(v) > RoundStart(w) {
			t.Fatalf("RoundStart(%v) = %v > RoundStart(%v) = %v", v, RoundStart(v), w, RoundStart(w))
		}
	}
}

// roundHalfAway is math.Round for finite values.
func TestRoundHalfAwayIsRound(t *testing.T) {
	g := draw.NewSplitMix(5, 0)
	check := func(x float64) {
		if got, want := roundHalfAway(x), math.Round(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("roundHalfAway(%v) = %v, math.Round gives %v", x, got, want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -0.3, 0.3, 0.5, -0.5, 0.49999999999999994, -0.49999999999999994,
		1.5, 2.5, -2.5, 4503599627370495.5, -4503599627370495.5, 4.5e15, math.Nextafter(0.5, 0), 1e-300, 1e300, -1e300, 9007199254740993} {
		check(x)
	}
	for range 2000000 {
		x := float64((g.Unit() - 0.5) * math.Pow(2, float64(g.Intn(70))))
		check(x)
		check(math.Trunc(x) + 0.5)
	}
}
