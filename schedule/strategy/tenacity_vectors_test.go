package strategy

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// build makes a strategy from command-line style flags through the registry.
func build(t *testing.T, name, args string) schedule.Strategy {
	t.Helper()
	def, ok := Find(name)
	if !ok {
		t.Fatalf("no strategy %s", name)
	}
	v := def.Defaults()
	f := strings.Fields(args)
	for i := 0; i+1 < len(f); i += 2 {
		if err := v.SetText(strings.TrimPrefix(f[i], "--"), f[i+1]); err != nil {
			t.Fatalf("%s %s: %v", f[i], f[i+1], err)
		}
	}
	s, err := def.Build(v)
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	return s
}

// checkRun compares a seeded schedule with a real run: the sleeps bit for bit, the call count,
// and the call start times to the nanosecond (the tool rounds starts to the nanosecond).
func checkRun(t *testing.T, name, args string, seed int64, calls int, sleeps, starts []float64) {
	t.Helper()
	checkRunWith(t, name, args, draw.NewPyRandom(seed), calls, sleeps, starts)
}

// checkRunWith is checkRun on draws d, which the caller can read on from afterwards.
func checkRunWith(t *testing.T, name, args string, d *draw.PyRandom, calls int, sleeps, starts []float64) {
	t.Helper()
	seed := "random.seed"
	rows := build(t, name, args).Fill(d, nil)
	if len(rows) != calls {
		t.Errorf("%s %s: %d calls, want %d", args, seed, len(rows), calls)
		return
	}
	for i, w := range sleeps {
		if !rows[i].HasWait || math.Float64bits(rows[i].Wait) != math.Float64bits(w) {
			t.Errorf("%s %s: sleep %d = %v, want %v", args, seed, i+1, rows[i].Wait, w)
		}
	}
	if rows[len(rows)-1].HasWait {
		t.Errorf("%s %s: the last row has a wait", args, seed)
	}
	for i, s := range starts {
		if math.Abs(rows[i].Start-s) > 1e-9 {
			t.Errorf("%s %s: start %d = %v, want %v", args, seed, i+1, rows[i].Start, s)
		}
	}
}

// Runs of the real tenacity 8.2.1 (Debian python3-tenacity 8.2.1-1, python3 3.11.2): Retrying
// with a sleep recorder and a fake monotonic clock, random.seed(S) just before the call.
// Research report tenacity.md, program vectors.py.
func TestTenacityMatchesRealRuns(t *testing.T) {
	cases := []struct {
		args           string
		seed           int64
		calls          int
		sleeps, starts []float64
	}{
		{"--wait exponential --stop-after-attempt 10", 1, 10, []float64{1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0}, []float64{}},
		{"--wait exponential --stop-after-attempt 10", 42, 10, []float64{1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0}, []float64{}},
		{"--wait exponential --multiplier 1 --max 60 --stop-after-attempt 10", 1, 10, []float64{1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0, 60.0}, []float64{}},
		{"--wait exponential --multiplier 1 --max 60 --stop-after-attempt 10", 42, 10, []float64{1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0, 60.0}, []float64{}},
		{"--wait exponential --multiplier 0.5 --min 2 --max 10 --stop-after-attempt 8", 1, 8, []float64{2.0, 2.0, 2.0, 4.0, 8.0, 10.0, 10.0}, []float64{}},
		{"--wait exponential --multiplier 0.5 --min 2 --max 10 --stop-after-attempt 8", 42, 8, []float64{2.0, 2.0, 2.0, 4.0, 8.0, 10.0, 10.0}, []float64{}},
		{"--wait exponential --multiplier 3 --exp-base 3 --max 100 --stop-after-attempt 6", 1, 6, []float64{3.0, 9.0, 27.0, 81.0, 100.0}, []float64{}},
		{"--wait exponential --multiplier 3 --exp-base 3 --max 100 --stop-after-attempt 6", 42, 6, []float64{3.0, 9.0, 27.0, 81.0, 100.0}, []float64{}},
		{"--wait random-exponential --stop-after-attempt 10", 1, 10, []float64{0.13436424411240122, 1.6948674738744653, 3.055098475906456, 2.0405522059153736, 7.926961393471055, 14.38371407323962, 41.70195025425683, 100.95658894534569, 24.028054214204133}, []float64{}},
		{"--wait random-exponential --stop-after-attempt 10", 42, 10, []float64{0.6394267984578837, 0.05002151044533387, 1.100117273476477, 1.785685905190582, 11.783539426624198, 21.65438359753316, 57.099492333110106, 11.128170576565267, 108.01198583942923}, []float64{}},
		{"--wait random-exponential --multiplier 1 --max 60 --stop-after-attempt 10", 1, 10, []float64{0.13436424411240122, 1.6948674738744653, 3.055098475906456, 2.0405522059153736, 7.926961393471055, 14.38371407323962, 39.095578363365775, 47.32340106813079, 5.631575206454094}, []float64{}},
		{"--wait random-exponential --multiplier 1 --max 60 --stop-after-attempt 10", 42, 10, []float64{0.6394267984578837, 0.05002151044533387, 1.100117273476477, 1.785685905190582, 11.783539426624198, 21.65438359753316, 53.530774062290725, 5.2163299577649695, 25.315309181116227}, []float64{}},
		{"--wait random-exponential --multiplier 0.5 --min 2 --max 10 --stop-after-attempt 8", 1, 8, []float64{0.26872848822480244, 1.6948674738744653, 1.527549237953228, 1.0202761029576868, 3.9634806967355276, 4.494910647887381, 6.515929727227629}, []float64{}},
		{"--wait random-exponential --multiplier 0.5 --min 2 --max 10 --stop-after-attempt 8", 42, 8, []float64{1.2788535969157675, 0.05002151044533387, 0.5500586367382385, 0.892842952595291, 5.891769713312099, 6.766994874229113, 8.921795677048454}, []float64{}},
		{"--wait exponential-jitter --stop-after-attempt 10", 1, 10, []float64{1.134364244112401, 2.8474337369372327, 4.763774618976614, 8.255069025739422, 16.49543508709194, 32.44949106478874, 64.65159297272277, 128.7887233511355, 256.0938595867742}, []float64{}},
		{"--wait exponential-jitter --stop-after-attempt 10", 42, 10, []float64{1.6394267984578836, 2.025010755222667, 4.2750293183691195, 8.223210738148822, 16.736471214164013, 32.67669948742291, 64.89217956770484, 128.08693883262941, 256.4219218196853}, []float64{}},
		{"--wait exponential-jitter --initial 1 --max 10 --jitter 1 --stop-after-attempt 8", 1, 8, []float64{1.134364244112401, 2.8474337369372327, 4.763774618976614, 8.255069025739422, 10.0, 10.0, 10.0}, []float64{}},
		{"--wait exponential-jitter --initial 1 --max 10 --jitter 1 --stop-after-attempt 8", 42, 8, []float64{1.6394267984578836, 2.025010755222667, 4.2750293183691195, 8.223210738148822, 10.0, 10.0, 10.0}, []float64{}},
		{"--wait exponential-jitter --initial 0.5 --max 60 --exp-base 3 --jitter 5 --stop-after-attempt 8", 1, 8, []float64{1.171821220562006, 5.737168684686163, 8.31887309488307, 14.775345128697108, 42.977175435459706, 60.0, 60.0}, []float64{}},
		{"--wait exponential-jitter --initial 0.5 --max 60 --exp-base 3 --jitter 5 --stop-after-attempt 8", 42, 8, []float64{3.6971339922894186, 1.6250537761133348, 5.8751465918455965, 14.616053690744113, 44.18235607082006, 60.0, 60.0}, []float64{}},
		{"--wait fixed --wait-fixed 3 --stop-after-attempt 4", 1, 4, []float64{3.0, 3.0, 3.0}, []float64{}},
		{"--wait random --stop-after-attempt 6", 1, 6, []float64{0.13436424411240122, 0.8474337369372327, 0.763774618976614, 0.2550690257394217, 0.49543508709194095}, []float64{}},
		{"--wait random --stop-after-attempt 6", 42, 6, []float64{0.6394267984578837, 0.025010755222666936, 0.27502931836911926, 0.22321073814882275, 0.7364712141640124}, []float64{}},
		{"--wait random --min 1 --max 5 --stop-after-attempt 6", 1, 6, []float64{1.5374569764496049, 4.389734947748931, 4.055098475906457, 2.020276102957687, 2.981740348367764}, []float64{}},
		{"--wait random --min 1 --max 5 --stop-after-attempt 6", 42, 6, []float64{3.557707193831535, 1.1000430208906677, 2.100117273476477, 1.892842952595291, 3.9458848566560496}, []float64{}},
		{"--wait incrementing --stop-after-attempt 5", 1, 5, []float64{0.0, 100.0, 200.0, 300.0}, []float64{}},
		{"--wait incrementing --start 1 --increment 2 --max 6 --stop-after-attempt 6", 1, 6, []float64{1.0, 3.0, 5.0, 6.0, 6.0}, []float64{}},
		{"--wait fixed --wait-fixed 0 --stop-after-attempt 3", 1, 3, []float64{0.0, 0.0}, []float64{}},
		{"--wait fixed --wait-fixed 1 --stop-after-attempt 1", 1, 1, []float64{}, []float64{}},
		{"--wait fixed --wait-fixed 1 --stop-after-attempt 0", 1, 1, []float64{}, []float64{}},
		{"--wait fixed --wait-fixed 3 --stop-after-delay 10", 1, 5, []float64{3.0, 3.0, 3.0, 3.0}, []float64{0.0, 3.0, 6.0, 9.0, 12.0}},
		{"--wait fixed --wait-fixed 5 --stop-after-delay 10", 1, 3, []float64{5.0, 5.0}, []float64{0.0, 5.0, 10.0}},
		{"--wait fixed --wait-fixed 3 --stop-after-delay 10 --job-duration 0.5s", 1, 4, []float64{3.0, 3.0, 3.0}, []float64{0.0, 3.5, 7.0, 10.5}},
		{"--wait exponential --max 60 --stop-after-delay 30", 1, 6, []float64{1.0, 2.0, 4.0, 8.0, 16.0}, []float64{0.0, 1.0, 3.0, 7.0, 15.0, 31.0}},
		{"--wait random-exponential --max 60 --stop-after-delay 30", 1, 8, []float64{0.13436424411240122, 1.6948674738744653, 3.055098475906456, 2.0405522059153736, 7.926961393471055, 14.38371407323962, 39.095578363365775}, []float64{0.0, 0.13436424411240122, 1.8292317179868665, 4.884330193893323, 6.924882399808697, 14.851843793279752, 29.235557866519372, 68.33113622988515}},
		{"--wait random-exponential --max 60 --stop-after-delay 30", 42, 7, []float64{0.6394267984578837, 0.05002151044533387, 1.100117273476477, 1.785685905190582, 11.783539426624198, 21.65438359753316}, []float64{0.0, 0.6394267984578837, 0.6894483089032176, 1.7895655823796948, 3.5752514875702768, 15.358790914194476, 37.01317451172764}},
		{"--wait fixed --wait-fixed 1 --stop-after-delay 0", 1, 1, []float64{}, []float64{0.0}},
		{"--wait fixed --wait-fixed 2 --stop-after-attempt 5 --stop-after-delay 5", 1, 4, []float64{2.0, 2.0, 2.0}, []float64{}},
	}
	for _, c := range cases {
		checkRun(t, "tenacity", c.args, c.seed, c.calls, c.sleeps, c.starts)
	}
}

// Single wait() values of the report: Python ints never overflow, floats do, and overflow returns
// max (without the min floor).
func TestTenacityOverflow(t *testing.T) {
	at := func(args string, attempt int, u float64) float64 {
		rows := build(t, "tenacity", args+fmt.Sprintf(" --stop-after-attempt %d", attempt+1)).Fill(draw.Fixed(u), nil)
		return rows[attempt-1].Wait
	}
	cases := []struct {
		args    string
		attempt int
		u, want float64
	}{
		{"--wait exponential", 2000, 0, 4.611686018427388e+18},
		{"--wait exponential --multiplier 0.5", 1100, 0, 4.611686018427388e+18},
		{"--wait exponential --exp-base 2.0", 1100, 0, 4.611686018427388e+18},
		{"--wait exponential --multiplier 0.5 --max 60", 1100, 0, 60},
		{"--wait exponential-jitter", 1100, 0.13436424411240122, 4.611686018427388e+18},
		{"--wait random-exponential", 2000, 0.13436424411240122, 6.196457059497252e+17},
		{"--wait exponential --min 10 --max 5", 3, 0, 10},
		// wait.py: the OverflowError path returns self.max before the floor: 0.5 * 2**1024 raises.
		{"--wait exponential --multiplier 0.5 --min 10 --max 5", 1024, 0, 10},
		{"--wait exponential --multiplier 0.5 --min 10 --max 5", 1026, 0, 5},
	}
	for _, c := range cases {
		if got := at(c.args, c.attempt, c.u); got != c.want {
			t.Errorf("%s: wait(%d) = %v, want %v", c.args, c.attempt, got, c.want)
		}
	}
}

// Non-integral exp_base goes through C pow(). The tool rounds the exact power to nearest, ties
// away from zero, which is what glibc 2.36's pow returned at exact ties (Debian python3 3.11.2:
// 1.5**34, 1.25**23). Residual risk: glibc is not correctly rounded everywhere; at 1.5**61 and
// 1.7**26 it returns 55152703075.399536 and 981006.6600992277 where the tool prints the correctly
// rounded 55152703075.39953 and 981006.6600992278 (one unit in the last place; report
// tenacity.md: 6 of 1600 powers of 1.5, 2.5, 3.0, 1.1, 1.7, 0.9, 10 below 200 differ). Integral
// bases (3.0) are Python ints here, exact.
func TestTenacityPowResidual(t *testing.T) {
	cases := []struct {
		base  string
		n     int
		want  float64 // what the tool computes
		glibc float64 // what CPython on glibc 2.36 computes
	}{
		{"1.5", 34, 970739.7373664757, 970739.7373664757},
		{"1.25", 23, 169.40658945086008, 169.40658945086008},
		{"1.5", 61, 55152703075.39953, 55152703075.399536},
		{"1.7", 26, 981006.6600992278, 981006.6600992277},
	}
	for _, c := range cases {
		rows := build(t, "tenacity", fmt.Sprintf("--wait exponential --exp-base %s --stop-after-attempt %d", c.base, c.n+2)).Fill(draw.Fixed(0), nil)
		if got := rows[c.n].Wait; got != c.want {
			t.Errorf("%s**%d = %v, want %v (glibc %v)", c.base, c.n, got, c.want, c.glibc)
		}
	}
}

// Saturation: 100000 attempts of wait_exponential stay at MAX_WAIT, starts finite and growing.
func TestTenacitySaturates(t *testing.T) {
	rows := build(t, "tenacity", "--wait exponential-jitter --stop-after-attempt 100000").Fill(draw.Upper{}, nil)
	if len(rows) != 100000 {
		t.Fatalf("%d rows", len(rows))
	}
	for i := 1; i < len(rows); i++ {
		r := rows[i]
		if math.IsInf(r.Start, 0) || math.IsNaN(r.Start) || r.Start < rows[i-1].Start || r.Wait < 0 || r.Wait > presets.MaxWait {
			t.Fatalf("row %d: %+v", i+1, r)
		}
	}
}

// stop_after_delay: the envelope's rows are those the least waits reach, and every seeded run
// lies inside it.
func TestTenacityDelayEnvelope(t *testing.T) {
	s := build(t, "tenacity", "--wait random-exponential --max 60 --stop-after-delay 30")
	env := schedule.Envelope(s)
	for seed := int64(0); seed < 200; seed++ {
		rows := s.Fill(draw.NewPyRandom(seed), nil)
		if len(rows) > len(env) {
			t.Fatalf("seed %d: %d rows past the envelope's %d", seed, len(rows), len(env))
		}
		for i, r := range rows {
			b := env[i]
			if r.Start < b.StartMin-1e-9 || r.Start > b.StartMax+1e-9 || (r.HasWait && (b.NoWait || r.Wait < b.WaitMin || r.Wait > b.WaitMax)) {
				t.Fatalf("seed %d row %d %+v outside %+v", seed, i+1, r, b)
			}
		}
	}
}

func Example_tenacity() {
	s := build(&testing.T{}, "tenacity", "--wait random-exponential --multiplier 0.5 --min 2 --max 10 --stop-after-attempt 4")
	for _, r := range s.Fill(draw.NewPyRandom(1), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 0.26872848822480244
	// 2 0.268728488 1.6948674738744653
	// 3 1.963595962 1.527549237953228
	// 4 3.4911452 0
}
