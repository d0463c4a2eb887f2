package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newTableCmd is `backoffctl table STRATEGY`: one subcommand per strategy, so each has its own
// flags, help and completion.
func newTableCmd(g *globalOptions) *cobra.Command {
	table := &cobra.Command{
		Use:   "table STRATEGY [flags]",
		Short: "Print the retry schedule of a strategy, one row per attempt",
		Long: `Print the retry schedule of a strategy: one row per attempt with its start time (seconds after
attempt 1 started) and the wait until the next attempt. The last row has no wait: no retry follows it.

Every random draw is a u in [0, 1): --rand fixes them all (default 0.5), --seed samples one schedule.
--envelope adds each start's and wait's least and greatest value over all draws; --percentiles adds
sampled percentiles (--samples schedules from --seed); the plain columns stay the schedule --seed
samples (or the --rand one when --rand is given too).

Strategies: ` + strings.Join(strategy.Names(), ", ") + `. See "backoffctl strategies".`,
		Example: `  backoffctl table polynomial --attempts 25
  backoffctl table polynomial --attempts 25 -o markdown
  backoffctl table polynomial --attempts 5 --envelope
  backoffctl table polynomial --attempts 25 --percentiles 50,95,99 --samples 1000000 --seed 1
  backoffctl table fixed --wait 5s -o json`,
		Args: cobra.ArbitraryArgs,
		// An unknown strategy comes with that strategy's flags: report the strategy, not a flag.
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE:               func(_ *cobra.Command, args []string) error { return noStrategy("table", args) },
	}
	var o tableOptions
	addStrategySubcommands(g, table, o.bind, func(def strategy.Def) string { return def.Example }, func(b *boundStrategy) error { return o.run(g, b) })
	return table
}

// tableOptions are table's own flags.
type tableOptions struct {
	envelope    bool
	percentiles []float64
	samples     int
	budgets     budgetOptions
}

// bind registers the flags on one strategy subcommand. Each subcommand runs alone, so they can
// share one tableOptions.
func (o *tableOptions) bind(fs *pflag.FlagSet) {
	boolFlag(fs, &o.envelope, "envelope", "add the least and greatest start and wait over all draws")
	fs.Var(&percentList{p: &o.percentiles}, "percentiles", "add sampled percentiles of every start and wait, e.g. 50,95,99")
	samplesFlag(fs, &o.samples)
	o.budgets.bind(fs)
}

func (o *tableOptions) run(g *globalOptions, b *boundStrategy) error {
	sampling := len(o.percentiles) > 0
	if b.fs.Changed("samples") && !sampling {
		return badInput("--samples applies with --percentiles")
	}
	s, err := b.strategy(sampling)
	if err != nil {
		return err
	}
	// --seed means one thing: the plain columns are the schedule it samples, with or without
	// --percentiles (which it also seeds). --rand, given with it, fixes the plain columns instead.
	seededRows := b.random.seeded() && !b.fs.Changed("rand")
	draws := b.random.draws().For(b.def)
	if sampling && !seededRows {
		draws = draw.Fixed(b.random.rand)
	}
	rows := s.Fill(draws, nil)
	if err := g.checkCells(scheduleCells(s, len(rows), o.envelope, len(o.percentiles)), "the table lays out", "lower the attempts, or choose -o csv or -o json"); err != nil {
		return err
	}
	params := b.drawFields()
	if sampling {
		params = []format.Field{{Name: "seed", Value: b.random.seed}, {Name: "samples", Value: o.samples}}
		if !seededRows {
			params = append([]format.Field{{Name: "rand", Value: b.random.rand}}, params...)
		}
	}
	budgetNotes, err := o.budgets.notes(b.fs, len(rows))
	if err != nil {
		return err
	}
	t := format.ScheduleTable(s, rows, params)
	if seededRows && b.def.SeedDoc != "" {
		t.Notes = append(t.Notes, format.Message{Key: "note.seed", Args: []any{b.random.seed, b.def.SeedDoc}})
	}
	if o.envelope {
		format.AddEnvelope(t, schedule.Envelope(s))
	}
	if sampling {
		q, err := analyze.Percentiles(s, o.samples, b.random.seed, o.percentiles, watcher(g.stderr), nil)
		if err != nil {
			return err
		}
		format.AddPercentiles(t, q, seededRows)
	}
	t.Notes = append(t.Notes, budgetNotes...)
	return g.emit(t)
}
