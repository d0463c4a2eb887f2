package schedule

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// MaxSamples caps --samples.
const MaxSamples = 100000000

// Quantiles are sampled percentiles of every row's start and wait: Start[r][j] is the
// Percents[j]-th percentile of row r's start. Wait of a row that never has a wait is NaN.
type Quantiles struct {
	Percents []float64
	Start    [][]float64
	Wait     [][]float64
}

// Percentiles samples n schedules of s, sample i drawn from NewSplitMix(seed, i), and returns
// exact nearest-rank percentiles (the smallest sampled value with at least p% of samples at or
// below it) of every start and wait.
//
// It never stores n schedules. The first 16384 samples are kept and sorted: each wanted rank's
// value among them, widened by six standard deviations of rank, brackets where the value lies among
// all n. One pass over all samples then counts the values below the bracket and keeps only those
// inside it, from which the wanted rank is selected. A bracket that misses (rare) falls back to
// histogram passes that narrow a column's range bin by bin. Passes split the samples into chunks
// across cores; counts add up the same in any order and kept values are selected by rank, so the
// result is the same for any GOMAXPROCS.
func Percentiles(s Strategy, n int, seed int64, percents []float64) Quantiles {
	return percentiles(s, n, seed, percents, pilotSize)
}

// percentiles is Percentiles with a chosen pilot size (tests use tiny pilots to exercise the
// fallback).
func percentiles(s Strategy, n int, seed int64, percents []float64, pilotN int) Quantiles {
	rows := len(s.Fill(Constant(0.5), nil))
	cols := 2 * rows // start of row r at 2r, wait at 2r+1
	sm := &sampler{s: s, n: n, seed: seed, cols: cols}
	pilot := sm.pilot(min(n, pilotN))

	targets := make([]*target, 0, cols*len(percents))
	for c := 0; c < cols; c++ {
		for _, p := range percents {
			rank := max(1, min(int64(math.Ceil(p/100*float64(n))), int64(n)))
			t := &target{col: c, rank: rank}
			switch {
			case len(pilot[c]) == 0: // a column with no values: the wait after a last row
				t.value, t.done = math.NaN(), true
			case len(pilot[c]) == n: // every sample is in the pilot
				t.value, t.done = pilot[c][rank-1], true
			default:
				t.bracket(pilot[c], p/100, n)
			}
			targets = append(targets, t)
		}
	}
	sm.bracketPass(targets)
	sm.histogramPasses(targets, pilot)

	q := Quantiles{Percents: percents, Start: make([][]float64, rows), Wait: make([][]float64, rows)}
	for r := 0; r < rows; r++ {
		q.Start[r] = make([]float64, len(percents))
		q.Wait[r] = make([]float64, len(percents))
	}
	for i, t := range targets {
		p := i % len(percents)
		if t.col%2 == 0 {
			q.Start[t.col/2][p] = t.value
		} else {
			q.Wait[t.col/2][p] = t.value
		}
	}
	return q
}

// pilotSize is how many samples are kept to bracket each rank.
const pilotSize = 1 << 14

// bracketLimit is the most values one bracket keeps; a fuller bracket falls back to histograms.
const bracketLimit = 1 << 20

// bracket sets [lo, hi] around where quantile p of n samples lies, from the sorted pilot.
func (t *target) bracket(sorted []float64, p float64, n int) {
	m := float64(len(sorted))
	sigma := math.Sqrt(max(p*(1-p), 1/m) * m)
	kLo := int(math.Floor(p*m-6*sigma)) - 2
	kHi := int(math.Ceil(p*m+6*sigma)) + 2
	t.lo, t.hi = math.Inf(-1), math.Inf(1)
	if kLo >= 0 {
		t.lo = sorted[kLo]
	}
	if kHi < len(sorted) {
		t.hi = sorted[kHi]
	}
	t.share = float64(min(kHi, len(sorted))-max(kLo, 0)) / m * 1.2
	t.bracketed = true
}

// bracketPass counts, for every bracketed target, the samples below, at and inside its bracket,
// keeps those strictly inside, and settles the targets whose rank falls in it. The brackets of a
// column cut its values into a few cells at their boundaries; each sample value is placed once
// per column, whatever the number of percentiles.
func (sm *sampler) bracketPass(targets []*target) {
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
	workers := runtime.GOMAXPROCS(0)
	states := walk(sm, func() *cutCounts { return lay.newCounts(sm.n / workers) }, lay.place)
	parallel(len(columns), func(i int) {
		cells := make([]int64, 2*stride+1)
		var values [][]float64
		full := false
		for _, st := range states {
			for pos := range cells {
				cells[pos] += st.cells[i*lay.cellStride+pos]
			}
			if values == nil {
				values = make([][]float64, stride+1)
			}
			for j := range values {
				values[j] = append(values[j], st.values[i*(stride+1)+j]...)
			}
			full = full || st.full
		}
		columns[i].settle(cells, values, full)
	})
}

// cutLayout lays every column's boundaries out flat, padded with +Inf to one stride, for the
// loop that places millions of values.
type cutLayout struct {
	cols       []int
	stride     int
	cellStride int       // 2*stride + 1 cells per column
	bounds     []float64 // column i's boundaries at [i*stride, (i+1)*stride)
	kept       []uint64  // column i: bit 2j set when interval j's values are kept
	share      []float64 // expected fraction of samples kept in interval j of column i
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

// cutCounts is one worker's tally: cells per column, and the kept values per interval.
type cutCounts struct {
	cells  []int64
	values [][]float64
	full   bool // more values than bracketLimit in some interval: its brackets failed
}

func (l *cutLayout) newCounts(expected int) *cutCounts {
	c := &cutCounts{cells: make([]int64, len(l.cols)*l.cellStride), values: make([][]float64, len(l.cols)*(l.stride+1))}
	for i := range l.cols {
		for j := 0; j <= l.stride; j++ {
			if l.kept[i]>>(2*j)&1 == 1 {
				c.values[i*(l.stride+1)+j] = make([]float64, 0, min(bracketLimit, int(l.share[i*(l.stride+1)+j]*float64(expected))+64))
			}
		}
	}
	return c
}

// place counts one sample's values: for each column, the number of boundaries below the value
// (counted without branches) and whether it equals the next one give its cell.
func (l *cutLayout) place(c *cutCounts, vals []float64) {
	for i, col := range l.cols {
		v := vals[col]
		if v != v { // NaN: no value in this sample
			continue
		}
		bounds := l.bounds[i*l.stride : (i+1)*l.stride]
		j := 0
		for _, b := range bounds {
			inc := 0
			if b < v {
				inc = 1
			}
			j += inc
		}
		pos := 2 * j
		if j < len(bounds) && bounds[j] == v {
			pos++
		}
		c.cells[i*l.cellStride+pos]++
		if l.kept[i]>>pos&1 == 1 {
			k := i*(l.stride+1) + j
			if len(c.values[k]) >= bracketLimit {
				c.full = true
				continue
			}
			c.values[k] = append(c.values[k], v)
		}
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
func (cc *columnCuts) settle(cells []int64, values [][]float64, full bool) {
	for _, t := range cc.targets {
		t.bracketed = false
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
				t.value = selectRank(values[pos/2], int(k-1))
			}
			t.done = true
			break
		}
	}
}

// selectRank returns the k-th smallest (0-based) of v, reordering v: quickselect with a
// median-of-three pivot.
func selectRank(v []float64, k int) float64 {
	lo, hi := 0, len(v)-1
	for lo < hi {
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
		i, j := lo, hi
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

// histogramPasses settles the targets a bracket missed: histogram passes narrow the search to the
// bin holding the rank until the bin has one value or few enough to keep and select.
func (sm *sampler) histogramPasses(targets []*target, pilot [][]float64) {
	for _, t := range targets {
		if !t.done {
			col := pilot[t.col]
			t.below = 0
			t.spec = binSpec{col: t.col, lo: math.Inf(-1), hi: math.Inf(1), gridLo: col[0], gridHi: col[len(col)-1]}
		}
	}
	for pass := 0; pass < 64; pass++ {
		specs, index := activeSpecs(targets)
		if len(specs) == 0 {
			break
		}
		hists := sm.histogram(specs)
		var keep []binSpec
		keepIndex := map[binSpec]int{}
		for _, t := range targets {
			if t.done {
				continue
			}
			if t.narrow(hists[index[t.spec]]) {
				if _, ok := keepIndex[t.spec]; !ok {
					keepIndex[t.spec] = len(keep)
					keep = append(keep, t.spec)
				}
			}
		}
		if len(keep) == 0 {
			continue
		}
		kept := sm.collect(keep)
		for _, v := range kept {
			slices.Sort(v)
		}
		for _, t := range targets {
			if i, ok := keepIndex[t.spec]; ok && !t.done && t.keeping {
				t.value, t.done = kept[i][t.rank-t.below-1], true
			}
		}
	}
}

// target is one wanted order statistic of one column.
type target struct {
	lo, hi    float64 // bracket from the pilot
	share     float64 // expected fraction of samples inside the bracket
	bracketed bool
	col       int
	rank      int64   // 1-based rank among all samples
	below     int64   // samples known to be below spec.lo
	spec      binSpec // the values still searched, and their grid
	keeping   bool    // the next collect pass keeps spec's values
	value     float64
	done      bool
}

// narrow finds the bin holding the wanted rank in h. It settles the target when the bin holds a
// single value, asks for the bin's values when there are few, and otherwise narrows the search
// to the bin, returning whether values are to be kept.
func (t *target) narrow(h hist) bool {
	need := t.rank - t.below
	var seen int64
	for b, c := range h.counts {
		if seen+c < need {
			seen += c
			continue
		}
		t.below += seen
		blo, bhi := h.min[b], h.max[b]
		switch {
		case blo == bhi:
			t.value, t.done = blo, true
		case c <= keepLimit:
			t.spec = binSpec{col: t.col, lo: blo, hi: bhi}
			t.keeping = true
			return true
		default:
			t.spec = binSpec{col: t.col, lo: blo, hi: bhi, gridLo: blo, gridHi: bhi}
		}
		return false
	}
	// Unreachable with consistent counts; settle on the last value seen rather than loop.
	t.done = true
	return false
}

// activeSpecs returns the distinct searches of the unsettled targets, so targets of one column
// share a histogram.
func activeSpecs(targets []*target) ([]binSpec, map[binSpec]int) {
	index := map[binSpec]int{}
	var specs []binSpec
	for _, t := range targets {
		if t.done || t.keeping {
			continue
		}
		if _, ok := index[t.spec]; !ok {
			index[t.spec] = len(specs)
			specs = append(specs, t.spec)
		}
	}
	return specs, index
}

// keepLimit is the most values kept for one wanted rank; a fuller bin is histogrammed again.
const keepLimit = 1 << 16

// bins per histogram, plus one below and one above the grid.
const bins = 4096

// binSpec says which values of a column a pass looks at: those in [lo, hi], binned over the grid
// [gridLo, gridHi].
type binSpec struct {
	col            int
	lo, hi         float64
	gridLo, gridHi float64
}

type hist struct {
	counts   []int64
	min, max []float64
}

// sampler generates the samples of one run.
type sampler struct {
	s    Strategy
	n    int
	seed int64
	cols int
}

// walk calls visit with every sample's column values, from several goroutines, each with its own
// state from newState.
func walk[W any](sm *sampler, newState func() W, visit func(w W, vals []float64)) []W {
	workers := runtime.GOMAXPROCS(0)
	const chunk = 1 << 12
	var next atomic.Int64
	states := make([]W, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		states[w] = newState()
		wg.Add(1)
		go func(st W) {
			defer wg.Done()
			var g SplitMix
			rows := make([]Row, 0, sm.cols/2)
			vals := make([]float64, sm.cols)
			for {
				start := next.Add(chunk) - chunk
				if start >= int64(sm.n) {
					return
				}
				end := min(start+chunk, int64(sm.n))
				for i := start; i < end; i++ {
					g.Reseed(sm.seed, uint64(i))
					rows = sm.s.Fill(&g, rows)
					for r, row := range rows {
						vals[2*r] = row.Start
						if row.HasWait {
							vals[2*r+1] = row.Wait
						} else {
							vals[2*r+1] = math.NaN()
						}
					}
					visit(st, vals)
				}
			}
		}(states[w])
	}
	wg.Wait()
	return states
}

// pilot returns the first m samples' values, sorted, per column.
func (sm *sampler) pilot(m int) [][]float64 {
	out := make([][]float64, sm.cols)
	var g SplitMix
	var rows []Row
	for i := 0; i < m; i++ {
		g.Reseed(sm.seed, uint64(i))
		rows = sm.s.Fill(&g, rows)
		for r, row := range rows {
			out[2*r] = append(out[2*r], row.Start)
			if row.HasWait {
				out[2*r+1] = append(out[2*r+1], row.Wait)
			}
		}
	}
	parallel(len(out), func(c int) { slices.Sort(out[c]) })
	return out
}

// parallel runs f(0..n-1) on every core.
func parallel(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// histogram bins, for each spec, the values of its column inside [spec.lo, spec.hi]; bin 0 takes
// values below the grid and the last bin values above it.
func (sm *sampler) histogram(specs []binSpec) []hist {
	newState := func() []hist {
		hs := make([]hist, len(specs))
		for i := range hs {
			hs[i] = hist{counts: make([]int64, bins+2), min: make([]float64, bins+2), max: make([]float64, bins+2)}
			for b := range hs[i].min {
				hs[i].min[b], hs[i].max[b] = math.Inf(1), math.Inf(-1)
			}
		}
		return hs
	}
	scale := make([]float64, len(specs))
	for i, sp := range specs {
		if sp.gridHi > sp.gridLo {
			scale[i] = bins / (sp.gridHi - sp.gridLo)
		}
	}
	states := walk(sm, newState, func(hs []hist, vals []float64) {
		for i, sp := range specs {
			v := vals[sp.col]
			if !(v >= sp.lo && v <= sp.hi) { // also skips NaN
				continue
			}
			var b int
			switch {
			case v < sp.gridLo:
				b = 0
			case v > sp.gridHi:
				b = bins + 1
			default:
				b = 1 + min(int((v-sp.gridLo)*scale[i]), bins-1)
			}
			h := &hs[i]
			h.counts[b]++
			if v < h.min[b] {
				h.min[b] = v
			}
			if v > h.max[b] {
				h.max[b] = v
			}
		}
	})
	out := states[0]
	for _, st := range states[1:] {
		for i := range out {
			for b := range out[i].counts {
				out[i].counts[b] += st[i].counts[b]
				out[i].min[b] = math.Min(out[i].min[b], st[i].min[b])
				out[i].max[b] = math.Max(out[i].max[b], st[i].max[b])
			}
		}
	}
	return out
}

// collect returns, for each spec, every value of its column inside [lo, hi].
func (sm *sampler) collect(specs []binSpec) [][]float64 {
	states := walk(sm, func() [][]float64 { return make([][]float64, len(specs)) }, func(kept [][]float64, vals []float64) {
		for i, sp := range specs {
			if v := vals[sp.col]; v >= sp.lo && v <= sp.hi {
				kept[i] = append(kept[i], v)
			}
		}
	})
	out := make([][]float64, len(specs))
	for _, st := range states {
		for i := range out {
			out[i] = append(out[i], st[i]...)
		}
	}
	return out
}
