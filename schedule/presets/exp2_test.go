package presets

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

const bigPrec = 200

// bigLn2 is ln 2 = sum 1/(n 2^n) at 200 bits.
var bigLn2 = func() *big.Float {
	nf := func() *big.Float { return new(big.Float).SetPrec(bigPrec) }
	ln2, p := nf(), nf().SetFloat64(0.5)
	for n := int64(1); n < 220; n++ {
		ln2.Add(ln2, nf().Quo(p, nf().SetInt64(n)))
		p.Quo(p, nf().SetInt64(2))
	}
	return ln2
}()

// bigExp2 is 2^t at 200 bits: 2^k times exp(f ln 2), the exponential by its series on
// f ln 2 / 2^16,, squared 16 times.
func bigExp2(t float64) *big.Float {
	nf := func() *big.Float { return new(big.Float).SetPrec(bigPrec) }
	k := math.Floor(t)
	y := nf().Mul(nf().Sub(nf().SetFloat64(t), nf().SetFloat64(k)), bigLn2)
	y.SetMantExp(y, -16)
	sum, term := nf().SetInt64(1), nf().SetInt64(1)
	for n := int64(1); n < 40; n++ {
		term.Mul(term, y)
		term.Quo(term, nf().SetInt64(n))
		sum.Add(sum, term)
	}
	for range 16 {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// bigHalf is 2^(k+1/2) = 2^k sqrt(2) at 200 bits.
func bigHalf(k int) *big.Float {
	r := new(big.Float).SetPrec(bigPrec).SetInt64(2)
	r.Sqrt(r)
	return r.SetMantExp(r, k)
}

func TestExp2TwoTo28AndAHalf(t *testing.T) {
	if got := exp2(28.5); got != 379625062.49700624 {
		t.Errorf("2^28.5 = %.17g, want 379625062.49700624 (glibc pow, .NET Math.Pow)", got)
	}
	if want, _ := bigHalf(28).Float64(); want != 379625062.49700624 {
		t.Errorf("2^28 sqrt(2) at 200 bits rounds to %.17g", want)
	}
}

// TestExp2HalfIntegers: every k + 1/2 below 1024 against 2^k sqrt(2) at 200 bits.
func TestExp2HalfIntegers(t *testing.T) {
	for k := 0; k < 1024; k++ {
		want, _ := bigHalf(k).Float64()
		if got := exp2(float64(k) + 0.5); got != want {
			t.Errorf("2^%d.5 = %.17g, want %.17g", k, got, want)
		}
	}
}

// TestExp2Exponents: the decorrelated formula's t = attempt + u for every attempt whose 2^t is
// finite, u = 0, the largest draw below 1 and random draws (53-bit, as the library's), against
// 2^t at 200 bits. t = attempt for the integer powers.
func TestExp2Exponents(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	n := 16
	if testing.Short() {
		n = 4
	}
	for a := 0; a < 1024; a++ {
		us := []float64{0, 0.5, math.Nextafter(1, 0)}
		for range n {
			us = append(us, float64(rng.Uint64()>>11)/(1<<53))
		}
		for _, u := range us {
			x := float64(a) + u
			want, _ := bigExp2(x).Float64()
			if got := exp2(x); got != want {
				t.Errorf("2^%v = %.17g, want %.17g", x, got, want)
			}
		}
	}
	for _, x := range []float64{1024, 1024.5, 2000} {
		if got := exp2(x); !math.IsInf(got, 1) {
			t.Errorf("2^%v = %v, want +Inf", x, got)
		}
	}
}
