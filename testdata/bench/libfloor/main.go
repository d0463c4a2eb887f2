// Command libfloor is the design card's floor for whole-process timing of `backoffctl table
// polynomial --attempts 25 -o markdown` (see docs/speed.md): a cobra command with the same
// arguments, the 25-row table rendered by tablewriter's markdown renderer with backoffctl's
// options, and lipgloss linked (its package initialisation runs, as in backoffctl, where it draws
// the terminal tables). It computes nothing: the cells come from the bare program's embedded copy.
package main

import (
	"os"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"

	"github.com/backoffctl/backoffctl/testdata/bench/tablemd"
)

func main() {
	root := &cobra.Command{Use: "libfloor", SilenceUsage: true}
	var attempts int
	var output string
	tableCmd := &cobra.Command{Use: "table"}
	polynomial := &cobra.Command{
		Use: "polynomial",
		RunE: func(cmd *cobra.Command, args []string) error {
			_ = lipgloss.NewStyle() // linked, as the terminal renderer links it
			return render()
		},
	}
	polynomial.Flags().IntVar(&attempts, "attempts", 25, "attempts")
	polynomial.Flags().StringVarP(&output, "output", "o", "table", "format")
	tableCmd.AddCommand(polynomial)
	root.AddCommand(tableCmd)
	if err := root.Execute(); err != nil {
		os.Exit(2)
	}
}

// render parses the embedded table's cells back and renders them as backoffctl does.
func render() error {
	lines := strings.Split(tablemd.Table, "\n")
	cells := func(line string) []string {
		parts := strings.Split(strings.Trim(line, "|"), "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts
	}
	heads := cells(lines[0])
	aligns := []tw.Align{tw.AlignRight, tw.AlignRight, tw.AlignRight}
	t := tablewriter.NewTable(os.Stdout,
		tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
	)
	t.Header(heads)
	rest := lines[2:]
	for len(rest) > 0 && strings.HasPrefix(rest[0], "|") {
		if err := t.Append(cells(rest[0])); err != nil {
			return err
		}
		rest = rest[1:]
	}
	if err := t.Render(); err != nil {
		return err
	}
	_, err := os.Stdout.WriteString(strings.Join(rest, "\n"))
	return err
}
