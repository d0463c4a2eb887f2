package sample

import (
	"math"
	"runtime"
	"slices"
)

// pilotSize is how many samples are kept to bracket each rank.
const pilotSize = 1 << 14

// bracketLimit is the most values one bracket keeps; a fuller bracket falls back to histograms.
const bracketLimit = 1 << 20

// bracket sets [lo, hi] around where quantile p of the column lies, from its sorted pilot values,
// which samples pilot samples gave (fewer when some have no value in the column): the bracket's
// share is of the samples, as the room for its values is set aside per sample walked.
func (t *target) bracket(sorted []float64, p float64, samples int) {
	kLo, kHi := bracketRanks(len(sorted), p)
	t.lo, t.hi = math.Inf(-1), math.Inf(1)
	if kLo >= 0 {
		t.lo = sorted[kLo]
	}
	if kHi < len(sorted) {
		t.hi = sorted[kHi]
	}
	t.share = float64(min(kHi, len(sorted))-max(kLo, 0)) / float64(max(samples, len(sorted))) * 1.05
	t.bracketed = true
}

// bracketRanks are the 0-based ranks among m pilot values that bound quantile p's bracket
// (either may fall outside 0..m-1: no bound on that side).
func bracketRanks(m int, p float64) (kLo, kHi int) { return subsetBracketRanks(m, p, 1) }

// subsetBracketRanks are bracketRanks for m values drawn without replacement from the values
// whose quantile p is wanted, rest being the share of those left undrawn (0 < rest <= 1): the
// count of the m below the whole's quantile is hypergeometric, whose variance is the binomial
// one's times the finite-population correction, rest. A pilot leaves out nearly every sample
// (rest about 1); a pass that narrows after half its samples brackets 1/sqrt(2) as wide as a
// pilot of that many would, and narrower the later it narrows.
func subsetBracketRanks(m int, p, rest float64) (kLo, kHi int) {
	mf := float64(m)
	sigma := math.Sqrt(float64(max(p*(1-p), 1/mf)*mf) * rest)
	return int(math.Floor(float64(p*mf)-float64(6*sigma))) - 2, int(math.Ceil(float64(p*mf)+float64(6*sigma))) + 2
}

// orderRanks reorders v so that v[k] is its k-th smallest value for every k in ranks, as a sort
// would leave it, and every value before v[k] is at most v[k]: the brackets and the histogram
// grid read the pilot only at such ranks, and selecting them is linear where a sort is not.
// ranks must be ascending; ranks outside v are ignored.
func orderRanks(v []float64, ranks []int) {
	lo := 0
	for _, k := range ranks {
		if k < lo || k >= len(v) {
			continue
		}
		selectRank(v[lo:], k-lo)
		lo = k + 1
	}
}

// bracketPass counts, for every bracketed target, the samples below, at and inside its bracket,
// keeps those strictly inside, and settles the targets whose rank falls in it. The brackets of a
// column cut its values into a few cells at their boundaries; each sample value is placed once
// per column, whatever the number of percentiles.
func (sm *sampler) bracketPass(targets []*target, pilot [][]float64) {
	cuts := map[int]*columnCuts{}
	var columns []*columnCuts
	for _, t := range targets {
		if t.done || !t.bracketed {
			continue
		}
		cc := cuts[t.col]
		if cc == nil {
			cc = &columnCuts{col: t.col}
			cuts[t.col] = cc
			columns = append(columns, cc)
		}
		cc.targets = append(cc.targets, t)
	}
	if len(columns) == 0 {
		return
	}
	stride := 0
	for _, cc := range columns {
		cc.prepare()
		stride = max(stride, len(cc.bounds))
	}
	lay := newCutLayout(columns, stride)
	for i, cc := range columns {
		if cc.col < len(sm.aligned) {
			lay.aligned[i] = sm.aligned[cc.col]
		}
	}
	lay.addBuckets(columns, pilot)
	workers := runtime.GOMAXPROCS(0)
	states := make([]*cutCounts, workers)
	for w := range states {
		states[w] = lay.newCounts(sm.n / workers)
	}
	shareChunks(sm.recycled, states)
	generated := sm.stride() // columns per sample in a block
	place := func(c *cutCounts, block []float64, samples int) { lay.placeBlock(c, block, generated, samples) }
	from := 0
	if slices.ContainsFunc(lay.aligned, func(a *alignedColumn) bool { return a != nil }) {
		for at := sm.narrowAt; at > 0 && at < sm.n; at = nextNarrowing(at, sm.n) {
			walkRange(sm, from, at, states, place)
			lay.narrow(columns, states, float64(sm.n-at)/float64(sm.n-1))
			from = at
		}
	}
	walkRange(sm, from, sm.n, states, place)
	for _, st := range states {
		lay.foldBuckets(st)
	}
	// Each goroutine joins an interval's kept values into one scratch slice, as long as the
	// longest join.
	longest := 0
	for k := range states[0].kept {
		n := 0
		for _, st := range states {
			n += st.kept[k]
		}
		longest = max(longest, n)
	}
	scratch := make([][]float64, runtime.GOMAXPROCS(0))
	for w := range scratch {
		scratch[w] = make([]float64, 0, longest)
	}
	parallelW(len(columns), func(w, i int) {
		if lay.aligned[i] != nil {
			sm.counts[columns[i].col], scratch[w] = lay.settleAligned(i, columns[i].targets, states, scratch[w])
			return
		}
		cells := make([]int64, 2*stride+1)
		full := false
		for _, st := range states {
			for pos := range cells {
				cells[pos] += st.cells[i*lay.cellStride+pos]
			}
			full = full || st.full
		}
		// An interval's kept values are joined, when a rank falls in it, into this goroutine's
		// scratch slice (reused from column to column, so they are not held twice).
		joined := -1
		values := func(j int) []float64 {
			if j != joined {
				v := scratch[w][:0]
				for _, st := range states {
					k := i*(stride+1) + j
					v = append(v, st.values[k][:st.kept[k]]...)
				}
				scratch[w], joined = v, j
			}
			return scratch[w]
		}
		sm.counts[columns[i].col] = columns[i].settle(cells, values, full)
		for _, st := range states {
			clear(st.values[i*(stride+1) : (i+1)*(stride+1)])
		}
	})
}

// columnCuts are the distinct bracket boundaries of one column, in order. Values fall in cells:
// position 2j is interval j (between boundaries j-1 and j; interval 0 below all, the last above
// all), position 2j+1 is boundary j itself.
type columnCuts struct {
	col     int
	targets []*target
	bounds  []float64
	kept    []bool // interval j lies inside some bracket: keep its values
	share   []float64
}

func (cc *columnCuts) prepare() {
	for _, t := range cc.targets {
		for _, b := range []float64{t.lo, t.hi} {
			if !math.IsInf(b, 0) && !slices.Contains(cc.bounds, b) {
				cc.bounds = append(cc.bounds, b)
			}
		}
	}
	slices.Sort(cc.bounds)
	cc.kept = make([]bool, len(cc.bounds)+1)
	cc.share = make([]float64, len(cc.bounds)+1)
	for _, t := range cc.targets {
		for j := range cc.kept {
			// Interval j is inside the bracket when lo <= its lower boundary and its upper
			// boundary <= hi.
			above := j == 0 && math.IsInf(t.lo, -1) || j > 0 && t.lo <= cc.bounds[j-1]
			below := j == len(cc.bounds) && math.IsInf(t.hi, 1) || j < len(cc.bounds) && cc.bounds[j] <= t.hi
			if above && below {
				cc.kept[j] = true
				cc.share[j] = max(cc.share[j], t.share)
			}
		}
	}
}

// interval returns the index of the first boundary >= v (len(bounds) when none).
func (cc *columnCuts) interval(v float64) int {
	j, _ := slices.BinarySearch(cc.bounds, v)
	return j
}

// settle finds each target's rank among the cell counts, when it falls inside its bracket.
func (cc *columnCuts) settle(cells []int64, values func(j int) []float64, full bool) (total int64) {
	for _, c := range cells {
		total += c
	}
	for _, t := range cc.targets {
		t.bracketed = false
		t.setRank(total)
		if total == 0 {
			t.value, t.done = math.NaN(), true
			continue
		}
		if full {
			continue
		}
		first, last := 0, 2*len(cc.bounds)
		if !math.IsInf(t.lo, -1) {
			first = 2*cc.interval(t.lo) + 1
		}
		if !math.IsInf(t.hi, 1) {
			last = 2*cc.interval(t.hi) + 1
		}
		k := t.rank
		for pos := 0; pos < first; pos++ {
			k -= cells[pos]
		}
		for pos := first; pos <= last && k > 0; pos++ {
			if k > cells[pos] {
				k -= cells[pos]
				continue
			}
			if pos%2 == 1 {
				t.value = cc.bounds[pos/2]
			} else {
				t.value = selectRank(values(pos/2), int(k-1))
			}
			t.done = true
			break
		}
	}
	return total
}
