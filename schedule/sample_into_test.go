package schedule

import (
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// sampledStrategies covers every strategy with a SampleInto and some without (through Fill).
func sampledStrategies() []Strategy {
	expo := PolicyFunc(func(s Step, d Draws) (float64, bool) {
		return math.Pow(2, float64(s.Attempt-1)) * (0.5 + d.Unit()), true
	})
	decorrelated := PolicyFunc(func(s Step, d Draws) (float64, bool) {
		return math.Min(30, 1+float64(d.Unit()*(float64(3*math.Max(s.Prev, 1))-1))), true
	})
	return []Strategy{
		Polynomial{Attempts: 25, Jitter: 0.15},
		Polynomial{Attempts: 25, Jitter: 0.15, JobDuration: 0.3},
		Polynomial{Attempts: 5, Jitter: 0},
		Polynomial{Attempts: 1, Jitter: 0.5},
		Fixed{Attempts: 7, Wait: 3.7, Jitter: 0.15, JobDuration: 1.1},
		Fixed{Attempts: 5, Wait: 2, Jitter: 0},
		Fixed{Attempts: 1, Wait: 5, Jitter: 0.3},
		Sidekiq{Retries: 25, Version: SidekiqVersion{Major: 7}},
		Sidekiq{Retries: 6, Version: SidekiqVersion{Major: 8}, JobDuration: 2},
		Sidekiq{Retries: 0, Version: SidekiqVersion{Major: 6}},
		ActRunner{FetchInterval: 2, FetchIntervalMax: 5, Polls: 12},
		ActRunner{Polls: 1},
		Compose(Composed{ID: "expo", Waits: Capped(expo, 60), Attempts: 12, JobDuration: 0.25}),
		Compose(Composed{ID: "expo-elapsed", Waits: expo, Attempts: 40, MaxElapsed: 300, JobDuration: 1}),
		Compose(Composed{ID: "decorrelated", Waits: decorrelated, Attempts: 20, MaxElapsed: 120}),
		Aiven{Mode: "timer", Timer: 1, Calls: 12},
		GitLab{AcceptTimeout: 300},
	}
}

// SampleInto writes the very floats Fill computes, for many seeds, and leaves the generator where
// Fill leaves it; with fewer columns it writes the rows that fit, with more it writes its rows.
func TestSampleIntoMatchesFill(t *testing.T) {
	fast := 0
	for _, s := range sampledStrategies() {
		cs, ok := s.(ColumnSampler)
		if !ok {
			continue
		}
		fast++
		rows := SampledRows(s, 3000, 0)
		for _, cols := range []int{2 * rows, 2*rows + 6, max(2, 2*rows-4)} {
			for i := range 3000 {
				var g1, g2 draw.SplitMix
				g1.Reseed(int64(i%7), uint64(i))
				g2.Reseed(int64(i%7), uint64(i))
				want := make([]float64, cols)
				filled := s.Fill(&g1, nil)
				wn := FillColumns(filled, want)
				got := make([]float64, cols)
				for c := range got {
					got[c] = 42 // must be overwritten up to the rows written
				}
				gn := cs.SampleInto(&g2, got)
				if gn != wn {
					t.Fatalf("%s cols %d sample %d: %d rows, Fill gives %d", s.Name(), cols, i, gn, wn)
				}
				for c := 0; c < 2*gn; c++ {
					if math.Float64bits(got[c]) != math.Float64bits(want[c]) && !(math.IsNaN(got[c]) && math.IsNaN(want[c])) {
						t.Fatalf("%s cols %d sample %d column %d: %v, Fill gives %v", s.Name(), cols, i, c, got[c], want[c])
					}
				}
				if len(filled) <= cols/2 && g1.Unit() != g2.Unit() {
					t.Fatalf("%s sample %d: SampleInto consumed other draws than Fill", s.Name(), i)
				}
			}
			// Fixed draws and the supremum too (envelopes walk them).
			for _, d := range []Draws{draw.Fixed(0), draw.Fixed(0.5), draw.Upper{}} {
				want := make([]float64, cols)
				wn := FillColumns(s.Fill(d, nil), want)
				got := make([]float64, cols)
				if gn := cs.SampleInto(d, got); gn != wn {
					t.Fatalf("%s at %v: %d rows, Fill gives %d", s.Name(), d, gn, wn)
				}
				for c := 0; c < 2*wn; c++ {
					if math.Float64bits(got[c]) != math.Float64bits(want[c]) && !(math.IsNaN(got[c]) && math.IsNaN(want[c])) {
						t.Fatalf("%s at %v column %d: %v, Fill gives %v", s.Name(), d, c, got[c], want[c])
					}
				}
			}
		}
	}
	if fast < 10 {
		t.Fatalf("only %d strategies have SampleInto", fast)
	}
}

// fillOnly hides a strategy's SampleInto, as a strategy without the fast path.
type fillOnly struct{ Strategy }

// Percentiles through SampleInto equal those through Fill, for every seed tried.
func TestPercentilesFastPathEqualsFill(t *testing.T) {
	percents := []float64{1, 50, 95, 99, 100}
	for _, s := range sampledStrategies() {
		if _, ok := s.(ColumnSampler); !ok {
			continue
		}
		for seed := int64(0); seed < 3; seed++ {
			want := Percentiles(fillOnly{s}, 20000, seed, percents)
			sameQuantiles(t, s.Name(), Percentiles(s, 20000, seed, percents), want)
		}
	}
}

// roundHalfAway is math.Round for finite values.
func TestRoundHalfAwayIsRound(t *testing.T) {
	g := draw.NewSplitMix(5, 0)
	check := func(x float64) {
		if got, want := roundHalfAway(x), math.Round(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("roundHalfAway(%v) = %v, math.Round gives %v", x, got, want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -0.3, 0.3, 0.5, -0.5, 0.49999999999999994, -0.49999999999999994,
		1.5, 2.5, -2.5, 4503599627370495.5, -4503599627370495.5, 4.5e15, math.Nextafter(0.5, 0), 1e-300, 1e300, -1e300, 9007199254740993} {
		check(x)
	}
	for range 2000000 {
		x := float64((g.Unit() - 0.5) * math.Pow(2, float64(g.Intn(70))))
		check(x)
		check(math.Trunc(x) + 0.5)
	}
}

// A schedule sampled through Fill whose last row has a wait (Aiven's every call sleeps or not)
// is not taken for a longer one when its rows fit the columns: each such sample would be
// generated again to be measured.
func TestFillPathKnowsTheLength(t *testing.T) {
	s := Aiven{Mode: "timer", Timer: 1, Calls: 12}
	rows := s.Fill(draw.Fixed(0.5), nil)
	if !rows[len(rows)-1].HasWait {
		t.Fatal("the test wants a last row with a wait")
	}
	f := newColumnFiller(s, 2*len(rows), false)
	if f.fill(draw.Fixed(0.5), make([]float64, 2*len(rows))) {
		t.Error("rows that fit are reported longer")
	}
	if !f.fill(draw.Fixed(0.5), make([]float64, 2*len(rows)-2)) {
		t.Error("rows that do not fit are not reported longer")
	}
}
