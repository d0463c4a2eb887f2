package presets

import (
	"math"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// powFour is math.Pow(k, 4) bit for bit: every k it computes without the call, and beyond.
func TestPowFourIsMathPow(t *testing.T) {
	for k := int64(0); k <= 12000; k++ {
		if got, want := powFour(k), math.Pow(float64(k), 4); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("powFour(%d) = %v, math.Pow gives %v", k, got, want)
		}
	}
	for _, k := range []int64{55108, 55109, 1 << 20, 1 << 40, -3} {
		if got, want := powFour(k), math.Pow(float64(k), 4); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("powFour(%d) = %v, math.Pow gives %v", k, got, want)
		}
	}
}

// rawSampledPresets are the presets sampled with unrounded starts, with parameters that reach
// their caps, wraps and jitter.
func rawSampledPresets() []schedule.Strategy {
	return []schedule.Strategy{
		Asynq{MaxRetry: 25},
		Asynq{MaxRetry: 320, JobDuration: 1.5}, // past the wrap: waits of 0
		NewRiver(River{MaxAttempts: 25}),
		NewRiver(River{MaxAttempts: 320, JobDuration: 0.25}), // past the cap
		NewOban(Oban{MaxAttempts: 20}),
		NewOban(Oban{MaxAttempts: 60, JobDuration: 3}),
		NewBullMQ(BullMQ{Attempts: 12, Type: "exponential", Delay: 1000, Jitter: 0.5}),
		NewBullMQ(BullMQ{Attempts: 8, Type: "fixed", Delay: 250, Jitter: 1, JobDuration: 0.1}),
		NewEnvoy(Envoy{NumRetries: 10, BaseMs: 25, MaxMs: 250}),
		// cenkalti's length depends on its draws: the elapsed-time rule ends it.
		Cenkalti{Major: 4, InitialInterval: 500 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 1.5,
			MaxInterval: 60 * time.Second, MaxElapsedTime: 15 * time.Minute, MaxRetries: -1}.Strategy(nil),
		Cenkalti{Major: 5, InitialInterval: 100 * time.Millisecond, RandomizationFactor: 1, Multiplier: 2,
			MaxInterval: 10 * time.Second, MaxElapsedTime: 2 * time.Minute, MaxTries: 12, JobDuration: 300 * time.Millisecond}.Strategy(nil),
	}
}

// These presets' column samplers write what Fill lays out, consuming the same draws, and their
// raw starts round to Fill's starts: the conditions under which the sampled percentiles may
// place starts unrounded (schedule.RawStartSampler).
func TestRawPresetsSampleAsFill(t *testing.T) {
	for _, s := range rawSampledPresets() {
		r, ok := s.(schedule.RawStartSampler)
		if !ok || !r.RawStarts() {
			t.Fatalf("%s: no raw starts", s.Name())
		}
		for i := range uint64(300) {
			g := draw.NewSplitMix(7, i)
			rows := s.Fill(g, nil)
			after := g.Unit()
			want := make([]float64, 2*len(rows)+2)
			for c := range want {
				want[c] = math.NaN()
			}
			schedule.FillColumns(rows, want)
			for _, raw := range []bool{false, true} {
				g := draw.NewSplitMix(7, i)
				got := make([]float64, len(want))
				for c := range got {
					got[c] = math.NaN()
				}
				var n int
				if raw {
					n = r.SampleRawInto(g, got)
					for c := 0; c < len(got); c += 2 {
						got[c] = schedule.RoundStart(got[c])
					}
				} else {
					n = r.SampleInto(g, got)
				}
				if n != len(rows) || g.Unit() != after {
					t.Fatalf("%s sample %d raw %v: %d rows, want %d, or other draws", s.Name(), i, raw, n, len(rows))
				}
				for c := range got {
					if math.Float64bits(got[c]) != math.Float64bits(want[c]) && !(got[c] != got[c] && want[c] != want[c]) {
						t.Fatalf("%s sample %d raw %v column %d: %v, Fill gives %v", s.Name(), i, raw, c, got[c], want[c])
					}
				}
			}
		}
	}
}

// Their sampled percentiles are the sorted samples' nearest ranks, bit for bit: every sample in
// the pilot, and (up to 25 rows) past it, through the bracket pass.
func TestRawPresetsPercentilesEqualSorting(t *testing.T) {
	percents := []float64{1, 50, 95, 100}
	const seed = 5
	for _, s := range rawSampledPresets() {
		n := 3000
		if len(s.Fill(draw.Fixed(0.5), nil)) <= 25 {
			n = 70000
		}
		// The samples walked one by one, as the sampler seeds them (one storage and generator
		// reused: Fill's rows do not depend on the storage it is given).
		var starts, waits [][]float64
		var rows []schedule.Row
		g := draw.NewSplitMix(seed, 0)
		for i := range uint64(n) {
			g.Reseed(seed, i)
			rows = s.Fill(g, rows)
			for r, row := range rows {
				for len(starts) <= r {
					starts, waits = append(starts, make([]float64, 0, n)), append(waits, make([]float64, 0, n))
				}
				starts[r] = append(starts[r], row.Start)
				if row.HasWait {
					waits[r] = append(waits[r], row.Wait)
				}
			}
		}
		got := schedule.Percentiles(s, n, seed, percents)
		for r := range starts {
			slices.Sort(starts[r])
			slices.Sort(waits[r])
			for j, p := range percents {
				for _, c := range []struct {
					name   string
					sorted []float64
					got    float64
				}{{"start", starts[r], got.Start[r][j]}, {"wait", waits[r], got.Wait[r][j]}} {
					want := math.NaN()
					if len(c.sorted) > 0 {
						want = c.sorted[max(1, int(math.Ceil(p/100*float64(len(c.sorted)))))-1]
					}
					if math.Float64bits(c.got) != math.Float64bits(want) && !(c.got != c.got && want != want) {
						t.Fatalf("%s row %d %s p%v = %v, sorting gives %v", s.Name(), r+1, c.name, p, c.got, want)
					}
				}
			}
		}
	}
}

// cenkalti's rows are reached by fewer samples the later they come: its brackets are taken among
// each column's own values, so one pass settles every percentile (no histogram pass walking the
// samples again).
func TestVariableLengthRawOnePass(t *testing.T) {
	s := Cenkalti{Major: 5, InitialInterval: 500 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 1.5,
		MaxInterval: 60 * time.Second, MaxElapsedTime: 15 * time.Minute}.Strategy(nil)
	const n = 300000
	var walked atomic.Int64
	schedule.PercentilesProgress(s, n, 1, []float64{50, 95, 99}, &walked)
	if walked.Load() != n {
		t.Fatalf("%d samples walked, want %d: one pass", walked.Load(), n)
	}
}
