package sample

import (
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// exactPercentiles stores every sample and sorts: the plain computation Percentiles must equal.
func exactPercentiles(s schedule.Strategy, n int, seed int64, percents []float64) schedule.Quantiles {
	var cols [][]float64
	var g draw.SplitMix
	var rows []schedule.Row
	for i := 0; i < n; i++ {
		g.Reseed(seed, uint64(i))
		rows = s.Fill(&g, rows)
		for len(cols) < 2*len(rows) {
			cols = append(cols, make([]float64, 0, n))
		}
		for r, row := range rows {
			cols[2*r] = append(cols[2*r], row.Start)
			if row.HasWait {
				cols[2*r+1] = append(cols[2*r+1], row.Wait)
			}
		}
	}
	q := schedule.Quantiles{Percents: percents}
	for c, v := range cols {
		slices.Sort(v)
		out := make([]float64, len(percents))
		for j, p := range percents {
			if len(v) == 0 {
				out[j] = math.NaN()
				continue
			}
			rank := max(1, int(math.Ceil(p/100*float64(len(v)))))
			out[j] = v[rank-1]
		}
		if c%2 == 0 {
			q.Start = append(q.Start, out)
		} else {
			q.Wait = append(q.Wait, out)
		}
	}
	return q
}

func sameQuantiles(t *testing.T, name string, got, want schedule.Quantiles) {
	t.Helper()
	if len(got.Start) != len(want.Start) {
		t.Errorf("%s: %d rows, want %d", name, len(got.Start), len(want.Start))
		return
	}
	for r := range want.Start {
		for j := range want.Percents {
			if got.Start[r][j] != want.Start[r][j] {
				t.Errorf("%s row %d start p%v = %v, want %v", name, r+1, want.Percents[j], got.Start[r][j], want.Start[r][j])
			}
			gw, ww := got.Wait[r][j], want.Wait[r][j]
			if gw != ww && !(math.IsNaN(gw) && math.IsNaN(ww)) {
				t.Errorf("%s row %d wait p%v = %v, want %v", name, r+1, want.Percents[j], gw, ww)
			}
		}
	}
}

// Percentiles are the exact sample order statistics, for continuous, discrete and constant
// columns alike.
func TestPercentilesEqualSortedSamples(t *testing.T) {
	percents := []float64{0.1, 1, 50, 95, 99, 100}
	strategies := []schedule.Strategy{
		presets.Polynomial{Attempts: 8, Jitter: 0.15},
		presets.Sidekiq{Retries: 6, Version: presets.SidekiqVersion{Major: 7}},
		presets.Sidekiq{Retries: 6, Version: presets.SidekiqVersion{Major: 8}},
		presets.ActRunner{FetchInterval: 2, FetchIntervalMax: 5, Polls: 6},
		presets.Aiven{Mode: "timer", Timer: 1, Calls: 12},
		presets.GitLab{AcceptTimeout: 300},
		presets.Fixed{Attempts: 3, Wait: 3},
	}
	for _, s := range strategies {
		for _, n := range []int{1, 7, 5000, 70000} {
			want := exactPercentiles(s, n, 3, percents)
			sameQuantiles(t, s.Name(), Percentiles(s, n, 3, percents), want)
			if n <= 5000 { // a tiny pilot brackets badly, which exercises the histogram fallback
				sameQuantiles(t, s.Name()+" (tiny pilot)", percentiles(s, n, 3, percents, 3, nil), want)
			}
		}
	}
}

// Attempt 2 of polynomial starts uniformly in [3, 3.15): its sampled median is near 3.075.
func TestPercentilesAccuracy(t *testing.T) {
	q := Percentiles(presets.Polynomial{Attempts: 2, Jitter: 0.15}, 200000, 1, []float64{5, 50, 95})
	for j, want := range []float64{3.0075, 3.075, 3.1425} {
		if got := q.Start[1][j]; math.Abs(got-want) > 0.001 {
			t.Errorf("p%v = %v, want about %v", q.Percents[j], got, want)
		}
	}
}

// The result does not depend on how many cores share the work.
func TestPercentilesIndependentOfGOMAXPROCS(t *testing.T) {
	s := presets.Polynomial{Attempts: 25, Jitter: 0.15}
	prev := runtime.GOMAXPROCS(1)
	one := Percentiles(s, 100000, 9, []float64{50, 95, 99})
	runtime.GOMAXPROCS(4)
	four := Percentiles(s, 100000, 9, []float64{50, 95, 99})
	runtime.GOMAXPROCS(prev)
	sameQuantiles(t, "GOMAXPROCS 1 vs 4", four, one)
}

// A crowded bin is narrowed again, unless the pass count says to keep its values anyway.
func TestNarrowForcesKeep(t *testing.T) {
	h := hist{counts: []int64{0, keepLimit + 1, 0}, min: []float64{0, 1, 0}, max: []float64{0, 2, 0}}
	a := &target{rank: 5}
	if a.narrow(h, false) || a.keeping || a.spec.gridLo != 1 || a.spec.gridHi != 2 {
		t.Errorf("unforced: keeping %v spec %+v, want a narrower grid over [1, 2]", a.keeping, a.spec)
	}
	b := &target{rank: 5}
	if !b.narrow(h, true) || !b.keeping {
		t.Error("forced: want the bin's values kept")
	}
	c := &target{rank: keepLimit + 5} // past every count: inconsistent, settles on NaN
	if c.narrow(h, false); !c.done || !math.IsNaN(c.value) {
		t.Errorf("inconsistent counts: done %v value %v, want NaN", c.done, c.value)
	}
}

// TestPercentilesInColumnGroups: a memory budget too small for every column at once splits the
// work into passes over groups of columns, with exactly the same results (pilot-only and
// bracketed runs, and a schedule whose length depends on the draws).
func TestPercentilesInColumnGroups(t *testing.T) {
	cases := []struct {
		s schedule.Strategy
		n int
	}{
		{presets.Polynomial{Attempts: 12, Jitter: 0.15}, 3000},
		{presets.Polynomial{Attempts: 12, Jitter: 0.15}, 30000},
		{presets.Sidekiq{Retries: 9, Version: presets.SidekiqVersion{Major: 8}}, 20000},
		{elapsedLimited(), 20000},
	}
	percents := []float64{1, 50, 99.5}
	for _, c := range cases {
		whole := percentilesWithin(c.s, c.n, 3, percents, pilotSize, nil, MemoryBudget)
		for _, budget := range []int{1, 200 << 10, 2 << 20} {
			parts := percentilesWithin(c.s, c.n, 3, percents, pilotSize, nil, budget)
			if !reflect.DeepEqual(fmt.Sprint(whole), fmt.Sprint(parts)) {
				t.Errorf("%s n=%d budget %d: grouped percentiles differ\n got %v\nwant %v", c.s.Name(), c.n, budget, parts, whole)
			}
		}
	}
	if _, passes := SamplingPasses(presets.Fixed{Attempts: 20000, Wait: 3}, 10000, 1, []float64{50}); passes < 2 {
		t.Errorf("20000 rows x 10000 samples in %d pass: past the memory budget", passes)
	}
}

// TestPercentilesFindRareLongSchedules: a schedule is long (10 rows) only when its first draw is
// below 0.0005; the first samples looked at for the row count may well have none. The result
// must still have every row some sample reaches, with percentiles over those samples, as a brute
// force over the same streams has them.
func TestPercentilesFindRareLongSchedules(t *testing.T) {
	rare := schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		if s.Attempt == 1 {
			return d.Unit(), true
		}
		return s.Prev, s.Prev < 0.0005
	})
	s := schedule.Compose(schedule.Composed{ID: "rare", Waits: rare, Attempts: 10})
	const n, seed = 20000, 2
	want := 0
	for i := 0; i < n; i++ {
		want = max(want, len(s.Fill(draw.NewSplitMix(seed, uint64(i)), nil)))
	}
	if want != 10 || SampledRows(s, n, seed) != 2 {
		t.Fatalf("seed %d: want a long sample after the first 1024 only (longest %d, first ones %d)", seed, want, SampledRows(s, n, seed))
	}
	q := percentiles(s, n, seed, []float64{50, 100}, 256, nil)
	if len(q.Start) != 10 {
		t.Fatalf("%d rows, want 10", len(q.Start))
	}
	if q.Reached[9] <= 0 || q.Reached[9] > 0.01 {
		t.Errorf("row 10 reached by %v of samples", q.Reached[9])
	}
}

// rareLonger is a test schedule of ten rows, and of 10+extra rows for about one sample in odds.
type rareLonger struct {
	extra int
	odds  float64
}

func (rareLonger) Name() string                              { return "rare-longer" }
func (rareLonger) Params() []schedule.Param                  { return nil }
func (rareLonger) Columns() []schedule.Column                { return nil }
func (rareLonger) Notes(rows []schedule.Row) []schedule.Note { return nil }
func (r rareLonger) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	n := 10
	if d.Unit() < 1/r.odds {
		n += r.extra
	}
	rows = make([]schedule.Row, n)
	start := 0.0
	for k := range rows {
		rows[k] = schedule.Row{Attempt: k + 1, Start: start}
		if k < n-1 {
			w := 1 + d.Unit()
			rows[k].Wait, rows[k].HasWait = w, true
			start += w
		}
	}
	return rows
}

// A schedule whose length depends on its draws is sampled in one pass over the samples: its
// columns have spare rows for the rare sample longer than any the pilot saw, and the rows no
// sample reaches are not reported.
func TestVariableLengthOnePass(t *testing.T) {
	for _, s := range []rareLonger{
		{extra: 1, odds: 30000}, // too rare for the pilot, within the spare rows
		{extra: 4, odds: 5000},  // the pilot sees it and widens the columns past the spare rows
	} {
		const n = 100000
		var done atomic.Int64
		q := PercentilesProgress(s, n, 1, []float64{50, 99}, &done)
		if done.Load() != n {
			t.Errorf("%+v: walked %d samples, want one pass of %d", s, done.Load(), n)
		}
		want := exactPercentiles(s, n, 1, []float64{50, 99})
		if len(want.Start) != 10+s.extra {
			t.Fatalf("%+v: %d rows in %d samples, want a few longer ones", s, len(want.Start), n)
		}
		sameQuantiles(t, fmt.Sprintf("%+v", s), q, want)
	}
}

// A schedule of many rows whose every sample does not fit the budget at once is sampled with a
// smaller pilot and a bracket pass when that takes fewer passes (raw starts), with the same
// results as sorting every sample.
func TestManyRowsTakeASmallerPilot(t *testing.T) {
	s := presets.Polynomial{Attempts: 40, Jitter: 0.15}
	const n, cols = 20000, 80
	budget := cols * 15000 * 8 // room for 15000 values a column
	m := pilotFor(cols, n, rawPilotSize, []float64{50, 99}, true, budget)
	if m >= n {
		t.Fatalf("pilot of %d samples, want fewer than %d", m, n)
	}
	if pilotFor(cols, n, rawPilotSize, []float64{50, 99}, false, budget) != n {
		t.Error("a strategy without raw starts does not hold every sample")
	}
	want := exactPercentiles(s, n, 5, []float64{50, 99})
	sameQuantiles(t, "smaller pilot", percentilesWithin(s, n, 5, []float64{50, 99}, rawPilotSize, nil, budget), want)
}

// A pass over the first columns of a fixed-length schedule generates only the rows they hold
// (whole rows), and notes no sample as longer; the last pass, and any pass over a schedule whose
// length depends on the draws, generates every column.
func TestStrideStopsAtThePassColumns(t *testing.T) {
	cases := []struct {
		fixed          bool
		lo, hi, stride int
		notes          bool
	}{
		{true, 0, 31, 32, false},
		{true, 32, 64, 64, false},
		{true, 64, 100, 100, true},
		{false, 0, 31, 100, true},
	}
	for _, c := range cases {
		var longest atomic.Int64
		sm := &sampler{s: presets.Fixed{Attempts: 60, Wait: 1, Jitter: 0.5}, cols: 100, lo: c.lo, hi: c.hi, fixed: c.fixed, longest: &longest}
		if got := sm.stride(); got != c.stride {
			t.Errorf("%+v: stride %d", c, got)
		}
		sm.longer()(0)
		if notes := longest.Load() != 0; notes != c.notes {
			t.Errorf("%+v: sample noted %v", c, notes)
		}
	}
}

// TestPercentilesOverSamplesThatReach compares the sampler with an independent brute force over
// the same per-sample streams: every row's nearest-rank percentile among the samples that reach
// it, and the fraction that do (row 3: u1+u2 <= 1.5, probability 7/8; row 4: u1+u2+u3 <= 0.5,
// probability 1/48).
func TestPercentilesOverSamplesThatReach(t *testing.T) {
	s := elapsedLimited()
	const n, seed = 40000, 5
	percents := []float64{1, 50, 99, 100}
	q := percentiles(s, n, seed, percents, 512, nil)
	cols := make([][]float64, 8)
	for i := 0; i < n; i++ {
		rows := s.Fill(draw.NewSplitMix(seed, uint64(i)), nil)
		for r, row := range rows {
			cols[2*r] = append(cols[2*r], row.Start)
			if row.HasWait {
				cols[2*r+1] = append(cols[2*r+1], row.Wait)
			}
		}
	}
	if len(q.Start) != 4 {
		t.Fatalf("%d rows, want 4", len(q.Start))
	}
	for c, vals := range cols[:8] {
		slices.Sort(vals)
		r := c / 2
		for j, p := range percents {
			got := q.Start[r][j]
			if c%2 == 1 {
				got = q.Wait[r][j]
			}
			if len(vals) == 0 {
				if !math.IsNaN(got) {
					t.Errorf("column %d p%v = %v, want NaN", c, p, got)
				}
				continue
			}
			rank := max(1, int(math.Ceil(p/100*float64(len(vals)))))
			if want := vals[rank-1]; got != want {
				t.Errorf("column %d p%v = %v, want %v", c, p, got, want)
			}
		}
	}
	for r, want := range []float64{1, 1, 7.0 / 8, 1.0 / 48} {
		if got := q.Reached[r]; math.Abs(got-want) > 0.01 {
			t.Errorf("row %d reached by %v of samples, want about %v", r+1, got, want)
		}
		if got, exact := q.Reached[r], float64(len(cols[2*r]))/n; got != exact {
			t.Errorf("row %d reached %v, counted %v", r+1, got, exact)
		}
	}
	if q.AllReach() {
		t.Error("AllReach is true for a schedule that ends on elapsed time")
	}
}
