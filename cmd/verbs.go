package cmd

import "github.com/spf13/cobra"

// verb is one top-level command.
type verb struct {
	name  string
	build func(*globalOptions) *cobra.Command
	// strategies: its subcommands are the strategies of the registry (`table polynomial`), so a
	// command line naming one builds only that one (see focusOf).
	strategies bool
}

// verbs is the one list of backoffctl's commands, in the order they are added to the root (man
// and completion, which read the finished tree, are added after them). It is a function, not a
// variable, because the commands' own code runs command lines (explore's table) through the root.
func verbs() []verb {
	return []verb{
		{name: "table", build: newTableCmd, strategies: true},
		{name: "strategies", build: newStrategiesCmd},
		{name: "simulate", build: newSimulateCmd},
		{name: "solve", build: newSolveCmd, strategies: true},
		{name: "check", build: newCheckCmd, strategies: true},
		{name: "compare", build: newCompareCmd},
		{name: "plot", build: newPlotCmd, strategies: true},
		{name: "explore", build: newExploreCmd, strategies: true},
		{name: "config", build: newConfigCmd, strategies: true},
		{name: "budget", build: newBudgetCmd},
		{name: "version", build: newVersionCmd},
	}
}

// strategyVerb returns the verb named name when its subcommands are the strategies.
func strategyVerb(name string) (verb, bool) {
	for _, v := range verbs() {
		if v.name == name && v.strategies {
			return v, true
		}
	}
	return verb{}, false
}
