package sim

import "math/rand/v2"

// rng is a run's own SplitMix64 stream for arrivals, network delays and server outcomes: one per
// run, seeded from the seed and the run index, so a run does not depend on how runs are spread
// over cores. Normal and exponential variates come from math/rand/v2's ziggurat over it.
type rng struct {
	state uint64
	r     *rand.Rand
}

func newRng(seed int64, stream uint64) *rng {
	g := &rng{state: uint64(seed) ^ splitmix(stream+0x9e3779b97f4a7c15)}
	g.r = rand.New(g)
	return g
}

func splitmix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Uint64 makes rng a rand.Source.
func (g *rng) Uint64() uint64 {
	g.state += 0x9e3779b97f4a7c15
	return splitmix(g.state)
}

// unit is uniform in [0, 1) with 53 bits.
func (g *rng) unit() float64 { return float64(g.Uint64()>>11) * 0x1p-53 }

// exp draws an exponential with the given mean.
func (g *rng) exp(mean float64) float64 { return mean * g.r.ExpFloat64() }

// normal draws a standard normal.
func (g *rng) normal() float64 { return g.r.NormFloat64() }
