package draw

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
func (g *SplitMix) Unit() float64 { return unitOf(g.next()) }

// Next returns the generator one draw on, and that draw (the Unit a call would return), for a
// loop that holds its generator as a value: the compiler keeps the state in a register, where a
// generator behind a pointer carries it from draw to draw through a store and a load.
func (g SplitMix) Next() (SplitMix, float64) {
	u := g.Unit()
	return g, u
}

// unitOf is the uniform in [0, 1) of a generator output: its 53 high bits, scaled. (They are
// converted as a signed integer, one instruction on amd64, to the same float.)
func unitOf(z uint64) float64 { return float64(float64(int64(z>>11)) * 0x1p-53) }

// Intn returns floor(u*n) for a fresh draw u, so seeded and fixed draws share one convention.
func (g *SplitMix) Intn(n int64) int64 { return ScaleDiscrete(g.Unit(), n) }
