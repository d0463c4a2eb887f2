package analyze

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

func def(t *testing.T, name string) strategy.Def {
	t.Helper()
	d, ok := strategy.Find(name)
	if !ok {
		t.Fatalf("no strategy %s", name)
	}
	return d
}

var atHalf = Evaluation{Draws: Draws{Rand: 0.5}}

func TestSolveAttempts(t *testing.T) {
	cases := []struct {
		strategy string
		window   float64
		rows     int
		last     float64
	}{
		// Attempt 14 starts at 95992.325 s; attempt 13 at 65287.25 s, short of a day.
		{"polynomial", 86400, 14, 95992.325},
		// The Sidekiq wiki's 25 retries: 1765020 s; 20 days are reached by the 26th execution.
		{"sidekiq", 20 * 86400, 26, 1765020},
	}
	for _, c := range cases {
		d := def(t, c.strategy)
		v := d.Defaults()
		if c.strategy == "sidekiq" {
			if err := v.SetText("sidekiq-version", "7"); err != nil {
				t.Fatal(err)
			}
		}
		r, err := SolveAttempts(d, v, c.window, atHalf)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Cases[0]; got.Rows != c.rows || got.LastStart != c.last {
			t.Errorf("%s: %d rows, last start %v; want %d, %v", c.strategy, got.Rows, got.LastStart, c.rows, c.last)
		}
		if got := r.Values.Int(d.Count) + d.CountOffset; got != c.rows {
			t.Errorf("%s: answer's values have %d rows", c.strategy, got)
		}
		if v.Changed(d.Count) {
			t.Errorf("%s: SolveAttempts changed the caller's values", c.strategy)
		}
	}
}

func TestSolveFor(t *testing.T) {
	// fixed, 10 attempts: 9 waits of w * 1.075 >= 3600 s needs w >= 372.09 s, and Rails keeps
	// whole seconds, so 373 s (last start 9 * 373 * 1.075 = 3608.775 s).
	d := def(t, "fixed")
	v := d.Defaults()
	if err := v.SetText("attempts", "10"); err != nil {
		t.Fatal(err)
	}
	r, err := SolveFor(d, v, "wait", 3600, atHalf)
	if err != nil {
		t.Fatal(err)
	}
	if r.Value.Num != 373 || r.LastStart != 3608.775 {
		t.Errorf("wait %v, last start %v; want 373, 3608.775", r.Value.Num, r.LastStart)
	}
	_, err = SolveFor(d, v, "nosuch", 3600, atHalf)
	if err == nil || err.Error() != "--for takes a numeric parameter of fixed: attempts, wait, jitter, job-duration" {
		t.Errorf("unknown parameter: %v", err)
	}
	_, err = SolveFor(def(t, "polynomial"), def(t, "polynomial").Defaults(), "jitter", 86400, atHalf)
	var bad *param.InputError
	if err == nil || !strings.HasPrefix(err.Error(), "no --jitter in [0, 100] reaches --window 1d") || !errors.As(err, &bad) {
		t.Errorf("unreachable window: %v", err)
	}
}

func TestCheck(t *testing.T) {
	v := View{Starts: []float64{0, 3, 21}, Waits: []float64{3, 18, math.NaN()}}
	a := Assertions{Limits: map[string]float64{"max-window": 20, "max-wait": 18, "min-first-wait": 3}}
	got := a.Check(v.Summary())
	want := []Result{
		{Name: "max-window", Limit: 20, Actual: 21, OK: false},
		{Name: "max-wait", Limit: 18, Actual: 18, OK: true},
		{Name: "min-first-wait", Limit: 3, Actual: 3, OK: true},
	}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestLabel(t *testing.T) {
	for _, c := range []struct {
		e    Evaluation
		name string
		want string
	}{
		{atHalf, "polynomial", "rand 0.5"},
		{Evaluation{Draws: Draws{Seed: 7, Seeded: true}}, "polynomial", "seed 7"},
		{Evaluation{Draws: Draws{Seed: 7, Seeded: true}, AtRand: true, Percentile: 0}, "polynomial", "rand 0"},
		{Evaluation{Percentile: 99.9}, "sidekiq", "p99.9"},
		{atHalf, "gitlab", "exact"},
	} {
		if got := c.e.Label(def(t, c.name)); got != c.want {
			t.Errorf("%+v on %s: %q, want %q", c.e, c.name, got, c.want)
		}
	}
}

// max-work: N retries send (1 − x^(N+1))/(1 − x) attempts per request; by hand, 3 retries at
// x = 0.2 send 1.248, 1 retry 1.2 (equal to the limit: it holds).
func TestMaxWork(t *testing.T) {
	for _, c := range []struct {
		attempts int
		limit, x float64
		actual   float64
		ok       bool
	}{
		{4, 1.2, 0.2, 1.248, false},
		{2, 1.2, 0.2, 1.2, true},
		{1, 1, 0.9, 1, true},
		{4, 3.9, 1, 4, false},
	} {
		a := Assertions{Limits: map[string]float64{"max-work": c.limit}, FailureRate: c.x}
		r := a.Check(Summary{Attempts: c.attempts})
		if len(r) != 1 || r[0].OK != c.ok || math.Abs(r[0].Actual-c.actual) > 1e-12 || r[0].Retries != c.attempts-1 || r[0].FailureRate != c.x {
			t.Errorf("%d attempts at x = %v, limit %v: %+v", c.attempts, c.x, c.limit, r)
		}
	}
}
