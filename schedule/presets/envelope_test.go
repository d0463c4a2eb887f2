package presets

import (
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// The blog-run check: polynomial, 5 attempts: starts min 0, 3, 21, 104, 362 and max 0, 3.15,
// 23.55, 118.7, 415.1 (u -> 1 adds 15% of e^4).
func TestPolynomialEnvelope(t *testing.T) {
	b := schedule.Envelope(Polynomial{Attempts: 5, Jitter: 0.15})
	wantMin := []float64{0, 3, 21, 104, 362}
	wantMax := []float64{0, 3.15, 23.55, 118.7, 415.1}
	for i := range b {
		if b[i].StartMin != wantMin[i] || b[i].StartMax != wantMax[i] {
			t.Errorf("row %d: [%v, %v], want [%v, %v]", i+1, b[i].StartMin, b[i].StartMax, wantMin[i], wantMax[i])
		}
	}
	if b[0].WaitMax != 3.15 {
		t.Errorf("first wait max %v, want 3.15", b[0].WaitMax)
	}
}

func TestSidekiqEnvelopeIsDiscrete(t *testing.T) {
	b := schedule.Envelope(Sidekiq{Retries: 2, Version: SidekiqVersion{Major: 7}})
	// c = 0: 15 + rand(10)*1 in [15, 24]; c = 1: 16 + rand(10)*2 in [16, 34].
	if b[0].WaitMin != 15 || b[0].WaitMax != 24 || b[1].WaitMin != 16 || b[1].WaitMax != 34 {
		t.Errorf("bounds %+v", b)
	}
}

// aivenBruteForce walks every draw from every reachable state (elapsed ms, aborted) and returns the
// per-call bounds: the definition the range-based envelope must match. The states of a call are
// kept as two sets of elapsed milliseconds (running, aborted), each a slice of flags: every elapsed
// time stays below bound + (Calls+1) * work.
func aivenBruteForce(a Aiven) []schedule.Bounds {
	bound, work := millis(a.Timer), millis(a.Work)
	var minWait int64
	if m := millis(a.MinDelay); m > 0 {
		minWait = log2Ceil(m)
	}
	maxCount := log2Floor(bound)
	wc := minWait
	size := bound + int64(a.Calls+1)*work + 1
	// states[0] holds the elapsed times with the timer running, states[1] after an abort.
	newStates := func() [2][]bool { return [2][]bool{make([]bool, size), make([]bool, size)} }
	states := newStates()
	states[0][0] = true
	var out []schedule.Bounds
	for k := 0; k < a.Calls; k++ {
		b := schedule.Bounds{StartMin: math.Inf(1), StartMax: math.Inf(-1), WaitMin: math.Inf(1), WaitMax: math.Inf(-1)}
		tries := wc < maxCount
		if wc < maxCount {
			wc++
		}
		next := newStates()
		note := func(e, sleep int64) {
			b.StartMin, b.StartMax = math.Min(b.StartMin, float64(e)), math.Max(b.StartMax, float64(e))
			b.WaitMin, b.WaitMax = math.Min(b.WaitMin, float64(sleep)), math.Max(b.WaitMax, float64(sleep))
		}
		for ab, set := range states {
			aborted := ab == 1
			for e64, in := range set {
				if !in {
					continue
				}
				e := int64(e64)
				t := bound - e
				if aborted {
					t = 0
				}
				if !(t > 0 && tries) {
					note(e, 0)
					next[ab][e+work] = true
					continue
				}
				for j := int64(-512); j < 512; j++ {
					n := (int64(1) << wc) + j
					switch {
					case n <= 0:
						note(e, 0)
						next[0][e+work] = true
					case n >= t:
						note(e, 0)
						next[1][e+work] = true
					default:
						note(e, n)
						next[0][e+n+work] = true
					}
				}
			}
		}
		states = next
		out = append(out, schedule.Bounds{StartMin: b.StartMin / 1000, StartMax: b.StartMax / 1000, WaitMin: b.WaitMin / 1000, WaitMax: b.WaitMax / 1000})
	}
	return out
}

func TestAivenTimerEnvelopeMatchesBruteForce(t *testing.T) {
	cases := []Aiven{
		{Mode: "timer", Timer: 1, Calls: 12},
		{Mode: "timer", Timer: 1.5, Calls: 12, Work: 0.05},
		{Mode: "timer", Timer: 2.048, Calls: 14},
		{Mode: "timer", Timer: 1, Calls: 10, MinDelay: 0.1},
		{Mode: "timer", Timer: 0.3, Calls: 8, Work: 0.02},
	}
	for _, a := range cases {
		got, want := a.Envelope(), aivenBruteForce(a)
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%+v call %d: envelope %+v, brute force %+v", a, i+1, got[i], want[i])
			}
		}
	}
}

// The seed systems' envelopes at the extremes are EnvelopeOfRuns of their two runs.
func TestSeedEnvelopeAtExtremesIsEnvelopeOfRuns(t *testing.T) {
	for _, s := range []schedule.Strategy{Polynomial{Attempts: 5, Jitter: 0.15}, Sidekiq{Retries: 3, Version: SidekiqVersion{Major: 7}}} {
		want := schedule.EnvelopeOfRuns(s.Fill(draw.Fixed(0), nil), s.Fill(draw.Upper{}, nil))
		if got := schedule.EnvelopeAtExtremes(s); !slices.Equal(got, want) {
			t.Errorf("%s: %+v, want %+v", s.Name(), got, want)
		}
	}
}
