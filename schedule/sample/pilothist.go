package sample

import "math"

// pilotHistogram stands for a pilot column ordered at its bracket ranks: the column's values
// counted in the buckets of its range (its least and greatest values), cut as alignedColumn cuts
// it. A rank's bucket bounds its value, so a bracket widened to whole buckets is found in one pass
// over the column instead of a selection per rank; the aligned placement keeps whole buckets
// anyway, so the buckets it keeps are the very ones the exact bracket gives. A bracket only
// decides how much work the pass over all samples does, never its result.
type pilotHistogram struct {
	grid   *alignedColumn
	hi     float64 // the greatest value
	counts [numBuckets]int32
}

// newPilotHistogram counts the column's values (NaN left out already), moving its least value
// first and its greatest last, as the ordering it stands for would; nil when the range is not
// one alignedColumn cuts (a value at or below zero, or past alignedRangeMax).
func newPilotHistogram(v []float64) *pilotHistogram {
	if len(v) == 0 {
		return nil
	}
	lo, hi := 0, 0
	for i, x := range v {
		if x < v[lo] {
			lo = i
		}
		if x > v[hi] {
			hi = i
		}
	}
	grid := newAlignedColumn(v[lo], v[hi], nil)
	if grid == nil {
		return nil
	}
	h := &pilotHistogram{grid: grid, hi: v[hi]}
	for _, x := range v {
		h.counts[grid.bucket(x)]++
	}
	v[0], v[lo] = v[lo], v[0]
	if hi == 0 {
		hi = lo // the greatest value was first: the swap moved it
	}
	last := len(v) - 1
	v[last], v[hi] = v[hi], v[last]
	return h
}

// bucketOfRank is the bucket of the k-th smallest value (0-based).
func (h *pilotHistogram) bucketOfRank(k int) uint64 {
	u := uint64(0)
	for seen := int(h.counts[0]); seen <= k && u < h.grid.limit; seen += int(h.counts[u]) {
		u++
	}
	return u
}

// bracket is target.bracket with the bracket's ends widened to their buckets' ends.
func (h *pilotHistogram) bracket(t *target, n int, p float64, samples int) {
	kLo, kHi := bracketRanks(n, p)
	t.lo, t.hi = math.Inf(-1), math.Inf(1)
	g := h.grid
	if kLo >= 0 {
		t.lo = math.Float64frombits(g.base + h.bucketOfRank(kLo)<<g.shift)
	}
	if kHi < n {
		if u := h.bucketOfRank(kHi); u < g.limit {
			t.hi = math.Float64frombits(g.base + (u+1)<<g.shift - 1)
		} else {
			t.hi = h.hi
		}
	}
	t.share = float64(min(kHi, n)-max(kLo, 0)) / float64(max(samples, n)) * 1.05
	t.bracketed = true
}

// bracket brackets quantile p of pilot column c (its values col, from samples samples): from its
// histogram when it has one, else from the column ordered at the bracket ranks.
func (sm *sampler) bracket(t *target, col []float64, p float64, samples int) {
	if t.col < len(sm.hists) && sm.hists[t.col] != nil {
		sm.hists[t.col].bracket(t, len(col), p, samples)
		return
	}
	t.bracket(col, p, samples)
}
