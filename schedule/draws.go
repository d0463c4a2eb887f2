package schedule

import "math"

// Draws supplies the random draws of one schedule. Every draw is, in principle, a u in [0, 1):
// continuous draws use u itself, discrete draws of n values use floor(u*n), so a fixed u gives
// comparable positions in every system (u = 0.5 is the middle of every range).
type Draws interface {
	// Unit returns a continuous draw u in [0, 1] (1 only for the supremum envelope).
	Unit() float64
	// Intn returns a discrete draw in [0, n) for n > 0.
	Intn(n int64) int64
}

// Constant returns the same u for every draw: the "rand = 0.5" tables.
type Constant float64

// Unit returns u.
func (c Constant) Unit() float64 { return float64(c) }

// Intn returns floor(u*n), kept inside [0, n).
func (c Constant) Intn(n int64) int64 { return scaleDiscrete(float64(c), n) }

// scaleDiscrete maps u in [0, 1) to floor(u*n) in [0, n).
func scaleDiscrete(u float64, n int64) int64 {
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

// SplitMix is a small seeded generator (SplitMix64). It is used for --seed sampling because it is
// cheap to create one per sample, which keeps sampled results independent of how samples are split
// across cores.
type SplitMix struct{ state uint64 }

// NewSplitMix seeds a generator for sample number stream of a run seeded with seed.
func NewSplitMix(seed int64, stream uint64) *SplitMix {
	s := &SplitMix{state: uint64(seed)}
	s.state ^= mix64(stream + 0x9e3779b97f4a7c15)
	return s
}

// Reseed resets g in place, like NewSplitMix, without allocating.
func (g *SplitMix) Reseed(seed int64, stream uint64) {
	g.state = uint64(seed) ^ mix64(stream+0x9e3779b97f4a7c15)
}

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (g *SplitMix) next() uint64 {
	g.state += 0x9e3779b97f4a7c15
	return mix64(g.state)
}

// Unit returns a uniform u in [0, 1) with 53 random bits.
func (g *SplitMix) Unit() float64 { return float64(g.next()>>11) * 0x1p-53 }

// Intn returns floor(u*n) for a fresh draw u, so seeded and fixed draws share one convention.
func (g *SplitMix) Intn(n int64) int64 { return scaleDiscrete(g.Unit(), n) }
