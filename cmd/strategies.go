package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newStrategiesCmd is `backoffctl strategies`: every strategy with its parameters, defaults and
// the source of its formula, built from the same flag definitions the table command uses.
func newStrategiesCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:     "strategies",
		Short:   "List strategies with their parameters, defaults and sources",
		Example: "  backoffctl strategies\n  backoffctl strategies -o json",
		Args:    noArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return g.emit(strategiesTable())
		},
	}
}

func strategiesTable() *format.Table {
	t := &format.Table{
		Head: []format.Field{{Name: "list", Value: "strategies"}},
		Columns: []format.Column{
			{Key: "strategy", Kind: format.Text},
			{Key: "aliases", Kind: format.Text},
			{Key: "parameters", Kind: format.Text},
			// A terminal too narrow for the whole list leaves out the prose first (the list of
			// names and parameters is what it is read for there), rather than split it.
			{Key: "source", Kind: format.Text, Spare: 1},
			{Key: "group", Kind: format.Text, Spare: 1},
		},
	}
	for _, def := range strategy.All() {
		fs := pflag.NewFlagSet(def.Name, pflag.ContinueOnError)
		bindStrategy(def, fs) // the same flags table, solve and check register
		var params []string
		fs.VisitAll(func(f *pflag.Flag) {
			if f.Hidden { // --rand and --seed of strategies that draw nothing
				return
			}
			p := "--" + f.Name
			if f.DefValue != "" && !(f.Name == "seed" && f.DefValue == "0") {
				p += "=" + f.DefValue
			}
			params = append(params, p)
		})
		t.Rows = append(t.Rows, []format.Cell{
			{Text: def.Name},
			{Text: strings.Join(def.Aliases, " ")},
			{Text: strings.Join(params, " ")},
			{Text: def.Source},
			{Text: string(def.Group)},
		})
	}
	return t
}
