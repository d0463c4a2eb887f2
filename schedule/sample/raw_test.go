package sample

import (
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// rawSampled are the strategies sampled with raw starts, and parameters that are not.
func rawSampled() []schedule.Strategy {
	return []schedule.Strategy{
		presets.Polynomial{Attempts: 25, Jitter: 0.15},
		presets.Polynomial{Attempts: 25, Jitter: 0.15, JobDuration: 0.3},
		presets.Polynomial{Attempts: 7, Jitter: 1, JobDuration: 3},
		presets.Polynomial{Attempts: 5, Jitter: 0},
		presets.Polynomial{Attempts: 1, Jitter: 0.5},
		presets.Sidekiq{Retries: 25, Version: presets.SidekiqVersion{Major: 7, Minor: 0, Patch: 0}},
		presets.Sidekiq{Retries: 12, Version: presets.SidekiqVersion{Major: 6, Minor: 0, Patch: 0}, JobDuration: 2.5},
		presets.Sidekiq{Retries: 30, Version: presets.SidekiqVersion{Major: 8, Minor: 0, Patch: 0}},
		presets.Sidekiq{Retries: 0, Version: presets.SidekiqVersion{Major: 8, Minor: 0, Patch: 0}},
		presets.ActRunner{Polls: 12},
		presets.Fixed{Attempts: 10, Wait: 3, Jitter: 0.15},
		presets.Fixed{Attempts: 30, Wait: 0, Jitter: 0.15, JobDuration: 1.5},
		presets.ActRunner{Polls: 40, FetchInterval: 0.001, FetchIntervalMax: 60},
	}
}

func sameBits(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// sameQuantileBits compares two percentile tables bit for bit.
func sameQuantileBits(t *testing.T, name string, got, want schedule.Quantiles) {
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
		want, got := plain.newCounts(samples), bucketed.newCounts(samples)
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
	free := schedule.Compose(schedule.Composed{ID: "c", Waits: schedule.PolicyFunc(func(schedule.Step, schedule.Draws) (float64, bool) { return 1, true }), Attempts: 5, ElapsedFree: true})
	if !free.RawStarts() {
		t.Error("elapsed-free waits without a limit: no raw starts")
	}
	limited := schedule.Compose(schedule.Composed{ID: "c", Waits: free.Waits, Attempts: 5, ElapsedFree: true, MaxElapsed: 10})
	reads := schedule.Compose(schedule.Composed{ID: "c", Waits: free.Waits, Attempts: 5})
	negative := schedule.Compose(schedule.Composed{ID: "c", Waits: free.Waits, Attempts: 5, ElapsedFree: true, JobDuration: -1})
	for _, c := range []*schedule.Composed{limited, reads, negative} {
		if c.RawStarts() {
			t.Errorf("%+v allows raw starts", *c)
		}
	}
	vals := free.WriteColumns(draw.Fixed(0.5), nil, 5, false)
	raw := free.WriteColumns(draw.Fixed(0.5), nil, 5, true)
	for c := range vals {
		v := raw[c]
		if c%2 == 0 {
			v = schedule.RoundStart(v)
		}
		if !sameBits(v, vals[c]) {
			t.Errorf("column %d: raw %v, rounded %v", c, raw[c], vals[c])
		}
	}
}
