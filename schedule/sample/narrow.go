package sample

import "slices"

// nextNarrowing is how many samples of n the pass walks before it narrows again, having narrowed
// at at: twice as many, while that is fewer than n (a narrowing reads the bucket counts, and
// compacts the kept values); n when there is no next one.
func nextNarrowing(at, n int) int {
	if 2*at < n {
		return 2 * at
	}
	return n
}

// narrow narrows the kept buckets of the aligned columns once the pass has placed its first
// samples: to the buckets holding each percentile's bracket ranks among them, read from the
// bucket counts so far. Those samples are a share of the pass's, rest the share still to walk
// (subsetBracketRanks): the brackets are those of a pilot of that many samples, narrowed by the
// finite-population correction, as what is left to walk is ever less. A pilot of m
// samples held whole would take m values per column (25 MB for 25 rows and a pilot of 65536);
// this one takes the first samples of the pass, kept within the brackets of the small pilot the
// pass was planned with, and hardly any reading: the counts, and the kept values outside the
// range only when there are many (valuesOf). The pass narrows again each time it has walked
// twice as many samples (bracketPass): each time the brackets are at most 1/sqrt(2) as wide in
// samples, and so the values kept from there on and the selection among them. The values kept
// so far that the narrowed buckets no longer keep are dropped (keptChunks.compact): the memory
// the pass holds follows what is still kept.
//
// A rank past the buckets kept so far leaves that side as it was: the narrowed column keeps a
// subset of what the column kept (alignedColumn.narrowed), so any bucket it keeps has every
// value of the pass kept. The brackets only decide how much the pass keeps, never its result: a
// rank that falls outside them is settled by the histogram passes.
func (l *cutLayout) narrow(columns []*columnCuts, states []*cutCounts, rest float64) {
	narrowed := make([]bool, len(columns))
	parallel(len(columns), func(i int) {
		a := l.aligned[i]
		if a == nil || slices.ContainsFunc(states, func(st *cutCounts) bool { return st.full }) {
			return
		}
		var counts [numBuckets]int64
		for _, st := range states {
			for u, n := range st.hist[i*numBuckets : (i+1)*numBuckets] {
				counts[u] += int64(n)
			}
		}
		var inRange int64
		for _, n := range counts[:a.limit+1] {
			inRange += n
		}
		if inRange == 0 {
			return
		}
		fewest, most, belowLeast, belowMost := valuesOf(a, &counts, inRange, states, i)
		spans := make([][2]uint64, 0, len(columns[i].targets))
		for _, t := range columns[i].targets {
			// The least bracket rank among the fewest values there may be, with the most of
			// them below the range; the greatest among the most, with the fewest below.
			kLo, _ := subsetBracketRanks(int(fewest), t.p, rest)
			_, kHi := subsetBracketRanks(int(most), t.p, rest)
			first, last := uint64(0), a.limit
			if k := int64(kLo) - belowMost; k >= 0 {
				first = rankBucket(&counts, a.limit, k)
			}
			if k := int64(kHi) - belowLeast; k < inRange {
				last = rankBucket(&counts, a.limit, max(k, 0))
			}
			spans = append(spans, [2]uint64{first, last})
		}
		l.aligned[i] = a.narrowed(spans)
		narrowed[i] = true
	})
	parallel(len(states), func(w int) {
		st := states[w]
		for i, ok := range narrowed {
			if ok {
				st.spare = append(st.spare, st.aligned[i].compact(l.aligned[i])...)
			}
		}
	})
}

// valuesOf bounds how many values aligned column i has so far, and how many of them lie below
// its range. The buckets past the range count the values below it and above it together with the
// samples that have no value in the column (NaN). A few (at most one in 1024 of the values in the
// range) are taken as possibly all below, all above or none a value, which widens the brackets
// by that many ranks; more are told apart by reading them, from the kept values, which hold every
// value outside the range.
func valuesOf(a *alignedColumn, counts *[numBuckets]int64, inRange int64, states []*cutCounts, i int) (fewest, most, belowLeast, belowMost int64) {
	var outside int64
	for _, n := range counts[a.limit+1:] {
		outside += n
	}
	if outside <= inRange/1024 {
		return inRange, inRange + outside, 0, outside
	}
	below, above := outsideValues(a, states, i)
	n := inRange + int64(len(below)+len(above))
	return n, n, int64(len(below)), int64(len(below))
}

// rankBucket is the bucket, up to limit, that holds the in-range value of 0-based rank k.
func rankBucket(counts *[numBuckets]int64, limit uint64, k int64) uint64 {
	u := uint64(0)
	for seen := counts[0]; seen <= k && u < limit; seen += counts[u] {
		u++
	}
	return u
}
