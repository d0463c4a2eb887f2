package schedule

import "math"

// selectBuckets is how many buckets selectInBracket counts a bracket's values in.
const selectBuckets = 1024

// selectInBracket returns the k-th smallest (0-based) of the values in lists, every one within
// [lo, hi]. For lo > 0 the values are positive, and positive floats are ordered as their bits: it
// counts them in buckets of their bits less lo's, finds the bucket holding rank k and selects
// among that bucket's values only (two passes without a branch that depends on the order of the
// values, where a quickselect over all of them mispredicts a third of its comparisons). Otherwise
// it joins them and selects (selectRank).
func selectInBracket(lists [][]float64, k int, lo, hi float64) float64 {
	if !(lo > 0) {
		var all []float64
		for _, l := range lists {
			all = append(all, l...)
		}
		return selectRank(all, k)
	}
	base := math.Float64bits(lo)
	var shift uint
	for (math.Float64bits(hi)-base)>>shift >= selectBuckets {
		shift++
	}
	var counts [selectBuckets]int
	for _, l := range lists {
		for _, v := range l {
			counts[((math.Float64bits(v)-base)>>shift)&(selectBuckets-1)]++
		}
	}
	u := 0
	for k >= counts[u] {
		k -= counts[u]
		u++
	}
	bucket := make([]float64, 0, counts[u])
	for _, l := range lists {
		for _, v := range l {
			if (math.Float64bits(v)-base)>>shift == uint64(u) {
				bucket = append(bucket, v)
			}
		}
	}
	return selectRank(bucket, k)
}
