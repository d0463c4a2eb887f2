package strategy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// tenacityWaits lists each --wait with the arguments it takes, in tenacity's order.
var tenacityWaits = []struct {
	name string
	args []string
}{
	{"exponential", []string{"multiplier", "min", "max", "exp-base"}},
	{"random-exponential", []string{"multiplier", "min", "max", "exp-base"}},
	{"exponential-jitter", []string{"initial", "max", "exp-base", "jitter"}},
	{"fixed", []string{"wait-fixed"}},
	{"random", []string{"min", "max"}},
	{"incrementing", []string{"start", "increment", "max"}},
}

// tenacityArgs are every wait's arguments, for the refusal of one the chosen wait does not take.
var tenacityArgs = []string{"multiplier", "min", "max", "exp-base", "initial", "jitter", "wait-fixed", "start", "increment"}

func tenacity() Def {
	var waits []string
	for _, w := range tenacityWaits {
		waits = append(waits, w.name)
	}
	number := func(name string, def float64, doc string) param.Spec {
		return param.Spec{Name: name, Kind: param.Float, Doc: doc, Default: param.Number(def), Min: 0, Max: 1e9}
	}
	return Def{
		Name:    "tenacity",
		Group:   Library,
		Summary: "Python tenacity 8.2.1 Retrying: wait_exponential, wait_random_exponential, ... with stop_after_attempt/stop_after_delay",
		Library: "tenacity",
		Version: "8.2.1",
		Brief:   "Python @retry wait/stop",
		Source: "tenacity 8.2.1 (Debian python3-tenacity 8.2.1-1), tenacity/wait.py, stop.py, __init__.py: the wait after attempt_number n " +
			"is wait_exponential max(max(0, min), min(multiplier * exp_base**(n-1), max)) (min is a floor, even over max), " +
			"wait_random_exponential uniform(0, that) (min floors only the window's top: waits below min are normal), " +
			"wait_exponential_jitter min(initial * exp_base**(n-1) + uniform(0, jitter), max) (the jitter drawn first), " +
			"wait_fixed, wait_random min + random()*(max - min) (max 1 by default), wait_incrementing start + increment*(n-1) " +
			"(increment 100 s by default). The stop is asked before the wait: the last failed attempt draws nothing. " +
			"stop_after_delay compares the time when an attempt ends (>=), the upcoming sleep not counted, so schedules " +
			"run past it. Integral multiplier, exp_base and initial are Python ints (exact powers); a non-integral exp_base " +
			"goes through C pow(). tenacity's default stop_never has no end: --attempts prints that many.",
		Example: `  backoffctl table tenacity --wait exponential --max 60 --stop-after-attempt 10
  backoffctl table tenacity --wait random-exponential --multiplier 0.5 --min 2 --max 10 --stop-after-attempt 8 --seed 1
  backoffctl table tenacity --wait exponential-jitter --stop-after-delay 30 --envelope`,
		Window: "1m",
		Params: []param.Spec{
			param.Choice("wait", "exponential", waits, "tenacity wait strategy: wait_exponential, wait_random_exponential, wait_exponential_jitter, wait_fixed, wait_random, wait_incrementing"),
			number("multiplier", 1, "multiplier of wait_exponential and wait_random_exponential"),
			pySeconds("min", 0, presets.MaxWait, "min of wait_exponential (a floor), wait_random_exponential (floors the window's top only) and wait_random"),
			pySeconds("max", presets.MaxWait, presets.MaxWait, "max of the exponential waits and wait_incrementing (default MAX_WAIT); of wait_random 1 by default"),
			number("exp-base", 2, "exp_base of the exponential waits"),
			pySeconds("initial", 1, presets.MaxWait, "initial of wait_exponential_jitter"),
			pySeconds("jitter", 1, presets.MaxWait, "jitter of wait_exponential_jitter: uniform(0, jitter) added"),
			pySeconds("wait-fixed", 0, presets.MaxWait, "the wait of wait_fixed(wait) (required with --wait fixed)"),
			pySeconds("start", 0, presets.MaxWait, "start of wait_incrementing"),
			pySeconds("increment", 100, presets.MaxWait, "increment of wait_incrementing"),
			{Name: "stop-after-attempt", Kind: param.Int, Doc: "stop_after_attempt(N): N attempts (calls) in all (default: not set, stop_never)", Default: param.Number(0), Min: 0, Max: param.MaxRows},
			pySeconds("stop-after-delay", 0, param.MaxDuration.Seconds(), "stop_after_delay(D): no retry once an attempt ends D or more after the first started (default: not set)"),
			param.Attempts(10, "rows printed when no stop_after_attempt ends the schedule (tenacity's default stop_never retries forever)"),
			param.JobDuration(),
		},
		Count:   "stop-after-attempt",
		Stream:  draw.Python,
		SeedDoc: "CPython random.seed(N), then one random.uniform / random.random per sleep (none for the attempt that stops): the table equals a tenacity run after random.seed(N)",
		New:     newTenacity,
		Config:  tenacityConfig,
	}
}

func newTenacity(v *param.Values) (schedule.Strategy, error) {
	wait := v.Text("wait")
	var takes []string
	for _, w := range tenacityWaits {
		if w.name == wait {
			takes = w.args
		}
	}
	for _, a := range tenacityArgs {
		if v.Changed(a) && !contains(takes, a) {
			return nil, param.BadInput("--%s does not apply to --wait %s: it takes --%s", a, wait, strings.Join(takes, ", --"))
		}
	}
	if wait == "fixed" && !v.Changed("wait-fixed") {
		return nil, param.BadInput("--wait fixed needs --wait-fixed SECONDS (tenacity's wait_fixed(wait))")
	}
	hasDelay := v.Changed("stop-after-delay") // stop_after_delay(0) stops after one attempt
	attempts := v.Int("stop-after-attempt")
	if v.Changed("stop-after-attempt") {
		attempts = max(attempts, 1) // stop_after_attempt(0) is one attempt too
	}
	if attempts > 0 && v.Changed("attempts") {
		return nil, param.BadInput("--attempts is the print limit of stop_never: leave it out with --stop-after-attempt")
	}
	t := &presets.Tenacity{
		Wait: wait, Multiplier: v.Num("multiplier"), ExpBase: v.Num("exp-base"), Initial: v.Num("initial"),
		Min: v.Num("min"), Max: v.Num("max"), Jitter: v.Num("jitter"), Start: v.Num("start"), Increment: v.Num("increment"),
		Fixed: v.Num("wait-fixed"), StopAfterAttempt: attempts,
		StopAfterDelay: v.Num("stop-after-delay"), HasDelay: hasDelay, JobDuration: v.Num("job-duration"),
	}
	if wait == "random" && !v.Changed("max") {
		t.Max = 1 // wait_random(min=0, max=1)
	}
	switch {
	case t.StopAfterAttempt > 0:
	case hasDelay && !v.Changed("attempts"):
	default:
		t.PrintLimit = v.Int("attempts")
	}
	names := append([]string{"wait"}, takes...)
	if t.StopAfterAttempt > 0 {
		names = append(names, "stop-after-attempt")
	}
	if hasDelay {
		names = append(names, "stop-after-delay")
	}
	if t.PrintLimit > 0 {
		names = append(names, "attempts")
	}
	t.Parameters = paramsIn(v, append(names, "job-duration")...)
	if wait == "random" {
		for i, p := range t.Parameters {
			if p.Name == "max_seconds" {
				t.Parameters[i].Value = t.Max
			}
		}
	}
	return t.Init(), nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// tenacityDefaults are each wait argument's default in tenacity 8.2.1's signatures (wait_random's
// max is 1, handled apart); an argument at its default is left out of the printed call.
var tenacityDefaults = map[string]float64{
	"multiplier": 1, "min": 0, "max": presets.MaxWait, "exp-base": 2, "initial": 1, "jitter": 1, "start": 0, "increment": 100,
}

// tenacityConfig is the @retry decorator for values v: the wait with its arguments that differ
// from tenacity's defaults, and the stop.
func tenacityConfig(v *param.Values) []string {
	wait := v.Text("wait")
	var takes []string
	for _, w := range tenacityWaits {
		if w.name == wait {
			takes = w.args
		}
	}
	var args []string
	for _, a := range takes {
		x, def := v.Num(a), tenacityDefaults[a]
		if wait == "random" && a == "max" {
			if !v.Changed("max") {
				continue
			}
			def = 1
		}
		switch {
		case a == "wait-fixed":
			args = append(args, pyNum(x))
		case x != def:
			args = append(args, strings.ReplaceAll(a, "-", "_")+"="+pyNum(x))
		}
	}
	call := "wait_" + strings.ReplaceAll(wait, "-", "_") + "(" + strings.Join(args, ", ") + ")"
	var stops []string
	attemptStop := v.Changed("stop-after-attempt") || v.Int("stop-after-attempt") > 0
	if attemptStop {
		stops = append(stops, fmt.Sprintf("stop_after_attempt(%d)", v.Int("stop-after-attempt")))
	}
	if v.Changed("stop-after-delay") {
		stops = append(stops, "stop_after_delay("+pyNum(v.Num("stop-after-delay"))+")")
	}
	items := []string{"wait=" + call}
	switch len(stops) {
	case 1:
		items = append(items, "stop="+stops[0])
	case 2:
		items = append(items, "stop=("+stops[0]+" | "+stops[1]+")")
	}
	out := pack("@retry(", items, ")")
	var only []string
	if !attemptStop && (!v.Changed("stop-after-delay") || v.Changed("attempts")) {
		only = append(only, fmt.Sprintf("--attempts %d (rows printed; stop_never retries forever)", v.Int("attempts")))
	}
	return append(out, toolOnly("#", "tenacity", v, only...)...)
}

// pack prints a call or literal: open, the items separated by ", ", close, on lines of at most
// about 80 columns; continuation lines are indented four spaces.
func pack(open string, items []string, closing string) []string {
	const width = 80
	var out []string
	line := open
	for i, it := range items {
		sep := ", "
		if i == len(items)-1 {
			sep = closing
		}
		if i > 0 && len(line)+len(it)+len(sep) > width {
			out = append(out, strings.TrimRight(line, " "))
			line = "    "
		}
		line += it + sep
	}
	if len(items) == 0 {
		line += closing
	}
	return append(out, line)
}

// toolOnly is the comment line, in the language's comment syntax, that lists the values the
// library cannot express: --job-duration when not 0 and the extra notes given. Nothing when
// there are none.
func toolOnly(comment, library string, v *param.Values, notes ...string) []string {
	if v.Num("job-duration") != 0 {
		notes = append(notes, "--job-duration "+v.Show("job-duration")+" (each attempt's run time)")
	}
	if len(notes) == 0 {
		return nil
	}
	return []string{comment + " backoffctl only, not a " + library + " setting: " + strings.Join(notes, "; ")}
}

// pyNum prints a number as Python source: an int when integral (so exponents stay exact, as
// tenacity computes them with ints), else the shortest float repr (0.5, 1e-05, 1e+16).
func pyNum(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e16 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return pyFloat(x)
}

// pyFloat prints a float as Python's repr does: 1.0, 0.5, 1e-05, 1e+16.
func pyFloat(x float64) string {
	if a := math.Abs(x); a != 0 && (a < 1e-4 || a >= 1e16) {
		return strconv.FormatFloat(x, 'e', -1, 64)
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
