package sample

import (
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// Narrowing after m samples keeps fewer buckets, only buckets kept before, and the pass still
// settles every percentile on the value sorting all samples gives; also for a column most samples
// do not reach (NaN), whose brackets are taken among its own values.
func TestNarrowHalvesTheKeptBuckets(t *testing.T) {
	for seed := range int64(10) {
		g := draw.NewSplitMix(seed, 0)
		const pilotN, m, n = 1024, 16384, 1 << 17
		reach := 1.0
		if seed >= 5 {
			reach = 0.03
		}
		values := make([]float64, n)
		for k := range values {
			values[k] = 100 + float64(100*g.Unit()*g.Unit()) // skewed, as waits with jitter are not
			if g.Unit() >= reach {
				values[k] = math.NaN()
			}
		}
		pilot := slices.DeleteFunc(slices.Clone(values[:pilotN*4]), func(v float64) bool { return v != v })
		if reach == 1 {
			pilot = pilot[:pilotN]
		}
		slices.Sort(pilot)
		var targets []*target
		var brackets []bracketBounds
		for _, p := range []float64{0.05, 0.5, 0.95, 0.99} {
			tg := &target{col: 0, p: p}
			tg.bracket(pilot, p, pilotN)
			if reach < 1 {
				tg.bracket(pilot, p, 4*pilotN)
			}
			targets = append(targets, tg)
			brackets = append(brackets, bracketBounds{tg.lo, tg.hi, tg.share})
		}
		cc := &columnCuts{col: 0, targets: targets}
		cc.prepare()
		lay := newCutLayout([]*columnCuts{cc}, len(cc.bounds))
		wide := newAlignedColumn(pilot[0], pilot[len(pilot)-1], brackets)
		lay.aligned[0] = wide
		states := []*cutCounts{lay.newCounts(n / 2), lay.newCounts(n / 2)}
		place := func(from, to int) {
			for s := from; s < to; s += blockSize {
				lay.placeBlock(states[s/blockSize%2], values[s:s+blockSize], 1, blockSize)
			}
		}
		place(0, m)
		lay.narrow([]*columnCuts{cc}, states, float64(n-m)/float64(n-1))
		narrow := lay.aligned[0]
		before, after := 0, 0
		for u := range numBuckets {
			if narrow.keep[u] > wide.keep[u] {
				t.Fatalf("seed %d: bucket %d kept after narrowing, not before", seed, u)
			}
			if uint64(u) <= wide.limit {
				before += int(wide.keep[u])
				after += int(narrow.keep[u])
			}
		}
		// About half when every sample has a value; a column reached by few keeps more (its
		// values are few, its brackets wide), but still fewer.
		if reach == 1 && after*3 > before*2 || after*4 > before*3 {
			t.Errorf("seed %d, reach %v: %d buckets kept in the range before narrowing, %d after", seed, reach, before, after)
		}
		place(m, n)
		total, _ := lay.settleAligned(0, targets, states, nil)
		sorted := slices.DeleteFunc(slices.Clone(values), func(v float64) bool { return v != v })
		slices.Sort(sorted)
		if total != int64(len(sorted)) {
			t.Fatalf("seed %d: total %d, want %d", seed, total, len(sorted))
		}
		for _, tg := range targets {
			if !tg.done {
				t.Fatalf("seed %d: p%v not settled", seed, tg.p)
			}
			if want := sorted[tg.rank-1]; math.Float64bits(tg.value) != math.Float64bits(want) {
				t.Fatalf("seed %d: p%v = %v, sorting gives %v", seed, tg.p, tg.value, want)
			}
		}
	}
}

// narrowed keeps the buckets past the range, and nothing the column did not keep.
func TestNarrowedIsASubset(t *testing.T) {
	a := newAlignedColumn(1, 2, []bracketBounds{{lo: 1.2, hi: 1.3}, {lo: 1.7, hi: 1.9}})
	n := a.narrowed([][2]uint64{{a.bucket(1.25), a.bucket(1.28)}, {a.bucket(1.5), a.bucket(1.6)}})
	for u := range numBuckets {
		switch {
		case uint64(u) > a.limit && n.keep[u] != 1:
			t.Fatalf("bucket %d past the range not kept", u)
		case n.keep[u] > a.keep[u]:
			t.Fatalf("bucket %d kept by the narrowed column only", u)
		}
	}
	for v, kept := range map[float64]bool{1.26: true, 1.22: false, 1.55: false, 1.8: false} {
		if (n.keep[n.bucket(v)] == 1) != kept {
			t.Errorf("%v kept: %v, want %v", v, !kept, kept)
		}
	}
}

// Both refinements (narrowing during the pass, refining first) give the sorted samples' bit for
// bit, in one pass and in several, with columns aligned and not (presets.Sidekiq's whole seconds), and a
// pass narrows only when that takes no more passes than refining first.
func TestRefinementsEqualSorting(t *testing.T) {
	percents := []float64{1, 50, 95, 99}
	const n, pilotN = 200000, 20000
	for _, s := range []schedule.Strategy{presets.Polynomial{Attempts: 25, Jitter: 0.15}, presets.Sidekiq{Retries: 12, Version: presets.SidekiqVersion{Major: 6, Minor: 0, Patch: 0}, JobDuration: 2.5}} {
		want := exactPercentiles(s, n, 3, percents)
		cols := sampledColumns(len(want.Start), true)
		seen := map[refinement]int{}
		for budget := 1 << 17; budget <= 1<<24; budget = budget * 3 / 2 {
			how := refinementFor(true, true, cols, n, pilotN, percents, budget)
			narrow := passes(cols, columnsPerPass(cols, n, pilotN, percents, narrowDuring, budget))
			first := passes(cols, columnsPerPass(cols, n, pilotN, percents, refineFirst, budget))
			if (how == narrowDuring) != (narrow <= first) {
				t.Fatalf("budget %d: %v with %d passes narrowing, %d refining first", budget, how, narrow, first)
			}
			if seen[how]++; seen[how] > 2 || budget < 1<<21 {
				continue // two computations per refinement, not of many passes (slow)
			}
			sameQuantileBits(t, s.Name(), percentilesWithin(s, n, 3, percents, pilotN, nil, budget), want)
		}
		if _, ok := s.(presets.Polynomial); ok && (seen[narrowDuring] == 0 || seen[refineFirst] == 0) {
			t.Fatalf("%s: refinements tried %v, want both", s.Name(), seen)
		}
	}
}

// Compaction keeps, in order, exactly the kept values whose bucket the narrowed column keeps,
// within the chunks it had, and hands back only chunks it emptied, which a worker's next chunk
// reuses.
func TestCompactKeepsWhatIsKept(t *testing.T) {
	a := newAlignedColumn(1, 2, []bracketBounds{{lo: 1.1, hi: 1.9}})
	narrow := a.narrowed([][2]uint64{{a.bucket(1.4), a.bucket(1.6)}})
	g := draw.NewSplitMix(5, 0)
	for _, n := range []int{0, 1, 511, 512, 3000, 10000} {
		k := keptChunks{size: 512}
		c := &cutCounts{aligned: []keptChunks{k}}
		var all []float64
		for len(all) < n {
			dst := c.room(0)
			m := min(blockSize, n-len(all))
			for j := range m {
				v := 1 + g.Unit()
				if j%97 == 0 {
					v = math.NaN() // outside the range: always kept
				}
				dst[j] = v
				all = append(all, v)
			}
			c.aligned[0].n += m
		}
		var want []float64
		for _, v := range all {
			if narrow.keep[narrow.bucket(v)] == 1 {
				want = append(want, v)
			}
		}
		chunks := len(c.aligned[0].full) + 1
		emptied := c.aligned[0].compact(narrow)
		var got []float64
		c.aligned[0].each(func(vals []float64) { got = append(got, vals...) })
		if !slices.EqualFunc(got, want, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) }) {
			t.Fatalf("%d values: %d kept after compaction, want %d", n, len(got), len(want))
		}
		if n > 0 && len(c.aligned[0].full)+1+len(emptied) != chunks {
			t.Fatalf("%d values: %d chunks kept and %d emptied, of %d", n, len(c.aligned[0].full)+1, len(emptied), chunks)
		}
		c.spare = emptied
		if len(emptied) > 0 && &c.chunk(512)[0] != &emptied[len(emptied)-1][0] {
			t.Fatalf("%d values: a new chunk instead of an emptied one", n)
		}
	}
}

// The quantile of all n values has, among the first m of them, a rank inside the subset brackets
// (for every seed tried, as six standard deviations promise), and those brackets are about
// sqrt(rest) as wide as a pilot's of m: the count below the whole's quantile varies less the
// fewer values are left out.
func TestSubsetBracketsHoldTheWholesQuantile(t *testing.T) {
	const n = 20000
	ms, ps := []int{n / 8, n / 2, 7 * n / 8}, []float64{0.01, 0.5, 0.95, 0.99}
	for _, m := range ms {
		rest := float64(n-m) / float64(n-1)
		for _, p := range ps {
			kLo, kHi := subsetBracketRanks(m, p, rest)
			pLo, pHi := bracketRanks(m, p)
			if ratio := float64(kHi-kLo-4) / float64(pHi-pLo-4); math.Abs(ratio-math.Sqrt(rest)) > 0.05 {
				t.Errorf("m %d, p %v: subset bracket %d wide, a pilot's %d: ratio %.3f, want about sqrt(%.3f)", m, p, kHi-kLo, pHi-pLo, ratio, rest)
			}
		}
	}
	for seed := range int64(200) {
		g := draw.NewSplitMix(seed, 0)
		values := make([]float64, n)
		for k := range values {
			values[k] = g.Unit()
		}
		sorted := slices.Sorted(slices.Values(values))
		for _, p := range ps {
			tg := target{p: p}
			tg.setRank(n)
			q := sorted[tg.rank-1]
			below := 0 // among the first m, the values below the whole's quantile
			for k, m := range ms {
				from := 0
				if k > 0 {
					from = ms[k-1]
				}
				for _, v := range values[from:m] {
					if v < q {
						below++
					}
				}
				kLo, kHi := subsetBracketRanks(m, p, float64(n-m)/float64(n-1))
				if below < kLo || below > kHi {
					t.Fatalf("m %d, p %v, seed %d: %d of the first values lie below the quantile, outside the bracket [%d, %d]", m, p, seed, below, kLo, kHi)
				}
			}
		}
	}
}

// A column the pilot saw one value in (the first start, always 0) is not refined by a pass over
// the first samples, even when a percentile's bracket is open on one side (p99.9 of a pilot of
// 16384: its upper rank is past the pilot), where its bounds differ.
func TestConstantColumnIsNotRefined(t *testing.T) {
	sm := &sampler{s: presets.Polynomial{Attempts: 25, Jitter: 0.15}, n: 200000, seed: 1, cols: 50, lo: 0, hi: 50, raw: true, fixed: true}
	sm.aligned = make([]*alignedColumn, sm.cols)
	pilot := make([][]float64, sm.cols)
	pilot[0] = make([]float64, pilotSize)
	tg := &target{col: 0, p: 0.999}
	tg.bracket(pilot[0], tg.p, pilotSize)
	if tg.lo != 0 || !math.IsInf(tg.hi, 1) {
		t.Fatalf("bracket [%v, %v], want [0, +Inf]: the test no longer tries an open bracket", tg.lo, tg.hi)
	}
	sm.refineColumns(pilot, 4*pilotSize, []*target{tg}, true)
	if tg.lo != 0 || !math.IsInf(tg.hi, 1) {
		t.Errorf("bracket [%v, %v] after refining, want [0, +Inf] left as it was", tg.lo, tg.hi)
	}
}

// The pilot's memory is cut into chunks that do not overlap (a chunk's capacity ends where the
// next begins: compaction writes up to a chunk's capacity), each holding at least two blocks and
// at most the largest chunkLen, shared out between the workers in turn.
func TestShareChunksCutsWithoutOverlap(t *testing.T) {
	memory := [][]float64{make([]float64, 16384), make([]float64, 5000), make([]float64, 300)}
	states := []*cutCounts{{}, {}}
	shareChunks(memory, states)
	seen := map[*float64]bool{}
	total := 0
	for w, st := range states {
		for _, c := range st.spare {
			if len(c) < 2*blockSize || len(c) > 4096 || cap(c) != len(c) {
				t.Fatalf("worker %d: a chunk of %d values, capacity %d", w, len(c), cap(c))
			}
			for i := range c {
				if seen[&c[i]] {
					t.Fatalf("worker %d: two chunks share a value's place", w)
				}
				seen[&c[i]] = true
			}
			total += len(c)
		}
	}
	if want := 16384 + 4096 + 904; total != want || len(states[0].spare) != 3 || len(states[1].spare) != 3 {
		t.Errorf("%d values in %d and %d chunks, want %d in 3 and 3", total, len(states[0].spare), len(states[1].spare), want)
	}
}
