package schedule

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// rawBlockSampler is an optional faster SampleRawInto for a block of consecutive samples.
type rawBlockSampler interface {
	// sampleRawBlock writes samples first, first+1, ... first+count-1 of a run seeded with seed
	// (sample i drawn from draw.NewSplitMix(seed, i)) as SampleRawInto writes them, sample k at
	// block[k*cols:(k+1)*cols] with NaN past its rows (the rows that fit cols, as SampleRawInto). It reports false, writing nothing, when it
	// cannot for these parameters; the caller then samples one by one.
	sampleRawBlock(seed int64, first uint64, count int, block []float64, cols int) bool
}

// sampleRawBlock generates 4 samples in lockstep: each sample's compensated start sum is a chain
// of dependent additions, and interleaving independent samples lets the processor overlap their
// chains. Every sample goes through exactly sampleSplitMix's float operations (raw) in the same
// order (the jitter, the wait, StartSum.Add's Neumaier steps, Raw), so its values are the same
// bits; TestRawBlockMatchesSampleRawInto checks it. Rows past cols/2 are not generated.
func (p Polynomial) sampleRawBlock(seed int64, first uint64, count int, block []float64, cols int) bool {
	if p.Jitter == 0 || p.Attempts < 1 || p.Attempts >= 65536 || cols < 2 || !p.RawStarts() {
		return false
	}
	n := min(p.Attempts, cols/2) // the rows written
	k := 0
	for ; k+4 <= count; k += 4 {
		s0 := draw.SeedState(seed, first+uint64(k+0))
		s1 := draw.SeedState(seed, first+uint64(k+1))
		s2 := draw.SeedState(seed, first+uint64(k+2))
		s3 := draw.SeedState(seed, first+uint64(k+3))
		var sum0, sum1, sum2, sum3, comp0, comp1, comp2, comp3 float64
		v0 := block[(k+0)*cols : (k+0)*cols+cols]
		v1 := block[(k+1)*cols : (k+1)*cols+cols]
		v2 := block[(k+2)*cols : (k+2)*cols+cols]
		v3 := block[(k+3)*cols : (k+3)*cols+cols]
		for e := 1; e <= n; e++ {
			v0[2*e-2] = sum0 + comp0
			v1[2*e-2] = sum1 + comp1
			v2[2*e-2] = sum2 + comp2
			v3[2*e-2] = sum3 + comp3
			if e == p.Attempts {
				v0[2*e-1] = math.NaN()
				v1[2*e-1] = math.NaN()
				v2[2*e-1] = math.NaN()
				v3[2*e-1] = math.NaN()
				break
			}
			q := uint64(e) * uint64(e)
			delay := float64(q * q) // fourthPower(e), exact below 65536
			var u0 float64
			var u1 float64
			var u2 float64
			var u3 float64
			s0, u0 = draw.NextUnit(s0)
			s1, u1 = draw.NextUnit(s1)
			s2, u2 = draw.NextUnit(s2)
			s3, u3 = draw.NextUnit(s3)
			w0 := delay + float64(u0*delay*p.Jitter) + 2
			w1 := delay + float64(u1*delay*p.Jitter) + 2
			w2 := delay + float64(u2*delay*p.Jitter) + 2
			w3 := delay + float64(u3*delay*p.Jitter) + 2
			v0[2*e-1] = w0
			v1[2*e-1] = w1
			v2[2*e-1] = w2
			v3[2*e-1] = w3
			if p.JobDuration != 0 {
				sum0, comp0 = neumaierNonNegative(sum0, comp0, p.JobDuration)
				sum1, comp1 = neumaierNonNegative(sum1, comp1, p.JobDuration)
				sum2, comp2 = neumaierNonNegative(sum2, comp2, p.JobDuration)
				sum3, comp3 = neumaierNonNegative(sum3, comp3, p.JobDuration)
			}
			sum0, comp0 = neumaierNonNegative(sum0, comp0, w0)
			sum1, comp1 = neumaierNonNegative(sum1, comp1, w1)
			sum2, comp2 = neumaierNonNegative(sum2, comp2, w2)
			sum3, comp3 = neumaierNonNegative(sum3, comp3, w3)
		}
	}
	var g draw.SplitMix
	for ; k < count; k++ {
		g.Reseed(seed, first+uint64(k))
		p.sampleSplitMix(&g, block[k*cols:(k+1)*cols], true)
	}
	for k := range count {
		for c := 2 * n; c < cols; c++ {
			block[k*cols+c] = math.NaN()
		}
	}
	return true
}

// neumaierNonNegative is StartSum.Add on a sum and compensation held in registers, for a sum and
// an addend that are both at least zero (neither NaN): comparing their magnitudes is then
// comparing them, the same branch in fewer instructions, so the same result. Waits and job
// durations are such where RawStarts holds (a jitter and a job duration of at least zero), and so
// is every sum of them.
func neumaierNonNegative(sum, comp, d float64) (float64, float64) {
	d = float64(d) // as StartSum.Add
	t := sum + d
	if sum >= d {
		comp += (sum - t) + d
	} else {
		comp += (d - t) + sum
	}
	return t, comp
}
