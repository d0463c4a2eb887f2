package schedule

import (
	"math"
	"math/rand/v2"
	"testing"
)

// neumaierStep is Neumaier's step as published (Neumaier 1974; Higham, Accuracy and Stability of
// Numerical Algorithms, 2nd ed., §4.3): the error of t = a + b is (a-t)+b when |a| >= |b|, else
// (b-t)+a. It is the reference Plus is held to.
func neumaierStep(c StartSum, d float64) StartSum {
	t := c.sum + d
	if math.Abs(c.sum) >= math.Abs(d) {
		c.comp += (c.sum - t) + d
	} else {
		c.comp += (d - t) + c.sum
	}
	c.sum = t
	return c
}

// TestPlusIsNeumaier holds Plus (TwoSum) to Neumaier's step, bit for bit, over sums of waits of
// every magnitude and sign, zeros of both signs, subnormals and ties, and along whole schedules.
func TestPlusIsNeumaier(t *testing.T) {
	edges := []float64{0, math.Copysign(0, -1), 1, -1, 2, 0.1, 0.2, 0.3, 1e-300, 5e-324, -5e-324,
		math.SmallestNonzeroFloat64 * 3, 0x1p-1022, 0x1p52, 0x1p53, 0x1p53 + 2, 1e16, 1e300, -1e300,
		math.Nextafter(1, 2), math.Nextafter(1, 0), 388.55, 4.5e6, 1e-9}
	same := func(a, b StartSum) bool {
		return math.Float64bits(a.sum) == math.Float64bits(b.sum) && math.Float64bits(a.comp) == math.Float64bits(b.comp)
	}
	for _, x := range edges {
		for _, y := range edges {
			for _, comp := range []float64{0, 1e-17, -3e-20} {
				c := StartSum{sum: x, comp: comp}
				if got, want := c.Plus(y), neumaierStep(c, y); !same(got, want) {
					t.Fatalf("(%v,%v) + %v: Plus %+v, Neumaier %+v", x, comp, y, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	randomFloat := func() float64 {
		v := math.Ldexp(float64(r.Float64())+0.5, r.IntN(200)-100) // magnitudes 2^-101 to 2^100
		if r.IntN(4) == 0 {
			v = -v
		}
		return v
	}
	for range 1_000_000 {
		c := StartSum{sum: randomFloat(), comp: float64(randomFloat() * 0x1p-60)}
		d := randomFloat()
		if got, want := c.Plus(d), neumaierStep(c, d); !same(got, want) {
			t.Fatalf("%+v + %v: Plus %+v, Neumaier %+v", c, d, got, want)
		}
	}
	// Whole schedules: growing sums of positive waits, as the samplers' clocks run.
	for range 10_000 {
		var a, b StartSum
		scale := math.Ldexp(1, r.IntN(60)-30)
		for e := 1; e <= 60; e++ {
			w := float64(scale * (float64(e*e) + float64(r.Float64())))
			a, b = a.Plus(w), neumaierStep(b, w)
			if !same(a, b) {
				t.Fatalf("row %d: Plus %+v, Neumaier %+v", e, a, b)
			}
		}
	}
}

// FuzzPlusIsNeumaier holds Plus to Neumaier's step for any finite clock and addend whose sums do
// not overflow (both are exact only then).
func FuzzPlusIsNeumaier(f *testing.F) {
	f.Add(0.0, 0.0, 3.075)
	f.Add(388.55, 1e-14, 673.875)
	f.Add(1e16, -0.5, 1.5)
	f.Add(-5e-324, 5e-324, math.Copysign(0, -1))
	f.Fuzz(func(t *testing.T, sum, comp, d float64) {
		c := StartSum{sum: sum, comp: comp}
		for _, v := range []float64{sum, comp, d, sum + d, c.Plus(d).comp} {
			if math.IsInf(v, 0) || math.IsNaN(v) {
				t.Skip("not finite: neither step is exact")
			}
		}
		got, want := c.Plus(d), neumaierStep(c, d)
		if math.Float64bits(got.sum) != math.Float64bits(want.sum) || math.Float64bits(got.comp) != math.Float64bits(want.comp) {
			t.Fatalf("%+v + %v: Plus %+v, Neumaier %+v", c, d, got, want)
		}
	})
}
