// Package draw holds the random streams a schedule's draws come from, one file each: a fixed u,
// the supremum of every draw, the tool's own SplitMix64, java.util.Random, Go's math/rand,
// CPython's random. Every stream hands strategies a u in [0, 1) (or a discrete draw), so
// strategies stay pure functions.
package draw

import "math"

// Fixed returns the same u for every draw: the "rand = 0.5" tables.
type Fixed float64

// Unit returns u.
func (c Fixed) Unit() float64 { return float64(c) }

// Intn returns floor(u*n), kept inside [0, n).
func (c Fixed) Intn(n int64) int64 { return ScaleDiscrete(float64(c), n) }

// ScaleDiscrete maps u in [0, 1) to floor(u*n) in [0, n).
func ScaleDiscrete(u float64, n int64) int64 {
	if n <= 1 {
		return 0
	}
	k := int64(math.Floor(u * float64(n)))
	if k >= n {
		k = n - 1
	}
	if k < 0 {
		k = 0
	}
	return k
}

// Upper is the supremum over all draws: u -> 1 for a continuous draw, the largest value n-1 for a
// discrete one. Strategies that grow with u reach their envelope maximum with it.
type Upper struct{}

// Unit returns 1, the limit of u.
func (Upper) Unit() float64 { return 1 }

// Intn returns n-1.
func (Upper) Intn(n int64) int64 {
	if n <= 1 {
		return 0
	}
	return n - 1
}
