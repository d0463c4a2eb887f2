package schedule

import (
	"math"
	"runtime"
	"slices"
)

// pilotSize is how many samples are kept to bracket each rank.
const pilotSize = 1 << 14

// bracketLimit is the most values one bracket keeps; a fuller bracket falls back to histograms.
const bracketLimit = 1 << 20

// bracket sets [lo, hi] around where quantile p of n samples lies, from the sorted pilot.
func (t *target) bracket(sorted []float64, p float64) {
	m := float64(len(sorted))
	kLo, kHi := bracketRanks(len(sorted), p)
	t.lo, t.hi = math.Inf(-1), math.Inf(1)
	if kLo >= 0 {
		t.lo = sorted[kLo]
	}
	if kHi < len(sorted) {
		t.hi = sorted[kHi]
	}
	t.share = float64(min(kHi, len(sorted))-max(kLo, 0)) / m * 1.05
	t.bracketed = true
}

// bracketRanks are the 0-based ranks among m pilot values that bound quantile p's bracket
// (either may fall outside 0..m-1: no bound on that side).
func bracketRanks(m int, p float64) (kLo, kHi int) {
	mf := float64(m)
	sigma := math.Sqrt(max(p*(1-p), 1/mf) * mf)
	return int(math.Floor(p*mf-6*sigma)) - 2, int(math.Ceil(p*mf+6*sigma)) + 2
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
	lay.addBuckets(columns, pilot)
	workers := runtime.GOMAXPROCS(0)
	// A quarter more than expected in all: a worker may walk more samples than its share, and a
	// bracket hold more values than the pilot suggests.
	arena := newFloatArena(workers * lay.keptSize(sm.n/workers) * 5 / 4)
	defer arena.release() // after the kept values are joined into scratch slices, below
	states := walkBlocks(sm, func() *cutCounts { return lay.newCounts(sm.n/workers, arena) }, func(c *cutCounts, block []float64, samples int) {
		lay.placeBlock(c, block, sm.cols, samples)
	})
	for _, st := range states {
		lay.foldBuckets(st)
	}
	// Each goroutine joins an interval's kept values into one scratch slice, as long as the
	// longest join, in memory of its own for the same reason as the kept values' (floatArena).
	longest := 0
	for k := range states[0].kept {
		n := 0
		for _, st := range states {
			n += st.kept[k]
		}
		longest = max(longest, n)
	}
	scratch := make([][]float64, runtime.GOMAXPROCS(0))
	joinArena := newFloatArena(len(scratch) * longest)
	defer joinArena.release() // after the selections below
	for w := range scratch {
		scratch[w] = joinArena.floats(longest)[:0]
	}
	parallelW(len(columns), func(w, i int) {
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

// cutLayout lays every column's boundaries out flat, padded with +Inf to one stride, for the
// loop that places millions of values.
type cutLayout struct {
	cols       []int
	stride     int
	cellStride int              // 2*stride + 1 cells per column
	bounds     []float64        // column i's boundaries at [i*stride, (i+1)*stride)
	kept       []uint64         // column i: bit 2j set when interval j's values are kept
	share      []float64        // expected fraction of samples kept in interval j of column i
	buckets    []*columnBuckets // column i's buckets, or nil (see columnBuckets)
}

func newCutLayout(columns []*columnCuts, stride int) *cutLayout {
	l := &cutLayout{stride: stride, cellStride: 2*stride + 1}
	for _, cc := range columns {
		l.cols = append(l.cols, cc.col)
		for j := 0; j < stride; j++ {
			b := math.Inf(1)
			if j < len(cc.bounds) {
				b = cc.bounds[j]
			}
			l.bounds = append(l.bounds, b)
		}
		var mask uint64
		for j, k := range cc.kept {
			if k {
				mask |= 1 << (2 * j)
			}
		}
		l.kept = append(l.kept, mask)
		share := make([]float64, stride+1)
		copy(share, cc.share)
		l.share = append(l.share, share...)
	}
	return l
}

// cutCounts is one worker's tally: cells per column, and the kept values per interval: the
// first kept[k] of values[k] (a separate count, so keeping a value writes no slice header).
type cutCounts struct {
	cells  []int64
	values [][]float64
	kept   []int
	full   bool        // more values than bracketLimit in some interval: its brackets failed
	hist   []uint32    // per column with buckets, its values per bucket (see columnBuckets)
	arena  *floatArena // where kept values are (see floatArena)
}

// keptSize is how many values newCounts sets aside for a worker expecting to see expected samples.
func (l *cutLayout) keptSize(expected int) (n int) {
	for i := range l.cols {
		for j := 0; j <= l.stride; j++ {
			if l.kept[i]>>(2*j)&1 == 1 {
				n += l.keptCap(i, j, expected)
			}
		}
	}
	return n
}

// keptCap is the room set aside for interval j of column i's kept values.
func (l *cutLayout) keptCap(i, j, expected int) int {
	return min(bracketLimit, int(l.share[i*(l.stride+1)+j]*float64(expected))+64)
}

func (l *cutLayout) newCounts(expected int, arena *floatArena) *cutCounts {
	c := &cutCounts{cells: make([]int64, len(l.cols)*l.cellStride), values: make([][]float64, len(l.cols)*(l.stride+1)), kept: make([]int, len(l.cols)*(l.stride+1))}
	c.hist = make([]uint32, len(l.cols)*numBuckets)
	c.arena = arena
	for i := range l.cols {
		for j := 0; j <= l.stride; j++ {
			if l.kept[i]>>(2*j)&1 == 1 {
				c.values[i*(l.stride+1)+j] = arena.floats(l.keptCap(i, j, expected))
			}
		}
	}
	return c
}

// placeBlock counts a block of samples' values (sample k's at block[k*cols:]) column by column:
// through the column's buckets when it has them (most columns; see columnBuckets), else by
// comparing each value with the boundaries.
func (l *cutLayout) placeBlock(c *cutCounts, block []float64, cols, samples int) {
	for i := range l.cols {
		switch {
		case l.buckets[i] != nil:
			l.placeColumnBuckets(c, i, block, cols, samples)
		case l.stride > 6:
			l.placeColumnWide(c, i, block, cols, samples)
		default:
			l.placeColumn(c, i, block, cols, samples)
		}
	}
}

// placeColumn is placeBlock's loop for a column with up to six boundaries and no buckets. The
// boundaries (three brackets) are held in registers and, for each boundary, the values above it
// are counted in a register too, without branches: the values with exactly j boundaries below
// them are the difference of two such counts, so no cell counter in memory is touched per value.
// Only a value equal to a boundary (rare) or inside a bracket (a few percent) takes a branch.
func (l *cutLayout) placeColumn(c *cutCounts, i int, block []float64, cols, samples int) {
	col := l.cols[i]
	// Past the stride, NaN: never below a value, never equal to one.
	b := cutBounds{math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()}
	copy(b[:], l.bounds[i*l.stride:(i+1)*l.stride])
	b0, b1, b2, b3, b4, b5 := b[0], b[1], b[2], b[3], b[4], b[5]
	var n0, n1, n2, n3, n4, n5, total int64 // values above boundary j; values
	var eq [8]int64                         // values equal to boundary j
	kept := l.kept[i]
	for k := 0; k < samples; k++ {
		v := block[k*cols+col]
		if v != v { // NaN: no value in this sample
			continue
		}
		total++
		a0, a1, a2, a3, a4, a5 := b2i(b0 < v), b2i(b1 < v), b2i(b2 < v), b2i(b3 < v), b2i(b4 < v), b2i(b5 < v)
		n0 += int64(a0)
		n1 += int64(a1)
		n2 += int64(a2)
		n3 += int64(a3)
		n4 += int64(a4)
		n5 += int64(a5)
		j := a0 + a1 + a2 + a3 + a4 + a5
		pos := 2 * j
		if b[j&7] == v {
			eq[j&7]++
			pos++
		}
		if kept>>pos&1 == 1 {
			l.keep(c, i, j, v)
		}
	}
	above := [8]int64{n0, n1, n2, n3, n4, n5}
	cells := c.cells[i*l.cellStride : (i+1)*l.cellStride]
	prev := total // values above boundary j-1 (all of them for j = 0)
	for j := 0; j <= l.stride; j++ {
		var next int64 // values above boundary j; none above the last
		if j < l.stride {
			next = above[j]
		}
		cells[2*j] += prev - next - eq[j]
		if j < l.stride {
			cells[2*j+1] += eq[j]
		}
		prev = next
	}
}

// cutBounds holds one column's boundaries (padded with +Inf to the stride) for placeBlock.
type cutBounds [8]float64

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keep keeps v in interval j of column i, unless the interval is full.
func (l *cutLayout) keep(c *cutCounts, i, j int, v float64) {
	k := i*(l.stride+1) + j
	n := c.kept[k]
	if vals := c.values[k]; n < len(vals) && n < bracketLimit {
		vals[n] = v
		c.kept[k] = n + 1
		return
	}
	if n >= bracketLimit {
		c.full = true
		return
	}
	// Past the expected share: grow, from the arena's spare room while it has some.
	grown := c.arena.floats(min(2*len(c.values[k])+64, bracketLimit))
	copy(grown, c.values[k][:n])
	grown[n] = v
	c.values[k] = grown
	c.kept[k] = n + 1
}

// placeColumnWide is placeBlock's loop for a column with more boundaries than cutBounds holds.
func (l *cutLayout) placeColumnWide(c *cutCounts, i int, block []float64, cols, samples int) {
	col := l.cols[i]
	for k := 0; k < samples; k++ {
		if v := block[k*cols+col]; v == v {
			l.placeValue(c, i, v)
		}
	}
}

// placeValue counts one value (not NaN) of column i in its cell, and keeps it when its interval
// is kept.
func (l *cutLayout) placeValue(c *cutCounts, i int, v float64) {
	bounds := l.bounds[i*l.stride : (i+1)*l.stride]
	j := 0
	for _, b := range bounds {
		j += b2i(b < v)
	}
	pos := 2 * j
	if j < len(bounds) && bounds[j] == v {
		pos++
	}
	c.cells[i*l.cellStride+pos]++
	if l.kept[i]>>pos&1 == 1 {
		l.keep(c, i, j, v)
	}
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
