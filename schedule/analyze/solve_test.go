package analyze

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// sameCases compares solve's cases, NaN last starts matching NaN.
func sameCases(got, want []Case) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Draws != w.Draws || g.Rows != w.Rows || !(g.LastStart == w.LastStart || math.IsNaN(g.LastStart) && math.IsNaN(w.LastStart)) {
			return false
		}
	}
	return true
}

func TestSolveAttemptsCases(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name     string
		strategy string
		set      []string
		window   float64
		e        Evaluation
		want     []Case
	}{
		// Full jitter at u = 0.5: starts 0, 0.5, 1.5, 3.5, 7.5 s (row 5 reaches 5 s); at the
		// greatest draws 0, 1, 3, 7 s (row 4); at the least every start is 0 and none reaches.
		{"full jitter", "exponential", []string{"jitter", "full"}, 5, atHalf,
			[]Case{{"rand 0.5", 5, 7.5}, {"longest waits", 4, 7}, {"shortest waits", 0, nan}}},
		// Without jitter every reading is 0, 1, 3, 7 s: row 4, at rand, at the extremes and at p50.
		{"percentile", "exponential", nil, 5, Evaluation{Draws: Draws{Rand: 0.5}, Percentile: 50, Samples: 100},
			[]Case{{"rand 0.5", 4, 7}, {"longest waits", 4, 7}, {"shortest waits", 4, 7}, {"p50", 4, 7}}},
		// Oban reshapes its waits with max_attempts, but up to 20 attempts the wait after attempt
		// k is 15 + 2^k s plus trunc(u * 0.1 * that) whole seconds: 17, 19, 23, 31, 47, 79 s
		// before jitter. At u = 0.5 the jitter adds 0, 0, 1, 1, 2 s: starts 0, 17, 36, 60, 92,
		// 141; at u -> 1 it adds 1, 1, 2, 3, 4 s: 0, 18, 38, 63, 97; at u = 0 none: 0, 17, 36,
		// 59, 90, 137.
		{"reshaping", "oban", nil, 95, atHalf,
			[]Case{{"rand 0.5", 6, 141}, {"longest waits", 5, 97}, {"shortest waits", 6, 137}}},
	}
	for _, c := range cases {
		d, v, _ := build(t, c.strategy, c.set...)
		r, err := SolveAttempts(d, v, c.window, c.e)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !sameCases(r.Cases, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, r.Cases, c.want)
		}
		if rows := r.Values.Int(d.Count) + d.CountOffset; rows != c.want[0].Rows {
			t.Errorf("%s: the answer's values have %d rows, want %d", c.name, rows, c.want[0].Rows)
		}
	}

	// Oban's last start never passes about 13.3 days per wait times 100000 attempts, far short
	// of 1e12 s (11574074 days, 6400 s more).
	d, v, _ := build(t, "oban")
	_, err := SolveAttempts(d, v, 1e12, atHalf)
	var bad *param.InputError
	if err == nil || !errors.As(err, &bad) || !strings.HasPrefix(err.Error(),
		"no number of --max-attempts reaches --window 11574074d 1h 46m 40s (1000000000000s): the schedule's last attempt (100000) starts at ") {
		t.Errorf("unreachable window: %v", err)
	}
}

func TestSolveForCases(t *testing.T) {
	// exponential, 5 attempts, no jitter: the last start is base x (1 + 2 + 4 + 8) = 15 x base,
	// so 30 s needs base 2 s exactly (1 ns less falls short), at any percentile too.
	d, v, _ := build(t, "exponential", "attempts", "5")
	r, err := SolveFor(d, v, "base", 30, Evaluation{Percentile: 50, Samples: 10})
	if err != nil || r.Value.Num != 2 || r.LastStart != 30 || r.Label != "p50" || r.Values.Num("base") != 2 {
		t.Errorf("base: %+v, %v; want 2 s reaching 30 s at p50", r, err)
	}
	if v.Num("base") != 1 {
		t.Errorf("SolveFor changed the caller's values: base %v", v.Num("base"))
	}

	// constant waits 1 s by default, 5 attempts: 100000 attempts end at 99999 s, and the longest
	// wait (36500 days) 4 times over ends at 146000 days.
	cd, cv, _ := build(t, "constant")
	cases := []struct {
		name   string
		window float64
		want   string
	}{
		{"attempts", 1e6, "no --attempts in [1, 100000] reaches --window 11d 13h 46m 40s (1000000s): at 100000 the last attempt starts at 1d 3h 46m 39s (99999s)"},
		{"wait", 2e10, "no --wait in [0s, 36500d] reaches --window 231481d 11h 33m 20s (20000000000s): at 36500d (3153600000s) the last attempt starts at 146000d (12614400000s)"},
	}
	for _, c := range cases {
		_, err := SolveFor(cd, cv, c.name, c.window, atHalf)
		var bad *param.InputError
		if err == nil || err.Error() != c.want || !errors.As(err, &bad) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}

	// A percentile search that would sample past the cap is refused before any sampling.
	_, err = SolveFor(d, v, "base", 30, Evaluation{Percentile: 50, Samples: 100000000})
	if err == nil || !strings.HasPrefix(err.Error(), "solve --for base at a percentile samples up to ") {
		t.Errorf("costly search: %v", err)
	}
}

func TestGridDisplay(t *testing.T) {
	cases := []struct {
		spec param.Spec
		pos  uint64
		want string
	}{
		{param.Attempts(5, ""), 25, "25"},
		{param.Wait("wait", 0, 0, param.MaxDuration, ""), 90e9, "1m 30s (90s)"},
		{param.ScaleJitter(0.15, ""), math.Float64bits(0.25), "0.25"},
	}
	for _, c := range cases {
		g, ok := newGrid(c.spec)
		if !ok {
			t.Fatalf("%s: no grid", c.spec.Name)
		}
		if got := g.display(c.pos); got != c.want {
			t.Errorf("%s at %d: %q, want %q", c.spec.Name, c.pos, got, c.want)
		}
	}
	// 0 switches a cap off: the search starts at 1 ns, not at 0.
	if g, _ := newGrid(param.Cap("")); g.lo != 1 || g.hi != uint64(param.MaxDuration) {
		t.Errorf("cap grid [%d, %d]", g.lo, g.hi)
	}
	// An open-ended float stops one float64 below its bound.
	if g, _ := newGrid(param.Spec{Kind: param.Float, Min: 0, Max: 1, OpenMax: true}); math.Float64frombits(g.hi) != math.Nextafter(1, 0) {
		t.Errorf("open float grid ends at %v", math.Float64frombits(g.hi))
	}
	if _, ok := newGrid(param.Choice("jitter", "none", []string{"none", "full"}, "")); ok {
		t.Error("an enum has a grid")
	}
}
