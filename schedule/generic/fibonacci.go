package generic

import "sync"

// Fibonacci grows like the Fibonacci numbers: d(k) = base * F(k), F = 1, 1, 2, 3, 5, 8, ...
type Fibonacci struct {
	Base float64 // seconds
}

// Nominal returns base * F(k).
func (f Fibonacci) Nominal(k int) float64 {
	if f.Base == 0 {
		return 0
	}
	return f.Base * fib(k)
}

// fibs holds F(1), F(2), ... as float64 sums, up to the first that overflows to +Inf (F(1477)):
// exact integers up to F(78), then rounded as any float computation of them is.
var fibs = sync.OnceValue(func() []float64 {
	f := []float64{1, 1}
	for f[len(f)-1] < 1e308 {
		f = append(f, f[len(f)-1]+f[len(f)-2])
	}
	return f
})

// fib returns F(k) for k >= 1, +Inf past the float range.
func fib(k int) float64 {
	t := fibs()
	if k-1 < len(t) {
		return t[k-1]
	}
	return t[len(t)-1] // +Inf
}
