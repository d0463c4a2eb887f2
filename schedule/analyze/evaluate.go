// Package analyze answers questions about a strategy at given parameter values: the schedule as
// evaluated (at fixed draws, one seeded sample or a sampled percentile), the fewest attempts or
// the parameter value that reaches a window (solve), and limits a schedule must keep (check).
// Every function works on parameter values, never on flag text, so any surface can call it.
package analyze

import (
	"math"
	"strconv"
	"sync/atomic"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/sample"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// MaxSampledRows caps the sampling work of one command, in sampled rows (samples x rows x passes,
// summed over its policies and search steps, checked before any is sampled): at the pace of the
// slowest strategies about half a minute of one core, so every accepted command ends within a
// minute on a busy 2-core machine.
const MaxSampledRows = 3e8

// MaxLaidOutCells caps what one command lays out for the terminal or markdown, in cells (rows x
// columns, summed over every policy it prints, compares or plots): such a table takes 250 to 650
// bytes a cell before it is printed, so 400000 cells stay within the 256 MB a command may take.
// CSV and JSON, lighter, are allowed more (cmd's cellCap).
const MaxLaidOutCells = 400000

// Draws are --rand and --seed: a fixed u for every draw, or one schedule sampled with a seed.
type Draws struct {
	Rand      float64
	Seed      int64
	Seeded    bool
	RandGiven bool // --rand was given: with --seed and a percentile, the plain reading is at --rand
}

// For returns the draws of one schedule of def: java.util.Random, Go's math/rand or the tool's
// own stream for --seed, as the strategy's real system draws.
func (d Draws) For(def strategy.Def) draw.Draws {
	if !d.Seeded {
		return draw.Fixed(d.Rand)
	}
	return def.Stream.Seeded(d.Seed)
}

// Watch starts a progress display for a sampled pass over total samples; it returns the counter
// the pass advances and a function that ends the display.
type Watch func(total int64) (done *atomic.Int64, stop func())

// Evaluation says how a schedule is read: at the draws (fixed u, or the one schedule --seed
// samples), or at a sampled percentile of every start and wait.
type Evaluation struct {
	Draws      Draws
	Percentile float64 // 0: at the draws
	Samples    int
	AtRand     bool    // at --rand even when --seed is given (it seeds a sampler elsewhere)
	Bound      string  // "min" or "max": at the exact envelope over all draws; "": not
	Watch      Watch   // nil: no progress display
	Budget     *Budget // the command's sampling budget; nil: each pass is only capped alone
}

// Sampling reports whether the evaluation reads percentiles.
func (e Evaluation) Sampling() bool { return e.Percentile > 0 }

// View is a schedule as evaluated: each row's start and wait (NaN where a row has no wait, or
// where no sample reaches it).
type View struct {
	Starts, Waits []float64
}

// Last is the start of the last row.
func (v View) Last() float64 { return v.Starts[len(v.Starts)-1] }

// View evaluates s, a strategy of def.
func (e Evaluation) View(def strategy.Def, s schedule.Strategy) (View, error) {
	if e.Bound != "" {
		return boundView(s, e.Bound == "max"), nil
	}
	if !e.Sampling() {
		d := e.Draws.For(def)
		if e.AtRand {
			d = draw.Fixed(e.Draws.Rand)
		}
		rows := s.Fill(d, nil)
		v := View{Starts: make([]float64, len(rows)), Waits: make([]float64, len(rows))}
		for i, r := range rows {
			v.Starts[i], v.Waits[i] = r.Start, math.NaN()
			if r.HasWait {
				v.Waits[i] = r.Wait
			}
		}
		return v, nil
	}
	q, err := Percentiles(s, e.Samples, e.Draws.Seed, []float64{e.Percentile}, e.Watch, e.Budget)
	if err != nil {
		return View{}, err
	}
	v := View{Starts: make([]float64, len(q.Start)), Waits: make([]float64, len(q.Start))}
	for i := range v.Starts {
		v.Starts[i], v.Waits[i] = q.Start[i][0], q.Wait[i][0]
	}
	return v, nil
}

// Budget is the sampling work one command may do, in sampled rows (samples x rows x passes):
// solve's search and a policy file's policies share it, so a command's cost is capped, not each
// pass's.
type Budget struct{ used float64 }

// Cost is the sampled rows n samples of s take: more than one pass when the rows do not fit the
// sampler's memory budget at once.
func Cost(s schedule.Strategy, n int, seed int64, percents []float64) (cost float64, rows, passes int) {
	rows, passes = sample.SamplingPasses(s, n, seed, percents)
	return float64(float64(n) * float64(rows) * float64(passes)), rows, passes
}

// charge adds cost, or refuses when the command would pass MaxSampledRows.
func (b *Budget) charge(cost float64) error {
	if b == nil {
		return nil
	}
	if b.used+cost > MaxSampledRows {
		return param.BadInput("this command samples %.3g rows in all, past the cap of %.0e per command: lower --samples or the attempts", b.used+cost, MaxSampledRows)
	}
	b.used += cost
	return nil
}

// Percentiles samples n schedules of s within the cost cap, with progress when watched.
func Percentiles(s schedule.Strategy, n int, seed int64, percents []float64, watch Watch, budget *Budget) (schedule.Quantiles, error) {
	// Refuse at once what one schedule's length already puts past the cap, before sampling any.
	if rows := len(s.Fill(draw.Fixed(0.5), nil)); float64(n)*float64(rows) > MaxSampledRows {
		return schedule.Quantiles{}, param.BadInput("--samples %d x %d rows is %.3g sampled rows, past the cap of %.0e: lower --samples or the attempts", n, rows, float64(n)*float64(rows), MaxSampledRows)
	}
	cost, rows, passes := Cost(s, n, seed, percents)
	if one := float64(n) * float64(rows); one > MaxSampledRows {
		return schedule.Quantiles{}, param.BadInput("--samples %d x %d rows is %.3g sampled rows, past the cap of %.0e: lower --samples or the attempts", n, rows, one, MaxSampledRows)
	}
	if cost > MaxSampledRows {
		return schedule.Quantiles{}, param.BadInput("--samples %d x %d rows takes %d passes to stay within %d MB: %.3g sampled rows, past the cap of %.0e: lower --samples or the attempts",
			n, rows, passes, sample.MemoryBudget>>20, cost, MaxSampledRows)
	}
	if err := budget.charge(cost); err != nil {
		return schedule.Quantiles{}, err
	}
	var done *atomic.Int64
	stop := func() {}
	if watch != nil {
		done, stop = watch(int64(n) * int64(passes))
	}
	defer stop()
	return sample.PercentilesProgress(s, n, seed, percents, done), nil
}

// boundView is the envelope's least (or greatest) start and wait of every row: the exact best (or
// worst) case over all draws, which no sample count can miss.
func boundView(s schedule.Strategy, greatest bool) View {
	env := schedule.Envelope(s)
	v := View{Starts: make([]float64, len(env)), Waits: make([]float64, len(env))}
	for i, b := range env {
		v.Starts[i], v.Waits[i] = b.StartMin, b.WaitMin
		if greatest {
			v.Starts[i], v.Waits[i] = b.StartMax, b.WaitMax
		}
		if b.NoWait {
			v.Waits[i] = math.NaN()
		}
	}
	return v
}

// Label names the evaluation for output: "rand 0.5", "seed 7", "p95", "envelope max" or "exact".
func (e Evaluation) Label(def strategy.Def) string {
	switch {
	case e.Bound != "" && def.Stream.Random():
		return "envelope " + e.Bound
	case e.Sampling():
		return "p" + PercentileName(e.Percentile)
	case !def.Stream.Random():
		return "exact"
	case e.Draws.Seeded && !e.AtRand:
		return "seed " + strconv.FormatInt(e.Draws.Seed, 10)
	}
	return "rand " + param.FormatNumber(e.Draws.Rand)
}

// PercentileName is a percentile as it appears in column names: 50, 99.9.
func PercentileName(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }
