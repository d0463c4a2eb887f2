package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
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
sampled percentiles (--samples schedules from --seed), next to the --rand columns.

Strategies: ` + strings.Join(strategyNames(), ", ") + `. See "backoffctl strategies".`,
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
	addStrategySubcommands(table, o.bind, func(b *boundStrategy) error { return o.run(g, b) })
	for _, c := range table.Commands() {
		if def, ok := findStrategy(c.Name()); ok {
			c.Example = def.example
		}
	}
	return table
}

// tableOptions are table's own flags.
type tableOptions struct {
	envelope    bool
	percentiles []float64
	samples     int
}

// bind registers the flags on one strategy subcommand. Each subcommand runs alone, so they can
// share one tableOptions.
func (o *tableOptions) bind(fs *pflag.FlagSet) {
	boolFlag(fs, &o.envelope, "envelope", "add the least and greatest start and wait over all draws")
	fs.Var(&percentList{p: &o.percentiles}, "percentiles", "add sampled percentiles of every start and wait, e.g. 50,95,99")
	samplesFlag(fs, &o.samples)
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
	draws := b.random.draws(b.def.javaSeed)
	if sampling {
		draws = schedule.Constant(b.random.rand)
	}
	rows := s.Fill(draws, nil)
	params := b.drawFields()
	if sampling {
		params = []format.Field{{Name: "rand", Value: b.random.rand}, {Name: "seed", Value: b.random.seed}, {Name: "samples", Value: o.samples}}
	}
	t := scheduleTable(s, rows, params)
	if o.envelope {
		addEnvelope(t, schedule.Envelope(s))
	}
	if sampling {
		if cost := float64(o.samples) * float64(len(rows)); cost > maxSampledRows {
			return badInput("--samples %d x %d rows is %.3g sampled rows, past the cap of %.0e: lower --samples or the attempts", o.samples, len(rows), cost, maxSampledRows)
		}
		done, stop := watchSamples(g.stderr, int64(o.samples))
		q := schedule.PercentilesProgress(s, o.samples, b.random.seed, o.percentiles, done)
		stop()
		addPercentiles(t, q)
	}
	return g.emit(t)
}

// maxSampledRows caps samples x rows, the work of one percentile pass (about a minute at the cap).
const maxSampledRows = 3e9

// addEnvelope appends start_min/max and wait_min/max columns.
func addEnvelope(t *format.Table, bounds []schedule.Bounds) {
	t.Columns = append(t.Columns,
		format.Column{Key: "start_min_seconds", Kind: format.Seconds},
		format.Column{Key: "start_max_seconds", Kind: format.Seconds},
		format.Column{Key: "wait_min_seconds", Kind: format.Seconds},
		format.Column{Key: "wait_max_seconds", Kind: format.Seconds},
	)
	for i, b := range bounds {
		noWait := t.Rows[i][2].Null
		t.Rows[i] = append(t.Rows[i],
			format.Cell{Num: b.StartMin}, format.Cell{Num: b.StartMax},
			format.Cell{Num: b.WaitMin, Null: noWait}, format.Cell{Num: b.WaitMax, Null: noWait})
	}
	t.Notes = append(t.Notes, format.Message{Key: "note.envelope"})
}

// addPercentiles appends start_pN_seconds, then wait_pN_seconds, per percentile.
func addPercentiles(t *format.Table, q schedule.Quantiles) {
	for _, p := range q.Percents {
		t.Columns = append(t.Columns, format.Column{Key: "start_p" + percentileName(p) + "_seconds", Kind: format.Seconds})
	}
	for _, p := range q.Percents {
		t.Columns = append(t.Columns, format.Column{Key: "wait_p" + percentileName(p) + "_seconds", Kind: format.Seconds})
	}
	for i := range t.Rows {
		noWait := t.Rows[i][2].Null
		for j := range q.Percents {
			t.Rows[i] = append(t.Rows[i], format.Cell{Num: q.Start[i][j]})
		}
		for j := range q.Percents {
			t.Rows[i] = append(t.Rows[i], format.Cell{Num: q.Wait[i][j], Null: noWait})
		}
	}
	t.Notes = append(t.Notes, format.Message{Key: "note.percentiles"})
}
