package sample

// selectRanks does what orderRanks does (v[k] becomes v's k-th smallest value for every k in the
// ascending ranks, values before it at most it, after it at least it) in fewer passes: the least
// and greatest values are moved to the ends by one scan, and the other ranks are selected
// together, each partition splitting the ranks between its sides, instead of one quickselect
// per rank over everything after the previous one.
//
// Which of two equal values ends up at a rank is up to the algorithm, so for -0 and +0 the zero
// read there may differ from orderRanks'; the raw-start pilots that use it have no negative
// zeros (see schedule.ColumnWriter.RawStarts).
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

// selectRank returns the k-th smallest (0-based) of v, reordering v: quickselect with a
// median-of-three pivot. It leaves the values before k at most, and those after k at least, the
// k-th.
func selectRank(v []float64, k int) float64 {
	lo, hi := 0, len(v)-1
	for lo < hi {
		j, i := partition(v[lo : hi+1])
		j, i = lo+j, lo+i
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return v[k]
		}
	}
	return v[k]
}

// partition splits v (two values or more) around the median of its first, middle and last
// values (Hoare's scheme): afterwards v[:j+1] holds values at most the pivot, v[i:] values at
// least it, and v[j+1:i], if anything, values equal to it.
func partition(v []float64) (j, i int) {
	lo, hi := 0, len(v)-1
	mid := lo + (hi-lo)/2
	if v[mid] < v[lo] {
		v[mid], v[lo] = v[lo], v[mid]
	}
	if v[hi] < v[lo] {
		v[hi], v[lo] = v[lo], v[hi]
	}
	if v[hi] < v[mid] {
		v[hi], v[mid] = v[mid], v[hi]
	}
	pivot := v[mid]
	i, j = lo, hi
	for i <= j {
		for v[i] < pivot {
			i++
		}
		for v[j] > pivot {
			j--
		}
		if i <= j {
			v[i], v[j] = v[j], v[i]
			i++
			j--
		}
	}
	return j, i
}
