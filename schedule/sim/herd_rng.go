package sim

import "math"

// rng is a run's own SplitMix64 stream for arrivals, network delays and server outcomes: one per
// run, seeded from the seed and the run index, so a run does not depend on how runs are spread
// over cores.
type rng struct {
	state uint64
	spare float64 // the second normal of a Box–Muller pair
	has   bool
}

func newRng(seed int64, stream uint64) *rng {
	return &rng{state: uint64(seed) ^ splitmix(stream+0x9e3779b97f4a7c15)}
}

func splitmix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// unit is uniform in [0, 1) with 53 bits.
func (r *rng) unit() float64 {
	r.state += 0x9e3779b97f4a7c15
	return float64(splitmix(r.state)>>11) * 0x1p-53
}

// exp draws an exponential with the given mean (inverse CDF on 1 − u, never log(0)).
func (r *rng) exp(mean float64) float64 { return -mean * math.Log(1-r.unit()) }

// normal draws a standard normal (Box–Muller, both values used).
func (r *rng) normal() float64 {
	if r.has {
		r.has = false
		return r.spare
	}
	u1, u2 := 1-r.unit(), r.unit()
	m := math.Sqrt(-2 * math.Log(u1))
	r.spare, r.has = m*math.Sin(2*math.Pi*u2), true
	return m * math.Cos(2*math.Pi*u2)
}
