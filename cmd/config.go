package cmd

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
)

// newConfigCmd is `backoffctl config STRATEGY [flags]`: the library's own configuration for the
// strategy's parameter values, the lines to write in the application to get that schedule.
func newConfigCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "config STRATEGY [flags]",
		Short: "Print the library's own configuration for a strategy's parameters",
		Long: `Print what to write in the application to get the schedule the same flags give in table: the
library's own configuration (a Go composite literal or options, a Ruby call, a YAML key), one line
each. A value only backoffctl has (--job-duration, the rows a schedule without end prints) is said
in a trailing comment, not dropped. A generic curve prints the closest library's configuration, or
"—" with the reason when no library computes the same waits.

-o json prints {"strategy": NAME, "config": [LINES]}.`,
		Example: `  backoffctl config cenkalti --major 4 --max-retries 5
  backoffctl config k8s --preset default-backoff --steps 6
  backoffctl config grpc --mode rpc --max-attempts 5
  backoffctl config polynomial --attempts 10 -o json`,
		Args: cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error { return noStrategy("config", args) },
	}
	c.Long += "\n\n" + fromHelp
	addFromFlags(c)
	addStrategySubcommands(g, c, nil, func(def strategy.Def) string {
		return "  backoffctl config " + def.Name + "\n  backoffctl config " + def.Name + " -o json"
	}, func(b *boundStrategy) error {
		b.fs.MarkHidden("rand")
		b.fs.MarkHidden("seed")
		if b.fs.Changed("rand") || b.random.seeded() {
			return badInput("config prints the library's settings: --rand and --seed do not apply")
		}
		if _, err := b.def.Build(b.values); err != nil {
			return err
		}
		return writeConfig(g, b.def, configLines(b))
	})
	return c
}

// configLines is the strategy's configuration at the bound values ("—" when it has none).
func configLines(b *boundStrategy) []string {
	if b.def.Config == nil {
		return []string{"—"}
	}
	return b.def.Config(b.values)
}

// writeConfig prints the lines as text, or with -o json as {"strategy": ..., "config": [...]}.
func writeConfig(g *globalOptions, def strategy.Def, lines []string) error {
	name := g.format
	if name == "auto" && !g.formatGiven && g.output != "" {
		name = formatForFile(g.output)
	}
	var buf bytes.Buffer
	switch name {
	case "auto", "plain", "color":
		buf.WriteString(strings.Join(lines, "\n") + "\n")
	case "json":
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Strategy string   `json:"strategy"`
			Config   []string `json:"config"`
		}{def.Name, lines}); err != nil {
			return err
		}
	default:
		return badInput("config prints text or JSON: -o %s does not apply (use -o plain or -o json)", name)
	}
	if g.output != "" {
		return writeAtomic(g.process, g.output, buf.Bytes())
	}
	_, err := g.stdout.Write(buf.Bytes())
	return err
}
