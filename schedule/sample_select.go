package schedule

// selectRanks does what orderRanks does (v[k] becomes v's k-th smallest value for every k in the
// ascending ranks, values before it at most it, after it at least it) in fewer passes: the least
// and greatest values are moved to the ends by one scan, and the other ranks are selected
// together, each partition splitting the ranks between its sides, instead of one quickselect
// per rank over everything after the previous one.
//
// Which of two equal values ends up at a rank is up to the algorithm, so for -0 and +0 the zero
// read there may differ from orderRanks'; the raw-start pilots that use it have no negative
// zeros (see RawStartSampler).
func selectRanks(v []float64, ranks []int) {
	if len(v) < 2 {
		return
	}
	lo, hi := 0, len(v)-1
	for i := 1; i < len(v); i++ {
		if v[i] < v[lo] {
			lo = i
		}
	}
	v[0], v[lo] = v[lo], v[0]
	for i := 1; i < len(v); i++ {
		if v[i] > v[hi] {
			hi = i
		}
	}
	v[hi], v[len(v)-1] = v[len(v)-1], v[hi]
	inner := make([]int, 0, len(ranks))
	for _, k := range ranks {
		if k > 0 && k < len(v)-1 {
			inner = append(inner, k-1)
		}
	}
	multiSelect(v[1:len(v)-1], inner)
}

// multiSelect puts v's k-th smallest value at v[k] for every k in the ascending ranks, with the
// values before it at most it and those after it at least it.
func multiSelect(v []float64, ranks []int) {
	for len(ranks) > 0 {
		if len(ranks) == 1 {
			selectRank(v, ranks[0])
			return
		}
		j, i := partition(v)
		// v[:j+1] <= pivot, v[i:] >= pivot, and v[j+1:i] (if any) equal the pivot: ranks there
		// are settled.
		a := 0
		for a < len(ranks) && ranks[a] <= j {
			a++
		}
		b := a
		for b < len(ranks) && ranks[b] < i {
			b++
		}
		multiSelect(v[:j+1], ranks[:a])
		right := ranks[b:]
		for n := range right {
			right[n] -= i
		}
		v, ranks = v[i:], right
	}
}
