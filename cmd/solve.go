package cmd

import (
	"fmt"
	"math"
	"strconv"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newSolveCmd(g *globalOptions) *cobra.Command {
	solve := &cobra.Command{
		Use:   "solve STRATEGY --window D [flags]",
		Short: "Find the attempts (or a parameter) whose last attempt starts at or after a window",
		Long: `Solve a retry policy backwards. By default: the fewest attempts whose last attempt starts at or
after --window, at the --rand draws, at the fastest and slowest draws, and with --percentile P at the
P-th sampled percentile. With --for PARAM: the least value of a numeric parameter that makes the last
attempt (with the attempts given) start at or after --window, by a monotone search over the
parameter's range.`,
		Example: `  backoffctl solve polynomial --window 24h
  backoffctl solve sidekiq --window 7d -o json
  backoffctl solve polynomial --window 24h --percentile 95 --samples 100000 --seed 1
  backoffctl solve fixed --attempts 10 --window 1h --for wait`,
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE:               func(_ *cobra.Command, args []string) error { return noStrategy("solve", args) },
	}
	var o solveOptions
	addStrategySubcommands(solve, o.bind, func(b *boundStrategy) error { return o.run(g, b) })
	for _, c := range solve.Commands() {
		if def, ok := findStrategy(c.Name()); ok {
			c.Example = fmt.Sprintf("  backoffctl solve %[1]s --window %[2]s\n  backoffctl solve %[1]s --window %[2]s -o json", def.name, def.window)
		}
	}
	return solve
}

type solveOptions struct {
	window float64
	param  string
	eval   evaluation
}

func (o *solveOptions) bind(fs *pflag.FlagSet) {
	durationFlag(fs, &o.window, "window", 0, 0, maxDuration, "the time the last attempt must reach (required)")
	fs.StringVar(&o.param, "for", "", "solve this numeric parameter instead of the attempts")
	o.eval.bind(fs)
}

func (o *solveOptions) run(g *globalOptions, b *boundStrategy) error {
	if !b.fs.Changed("window") {
		return badInput("solve needs --window, the time the last attempt must reach (like 24h, 7d)")
	}
	if b.fs.Changed("samples") && !o.eval.sampling() {
		return badInput("--samples applies with --percentile")
	}
	if o.param != "" {
		return o.runFor(g, b)
	}
	if b.fs.Changed(b.def.count) {
		return badInput("--%s is what solve finds: leave it out, or solve another parameter with --for", b.def.count)
	}
	return o.runAttempts(g, b)
}

// firstReaching returns the 1-based row of the first start at or after window, or 0.
func firstReaching(starts []float64, window float64) int {
	for i, s := range starts {
		if s >= window {
			return i + 1
		}
	}
	return 0
}

// solveCase is one line of solve's answer.
type solveCase struct {
	draws     string
	rows      int // 0: no count reaches the window
	lastStart float64
}

func (o *solveOptions) runAttempts(g *globalOptions, b *boundStrategy) error {
	maxRows := schedule.MaxAttempts
	if err := b.fs.Set(b.def.count, strconv.Itoa(maxRows-b.def.countOffset)); err != nil {
		return err
	}
	s, err := b.strategy(o.eval.sampling())
	if err != nil {
		return err
	}
	at := evaluation{atRand: o.eval.sampling()}
	v, err := at.view(b, s, g.stderr)
	if err != nil {
		return err
	}
	k := firstReaching(v.starts, o.window)
	if k == 0 {
		return badInput("no number of --%s reaches --window %s: the schedule's last attempt (%d) starts at %s",
			b.def.count, format.Duration(o.window), len(v.starts), format.Duration(v.starts[len(v.starts)-1]))
	}
	cases := []solveCase{{draws: at.label(b), rows: k, lastStart: v.starts[k-1]}}
	if b.def.random {
		env := schedule.Envelope(s)
		fast, slow := make([]float64, len(env)), make([]float64, len(env))
		for i, e := range env {
			fast[i], slow[i] = e.StartMax, e.StartMin
		}
		kf, ks := firstReaching(fast, o.window), firstReaching(slow, o.window)
		cases = append(cases, solveCase{draws: "fastest", rows: kf, lastStart: at0(fast, kf)}, solveCase{draws: "slowest", rows: ks, lastStart: at0(slow, ks)})
		if o.eval.sampling() {
			// The percentile's answer lies between the fastest and slowest ones: sample no more
			// rows than the slowest needs.
			rows := ks
			if rows == 0 {
				rows = len(v.starts)
			}
			if err := b.fs.Set(b.def.count, strconv.Itoa(rows-b.def.countOffset)); err != nil {
				return err
			}
			if s, err = b.strategy(true); err != nil {
				return err
			}
			pv, err := o.eval.view(b, s, g.stderr)
			if err != nil {
				return err
			}
			kp := firstReaching(pv.starts, o.window)
			cases = append(cases, solveCase{draws: o.eval.label(b), rows: kp, lastStart: at0(pv.starts, kp)})
		}
	}
	// Report the parameters with the answer in place of the search's row count.
	if err := b.fs.Set(b.def.count, strconv.Itoa(k-b.def.countOffset)); err != nil {
		return err
	}
	if s, err = b.strategy(o.eval.sampling()); err != nil {
		return err
	}
	return g.emit(solveTable(b, s, o.window, cases))
}

func at0(v []float64, k int) float64 {
	if k == 0 {
		return math.NaN()
	}
	return v[k-1]
}

func solveTable(b *boundStrategy, s schedule.Strategy, window float64, cases []solveCase) *format.Table {
	first := cases[0]
	t := &format.Table{
		Head: []format.Field{
			{Name: "strategy", Value: b.def.name},
			{Name: "window_seconds", Value: window},
			{Name: "attempts", Value: first.rows},
			{Name: "parameter", Value: b.def.count},
			{Name: "value", Value: first.rows - b.def.countOffset},
		},
		Parameters: fieldsOf(s, b),
		Columns: []format.Column{
			{Key: "draws", Kind: format.Text},
			{Key: "attempts", Kind: format.Integer},
		},
	}
	own := b.def.count != "attempts" // sidekiq's retries, gitlab's requests, ...
	if own {
		t.Columns = append(t.Columns, format.Column{Key: b.def.count, Kind: format.Integer})
	}
	t.Columns = append(t.Columns, format.Column{Key: "last_start_seconds", Kind: format.Seconds})
	for _, c := range cases {
		row := []format.Cell{{Text: c.draws}, numOrNull(float64(c.rows), c.rows > 0)}
		if own {
			row = append(row, numOrNull(float64(c.rows-b.def.countOffset), c.rows > 0))
		}
		t.Rows = append(t.Rows, append(row, numOrNull(c.lastStart, c.rows > 0)))
	}
	t.Notes = []format.Message{{Key: "note.solve.attempts", Args: []any{b.def.count, first.rows - b.def.countOffset, first.rows, format.Duration(first.lastStart), format.Duration(window)}}}
	if len(cases) > 1 {
		t.Notes = append(t.Notes, format.Message{Key: "note.solve.extremes"})
	}
	return t
}

// fieldsOf lists a strategy's parameters and draws for JSON.
func fieldsOf(s schedule.Strategy, b *boundStrategy) []format.Field {
	return append(paramFields(s), b.drawFields()...)
}
