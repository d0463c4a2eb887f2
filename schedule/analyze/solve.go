package analyze

import (
	"errors"
	"math"
	"math/bits"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// FirstReaching returns the 1-based row of the first start at or after window, or 0.
func FirstReaching(starts []float64, window float64) int {
	for i, s := range starts {
		if s >= window {
			return i + 1
		}
	}
	return 0
}

// Case is one line of solve's answer: under some draws, the fewest rows whose last one starts at
// or after the window (0: none does) and that start.
type Case struct {
	Draws     string
	Rows      int
	LastStart float64
}

// Solved is solve's answer for the row count.
type Solved struct {
	Cases    []Case            // the evaluation's answer first, then longest waits, shortest waits, percentile
	Values   *param.Values     // the parameters with the answer in place of the count
	Strategy schedule.Strategy // built at Values
}

// SolveAttempts finds the fewest rows (attempts, retries, requests, ...) whose last one starts at
// or after window: at the evaluation's draws, with the longest and the shortest waits, and at a sampled
// percentile when the evaluation reads one.
func SolveAttempts(def strategy.Def, v *param.Values, window float64, e Evaluation) (Solved, error) {
	v = v.Clone()
	build := func(rows int) (schedule.Strategy, error) {
		if err := v.Set(def.Count, param.Number(float64(rows-def.CountOffset))); err != nil {
			return nil, err
		}
		return def.Build(v)
	}
	if def.CountReshapes {
		return solveReshaping(def, v, window, e, build)
	}
	s, err := build(schedule.MaxAttempts)
	if err != nil {
		return Solved{}, err
	}
	at := Evaluation{Draws: e.Draws, AtRand: e.Sampling() && e.Draws.RandGiven}
	view, err := at.View(def, s)
	if err != nil {
		return Solved{}, err
	}
	k := FirstReaching(view.Starts, window)
	if k == 0 {
		return Solved{}, param.BadInput("no number of --%s reaches --window %s: the schedule's last attempt (%d) starts at %s",
			def.Count, param.HumanSeconds(window), len(view.Starts), param.HumanSeconds(view.Last()))
	}
	cases := []Case{{Draws: at.Label(def), Rows: k, LastStart: view.Starts[k-1]}}
	if def.Stream.Random() {
		env := schedule.Envelope(s)
		fast, slow := make([]float64, len(env)), make([]float64, len(env))
		for i, b := range env {
			fast[i], slow[i] = b.StartMax, b.StartMin
		}
		kf, ks := FirstReaching(fast, window), FirstReaching(slow, window)
		cases = append(cases, Case{Draws: "longest waits", Rows: kf, LastStart: at0(fast, kf)}, Case{Draws: "shortest waits", Rows: ks, LastStart: at0(slow, ks)})
		if e.Sampling() {
			// The percentile's answer lies between the longest and shortest waits' ones: sample no
			// more rows than the shortest waits need.
			rows := ks
			if rows == 0 {
				rows = len(view.Starts)
			}
			if s, err = build(rows); err != nil {
				return Solved{}, err
			}
			pv, err := e.View(def, s)
			if err != nil {
				return Solved{}, err
			}
			kp := FirstReaching(pv.Starts, window)
			cases = append(cases, Case{Draws: e.Label(def), Rows: kp, LastStart: at0(pv.Starts, kp)})
		}
	}
	if s, err = build(k); err != nil {
		return Solved{}, err
	}
	return Solved{Cases: cases, Values: v, Strategy: s}, nil
}

// solveReshaping is SolveAttempts for a strategy whose count reshapes every wait: a binary search
// over the row count for each case, building the schedule at each candidate.
func solveReshaping(def strategy.Def, v *param.Values, window float64, e Evaluation, build func(int) (schedule.Strategy, error)) (Solved, error) {
	spec, _ := v.Spec(def.Count)
	least := max(int(spec.Min)+def.CountOffset, 1)
	// search returns the fewest rows whose last start, as last reads it, is at or after window
	// (0 when even the most rows fall short) and that start.
	search := func(top int, last func(s schedule.Strategy) (float64, error)) (int, float64, error) {
		at := func(rows int) (float64, error) {
			s, err := build(rows)
			if err != nil {
				return 0, err
			}
			return last(s)
		}
		most, err := at(top)
		if err != nil || most < window {
			return 0, most, err
		}
		lo, hi := least-1, top // hi reaches the window; lo is below the range or does not
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			s, err := at(mid)
			if err != nil {
				return 0, 0, err
			}
			if s >= window {
				hi = mid
			} else {
				lo = mid
			}
		}
		s, err := at(hi)
		return hi, s, err
	}
	at := Evaluation{Draws: e.Draws, AtRand: e.Sampling() && e.Draws.RandGiven}
	view := func(e Evaluation) func(s schedule.Strategy) (float64, error) {
		return func(s schedule.Strategy) (float64, error) {
			v, err := e.View(def, s)
			if err != nil {
				return 0, err
			}
			return v.Last(), nil
		}
	}
	k, last, err := search(schedule.MaxAttempts, view(at))
	if err != nil {
		return Solved{}, err
	}
	if k == 0 {
		return Solved{}, param.BadInput("no number of --%s reaches --window %s: the schedule's last attempt (%d) starts at %s",
			def.Count, param.HumanSeconds(window), schedule.MaxAttempts, param.HumanSeconds(last))
	}
	cases := []Case{{Draws: at.Label(def), Rows: k, LastStart: last}}
	if def.Stream.Random() {
		slowest := 0
		for _, c := range []struct {
			label string
			pick  func(schedule.Bounds) float64
		}{{"longest waits", func(b schedule.Bounds) float64 { return b.StartMax }}, {"shortest waits", func(b schedule.Bounds) float64 { return b.StartMin }}} {
			n, start, err := search(schedule.MaxAttempts, func(s schedule.Strategy) (float64, error) {
				env := schedule.Envelope(s)
				return c.pick(env[len(env)-1]), nil
			})
			if err != nil {
				return Solved{}, err
			}
			cases = append(cases, Case{Draws: c.label, Rows: n, LastStart: nanIfNone(n, start)})
			slowest = n
		}
		if e.Sampling() {
			// The percentile's answer lies between the longest and shortest waits' ones: sample no
			// more rows than the shortest waits need.
			if slowest == 0 {
				slowest = schedule.MaxAttempts
			}
			n, start, err := search(slowest, view(e))
			if err != nil {
				return Solved{}, err
			}
			cases = append(cases, Case{Draws: e.Label(def), Rows: n, LastStart: nanIfNone(n, start)})
		}
	}
	s, err := build(k)
	if err != nil {
		return Solved{}, err
	}
	return Solved{Cases: cases, Values: v, Strategy: s}, nil
}

func nanIfNone(rows int, start float64) float64 {
	if rows == 0 {
		return math.NaN()
	}
	return start
}

func at0(v []float64, k int) float64 {
	if k == 0 {
		return math.NaN()
	}
	return v[k-1]
}

// SolvedFor is solve's answer for one parameter.
type SolvedFor struct {
	Param     param.Spec
	Value     param.Value // the least value that reaches the window
	LastStart float64     // the last start at that value
	Label     string      // the draws it was evaluated at
	Values    *param.Values
	Strategy  schedule.Strategy
}

// NumericParams lists the parameters SolveFor can solve.
func NumericParams(def strategy.Def) []string {
	var names []string
	for _, s := range def.Params {
		if _, ok := newGrid(s); ok {
			names = append(names, s.Name)
		}
	}
	return names
}

// SolveFor finds the least value of a numeric parameter whose last attempt starts at or after
// window, assuming the last start grows with the parameter. The search runs over the parameter's
// own grain (whole units for integers, nanoseconds for durations, every float64 for numbers), so
// the answer is the exact least value, not an approximation.
func SolveFor(def strategy.Def, v *param.Values, name string, window float64, e Evaluation) (SolvedFor, error) {
	v = v.Clone()
	spec, ok := v.Spec(name)
	grid, numeric := newGrid(spec)
	if !ok || !numeric {
		return SolvedFor{}, param.BadInput("--for takes a numeric parameter of %s: %s", def.Name, joinNames(NumericParams(def)))
	}
	if e.Sampling() {
		if err := searchAffordable(def, v, name, grid, e); err != nil {
			return SolvedFor{}, err
		}
	}
	lastStart := func(i uint64) (float64, error) {
		if err := v.Set(name, grid.value(i)); err != nil {
			return 0, err
		}
		s, err := def.Build(v)
		var bad *param.InputError
		if err != nil && i != grid.hi && errors.As(err, &bad) {
			// A value the strategy refuses with the others as given (Envoy's max below its
			// base): below where the search can answer, so it does not reach the window.
			return math.Inf(-1), nil
		}
		if err != nil {
			return 0, err
		}
		view, err := e.View(def, s)
		if err != nil {
			return 0, err
		}
		return view.Last(), nil
	}
	hiStart, err := lastStart(grid.hi)
	if err != nil {
		return SolvedFor{}, err
	}
	if hiStart < window {
		return SolvedFor{}, param.BadInput("no --%s in %s reaches --window %s: at %s the last attempt starts at %s",
			name, spec.RangeText(), param.HumanSeconds(window), grid.display(grid.hi), param.HumanSeconds(hiStart))
	}
	lo, hi := grid.lo, grid.hi // invariant: hi reaches the window
	if s, err := lastStart(lo); err != nil {
		return SolvedFor{}, err
	} else if s >= window {
		hi = lo
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		s, err := lastStart(mid)
		if err != nil {
			return SolvedFor{}, err
		}
		if s >= window {
			hi = mid
		} else {
			lo = mid
		}
	}
	start, err := lastStart(hi)
	if err != nil {
		return SolvedFor{}, err
	}
	s, err := def.Build(v)
	if err != nil {
		return SolvedFor{}, err
	}
	return SolvedFor{Param: spec, Value: grid.value(hi), LastStart: start, Label: e.Label(def), Values: v, Strategy: s}, nil
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// searchAffordable refuses, before any sampling, a percentile search that would sample more than
// one command may: about one pass per bit of the parameter's range, each as costly as the pass at
// the range's greatest value (usually the longest schedule).
func searchAffordable(def strategy.Def, v *param.Values, name string, g grid, e Evaluation) error {
	probe := v.Clone()
	if err := probe.Set(name, g.value(g.hi)); err != nil {
		return err
	}
	s, err := def.Build(probe)
	if err != nil {
		return err
	}
	cost, rows, _ := Cost(s, e.Samples, e.Draws.Seed, []float64{e.Percentile})
	steps := bits.Len64(g.hi-g.lo) + 3
	if total := cost * float64(steps); total > MaxSampledRows {
		return param.BadInput("solve --for %s at a percentile samples up to %d times %d schedules of %d rows (%.3g sampled rows), past the cap of %.0e per command: lower --samples",
			name, steps, e.Samples, rows, total, MaxSampledRows)
	}
	return nil
}
