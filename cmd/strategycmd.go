package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/budget"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// boundStrategy is one strategy's parameters bound to a flag set: what table, solve and check
// share, and what a policy file sets by name.
type boundStrategy struct {
	def    strategy.Def
	fs     *pflag.FlagSet
	values *param.Values
	random randomOptions
}

// bindStrategy registers a flag per parameter of def, and --rand/--seed (hidden for strategies
// that draw nothing).
func bindStrategy(def strategy.Def, fs *pflag.FlagSet) *boundStrategy {
	fs.SortFlags = false
	b := &boundStrategy{def: def, fs: fs, values: def.Defaults()}
	paramFlags(fs, b.values)
	b.random.bind(fs)
	if !def.Stream.Random() {
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
	if !b.def.Stream.Random() {
		if b.fs.Changed("rand") || b.random.seeded() {
			return nil, badInput("%s draws nothing at random: --rand and --seed do not apply", b.def.Name)
		}
		for _, name := range []string{"percentiles", "percentile", "samples"} {
			if b.fs.Changed(name) {
				return nil, badInput("%s draws nothing at random: --%s does not apply", b.def.Name, name)
			}
		}
	}
	return b.def.Build(b.values)
}

// drawFields describes the draws for the JSON parameters (none for strategies without draws).
func (b *boundStrategy) drawFields() []format.Field {
	if !b.def.Stream.Random() {
		return nil
	}
	return b.random.params()
}

// addStrategySubcommands adds one subcommand per strategy of the registry to parent. flags
// registers the command's own flags on each; example, when set, writes each one's examples; run
// gets the bound strategy.
//
// When the command line names one strategy under its verb (g.focus), only that one is built and
// added: a table of one strategy does not build the others or their flags. Help, completion and
// anything else get every strategy.
func addStrategySubcommands(g *globalOptions, parent *cobra.Command, flags func(fs *pflag.FlagSet), example func(strategy.Def) string, run func(b *boundStrategy) error) {
	defs := strategy.All
	if g.focus != "" {
		defs = func() []strategy.Def {
			def, _ := strategy.Find(g.focus)
			return []strategy.Def{def}
		}
	}
	for _, def := range defs() {
		c := &cobra.Command{
			Use:     def.Name + " [flags]",
			Aliases: def.Aliases,
			Short:   def.Summary,
			Long:    def.Summary + ".\n\nSource: " + def.Source,
			Args:    noArgs,
		}
		if example != nil {
			c.Example = example(def)
		}
		b := bindStrategy(def, c.Flags())
		if flags != nil {
			flags(c.Flags())
		}
		if !def.Stream.Random() { // nothing to sample: help does not offer what does not apply
			for _, name := range []string{"percentiles", "samples"} {
				if c.Flags().Lookup(name) != nil {
					c.Flags().MarkHidden(name)
				}
			}
		}
		c.RunE = func(*cobra.Command, []string) error { return run(b) }
		parent.AddCommand(c)
	}
}

// noArgs refuses positional arguments with a one-line error.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if f := c.Flags().Lookup("throttle"); f != nil && f.Value.Type() == "bool" && !isRule(c.Flags(), "throttle") {
		// The aws strategy's own --throttle is a switch (the error is a throttling error): a
		// throttle rule's name after it lands here.
		name, _, _ := strings.Cut(args[0], ":")
		if _, ok := budget.Find(strings.Split(name, "@")[0]); ok {
			return badInput("%s: --throttle is this strategy's switch (the error is a throttling error), not a throttle rule; a rule such as %q runs beside other strategies, and --budget SPEC works here", c.CommandPath(), args[0])
		}
	}
	return badInput("%s takes no arguments, got %q", c.CommandPath(), args[0])
}

// noStrategy is the error of a strategy-taking command run without a known strategy: args are what
// cobra could not match to a subcommand.
func noStrategy(verb string, args []string) error {
	if len(args) == 0 {
		return badInput("%s needs a strategy: one of %s", verb, strings.Join(strategy.Names(), ", "))
	}
	return badInput("%s", strategy.UnknownName(args[0]))
}

// focusOf is the strategy a command line runs directly (`table polynomial ...`), or "" when it
// runs something else or asks for help.
func focusOf(args []string) string {
	if _, ok := strategyVerb(firstArg(args)); len(args) < 2 || !ok {
		return ""
	}
	for _, a := range args[2:] {
		if a == "-h" || a == "--help" {
			return ""
		}
	}
	if def, ok := strategy.Find(args[1]); ok {
		return def.Name
	}
	return ""
}
