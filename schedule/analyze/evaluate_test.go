package analyze

import (
	"errors"
	"math"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// same reports whether two slices hold the same numbers, NaN matching NaN.
func same(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) })
}

func TestView(t *testing.T) {
	nan := math.NaN()
	// Full jitter draws each wait uniformly below 1, 2, 4, 8 s: at u = 0.5 the waits are half of
	// those; the envelope runs from all-zero draws to the supremum, the un-jittered schedule.
	d, _, full := build(t, "exponential", "attempts", "5", "jitter", "full")
	cases := []struct {
		name          string
		e             Evaluation
		starts, waits []float64
		label         string
	}{
		{"rand 0.5", atHalf, []float64{0, 0.5, 1.5, 3.5, 7.5}, []float64{0.5, 1, 2, 4, nan}, "rand 0.5"},
		{"at rand with a seed", Evaluation{Draws: Draws{Rand: 0.5, Seed: 3, Seeded: true}, AtRand: true}, []float64{0, 0.5, 1.5, 3.5, 7.5}, []float64{0.5, 1, 2, 4, nan}, "rand 0.5"},
		{"envelope max", Evaluation{Bound: "max"}, []float64{0, 1, 3, 7, 15}, []float64{1, 2, 4, 8, nan}, "envelope max"},
		{"envelope min", Evaluation{Bound: "min"}, []float64{0, 0, 0, 0, 0}, []float64{0, 0, 0, 0, nan}, "envelope min"},
	}
	for _, c := range cases {
		v, err := c.e.View(d, full)
		if err != nil || !same(v.Starts, c.starts) || !same(v.Waits, c.waits) {
			t.Errorf("%s: %v %v, %v; want %v %v", c.name, v.Starts, v.Waits, err, c.starts, c.waits)
		}
		if got := c.e.Label(d); got != c.label {
			t.Errorf("%s: label %q, want %q", c.name, got, c.label)
		}
	}

	// Without jitter every sample is the one schedule 0, 1, 3, 7, 15 s, so is every percentile.
	_, _, plain := build(t, "exponential", "attempts", "5")
	v, err := Evaluation{Percentile: 90, Samples: 200, Draws: Draws{Seed: 1}}.View(d, plain)
	if err != nil || !same(v.Starts, []float64{0, 1, 3, 7, 15}) || !same(v.Waits, []float64{1, 2, 4, 8, nan}) {
		t.Errorf("p90: %v %v, %v", v.Starts, v.Waits, err)
	}
}

func TestPercentilesBudget(t *testing.T) {
	_, _, s := build(t, "exponential", "attempts", "5")
	// 1000 samples of 5 rows fit in memory at once: one pass of 5000 sampled rows.
	if cost, rows, passes := Cost(s, 1000, 1, []float64{50}); cost != 5000 || rows != 5 || passes != 1 {
		t.Errorf("Cost = %v, %d rows, %d passes; want 5000, 5, 1", cost, rows, passes)
	}

	var total int64
	stops := 0
	watch := func(n int64) (*atomic.Int64, func()) {
		total = n
		return new(atomic.Int64), func() { stops++ }
	}
	b := new(Budget)
	q, err := Percentiles(s, 1000, 1, []float64{50}, watch, b)
	if err != nil || !same(q.Percents, []float64{50}) || len(q.Start) != 5 || q.Start[4][0] != 15 {
		t.Fatalf("Percentiles: %+v, %v", q, err)
	}
	if total != 1000 || stops != 1 || b.used != 5000 {
		t.Errorf("watched %d samples, stopped %d times, budget used %v; want 1000, 1, 5000", total, stops, b.used)
	}

	cases := []struct {
		name   string
		n      int
		budget *Budget
		want   string
	}{
		// 1e9 x 5 = 5e9 rows, past the 3e8 cap before anything is sampled.
		{"one pass too large", 1e9, nil, "--samples 1000000000 x 5 rows is 5e+09 sampled rows, past the cap of 3e+08: lower --samples or the attempts"},
		// 3e8 - 100 already used, 5000 more: 300004900 rows in all.
		{"budget spent", 1000, &Budget{used: MaxSampledRows - 100}, "this command samples 3e+08 rows in all, past the cap of 3e+08 per command: lower --samples or the attempts"},
	}
	for _, c := range cases {
		before := 0.0
		if c.budget != nil {
			before = c.budget.used
		}
		_, err := Percentiles(s, c.n, 1, []float64{50}, nil, c.budget)
		var bad *param.InputError
		if err == nil || err.Error() != c.want || !errors.As(err, &bad) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if c.budget != nil && c.budget.used != before {
			t.Errorf("%s: a refused pass charged the budget", c.name)
		}
	}
}
