package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/spf13/cobra"
)

// newTableCmd is `backoffctl table STRATEGY`: one subcommand per strategy, so each has its own
// flags, help and completion.
func newTableCmd(g *globalOptions) *cobra.Command {
	table := &cobra.Command{
		Use:   "table STRATEGY [flags]",
		Short: "Print the retry schedule of a strategy, one row per attempt",
		Long: `Print the retry schedule of a strategy: one row per attempt with its start time (seconds after
attempt 1 started) and the wait until the next attempt. The last row has no wait: no retry follows it.

Strategies: ` + strings.Join(strategyNames(), ", ") + `. See "backoffctl strategies".`,
		Example: `  backoffctl table polynomial --attempts 25
  backoffctl table polynomial --attempts 25 -o markdown
  backoffctl table fixed --wait 5s -o json`,
		Args: cobra.ArbitraryArgs,
		// An unknown strategy comes with that strategy's flags: report the strategy, not a flag.
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("table needs a strategy: one of %s", strings.Join(strategyNames(), ", "))
			}
			return badInput("unknown strategy %q: choose one of %s", args[0], strings.Join(strategyNames(), ", "))
		},
	}
	for _, def := range strategies() {
		table.AddCommand(newTableStrategyCmd(g, def))
	}
	return table
}

func newTableStrategyCmd(g *globalOptions, def strategyDef) *cobra.Command {
	var random randomOptions
	var build func() (schedule.Strategy, error)
	c := &cobra.Command{
		Use:     def.name + " [flags]",
		Aliases: def.aliases,
		Short:   def.short,
		Long:    def.short + ".\n\nSource: " + def.source,
		Example: def.example,
		Args:    noArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			if err := random.validate(); err != nil {
				return err
			}
			if !def.random && (random.fs.Changed("rand") || random.seeded()) {
				return badInput("%s draws nothing at random: --rand and --seed do not apply", def.name)
			}
			s, err := build()
			if err != nil {
				return err
			}
			rows := s.Fill(random.draws(def.javaSeed), nil)
			var drawParams = random.params()
			if !def.random {
				drawParams = nil
			}
			return g.emit(scheduleTable(s, rows, drawParams))
		},
	}
	c.Flags().SortFlags = false
	build = def.bind(c.Flags())
	random.bind(c.Flags())
	if !def.random {
		c.Flags().MarkHidden("rand")
		c.Flags().MarkHidden("seed")
	}
	return c
}

// noArgs refuses positional arguments with a one-line error.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return badInput("%s takes no arguments, got %q", c.CommandPath(), args[0])
	}
	return nil
}
