package schedule

import "math"

// selectBuckets is how many buckets selectInBracket counts a bracket's values in.
const selectBuckets = 1024

// selectInBracket returns the k-th smallest (0-based) of the values in lists, every one within
// [lo, hi] (selectRanksInBracket with one rank).
func selectInBracket(lists [][]float64, k int, lo, hi float64) float64 {
	var out [1]float64
	selectRanksInBracket(lists, []int{k}, lo, hi, out[:])
	return out[0]
}

// selectRanksInBracket sets out[i] to the ks[i]-th smallest (0-based) of the values in lists,
// every one within [lo, hi]. For lo > 0 the values are positive, and positive floats are ordered
// as their bits: it counts them in buckets of their bits less lo's, finds the bucket holding each
// rank and selects among those buckets' values only (two passes for all the ranks, without a
// branch that depends on the order of the values, where a quickselect over all of them mispredicts
// a third of its comparisons). Otherwise it joins them and selects (selectRank).
func selectRanksInBracket(lists [][]float64, ks []int, lo, hi float64, out []float64) {
	if !(lo > 0) {
		var all []float64
		for _, l := range lists {
			all = append(all, l...)
		}
		for i, k := range ks {
			out[i] = selectRank(all, k)
		}
		return
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
	// Each rank's bucket and its rank there; slot[u] is 1 + the index of bucket u's values.
	var slot [selectBuckets]uint8
	var buckets [][]float64
	at := make([]int, len(ks))
	within := make([]int, len(ks))
	for i, k := range ks {
		u := 0
		for k >= counts[u] {
			k -= counts[u]
			u++
		}
		if slot[u] == 0 {
			buckets = append(buckets, make([]float64, 0, counts[u]))
			slot[u] = uint8(len(buckets))
		}
		at[i], within[i] = u, k
	}
	for _, l := range lists {
		for _, v := range l {
			if s := slot[((math.Float64bits(v)-base)>>shift)&(selectBuckets-1)]; s != 0 {
				buckets[s-1] = append(buckets[s-1], v)
			}
		}
	}
	for i := range ks {
		out[i] = selectRank(buckets[slot[at[i]]-1], within[i])
	}
}
