package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// boundStrategy is one strategy's flags bound to a flag set: what table, solve and check share,
// and what a policy file sets by name.
type boundStrategy struct {
	def    strategyDef
	fs     *pflag.FlagSet
	build  func() (schedule.Strategy, error)
	random randomOptions
}

// bindStrategy registers def's flags and --rand/--seed on fs (hidden for strategies that draw
// nothing).
func bindStrategy(def strategyDef, fs *pflag.FlagSet) *boundStrategy {
	fs.SortFlags = false
	b := &boundStrategy{def: def, fs: fs}
	b.build = def.bind(fs)
	b.random.bind(fs)
	if !def.random {
		fs.MarkHidden("rand")
		fs.MarkHidden("seed")
	}
	return b
}

// strategy validates the random flags and builds the strategy. sampling says whether --seed seeds
// a sampler (percentiles), in which case --rand may be given too for the plain columns.
func (b *boundStrategy) strategy(sampling bool) (schedule.Strategy, error) {
	if !sampling {
		if err := b.random.validate(); err != nil {
			return nil, err
		}
	}
	if !b.def.random && (b.fs.Changed("rand") || b.random.seeded()) {
		return nil, badInput("%s draws nothing at random: --rand and --seed do not apply", b.def.name)
	}
	return b.build()
}

// drawFields describes the draws for the JSON parameters (none for strategies without draws).
func (b *boundStrategy) drawFields() []format.Field {
	if !b.def.random {
		return nil
	}
	return b.random.params()
}

// addStrategySubcommands adds one subcommand per strategy to parent. flags registers the command's
// own flags on each; run gets the bound strategy.
func addStrategySubcommands(parent *cobra.Command, flags func(fs *pflag.FlagSet), run func(b *boundStrategy) error) {
	for _, def := range strategies() {
		c := &cobra.Command{
			Use:     def.name + " [flags]",
			Aliases: def.aliases,
			Short:   def.short,
			Long:    def.short + ".\n\nSource: " + def.source,
			Args:    noArgs,
		}
		b := bindStrategy(def, c.Flags())
		if flags != nil {
			flags(c.Flags())
		}
		c.RunE = func(*cobra.Command, []string) error { return run(b) }
		parent.AddCommand(c)
	}
}

// noArgs refuses positional arguments with a one-line error.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return badInput("%s takes no arguments, got %q", c.CommandPath(), args[0])
	}
	return nil
}

// noStrategy is the error of a strategy-taking command run without a known strategy: args are what
// cobra could not match to a subcommand.
func noStrategy(verb string, args []string) error {
	if len(args) == 0 {
		return badInput("%s needs a strategy: one of %s", verb, strings.Join(strategyNames(), ", "))
	}
	return badInput("%s", unknownChoice("strategy", args[0], strategyNames(), strategyAliases()...))
}
