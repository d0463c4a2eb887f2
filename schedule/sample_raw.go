package schedule

import (
	"runtime"
)

// RawStartSampler is a ColumnSampler whose starts samplers may place before their rounding to the
// nanosecond. SampleRawInto writes what SampleInto writes and consumes the same draws, except that
// each start is its StartSum's Raw() where SampleInto writes Now() (= RoundStart(Raw())).
// RawStarts reports whether that is allowed for these parameters; Percentiles then selects raw
// starts and rounds only the values it reports.
//
// Why that is exact: a nearest-rank percentile is an order statistic, and order statistics commute
// with a monotone non-decreasing map. Sorting a column's raw starts and applying RoundStart to each
// (monotone, see RoundStart) leaves them sorted, so the k-th smallest rounded start is RoundStart of
// the k-th smallest raw start, and the counts of values per column (the ranks) are the same. What
// is saved is the division and rounding of every start of every sample.
//
// The one thing order does not settle is the sign of a zero: RoundStart maps -0 and tiny negative
// starts to -0, which compares equal to +0, so for a column holding both the zero printed would be
// up to the selection. RawStarts must therefore only be true when starts are never negative nor -0:
// waits and job duration are non-negative and finite (a Neumaier sum of such floats from +0 is +0
// while every term is zero, and otherwise positive: its compensation is a few units in the last
// place of the sum, far below the sum itself).
type RawStartSampler interface {
	ColumnSampler
	RawStarts() bool
	SampleRawInto(d Draws, vals []float64) (rows int)
}

// rawPilotSize is the pilot of strategies sampled with raw starts or of a fixed length, larger
// than pilotSize: their pass is planned with a pilot of pilotSize samples and gets the brackets of
// rawPilotSize samples, narrowed once it has walked them (cutLayout.narrow) or refined before it
// (refineColumns; see refinement); brackets half as wide halve the values kept, the first touches
// of the memory they take and the selection among them.
var rawPilotSize = 1 << 16

// pilotSizeFor is the pilot size for s.
func pilotSizeFor(s Strategy) int {
	_, raw := rawStarts(s)
	if _, fixed := extremeRows(s); raw || fixed {
		return rawPilotSize
	}
	return pilotSize
}

// rawStarts returns s as a RawStartSampler when it may be sampled with raw starts.
func rawStarts(s Strategy) (RawStartSampler, bool) {
	r, ok := s.(RawStartSampler)
	if !ok || !r.RawStarts() {
		return nil, false
	}
	return r, true
}

// roundStartColumns rounds the percentiles of start columns (even columns) of values sampled with
// raw starts, values[i] being column lo+i's.
func roundStartColumns(values [][]float64, lo int) {
	for i, col := range values {
		if (lo+i)%2 == 0 {
			for j, v := range col {
				col[j] = RoundStart(v)
			}
		}
	}
}

// RawStarts is true for a non-negative, bounded jitter and job duration (the ranges the command
// line accepts): every wait is then at least 2 s and finite, so starts are positive after the first
// (+0).
func (p Polynomial) RawStarts() bool {
	return p.Jitter >= 0 && p.Jitter <= 1e6 && p.JobDuration >= 0 && p.JobDuration <= 1e12
}

// SampleRawInto is SampleInto with unrounded starts (see RawStartSampler).
func (p Polynomial) SampleRawInto(d Draws, vals []float64) int { return p.sample(d, vals, true) }

// RawStarts is true for a non-negative, bounded job duration (the range the command line
// accepts): every wait is at least 15 s and finite, so starts are positive after the first (+0).
func (s Sidekiq) RawStarts() bool { return s.JobDuration >= 0 && s.JobDuration <= 1e12 }

// SampleRawInto is SampleInto with unrounded starts (see RawStartSampler).
func (s Sidekiq) SampleRawInto(d Draws, vals []float64) int { return s.sample(d, vals, true) }

// RawStarts is always true: the effective fetch interval is positive and the jitter takes at most
// a fifth of it away, so every sleep is positive.
func (a ActRunner) RawStarts() bool { return true }

// SampleRawInto is SampleInto with unrounded starts (see RawStartSampler).
func (a ActRunner) SampleRawInto(d Draws, vals []float64) int { return a.sample(d, vals, true) }

// RawStarts is true for waits that never read the elapsed time (ElapsedFree) under no elapsed
// limit, and a non-negative, bounded job duration: the rounded start is then only printed, never
// fed back, and starts are never negative.
func (c *Composed) RawStarts() bool {
	return c.ElapsedFree && c.MaxElapsed == 0 && c.JobDuration >= 0 && c.JobDuration <= 1e12
}

// SampleRawInto is SampleInto with unrounded starts (see RawStartSampler).
func (c *Composed) SampleRawInto(d Draws, vals []float64) int {
	return walkInto(c.walk, c.JobDuration, d, vals, true)
}

// RawStarts is true for a non-negative, bounded wait, jitter and job duration (the ranges the
// command line accepts): the waits (whole seconds plus a non-negative jitter) never read the
// elapsed time and are never negative.
func (f Fixed) RawStarts() bool {
	return f.Wait >= 0 && f.Wait <= 1e12 && f.Jitter >= 0 && f.Jitter <= 1e6 && f.JobDuration >= 0 && f.JobDuration <= 1e12
}

// SampleRawInto is SampleInto with unrounded starts (see RawStartSampler).
func (f Fixed) SampleRawInto(d Draws, vals []float64) int { return f.sample(d, vals, true) }

// start is the start to write for the next row: Raw() when raw, else Now().
func (s *StartSum) start(raw bool) float64 {
	if raw {
		return s.Raw()
	}
	return s.Now()
}

// pilotColumns fills out's columns of this pass (each with capacity m) with the first m samples'
// values, as the column filler writes them (raw starts), leaving out cells without a value (NaN).
// Samples are generated on every core, each into its own index, so the columns hold the same
// values in the same order whatever the number of cores. A sample longer than the columns is
// noted: the computation is redone with room for it.
func (sm *sampler) pilotColumns(out [][]float64, m int) {
	for c := sm.lo; c < sm.hi; c++ {
		out[c] = out[c][:m]
	}
	const chunk = 1 << 10
	workers := runtime.GOMAXPROCS(0)
	stride, longer := sm.stride(), sm.longer()
	bl := blockLen(stride)
	fillers, blocks := make([]*columnFiller, workers), make([][]float64, workers)
	for w := range workers {
		fillers[w], blocks[w] = newColumnFiller(sm.s, stride, sm.raw), make([]float64, bl*stride)
	}
	parallelW((m+bl-1)/bl, func(w, b int) {
		f, block := fillers[w], blocks[w]
		first, count := b*bl, min(bl, m-b*bl)
		f.fillBlock(sm.seed, uint64(first), count, block, stride, longer)
		for c := sm.lo; c < sm.hi; c++ {
			dst := out[c][first : first+count]
			for k := range dst {
				dst[k] = block[k*stride+c]
			}
		}
	})
	parallel(sm.hi-sm.lo, func(i int) {
		col := out[sm.lo+i]
		n := 0
		for _, v := range col {
			if v == v {
				col[n] = v
				n++
			}
		}
		out[sm.lo+i] = col[:n]
	})
}
