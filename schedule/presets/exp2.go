package presets

import (
	"math"
	"math/big"
	"sync"
)

// exp2 returns 2^t correctly rounded (round to nearest) for 0 <= t, as glibc's pow(2, t)
// returns it and so .NET's Math.Pow on Linux: Go's math.Pow(2, t) can be 1 ulp off for a
// non-integer t (2^28.5 is 379625062.49700624, math.Pow gives 379625062.49700618). t = k + j/64
// + g with |g| <= 1/128: 2^(j/64) from a table and exp(g ln 2) by its series, both in
// double-double arithmetic (about 104 bits), so the sum rounds to float64 correctly except within
// ~2^-100 of a halfway point. Every product is rounded on its own (float64(x*y)): a fused
// multiply-add would break the error-free transformations.
func exp2(t float64) float64 {
	switch {
	case math.IsNaN(t) || t < 0:
		return math.Pow(2, t) // the presets never ask for these
	case t >= 1024:
		return math.Inf(1)
	}
	k := math.Floor(t)
	f := t - k              // exact
	j := math.Round(f * 64) // 0..64
	g := f - float64(j/64)  // exact: |g| <= 1/128
	c := exp2Constants()
	x := ddMulF(c.ln2, g)      // g ln 2
	s := c.coef[len(c.coef)-1] // Horner: sum of x^n/n!
	for n := len(c.coef) - 2; n >= 0; n-- {
		s = ddAdd(ddMul(s, x), c.coef[n])
	}
	r := ddMul(c.table[int(j)], s)
	return math.Ldexp(r.hi+r.lo, int(k))
}

// dd is an unevaluated sum hi + lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

// split is Dekker's split of a into two 26-bit halves.
func split(a float64) (hi, lo float64) {
	c := float64(134217729 * a) // 2^27 + 1
	hi = c - (c - a)
	return hi, a - hi
}

// twoProd is Dekker's exact product a*b = p + e, without a fused multiply-add.
func twoProd(a, b float64) dd {
	p := float64(a * b)
	ah, al := split(a)
	bh, bl := split(b)
	e := ((float64(ah*bh) - p) + float64(ah*bl) + float64(al*bh)) + float64(al*bl)
	return dd{p, e}
}

func ddAdd(a, b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func ddMul(a, b dd) dd {
	p := twoProd(a.hi, b.hi)
	p.lo += float64(a.hi*b.lo) + float64(a.lo*b.hi)
	return quickTwoSum(p.hi, p.lo)
}

func ddMulF(a dd, b float64) dd {
	p := twoProd(a.hi, b)
	p.lo += float64(a.lo * b)
	return quickTwoSum(p.hi, p.lo)
}

// ddOf rounds a big.Float to a double-double.
func ddOf(v *big.Float) dd {
	hi, _ := v.Float64()
	lo, _ := new(big.Float).SetPrec(v.Prec()).Sub(v, big.NewFloat(hi)).Float64()
	return dd{hi, lo}
}

// exp2Tables are exp2's constants: ln 2, the series' 1/n! and 2^(j/64), each a double-double.
type exp2Tables struct {
	ln2   dd
	coef  [14]dd // 1/n!
	table [65]dd // 2^(j/64)
}

// exp2Constants computes exp2Tables once, with math/big at 256 bits, the first time a schedule
// needs them (not at start-up: most commands never do).
var exp2Constants = sync.OnceValue(func() *exp2Tables {
	const prec = 256
	c := new(exp2Tables)
	nf := func() *big.Float { return new(big.Float).SetPrec(prec) }
	// ln 2 = 2 atanh(1/3) = 2 sum (1/3)^(2n+1) / (2n+1)
	ln2, p := nf(), nf().Quo(nf().SetInt64(1), nf().SetInt64(3))
	ninth := nf().Quo(nf().SetInt64(1), nf().SetInt64(9))
	for n := int64(0); n < 100; n++ {
		ln2.Add(ln2, nf().Quo(p, nf().SetInt64(2*n+1)))
		p.Mul(p, ninth)
	}
	c.ln2 = ddOf(ln2.Mul(ln2, nf().SetInt64(2)))
	f := nf().SetInt64(1)
	for n := range c.coef {
		if n > 0 {
			f.Quo(f, nf().SetInt64(int64(n)))
		}
		c.coef[n] = ddOf(f)
	}
	r := nf().SetInt64(2) // 2^(1/64): six square roots of 2
	for range 6 {
		r.Sqrt(r)
	}
	v := nf().SetInt64(1)
	for j := range c.table {
		c.table[j] = ddOf(v)
		v.Mul(v, r)
	}
	return c
})
