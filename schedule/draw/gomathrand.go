package draw

import "math/rand"

// GoMathRand is Go's math/rand generator seeded as a program seeds it:
// rand.New(rand.NewSource(seed)). Libraries that draw with rand.Float64 from such a source (or
// from the global source after rand.Seed(seed), the same stream) are reproduced exactly.
type GoMathRand struct{ r *rand.Rand }

// NewGoMathRand is rand.New(rand.NewSource(seed)).
func NewGoMathRand(seed int64) *GoMathRand { return &GoMathRand{r: rand.New(rand.NewSource(seed))} }

// Unit returns rand.Float64().
func (g *GoMathRand) Unit() float64 { return g.r.Float64() }

// Intn returns rand.Int63n(n), the library call for a discrete draw of n values.
func (g *GoMathRand) Intn(n int64) int64 {
	if n <= 1 {
		return 0
	}
	return g.r.Int63n(n)
}
