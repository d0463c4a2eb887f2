package sample

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// MaxSamples caps --samples.
const MaxSamples = 100000000

// Percentiles samples n schedules of s, sample i drawn from draw.NewSplitMix(seed, i), and returns
// exact nearest-rank percentiles (the smallest sampled value with at least p% of samples at or
// below it) of every start and wait.
//
// It never stores n schedules. The first 16384 samples are kept: each wanted rank's value among
// them, widened by six standard deviations of rank, brackets where the value lies among all n (the
// pilot is only ordered at those ranks, not sorted). One pass over all samples then counts the
// values below the bracket and keeps only those inside it, from which the wanted rank is
// selected. Strategies that implement schedule.ColumnWriter write each sample straight into its
// column values (a SplitMixWriter drawing from this package's generator); others go through Fill. Those
// whose RawStarts holds have their starts placed before rounding (rounded once selected). Those
// and schedules of a fixed length get the brackets a pilot of 65536 samples gives, and better:
// the pass narrows its aligned columns once it has walked twice its pilot, and again at every
// doubling (cutLayout.narrow), and the other columns, or all when narrowing would take more passes, are
// bracketed first by a pass over those samples (refineColumns). Values are placed by bucket:
// without a branch per value where the pilot allows (alignedColumn), else through boundary cells
// (columnBuckets). A bracket that misses (rare) falls back to histogram passes that narrow a
// column's range bin by bin. Passes split the samples into chunks across cores; counts add up the
// same in any order and kept values are selected by rank, so the result is the same for any
// GOMAXPROCS.
func Percentiles(s schedule.Strategy, n int, seed int64, percents []float64) schedule.Quantiles {
	return percentiles(s, n, seed, percents, pilotSizeFor(s), nil)
}

// PercentilesProgress is Percentiles that also counts the samples it has walked into done, for a
// progress display; a pass over all samples adds n, and most runs take one pass.
func PercentilesProgress(s schedule.Strategy, n int, seed int64, percents []float64, done *atomic.Int64) schedule.Quantiles {
	return percentiles(s, n, seed, percents, pilotSizeFor(s), done)
}

// percentiles is Percentiles with a chosen pilot size (tests use tiny pilots to exercise the
// fallback).
func percentiles(s schedule.Strategy, n int, seed int64, percents []float64, pilotN int, done *atomic.Int64) schedule.Quantiles {
	return percentilesWithin(s, n, seed, percents, pilotN, done, MemoryBudget)
}

// MemoryBudget is what one sampled percentile computation may hold (with the garbage collector's
// headroom and the schedules and the table around it, a command stays within 256 MB): the pilot samples,
// the values kept inside brackets and each column's own state (columnOverhead), for every column
// at once. A schedule with more columns than fit
// is sampled in several passes, each over a group of columns (rows), so memory stays bounded
// whatever the row count; the cost is one walk over the samples per group.
const MemoryBudget = 96 << 20

// SamplingPasses returns how many passes over n samples a percentile computation of s takes to
// stay within MemoryBudget (before any rare histogram fallback), with its row count.
func SamplingPasses(s schedule.Strategy, n int, seed int64, percents []float64) (rows, walks int) {
	rows = SampledRows(s, n, seed)
	_, fixed := extremeRows(s)
	raw := rawStarts(s)
	cols := sampledColumns(rows, fixed)
	m := pilotFor(cols, n, pilotSizeFor(s), percents, raw, MemoryBudget)
	group := columnsPerPass(cols, n, m, percents, refinementFor(raw, fixed, cols, n, m, percents, MemoryBudget), MemoryBudget)
	return rows, passes(cols, group)
}

// pilotFor is how many samples the pilot of a computation over cols columns takes: pilotN, or
// every sample when there are no more. A pilot of every sample holds them all, so a schedule of
// thousands of rows takes several passes over the samples (one per group of columns that fits the
// budget); with raw starts, whose columns hold no negative zero (the one value a bracket pass may
// report otherwise than a sort), a pilot of 4096 or 1024 samples and a bracket pass are taken
// instead when that takes fewer passes.
func pilotFor(cols, n, pilotN int, percents []float64, raw bool, budget int) int {
	m := min(n, pilotN)
	if m < n || !raw {
		return m
	}
	passesWith := func(m int) int { return passes(cols, columnsPerPass(cols, n, m, percents, noRefinement, budget)) }
	best := m
	for _, small := range []int{4096, 1024} {
		if small < n && passesWith(small) < passesWith(best) {
			best = small
		}
	}
	return best
}

// refinement is how a pass over n samples planned from a pilot of pilotSize gets the brackets a
// pilot of m samples would give, four times narrower in samples: where the pilot is larger than
// pilotSize and not every sample, for raw starts or a fixed length (whose pilots are generated on
// every core).
type refinement int

const (
	noRefinement refinement = iota
	// refineFirst: a pass over the first m samples brackets every column (refineColumns).
	refineFirst
	// narrowDuring: the pass narrows its aligned columns as it walks the samples, first at
	// twice its pilot (cutLayout.narrow); the others are refined first. Aligned columns keep the values of the
	// pilot's wider brackets over those m samples, so it is taken only when that takes no more
	// passes over the samples: a pass more costs more than the walk over m it saves.
	narrowDuring
)

// passes is how many passes cols columns take, group at a time.
func passes(cols, group int) int { return (cols + group - 1) / group }

// refinementFor is the refinement of a pass over cols columns with a pilot of m of n samples.
func refinementFor(raw, fixed bool, cols, n, m int, percents []float64, budget int) refinement {
	switch {
	case !(raw || fixed) || m <= pilotSize || m >= n:
		return noRefinement
	case passes(cols, columnsPerPass(cols, n, m, percents, narrowDuring, budget)) <= passes(cols, columnsPerPass(cols, n, m, percents, refineFirst, budget)):
		return narrowDuring
	default:
		return refineFirst
	}
}

// spareRows is how many rows more than expected a schedule whose length depends on its draws is
// sampled with: one sample among a million longer than any the pilot saw then still fits,
// instead of the whole computation being done again with room for it. Rows no sample reaches are
// not reported.
const spareRows = 2

// sampledColumns is how many columns rows expected rows are sampled with: a start and a wait per
// row, and spare rows when the length is not fixed.
func sampledColumns(rows int, fixed bool) int {
	if fixed {
		return 2 * rows
	}
	return 2 * (rows + spareRows)
}

// columnsPerPass is how many columns fit the budget at once. Each holds m pilot values and, when
// the pilot is not every sample, what the pass over all samples keeps: the values inside its
// brackets (about 6 standard deviations of rank on each side, per percentile) and half as many
// again (whole buckets around the brackets: alignedColumn), a chunk's room per worker (keptChunks)
// and each worker's bucket counts. A refined pass's pilot holds pilotSize values and, while
// columns are refined, what a pass over m samples keeps for two brackets per percentile
// (refineColumns); its memory then holds what the pass keeps: the larger of the two counts. A
// pass that narrows keeps, besides, the values inside the pilot's brackets among the first m
// samples.
func columnsPerPass(cols, n, m int, percents []float64, how refinement, budget int) int {
	// A bracket keeps at most bracketLimit values per interval; past that it falls back to
	// histograms, which hold bins, not values. Its width is bracketRanks'.
	inBrackets := func(pilot, samples int) float64 {
		kept := 0.0
		for _, p := range percents {
			kLo, kHi := bracketRanks(pilot, p/100)
			share := math.Min(1, float64(kHi-kLo)/float64(pilot)*1.05)
			kept += math.Min(share*float64(samples-pilot), bracketLimit)
		}
		return kept
	}
	workers := float64(runtime.GOMAXPROCS(0))
	room := float64(workers * (2*blockSize + numBuckets/2))
	refining := pilotSize + 2*inBrackets(pilotSize, m)
	per := float64(m)
	switch {
	case how == refineFirst:
		per = math.Max(refining, float64(1.5*inBrackets(m, n))+room)
	case how == narrowDuring:
		per = math.Max(refining, float64(1.5*(inBrackets(pilotSize, m)+inBrackets(m, n)))+room)
	case m < n:
		per += float64(1.5*inBrackets(m, n)) + room
	}
	group := int(float64(budget) / (float64(8*per) + columnOverhead(len(percents))))
	return max(1, min(group, cols))
}

// columnOverhead is what a column holds besides its values, in bytes: its slice headers (pilot,
// counts, settled values), its targets (one per percentile, each with its bracket and bin
// specification) and, in the pass, its placement state. Counted so that a schedule of 100000 rows
// with few samples stays within the budget too (at 100 samples a column's values are 800 bytes).
func columnOverhead(percents int) float64 { return float64(512 + 384*percents) }

func percentilesWithin(s schedule.Strategy, n int, seed int64, percents []float64, pilotN int, done *atomic.Int64, budget int) schedule.Quantiles {
	rows := SampledRows(s, n, seed)
	for {
		q, longest := percentilesOver(s, n, seed, percents, pilotN, done, budget, rows)
		if longest <= len(q.Start) {
			return q
		}
		// A sample past the pilot was longer than any the pilot saw: again, with room for it.
		rows = longest
	}
}

// percentilesOver samples with columns for rows rows (more if the pilot finds longer
// schedules) and returns the longest schedule any sample had.
func percentilesOver(s schedule.Strategy, n int, seed int64, percents []float64, pilotN int, done *atomic.Int64, budget int, rows int) (schedule.Quantiles, int) {
	var longest atomic.Int64
	_, fixed := extremeRows(s)
	expected := rows
	cols := sampledColumns(rows, fixed) // start of row r at 2r, wait at 2r+1
	counts := make([]int64, cols)
	var values [][]float64 // per column, one value per percentile
	raw := rawStarts(s)
	m := pilotFor(cols, n, pilotN, percents, raw, budget)
	how := refinementFor(raw, fixed, cols, n, m, percents, budget)
	pm := m // the samples the pilot holds
	if how != noRefinement {
		pm = pilotSize
	}
	for lo := 0; lo < cols; {
		group := columnsPerPass(cols, n, m, percents, how, budget)
		sm := &sampler{s: s, n: n, seed: seed, cols: cols, lo: lo, hi: min(lo+group, cols), done: done, widen: lo == 0, longest: &longest, raw: raw, fixed: fixed}
		ordered := percents // the percentiles the pilot is ordered at
		if how != noRefinement {
			ordered = append(slices.Clone(percents), refinePercents(percents, m)...)
		}
		pilot := sm.pilot(pm, ordered)
		if sm.cols > cols { // the first pilot found longer schedules
			cols = sm.cols
			counts = append(counts, make([]int64, cols-len(counts))...)
			sm.hi = min(lo+columnsPerPass(cols, n, m, percents, how, budget), cols)
		}
		sm.counts = counts
		targets := make([]*target, 0, (sm.hi-sm.lo)*len(percents))
		for c := sm.lo; c < sm.hi; c++ {
			if m == n { // every sample is in the pilot
				counts[c] = int64(len(pilot[c]))
			}
			for _, p := range percents {
				t := &target{col: c, p: p / 100}
				switch {
				case m == n && len(pilot[c]) == 0: // a column with no values: the wait after a last row
					t.value, t.done = math.NaN(), true
				case m == n:
					t.setRank(counts[c])
					t.value, t.done = pilot[c][t.rank-1], true
				case len(pilot[c]) == 0: // no pilot sample reaches it: keep whatever the pass finds
					t.lo, t.hi, t.share, t.bracketed = math.Inf(-1), math.Inf(1), 1.0/float64(pm), true
				default:
					sm.bracket(t, pilot[c], p/100, pm)
				}
				targets = append(targets, t)
			}
		}
		if how == refineFirst {
			sm.refineColumns(pilot, m, targets, false)
		}
		sm.planAligned(pilot, pm, targets)
		if how == narrowDuring {
			sm.refineColumns(pilot, m, targets, true)
			sm.narrowAt = 2 * pm
		}
		// From here on only each pilot column's least and greatest values are read (the
		// buckets' range and the histograms' grid): the rest of their memory holds the values
		// the pass keeps (recycled), whose pages are then already touched.
		for c, col := range pilot {
			switch {
			case len(col) > 2:
				pilot[c] = []float64{col[0], col[len(col)-1]}
				sm.recycled = append(sm.recycled, col[:cap(col)])
			case len(col) > 0:
				pilot[c] = slices.Clone(col)
			}
		}
		sm.bracketPass(targets, pilot)
		sm.recycled = nil
		sm.histogramPasses(targets, pilot)
		settled := make([][]float64, 0, sm.hi-sm.lo)
		for i := 0; i < len(targets); i += len(percents) {
			col := make([]float64, len(percents))
			for j := range percents {
				col[j] = targets[i+j].value
			}
			settled = append(settled, col)
		}
		if sm.raw {
			roundStartColumns(settled, sm.lo)
		}
		values = append(values, settled...)
		lo = sm.hi
		if lo < cols {
			// Let this group's pilot go before the next one is built: without a collection in
			// between, the heap may hold both, twice the budget.
			pilot, targets = nil, nil
			runtime.GC()
		}
	}
	rows = cols / 2
	for rows > expected && counts[2*(rows-1)] == 0 { // spare rows no sample reached
		rows--
	}
	q := schedule.Quantiles{Percents: percents, Start: make([][]float64, rows), Wait: make([][]float64, rows), Reached: make([]float64, rows)}
	for r := 0; r < rows; r++ {
		q.Start[r], q.Wait[r] = values[2*r], values[2*r+1]
		q.Reached[r] = float64(counts[2*r]) / float64(n)
	}
	return q, int(longest.Load())
}

// SampledRows is how many rows the sampled schedules of s are expected to have: the longest of
// the schedule at the middle and the greatest draws and of the first samples. The least draws
// are left out on purpose: with an elapsed-time limit they can give a schedule far longer than
// any sample reaches (waits of 0 never end it). A longer sample found later widens the columns.
func SampledRows(s schedule.Strategy, n int, seed int64) int {
	rows, fixed := extremeRows(s)
	if fixed {
		return rows
	}
	var g draw.SplitMix
	var buf []schedule.Row
	for i := 0; i < min(n, 1024); i++ {
		g.Reseed(seed, uint64(i))
		buf = s.Fill(&g, buf)
		rows = max(rows, len(buf))
	}
	return rows
}

// extremeRows is the longest of the schedules at the middle and the greatest draws, and whether
// the schedule has that length at the least draws too: a fixed-length schedule, as far as its
// extremes tell (a longer sample found later still widens the columns or redoes the pass).
func extremeRows(s schedule.Strategy) (rows int, fixed bool) {
	mid, hi := len(s.Fill(draw.Fixed(0.5), nil)), len(s.Fill(draw.Upper{}, nil))
	return max(mid, hi), mid == hi && len(s.Fill(draw.Fixed(0), nil)) == mid
}

// setRank sets the nearest rank of the target's percentile among a column's total values.
func (t *target) setRank(total int64) {
	t.rank = max(1, min(int64(math.Ceil(t.p*float64(total))), total))
}

// orderEverySample puts at each percentile's nearest rank (and at the ends) of a column holding
// every sample the value a sort would put there: a selection, not a sort, so a schedule of
// thousands of rows does not sort thousands of columns. A value is the same whichever equal value
// lands at a rank, except for the sign of a zero and for NaN, which sorts first: a column holding
// a negative zero or a NaN is sorted as before, from the order it came in.
func orderEverySample(v []float64, percents []float64) {
	if len(v) == 0 {
		return
	}
	if slices.ContainsFunc(v, func(x float64) bool { return x != x || x == 0 && math.Signbit(x) }) {
		slices.Sort(v)
		return
	}
	ranks := []int{0, len(v) - 1}
	for _, p := range percents {
		t := target{p: p / 100}
		t.setRank(int64(len(v)))
		ranks = append(ranks, int(t.rank-1))
	}
	slices.Sort(ranks)
	selectRanks(v, slices.Compact(ranks))
}

// target is one wanted order statistic of one column.
type target struct {
	p         float64 // the percentile as a fraction
	lo, hi    float64 // bracket from the pilot
	share     float64 // expected fraction of samples inside the bracket
	bracketed bool
	col       int
	rank      int64   // 1-based rank among the samples that have a value in the column
	below     int64   // samples known to be below spec.lo
	spec      binSpec // the values still searched, and their grid
	keeping   bool    // the next collect pass keeps spec's values
	value     float64
	done      bool
}

// sampler generates the samples of one run.
type sampler struct {
	done    *atomic.Int64     // samples walked so far, when someone watches
	counts  []int64           // per column, the samples that have a value there
	lo, hi  int               // the columns this pass settles
	widen   bool              // the pilot may add columns for longer schedules than expected
	longest *atomic.Int64     // the most rows any sample had
	raw     bool              // starts are sampled unrounded (see schedule.ColumnWriter.RawStarts)
	fixed   bool              // the schedule's length does not depend on the draws (extremeRows)
	aligned []*alignedColumn  // per column, how the bracket pass places it (nil: see columnBuckets)
	hists   []*pilotHistogram // per pilot column, its histogram when it stands for its ordering
	// narrowAt is how many samples the pass walks before it narrows the aligned columns'
	// brackets to those the bucket counts so far give (cutLayout.narrow), and again at every
	// doubling; 0: never.
	narrowAt     int
	workerBlocks [][]float64 // the walks' blocks, one per worker (blocks)
	recycled     [][]float64 // the pilot's memory, for the values the bracket pass keeps
	s            schedule.Strategy
	n            int
	seed         int64
	cols         int
}

// blockSize is the most samples a worker generates before visiting them (see blockLen).
const blockSize = 256

// blockLen is how many samples of cols values a worker generates before visiting them, a power
// of two: the more, the longer a visit going over them column by column reuses what it holds per
// column (an aligned column's bucket counts: alignedColumn), while the block stays within about
// 128 kB, in the second-level cache, for schedules of up to 32 rows; longer ones take fewer, down
// to one sample a block (a schedule of 100000 rows: 1.6 MB, where 64 samples took 100 MB a worker).
func blockLen(cols int) int {
	n := blockSize
	for n > 1 && n*cols > 1<<14 {
		n /= 2
	}
	return n
}

// walk calls visit with every sample's column values, from several goroutines, each with its own
// state from newState.
func walk[W any](sm *sampler, newState func() W, visit func(w W, vals []float64)) []W {
	stride := sm.stride()
	return walkBlocks(sm, newState, func(w W, block []float64, samples int) {
		for k := 0; k < samples; k++ {
			visit(w, block[k*stride:(k+1)*stride])
		}
	})
}

// stride is how many columns each sample of this pass is generated with (the values of sample k
// of a block at block[k*stride:(k+1)*stride]): every column, but for a schedule of a fixed length
// only up to this pass's last, rounded up to a whole row. A row's values depend on the draws of
// the rows before it only, so the rows after the pass's columns are not generated: a schedule of
// thousands of rows sampled in several passes generates, in all, about half of what whole samples
// would take.
func (sm *sampler) stride() int {
	if !sm.fixed {
		return sm.cols
	}
	return min(sm.cols, (sm.hi+1)&^1)
}

// longer is what a pass calls with each sample that had more rows than the columns generated
// hold: noteLonger when they are every column; nothing when they are a part, which the pass over
// the last columns then generates whole and notes.
func (sm *sampler) longer() func(i uint64) {
	if sm.stride() < sm.cols {
		return func(uint64) {}
	}
	return sm.noteLonger
}

// noteLonger records the length of sample i, which may not have fit the columns: when it did not,
// the pass is done again with room for it (rare: the pilot and the first samples set the columns).
func (sm *sampler) noteLonger(i uint64) {
	if sm.longest == nil {
		return
	}
	var g draw.SplitMix
	g.Reseed(sm.seed, i)
	n := int64(len(sm.s.Fill(&g, nil)))
	for l := sm.longest.Load(); n > l && !sm.longest.CompareAndSwap(l, n); l = sm.longest.Load() {
	}
}

// walkBlocks calls visit with the column values of every sample, a block of samples at a time
// (sample k's values at block[k*cols:(k+1)*cols]), from several goroutines, each with its own
// state from newState. Samples are handed out in chunks; which worker sees which sample does not
// matter to a visit that only counts and keeps values.
func walkBlocks[W any](sm *sampler, newState func() W, visit func(w W, block []float64, samples int)) []W {
	states := make([]W, runtime.GOMAXPROCS(0))
	for w := range states {
		states[w] = newState()
	}
	walkRange(sm, 0, sm.n, states, visit)
	return states
}

// walkRange is walkBlocks over samples from to to-1, one goroutine per state.
func walkRange[W any](sm *sampler, from, to int, states []W, visit func(w W, block []float64, samples int)) {
	const chunk = 1 << 12
	var next atomic.Int64
	next.Store(int64(from))
	stride, longer := sm.stride(), sm.longer()
	bl := blockLen(stride)
	blocks := sm.blocks(len(states), bl*stride)
	var wg sync.WaitGroup
	for w, st := range states {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := newColumnFiller(sm.s, stride, sm.raw)
			block := blocks[w]
			for {
				start := next.Add(chunk) - chunk
				if start >= int64(to) {
					return
				}
				end := min(start+chunk, int64(to))
				if sm.done != nil {
					sm.done.Add(end - start)
				}
				for i := start; i < end; i += int64(bl) {
					nb := int(min(int64(bl), end-i))
					f.fillBlock(sm.seed, uint64(i), nb, block, stride, longer)
					visit(st, block, nb)
				}
			}
		}()
	}
	wg.Wait()
}

// pilot returns the first m samples' values for the columns of this pass (others stay nil),
// widening the columns when allowed and a sample is longer than expected. When the pilot is every
// sample its columns are sorted. Otherwise a column whose values are positive has its least value
// first, its greatest last and a histogram that brackets any rank (pilotHistogram); any other
// column is only ordered at the ranks that are read (its least and greatest value and each
// percentile's bracket ranks; see orderRanks).
func (sm *sampler) pilot(m int, percents []float64) [][]float64 {
	out := make([][]float64, sm.cols)
	for c := sm.lo; c < sm.hi; c++ {
		out[c] = make([]float64, 0, m) // exact size: appending would double past the budget
	}
	var g draw.SplitMix
	var rows []schedule.Row
	// Samples of a fixed length, or with raw starts, are generated on every core; others one by
	// one, widening the columns when one is longer than expected.
	everyCore := sm.raw || sm.fixed
	if everyCore {
		sm.pilotColumns(out, m)
	}
	for i := 0; i < m && !everyCore; i++ {
		g.Reseed(sm.seed, uint64(i))
		rows = sm.s.Fill(&g, rows)
		for sm.widen && 2*len(rows) > len(out) {
			if sm.hi == len(out) {
				sm.hi += 2
			}
			out = append(out, nil, nil)
		}
		for r, row := range rows[:min(len(rows), len(out)/2)] {
			if c := 2 * r; c >= sm.lo && c < sm.hi {
				out[c] = append(out[c], row.Start)
			}
			if c := 2*r + 1; row.HasWait && c >= sm.lo && c < sm.hi {
				out[c] = append(out[c], row.Wait)
			}
		}
	}
	sm.cols = len(out)
	if m == sm.n { // every sample: the percentiles are read straight from the ordered columns
		parallel(len(out), func(c int) { orderEverySample(out[c], percents) })
		return out
	}
	sm.hists = make([]*pilotHistogram, len(out))
	parallel(len(out), func(c int) {
		if len(out[c]) == 0 {
			return
		}
		if sm.hists[c] = newPilotHistogram(out[c]); sm.hists[c] != nil {
			return // its brackets come from its histogram
		}
		ranks := []int{0, len(out[c]) - 1}
		for _, p := range percents {
			kLo, kHi := bracketRanks(len(out[c]), p/100)
			ranks = append(ranks, kLo, kHi)
		}
		slices.Sort(ranks)
		if sm.raw {
			selectRanks(out[c], ranks)
			return
		}
		orderRanks(out[c], ranks)
	})
	return out
}

// blocks returns a block of size values for each of workers workers: the same ones to every walk
// of the sampler that asks for that size (a bracket pass that narrows walks its samples in
// stages), as a fresh block is fresh memory, each of its pages a page fault.
func (sm *sampler) blocks(workers, size int) [][]float64 {
	if len(sm.workerBlocks) != workers || cap(sm.workerBlocks[0]) != size {
		sm.workerBlocks = make([][]float64, workers)
		for w := range sm.workerBlocks {
			sm.workerBlocks[w] = make([]float64, size)
		}
	}
	return sm.workerBlocks
}

// parallel runs f(0..n-1) on every core.
func parallel(n int, f func(i int)) { parallelW(n, func(_, i int) { f(i) }) }

// parallelW runs f(w, 0..n-1) on every core, w being the goroutine's number (below GOMAXPROCS).
func parallelW(n int, f func(w, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(w, i)
			}
		}()
	}
	wg.Wait()
}
