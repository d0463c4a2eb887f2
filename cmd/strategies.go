package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newStrategiesCmd is `backoffctl strategies [NAME]`: every strategy, one line each under its
// group with the library, the version and what it is; with a name, that strategy's parameters
// (the same flags table, solve and check register) under its description and source.
func newStrategiesCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "strategies [NAME]",
		Short: "List strategies; with a name, its parameters, defaults and source",
		Long: `List every strategy, one line each, grouped as seed systems, generic curves and library
presets, with the library it reproduces, the version checked against and what it is. With a
name (or an alias), list that strategy's parameters with their types, defaults and meaning,
under its summary and source, as "table NAME --help" does.

-o csv and -o json keep every field: aliases, parameters with their defaults, the summary and
the source as well.`,
		Example: "  backoffctl strategies\n  backoffctl strategies river\n  backoffctl strategies -o json",
		Args:    cobra.MaximumNArgs(1),
		ValidArgsFunction: func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return strategyCompletions(prefix), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return g.emit(strategiesTable())
			}
			def, ok := strategy.Find(args[0])
			if !ok {
				return badInput("%s", strategy.UnknownName(args[0]))
			}
			return g.emit(strategyTable(def))
		},
	}
}

// strategyCompletions are the strategy names that start with prefix, each with its brief, for
// shell completion.
func strategyCompletions(prefix string) []string {
	var out []string
	for _, def := range strategy.All() {
		if strings.HasPrefix(def.Name, prefix) {
			out = append(out, def.Name+"\t"+def.Brief)
		}
	}
	return out
}

// strategiesTable is the list: the human formats show one line per strategy under its group
// (name, library, version, brief); CSV and JSON every field, the first columns as they have
// always been.
func strategiesTable() *format.Table {
	t := &format.Table{
		Head: []format.Field{{Name: "list", Value: "strategies"}},
		Columns: []format.Column{
			{Key: "strategy", Kind: format.Text},
			{Key: "aliases", Kind: format.Text, Machine: true},
			{Key: "parameters", Kind: format.Text, Machine: true},
			{Key: "source", Kind: format.Text, Machine: true},
			{Key: "group", Kind: format.Text, Section: true},
			{Key: "library", Kind: format.Text},
			{Key: "version", Kind: format.Text},
			{Key: "description", Kind: format.Text},
			{Key: "summary", Kind: format.Text, Machine: true},
		},
		Notes: []format.Message{{Key: "note.strategies.more"}},
	}
	for _, def := range strategy.All() {
		var params []string
		for _, f := range strategyFlags(def) {
			p := "--" + f.Name
			if d := flagDefault(f); d != "" {
				p += "=" + d
			}
			params = append(params, p)
		}
		t.Rows = append(t.Rows, []format.Cell{
			{Text: def.Name},
			{Text: strings.Join(def.Aliases, " ")},
			{Text: strings.Join(params, " ")},
			{Text: def.Source},
			{Text: string(def.Group)},
			{Text: def.Library},
			{Text: def.Version},
			{Text: def.Brief},
			{Text: def.Summary},
		})
	}
	return t
}

// strategyTable is one strategy: its parameters, one row each, under what it is (the head, which
// the human formats print first and JSON as its top-level fields).
func strategyTable(def strategy.Def) *format.Table {
	aliases := def.Aliases
	if aliases == nil {
		aliases = []string{}
	}
	t := &format.Table{
		Head: []format.Field{
			{Name: "strategy", Value: def.Name},
			{Name: "aliases", Value: aliases},
			{Name: "group", Value: string(def.Group)},
			{Name: "library", Value: def.Library},
			{Name: "version", Value: def.Version},
			{Name: "description", Value: def.Brief},
			{Name: "summary", Value: def.Summary},
			{Name: "source", Value: def.Source},
		},
		ShowHead: true,
		Columns: []format.Column{
			{Key: "parameter", Kind: format.Text},
			{Key: "type", Kind: format.Text},
			{Key: "default", Kind: format.Text},
			{Key: "description", Kind: format.Text},
		},
		Notes: []format.Message{{Key: "note.strategies.table", Args: []any{def.Name}}},
	}
	for _, f := range strategyFlags(def) {
		t.Rows = append(t.Rows, []format.Cell{
			{Text: "--" + f.Name},
			{Text: f.Value.Type()},
			{Text: flagDefault(f), Null: flagDefault(f) == ""},
			{Text: f.Usage},
		})
	}
	return t
}

// strategyFlags are the flags table registers for def, in order, without the hidden ones (--rand
// and --seed of strategies that draw nothing).
func strategyFlags(def strategy.Def) []*pflag.Flag {
	fs := pflag.NewFlagSet(def.Name, pflag.ContinueOnError)
	bindStrategy(def, fs) // the same flags table, solve and check register
	var out []*pflag.Flag
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			out = append(out, f)
		}
	})
	return out
}

// flagDefault is a flag's default as the list shows it: empty for --seed, which has none.
func flagDefault(f *pflag.Flag) string {
	if f.Name == "seed" && f.DefValue == "0" {
		return ""
	}
	return f.DefValue
}
