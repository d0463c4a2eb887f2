package schedule

import (
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// rawSampled are the strategies sampled with raw starts, and parameters that are not.
func rawSampled() []Strategy {
	return []Strategy{
		Polynomial{Attempts: 25, Jitter: 0.15},
		Polynomial{Attempts: 25, Jitter: 0.15, JobDuration: 0.3},
		Polynomial{Attempts: 7, Jitter: 1, JobDuration: 3},
		Polynomial{Attempts: 5, Jitter: 0},
		Polynomial{Attempts: 1, Jitter: 0.5},
		Sidekiq{Retries: 25, Version: SidekiqVersion{7, 0, 0}},
		Sidekiq{Retries: 12, Version: SidekiqVersion{6, 0, 0}, JobDuration: 2.5},
		Sidekiq{Retries: 30, Version: SidekiqVersion{8, 0, 0}},
		Sidekiq{Retries: 0, Version: SidekiqVersion{8, 0, 0}},
		ActRunner{Polls: 12},
		Fixed{Attempts: 10, Wait: 3, Jitter: 0.15},
		Fixed{Attempts: 30, Wait: 0, Jitter: 0.15, JobDuration: 1.5},
		ActRunner{Polls: 40, FetchInterval: 0.001, FetchIntervalMax: 60},
	}
}

func sameBits(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// RoundStart keeps order: for v <= w, RoundStart(v) <= RoundStart(w), across the nanosecond
// threshold too.
func TestRoundStartMonotone(t *testing.T) {
	g := draw.NewSplitMix(3, 0)
	edges := []float64{0, 4.5e6, -4.5e6, 1e-9, 5e-10, 1.5e-9, 1}
	for range 1000000 {
		e := edges[g.Intn(int64(len(edges)))]
		v := e + float64(float64(g.Unit()-0.5)*math.Pow(2, float64(g.Intn(60))-40))
		w := math.Nextafter(v, math.Inf(1))
		if g.Intn(2) == 0 {
			w = v + float64(g.Unit()*math.Pow(2, float64(g.Intn(40))-30))
		}
		if RoundStart(v) > RoundStart(w) {
			t.Fatalf("RoundStart(%v) = %v > RoundStart(%v) = %v", v, RoundStart(v), w, RoundStart(w))
		}
	}
}

// SampleRawInto writes SampleInto's values with starts before rounding: rounded, they are the
// same bits, and the draws consumed are the same.
func TestSampleRawIntoMatchesSampleInto(t *testing.T) {
	for _, s := range rawSampled() {
		rs, ok := rawStarts(s)
		if !ok {
			t.Fatalf("%s: no raw starts", s.Name())
		}
		for _, cols := range []int{2 * SampledRows(s, 10, 0), 2*SampledRows(s, 10, 0) + 4, 2} {
			for i := range 3000 {
				var g1, g2 draw.SplitMix
				g1.Reseed(int64(i%5), uint64(i))
				g2.Reseed(int64(i%5), uint64(i))
				want, got := make([]float64, cols), make([]float64, cols)
				wn, gn := rs.SampleInto(&g1, want), rs.SampleRawInto(&g2, got)
				if wn != gn {
					t.Fatalf("%s sample %d: %d rows, SampleInto gives %d", s.Name(), i, gn, wn)
				}
				for c := 0; c < 2*gn; c++ {
					v := got[c]
					if c%2 == 0 {
						v = RoundStart(v)
						if math.Signbit(got[c]) {
							t.Fatalf("%s sample %d column %d: negative raw start %v", s.Name(), i, c, got[c])
						}
					}
					if !sameBits(v, want[c]) {
						t.Fatalf("%s sample %d column %d: %v, SampleInto gives %v", s.Name(), i, c, v, want[c])
					}
				}
				if g1.Unit() != g2.Unit() {
					t.Fatalf("%s sample %d: other draws consumed", s.Name(), i)
				}
			}
		}
	}
	for _, p := range []Polynomial{{Attempts: 5, Jitter: -1}, {Attempts: 5, Jitter: math.NaN()}, {Attempts: 5, JobDuration: -1}, {Attempts: 5, Jitter: math.Inf(1)}} {
		if p.RawStarts() {
			t.Errorf("%+v allows raw starts", p)
		}
	}
	for _, s := range []Sidekiq{{Retries: 5, JobDuration: -1}, {Retries: 5, JobDuration: math.NaN()}, {Retries: 5, JobDuration: math.Inf(1)}} {
		if s.RawStarts() {
			t.Errorf("%+v allows raw starts", s)
		}
	}
}

// neumaierNonNegative is StartSum.Add for non-negative operands: zeros, ties, subnormals, sums
// far above or below the addend, infinity.
func TestNeumaierNonNegativeIsStartSumAdd(t *testing.T) {
	special := []float64{0, math.SmallestNonzeroFloat64, 1e-300, 0.1, 1, 2, 3, 1e16, 1e300, math.MaxFloat64, math.Inf(1)}
	g := draw.NewSplitMix(5, 0)
	random := func() float64 { return math.Ldexp(g.Unit(), int(g.Unit()*120)-60) }
	for i := 0; i < 200000; i++ {
		sum, comp, d := random(), float64(random()*1e-16), random()
		if i < len(special)*len(special) {
			sum, d = special[i/len(special)], special[i%len(special)]
		}
		want := StartSum{sum: sum, comp: comp}
		want.Add(d)
		gotSum, gotComp := neumaierNonNegative(sum, comp, d)
		if !sameBits(gotSum, want.sum) || !sameBits(gotComp, want.comp) {
			t.Fatalf("sum %v comp %v + %v: %v, %v; StartSum.Add gives %v, %v", sum, comp, d, gotSum, gotComp, want.sum, want.comp)
		}
	}
}

// The lockstep block sampler writes what SampleRawInto writes, sample by sample, for block sizes
// that are and are not multiples of the lanes, and NaN past the rows, for any number of columns.
func TestRawBlockMatchesSampleRawInto(t *testing.T) {
	for _, s := range rawSampled() {
		p, ok := s.(Polynomial)
		if !ok { // only Polynomial has a block sampler
			continue
		}
		// Every row, room past them, and fewer rows than the schedule has (a pass over the first
		// columns only), odd counts of columns included.
		for _, cols := range []int{2 * p.Attempts, 2*p.Attempts + 6, max(2*p.Attempts-2, 2), p.Attempts + 1, 3, 2} {
			for _, count := range []int{1, 3, 4, 7, 64} {
				for seed := int64(0); seed < 3; seed++ {
					first := uint64(seed * 1000)
					block := make([]float64, count*cols)
					for c := range block {
						block[c] = 42
					}
					if !p.sampleRawBlock(seed, first, count, block, cols) {
						if p.Jitter != 0 {
							t.Fatalf("%+v: no block sampler", p)
						}
						continue
					}
					for k := range count {
						want := make([]float64, cols)
						f := newColumnFiller(p, cols, true)
						f.fill(draw.NewSplitMix(seed, first+uint64(k)), want)
						for c := range cols {
							if !sameBits(block[k*cols+c], want[c]) {
								t.Fatalf("%+v cols %d count %d sample %d column %d: %v, SampleRawInto gives %v", p, cols, count, k, c, block[k*cols+c], want[c])
							}
						}
					}
				}
			}
		}
	}
}

// sameQuantileBits compares two percentile tables bit for bit.
func sameQuantileBits(t *testing.T, name string, got, want Quantiles) {
	t.Helper()
	if len(got.Start) != len(want.Start) {
		t.Fatalf("%s: %d rows, want %d", name, len(got.Start), len(want.Start))
	}
	for r := range want.Start {
		if want.Reached != nil && got.Reached[r] != want.Reached[r] {
			t.Errorf("%s row %d reached %v, want %v", name, r+1, got.Reached[r], want.Reached[r])
		}
		for j := range want.Percents {
			if !sameBits(got.Start[r][j], want.Start[r][j]) || !sameBits(got.Wait[r][j], want.Wait[r][j]) {
				t.Errorf("%s row %d p%v: start %v wait %v, want %v %v", name, r+1, want.Percents[j], got.Start[r][j], got.Wait[r][j], want.Start[r][j], want.Wait[r][j])
			}
		}
	}
}

// Percentiles with raw starts (buckets, lockstep generation, the raw pilot and its selection)
// equal the sorted samples' bit for bit: with every sample in the pilot, with brackets, with
// pilots so small that brackets miss and histograms settle the rest, and with brackets narrowed
// during the pass.
func TestPercentilesRawEqualsFill(t *testing.T) {
	percents := []float64{0.1, 1, 50, 95, 99, 100}
	for _, s := range rawSampled() {
		const n = 8000
		want := exactPercentiles(s, n, 1, percents)
		sameQuantileBits(t, s.Name(), Percentiles(s, n, 1, percents), want)
		for _, pilot := range []int{2048, 300, 8} {
			sameQuantileBits(t, s.Name(), percentiles(s, n, 1, percents, pilot, nil), want)
		}
		sameQuantileBits(t, s.Name(), percentiles(s, n, 1, percents, 2048, nil), percentiles(fillOnly{s}, n, 1, percents, 2048, nil))
	}
	// A pilot larger than pilotSize is refined: the pass narrows its brackets once it has walked
	// that many samples (cutLayout.narrow).
	for _, s := range rawSampled()[1:3] {
		const n = 30000
		sameQuantileBits(t, s.Name(), percentiles(s, n, 2, percents, 20000, nil), exactPercentiles(s, n, 2, percents))
	}
}

// selectRanks leaves the values a sort would at the ranks asked, and a permutation of v.
func TestSelectRanksAsSorted(t *testing.T) {
	g := draw.NewSplitMix(9, 0)
	for range 3000 {
		n := 1 + int(g.Intn(300))
		v := make([]float64, n)
		distinct := 1 + g.Intn(int64(n)+1)
		for i := range v {
			v[i] = float64(g.Intn(distinct))
		}
		sorted := slices.Clone(v)
		slices.Sort(sorted)
		var ranks []int
		for range g.Intn(9) {
			ranks = append(ranks, int(g.Intn(int64(n)+4))-2)
		}
		ranks = append(ranks, 0, n-1)
		slices.Sort(ranks)
		selectRanks(v, ranks)
		for _, k := range ranks {
			if k >= 0 && k < n && v[k] != sorted[k] {
				t.Fatalf("n %d rank %d: %v, sorted gives %v", n, k, v[k], sorted[k])
			}
		}
		slices.Sort(v)
		if !slices.Equal(v, sorted) {
			t.Fatalf("n %d: not a permutation", n)
		}
	}
}

// Placing values through buckets gives the cells and kept values comparing each value with every
// boundary gives, for columns with ties, both zeros, negative values, infinities and NaN, and
// boundaries at zero.
func TestBucketsPlaceAsComparisons(t *testing.T) {
	g := draw.NewSplitMix(11, 0)
	pool := []float64{0, math.Copysign(0, -1), -1, 1, 2.5, -7, 1e-300, -1e-300, 1e6, math.Inf(1), math.Inf(-1), math.NaN(), math.Nextafter(1, 2), math.Nextafter(1, 0)}
	// A range of a few floats around zero puts -0 and +0 in different buckets.
	tiny := []float64{0, math.Copysign(0, -1), 5e-324, 1e-323, -5e-324, 2e-323}
	tinyTrial := false
	value := func() float64 {
		if tinyTrial {
			return tiny[g.Intn(int64(len(tiny)))]
		}
		if g.Intn(3) == 0 {
			return pool[g.Intn(int64(len(pool)))]
		}
		return float64((g.Unit() - 0.3) * math.Pow(10, float64(g.Intn(8))-3))
	}
	tried := 0
	for trial := range 1000 {
		tinyTrial = trial%4 == 0
		const cols, samples = 3, blockSize
		block := make([]float64, cols*samples)
		for i := range block {
			block[i] = value()
		}
		var pilot []float64
		for range 2 + g.Intn(20) {
			if v := value(); v == v {
				pilot = append(pilot, v)
			}
		}
		if trial%4 == 1 {
			// A range from the least positive float to the greatest: the widest buckets, where
			// values below the range must not wrap around into it.
			pilot = append(pilot, 5e-324, math.MaxFloat64)
			for i := range block {
				if g.Intn(2) == 0 {
					block[i] = -block[i]
				}
			}
			pilot = slices.DeleteFunc(pilot, func(v float64) bool { return v < 5e-324 })
		}
		if len(pilot) == 0 {
			continue
		}
		slices.Sort(pilot)
		var targets []*target
		for _, p := range []float64{0.05, 0.5, 0.9} {
			tg := &target{col: 1, p: p}
			tg.bracket(pilot, p, len(pilot))
			if g.Intn(4) == 0 {
				tg.lo, tg.hi = pilot[g.Intn(int64(len(pilot)))], pilot[len(pilot)-1]
			}
			targets = append(targets, tg)
		}
		cc := &columnCuts{col: 1, targets: targets}
		cc.prepare()
		if len(cc.bounds) == 0 || len(cc.bounds) > 6 {
			continue
		}
		plain := newCutLayout([]*columnCuts{cc}, len(cc.bounds))
		plain.buckets = make([]*columnBuckets, 1)
		bucketed := newCutLayout([]*columnCuts{cc}, len(cc.bounds))
		pilots := [][]float64{nil, {pilot[0], pilot[len(pilot)-1]}, nil}
		bucketed.addBuckets([]*columnCuts{cc}, pilots)
		if bucketed.buckets[0] == nil { // an infinite least or greatest pilot value
			continue
		}
		tried++
		want, got := plain.newCounts(samples, nil), bucketed.newCounts(samples, nil)
		plain.placeBlock(want, block, cols, samples)
		bucketed.placeBlock(got, block, cols, samples)
		bucketed.foldBuckets(got)
		if !slices.Equal(got.cells, want.cells) {
			t.Fatalf("trial %d bounds %v: cells %v, comparisons give %v", trial, cc.bounds, got.cells, want.cells)
		}
		for k := range want.values {
			a, b := slices.Clone(got.values[k][:got.kept[k]]), slices.Clone(want.values[k][:want.kept[k]])
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				t.Fatalf("trial %d interval %d: kept %v, comparisons keep %v", trial, k, a, b)
			}
		}
	}
	if tried < 300 {
		t.Fatalf("only %d trials had buckets", tried)
	}
}

// TestOrderEverySampleAsSorted: a column holding every sample has, at each percentile's nearest
// rank and at both ends, the very value (bits included) a sort puts there: with ties, both
// zeros, NaN and infinities.
func TestOrderEverySampleAsSorted(t *testing.T) {
	g := draw.NewSplitMix(7, 0)
	pools := [][]float64{
		{1, 2, 3},
		{0, math.Copysign(0, -1), 1, 2},
		{math.NaN(), 1, 0.5, math.Inf(1), math.Inf(-1)},
		{5, 5, 5, 5},
	}
	percents := []float64{1, 50, 90, 99, 100}
	for trial := range 300 {
		n := 1 + int(g.Unit()*200)
		v := make([]float64, n)
		for i := range v {
			if trial%2 == 0 {
				v[i] = math.Round(g.Unit()*20) / 4
			} else {
				pool := pools[trial/2%len(pools)]
				v[i] = pool[int(g.Unit()*float64(len(pool)))]
			}
		}
		want := slices.Clone(v)
		slices.Sort(want)
		orderEverySample(v, percents)
		for _, p := range percents {
			tg := target{p: p / 100}
			tg.setRank(int64(n))
			k := tg.rank - 1
			if math.Float64bits(v[k]) != math.Float64bits(want[k]) {
				t.Fatalf("trial %d: p%v at rank %d is %v, a sort gives %v", trial, p, k+1, v[k], want[k])
			}
		}
		if math.Float64bits(v[0]) != math.Float64bits(want[0]) || math.Float64bits(v[n-1]) != math.Float64bits(want[n-1]) {
			t.Fatalf("trial %d: ends %v, %v; a sort gives %v, %v", trial, v[0], v[n-1], want[0], want[n-1])
		}
	}
}

// Generic strategies without an elapsed limit sample raw starts; with one (the policy reads the
// rounded elapsed time) they do not.
func TestComposedRawStartsOnlyWithoutElapsedLimit(t *testing.T) {
	free := Compose(Composed{ID: "c", Waits: PolicyFunc(func(Step, Draws) (float64, bool) { return 1, true }), Attempts: 5, ElapsedFree: true})
	if !free.RawStarts() {
		t.Error("elapsed-free waits without a limit: no raw starts")
	}
	limited := Compose(Composed{ID: "c", Waits: free.Waits, Attempts: 5, ElapsedFree: true, MaxElapsed: 10})
	reads := Compose(Composed{ID: "c", Waits: free.Waits, Attempts: 5})
	negative := Compose(Composed{ID: "c", Waits: free.Waits, Attempts: 5, ElapsedFree: true, JobDuration: -1})
	for _, c := range []*Composed{limited, reads, negative} {
		if c.RawStarts() {
			t.Errorf("%+v allows raw starts", *c)
		}
	}
	vals, raw := make([]float64, 10), make([]float64, 10)
	free.SampleInto(draw.Fixed(0.5), vals)
	free.SampleRawInto(draw.Fixed(0.5), raw)
	for c := range vals {
		v := raw[c]
		if c%2 == 0 {
			v = RoundStart(v)
		}
		if !sameBits(v, vals[c]) {
			t.Errorf("column %d: raw %v, SampleInto %v", c, raw[c], vals[c])
		}
	}
}
