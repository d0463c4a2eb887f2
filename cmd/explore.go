package cmd

import (
	"bytes"
	"errors"
	"os"
	"strings"

	"github.com/backoffctl/backoffctl/cmd/explore"
	"github.com/backoffctl/backoffctl/schedule/budget"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newExploreCmd is `backoffctl explore [STRATEGY]`: the interactive calculator, with the same
// strategy subcommands and flags as table.
func newExploreCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "explore [STRATEGY] [flags]",
		Short: "Change a strategy's parameters on a full-screen calculator and watch the schedule",
		Long: `Open a full-screen calculator over a strategy's parameters: the schedule table prints for them,
a chart of the waits or starts (with the envelope on e), the total window, the equivalent
"backoffctl table" command line and the library's own configuration.

Keys: up/down (k/j) select, +/- (left/right) change, Enter types a value, / picks a strategy
(type to filter), Tab or s switches to the next, PgUp/PgDn/Home/End (or the mouse wheel) scroll
the rows, e envelope, w starts/waits, b a budget's threshold and burst (--budget SPEC starts there), x then m/c/j writes STRATEGY.md/.csv/.json (what table
prints; an existing file is kept and STRATEGY-2.md ... written instead), ? keys, q quits. Needs
a terminal; in scripts use "backoffctl table".`,
		Example: `  backoffctl explore
  backoffctl explore polynomial --attempts 10
  backoffctl explore exponential --cap 30s --jitter full --envelope`,
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return noStrategy("explore", args)
			}
			def := strategy.All()[0]
			return runExplore(g, bindStrategy(def, pflag.NewFlagSet(def.Name, pflag.ContinueOnError)), &tableOptions{}, "")
		},
	}
	var o tableOptions
	var budgetSpec string
	c.Long += "\n\n" + fromHelp
	addFromFlags(c)
	addStrategySubcommands(g, c, func(fs *pflag.FlagSet) {
		o.bind(fs)
		fs.StringVar(&budgetSpec, "budget", "", "show this budget's threshold x* and burst for the schedule's retries (SPEC as amplify takes it; b cycles)")
	}, nil, func(b *boundStrategy) error { return runExplore(g, b, &o, budgetSpec) })
	return c
}

func runExplore(g *globalOptions, b *boundStrategy, o *tableOptions, budgetSpec string) error {
	sampling := len(o.percentiles) > 0
	if b.fs.Changed("samples") && !sampling {
		return badInput("--samples applies with --percentiles")
	}
	// The flags are checked as table checks them; values that do not build yet (decorrelated
	// with --cap 0) are shown on the screen to be fixed there.
	if _, err := b.strategy(sampling); err != nil {
		var in *param.InputError
		if !errors.As(err, &in) {
			return err
		}
	}
	if budgetSpec != "" {
		if _, err := budget.Resolve(budgetSpec, false); err != nil {
			return badInput("%s", err.Error())
		}
	}
	r := lipgloss.NewRenderer(g.stdout)
	r.SetColorProfile(termenv.Ascii)
	if useColor(g.getenv, g.color, true) {
		r.SetColorProfile(termenv.ANSI)
	}
	opts := explore.Options{
		Def: b.def, Values: b.values, Rand: b.random.rand, Seed: b.random.seed, Seeded: b.random.seeded(),
		Envelope: o.envelope, Percentiles: o.percentiles, Samples: o.samples, Lang: g.lang,
		Table: runTable, Renderer: r, Budget: budgetSpec,
	}
	if !isTerminal(g.stdin) || !isTerminal(g.stdout) {
		m := explore.New(opts)
		return badInput("explore needs a terminal on stdin and stdout; for a schedule in a script use: %s", m.CommandLine())
	}
	return explore.Run(opts, g.stdin.(*os.File), g.stdout.(*os.File))
}

// runTable runs a backoffctl command line in process, for explore's exports: the file is what
// that command writes.
func runTable(args []string) error {
	var out, errs bytes.Buffer
	if run(args, &out, &errs) != exitOK {
		return errors.New(strings.TrimPrefix(strings.TrimSpace(errs.String()), "backoffctl: "))
	}
	return nil
}
