package sample

import (
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// sampledStrategies covers seed systems and composed policies, with and without WriteColumns.
func sampledStrategies() []schedule.Strategy {
	expo := schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		return math.Pow(2, float64(s.Attempt-1)) * (0.5 + d.Unit()), true
	})
	decorrelated := schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		return math.Min(30, 1+float64(d.Unit()*(float64(3*math.Max(s.Prev, 1))-1))), true
	})
	return []schedule.Strategy{
		presets.Polynomial{Attempts: 25, Jitter: 0.15},
		presets.Polynomial{Attempts: 25, Jitter: 0.15, JobDuration: 0.3},
		presets.Polynomial{Attempts: 5, Jitter: 0},
		presets.Polynomial{Attempts: 1, Jitter: 0.5},
		presets.Fixed{Attempts: 7, Wait: 3.7, Jitter: 0.15, JobDuration: 1.1},
		presets.Fixed{Attempts: 5, Wait: 2, Jitter: 0},
		presets.Fixed{Attempts: 1, Wait: 5, Jitter: 0.3},
		presets.Sidekiq{Retries: 25, Version: presets.SidekiqVersion{Major: 7}},
		presets.Sidekiq{Retries: 6, Version: presets.SidekiqVersion{Major: 8}, JobDuration: 2},
		presets.Sidekiq{Retries: 0, Version: presets.SidekiqVersion{Major: 6}},
		presets.ActRunner{FetchInterval: 2, FetchIntervalMax: 5, Polls: 12},
		presets.ActRunner{Polls: 1},
		schedule.Compose(schedule.Composed{ID: "expo", Waits: schedule.Capped(expo, 60), Attempts: 12, JobDuration: 0.25}),
		schedule.Compose(schedule.Composed{ID: "expo-elapsed", Waits: expo, Attempts: 40, MaxElapsed: 300, JobDuration: 1}),
		schedule.Compose(schedule.Composed{ID: "decorrelated", Waits: decorrelated, Attempts: 20, MaxElapsed: 120}),
		presets.Aiven{Mode: "timer", Timer: 1, Calls: 12},
		presets.GitLab{AcceptTimeout: 300},
	}
}

// fillOnly hides a strategy's WriteColumns: it is sampled through Fill.
type fillOnly struct{ schedule.Strategy }

// Percentiles through WriteColumns (and WriteSplitMix) equal those through Fill.
func TestPercentilesFastPathEqualsFill(t *testing.T) {
	percents := []float64{1, 50, 95, 99, 100}
	for _, s := range sampledStrategies() {
		if _, ok := s.(schedule.ColumnWriter); !ok {
			continue
		}
		want := Percentiles(fillOnly{s}, 8000, 1, percents)
		sameQuantiles(t, s.Name(), Percentiles(s, 8000, 1, percents), want)
	}
}

// A schedule sampled through Fill whose last row has a wait (presets.Aiven's every call sleeps or not)
// is not taken for a longer one when its rows fit the columns: each such sample would be
// generated again to be measured.
func TestFillPathKnowsTheLength(t *testing.T) {
	s := presets.Aiven{Mode: "timer", Timer: 1, Calls: 12}
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

// For every strategy of the registry at its defaults, and the cases above: where starts may be
// sampled raw, the raw starts round to Fill's starts, the waits are Fill's, bit for bit, and the
// draws consumed are the same (the generator is left in the same place).
func TestRawStartsRoundToFill(t *testing.T) {
	cases := sampledStrategies()
	for _, def := range strategy.All() {
		s, err := def.Build(def.Defaults())
		if err != nil {
			continue // a strategy that needs a parameter set: covered by its own tests
		}
		cases = append(cases, s)
	}
	raws := 0
	for _, s := range cases {
		w, ok := s.(schedule.ColumnWriter)
		if !ok || !w.RawStarts() {
			continue
		}
		raws++
		for i := range uint64(200) {
			g := draw.NewSplitMix(7, i)
			rows := s.Fill(g, nil)
			after := g.Unit()
			g = draw.NewSplitMix(7, i)
			vals := w.WriteColumns(g, nil, schedule.MaxAttempts, true)
			if len(vals) != 2*len(rows) || g.Unit() != after {
				t.Fatalf("%s sample %d: %d rows raw, %d through Fill, or other draws", s.Name(), i, len(vals)/2, len(rows))
			}
			for r, row := range rows {
				wait := 0.0
				if !math.IsNaN(vals[2*r+1]) {
					wait = vals[2*r+1]
				}
				if !sameBits(schedule.RoundStart(vals[2*r]), row.Start) || !sameBits(wait, row.Wait) {
					t.Fatalf("%s sample %d row %d: raw %v, %v; Fill %v, %v", s.Name(), i, r+1, vals[2*r], vals[2*r+1], row.Start, row.Wait)
				}
			}
		}
	}
	if raws < 10 {
		t.Errorf("only %d strategies sampled with raw starts", raws)
	}
}

// A SplitMixWriter's samples are generated with their draws made inline (fillDrawn): the same
// values as through WriteColumns, bit for bit, with columns for every row, fewer rows (a pass over
// some columns) and more (spare rows), raw or not.
func TestSplitMixWriterAsWriteColumns(t *testing.T) {
	for _, s := range sampledStrategies() {
		if _, ok := s.(schedule.SplitMixWriter); !ok {
			continue
		}
		rows := len(s.Fill(draw.Fixed(0.5), nil))
		for _, cols := range []int{2, 2 * rows, 2*rows - 2, 2*rows + 4} {
			if cols < 2 {
				continue
			}
			for _, raw := range []bool{false, true} {
				const count = 50
				fast, slow := newColumnFiller(s, cols, raw), newColumnFiller(s, cols, raw)
				slow.drawer = nil
				got, want := make([]float64, count*cols), make([]float64, count*cols)
				var gotLonger, wantLonger []uint64
				fast.fillBlock(9, 100, count, got, cols, func(i uint64) { gotLonger = append(gotLonger, i) })
				slow.fillBlock(9, 100, count, want, cols, func(i uint64) { wantLonger = append(wantLonger, i) })
				for c := range got {
					if !sameBits(got[c], want[c]) {
						t.Fatalf("%s cols %d raw %v: value %d is %v, WriteColumns gives %v", s.Name(), cols, raw, c, got[c], want[c])
					}
				}
				if !slices.Equal(gotLonger, wantLonger) {
					t.Errorf("%s cols %d: longer samples %v, WriteColumns says %v", s.Name(), cols, gotLonger, wantLonger)
				}
			}
		}
	}
}
