package analyze

import (
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// build returns def's strategy at its defaults with the given flags set, by text as a command
// line sets them.
func build(t *testing.T, name string, set ...string) (strategy.Def, *param.Values, schedule.Strategy) {
	t.Helper()
	d := def(t, name)
	v := d.Defaults()
	for i := 0; i+1 < len(set); i += 2 {
		if err := v.SetText(set[i], set[i+1]); err != nil {
			t.Fatalf("%s --%s %s: %v", name, set[i], set[i+1], err)
		}
	}
	s, err := d.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	return d, v, s
}

func TestViewSummary(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name string
		view View
		want Summary
	}{
		{"empty", View{}, Summary{}},
		{"one attempt, no wait", View{Starts: []float64{0}, Waits: []float64{nan}},
			Summary{Within1h: 1, Within1d: 1, Attempts: 1}},
		// Attempts at exactly 3600 s and 86400 s count as within; one second later does not.
		{"the windows' edges", View{
			Starts: []float64{0, 1800, 3600, 3601, 86400, 86401},
			Waits:  []float64{1800, 1800, 1, 82799, 1, nan}},
			Summary{Last: 86401, MaxWait: 82799, FirstWait: 1800, Waits: 5, Within1h: 3, Within1d: 5, Attempts: 6}},
		// A row without a wait before one with: the first wait is 0, the longest the later one.
		{"no first wait", View{Starts: []float64{0, 0, 5}, Waits: []float64{nan, 5, nan}},
			Summary{Last: 5, MaxWait: 5, FirstWait: 0, Waits: 1, Within1h: 3, Within1d: 3, Attempts: 3}},
	}
	for _, c := range cases {
		if got := c.view.Summary(); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestEvaluationSummary(t *testing.T) {
	// exponential, base 1 s, factor 2, no jitter: waits 1, 2, 4, 8 s, starts 0, 1, 3, 7, 15 s,
	// whatever the draws, so every percentile of every sampled schedule is that schedule.
	d, _, s := build(t, "exponential", "attempts", "5")
	one := func(t *testing.T) schedule.Strategy { _, _, s := build(t, "exponential", "attempts", "1"); return s }(t)
	cases := []struct {
		name string
		e    Evaluation
		s    schedule.Strategy
		want Summary
	}{
		{"at rand", atHalf, s, Summary{Last: 15, MaxWait: 8, FirstWait: 1, Waits: 4, Within1h: 5, Within1d: 5, Attempts: 5}},
		{"seeded", Evaluation{Draws: Draws{Seed: 7, Seeded: true}}, s, Summary{Last: 15, MaxWait: 8, FirstWait: 1, Waits: 4, Within1h: 5, Within1d: 5, Attempts: 5}},
		// A percentile summary sets the three numbers check asserts on and the attempts at u = 0.5.
		{"p50", Evaluation{Percentile: 50, Samples: 100}, s, Summary{Last: 15, MaxWait: 8, FirstWait: 1, Attempts: 5}},
		// One attempt: no wait at all reads as a longest and first wait of 0.
		{"p99 of one attempt", Evaluation{Percentile: 99, Samples: 10}, one, Summary{Attempts: 1}},
	}
	for _, c := range cases {
		got, err := c.e.Summary(d, c.s)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.name, got, err, c.want)
		}
	}
}
