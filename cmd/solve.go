package cmd

import (
	"fmt"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newSolveCmd(g *globalOptions) *cobra.Command {
	solve := &cobra.Command{
		Use:   "solve STRATEGY --window D [flags]",
		Short: "Find the attempts (or a parameter) whose last attempt starts at or after a window",
		Long: `Solve a retry policy backwards. By default: the fewest attempts whose last attempt starts at or
after --window, at the --rand draws, with the longest and the shortest waits the draws allow, and with --percentiles P at the
P-th sampled percentile. With --for PARAM: the least value of a numeric parameter that makes the last
attempt (with the attempts given) start at or after --window, by a monotone search over the
parameter's range.`,
		Example: `  backoffctl solve polynomial --window 24h
  backoffctl solve sidekiq --window 7d -o json
  backoffctl solve polynomial --window 24h --percentiles 95 --samples 100000 --seed 1
  backoffctl solve fixed --attempts 10 --window 1h --for wait`,
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE:               func(_ *cobra.Command, args []string) error { return noStrategy("solve", args) },
	}
	var o solveOptions
	addStrategySubcommands(g, solve, o.bind, solveExample, func(b *boundStrategy) error { return o.run(g, b) })
	return solve
}

func solveExample(def strategy.Def) string {
	return fmt.Sprintf("  backoffctl solve %[1]s --window %[2]s\n  backoffctl solve %[1]s --window %[2]s -o json", def.Name, def.Window)
}

type solveOptions struct {
	window float64
	param  string
	eval   evaluation
}

func (o *solveOptions) bind(fs *pflag.FlagSet) {
	durationFlag(fs, &o.window, "window", 0, 0, param.MaxDuration, "the time the last attempt must reach (required)")
	fs.StringVar(&o.param, "for", "", "solve this numeric parameter instead of the attempts")
	o.eval.bind(fs)
}

func (o *solveOptions) run(g *globalOptions, b *boundStrategy) error {
	if !b.fs.Changed("window") {
		return badInput("solve needs --window, the time the last attempt must reach (like 24h, 7d)")
	}
	if b.fs.Changed("samples") && !o.eval.sampling() {
		return badInput("--samples applies with --percentiles")
	}
	if _, err := b.strategy(o.eval.sampling()); err != nil {
		return err
	}
	b.def = b.def.At(b.values)
	o.eval.budget = new(analyze.Budget)
	e := o.eval.with(b, g.stderr)
	if b.fs.Changed("for") { // --for "" is refused by SolveFor, not taken as absent
		r, err := analyze.SolveFor(b.def, b.values, strings.TrimPrefix(o.param, "--"), o.window, e)
		if err != nil {
			return err
		}
		return g.emit(solveForTable(b, r, o.window))
	}
	if b.fs.Changed(b.def.Count) {
		return badInput("--%s is what solve finds: leave it out, or solve another parameter with --for", b.def.Count)
	}
	r, err := analyze.SolveAttempts(b.def, b.values, o.window, e)
	if err != nil {
		return err
	}
	return g.emit(solveTable(b, r, o.window))
}

func solveTable(b *boundStrategy, r analyze.Solved, window float64) *format.Table {
	def := b.def
	first := r.Cases[0]
	t := &format.Table{
		Head: []format.Field{
			{Name: "strategy", Value: def.Name},
			{Name: "window_seconds", Value: window},
			{Name: "attempts", Value: first.Rows},
			{Name: "parameter", Value: def.Count},
			{Name: "value", Value: first.Rows - def.CountOffset},
		},
		Parameters: fieldsOf(r.Strategy, b),
		Columns: []format.Column{
			{Key: "draws", Kind: format.Text},
			{Key: "attempts", Kind: format.Integer},
		},
	}
	own := def.Count != "attempts" // sidekiq's retries, gitlab's requests, ...
	if own {
		t.Columns = append(t.Columns, format.Column{Key: def.Count, Kind: format.Integer})
	}
	t.Columns = append(t.Columns, format.Column{Key: "last_start_seconds", Kind: format.Seconds})
	for _, c := range r.Cases {
		row := []format.Cell{{Text: c.Draws}, format.NumOrNull(float64(c.Rows), c.Rows > 0)}
		if own {
			row = append(row, format.NumOrNull(float64(c.Rows-def.CountOffset), c.Rows > 0))
		}
		t.Rows = append(t.Rows, append(row, format.NumOrNull(c.LastStart, c.Rows > 0)))
	}
	t.Notes = []format.Message{{Key: "note.solve.attempts", Args: []any{def.Count, first.Rows - def.CountOffset, first.Rows, format.Duration(first.LastStart), format.Duration(window)}}}
	if len(r.Cases) > 1 {
		t.Notes = append(t.Notes, format.Message{Key: "note.solve.extremes"})
	}
	return t
}

func solveForTable(b *boundStrategy, r analyze.SolvedFor, window float64) *format.Table {
	kind := format.Number
	switch r.Param.Kind {
	case param.Int:
		kind = format.Integer
	case param.Duration:
		kind = format.Seconds
	}
	name := r.Param.Name
	return &format.Table{
		Head: []format.Field{
			{Name: "strategy", Value: b.def.Name},
			{Name: "window_seconds", Value: window},
			{Name: "parameter", Value: name},
			{Name: "value", Value: r.Value.Num},
		},
		Parameters: fieldsOf(r.Strategy, b),
		Columns: []format.Column{
			{Key: "draws", Kind: format.Text},
			{Key: "parameter", Kind: format.Text},
			{Key: "value", Kind: kind},
			{Key: "last_start_seconds", Kind: format.Seconds},
		},
		Rows:  [][]format.Cell{{{Text: r.Label}, {Text: "--" + name}, {Num: r.Value.Num}, {Num: r.LastStart}}},
		Notes: []format.Message{{Key: "note.solve.for", Args: []any{name, r.Param.Format(r.Value), format.Duration(r.LastStart), format.Duration(window)}}},
	}
}

// fieldsOf lists a strategy's parameters and draws for JSON.
func fieldsOf(s schedule.Strategy, b *boundStrategy) []format.Field {
	return append(format.ParamFields(s), b.drawFields()...)
}
