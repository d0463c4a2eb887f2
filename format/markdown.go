package format

import (
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// renderMarkdown writes a GitHub-flavoured pipe table (numeric columns right-aligned, markup,
// pipes and HTML in cells escaped, headers exactly as given), split by columns into consecutive
// tables when it is too wide for a page (pageParts), then the summary and notes as a list, ready
// to paste into a design doc.
func renderMarkdown(w io.Writer, t *Table, o Options) error {
	units, notes := markdownUnits(t, o.Units)
	g := build(t, o.Lang, units, false)
	parts := g.pageParts()
	if len(parts) > 1 {
		notes = append(notes, Message{Key: "note.fit.split", Args: []any{len(parts), g.heads[0]}})
	}
	for i, cols := range parts {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := markdownTable(w, g.columns(cols)); err != nil {
			return err
		}
	}
	if err := writeList(w, withNotes(t, notes), o, "- ", func(s string) string { return escapeProse(EscapeControl(s)) }); err != nil {
		return err
	}
	return writeCommand(w, t.Command, o.Lang)
}

// markdownTable writes g as one pipe table: numeric columns right-aligned, headers as given.
func markdownTable(w io.Writer, g grid) error {
	aligns := make([]tw.Align, len(g.heads))
	for i, right := range g.right {
		aligns[i] = tw.AlignLeft
		if right {
			aligns[i] = tw.AlignRight
		}
	}
	table := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
	)
	table.Header(escapeCells(g.heads))
	for _, row := range g.rows {
		// A fresh slice per row: the table keeps what it is given until Render.
		if err := table.Append(escapeCells(row)); err != nil {
			return err
		}
	}
	return table.Render()
}

// markdownColumns is how many duration columns a markdown table shows with their raw seconds
// ("1m 30s (90s)"); a wider table (envelope, percentiles, more than twice as many columns in all)
// shows human durations alone, so it stays readable in a design doc's column, and says where the
// seconds are.
const markdownColumns = 4

func markdownUnits(t *Table, units string) (string, []Message) {
	if units != UnitsAuto {
		return units, nil
	}
	n := 0
	for _, c := range t.Columns {
		if c.Kind == Seconds {
			n++
		}
	}
	if n > markdownColumns || len(t.Columns) > 2*markdownColumns {
		return UnitsHuman, []Message{{Key: "note.fit.markdown"}}
	}
	return UnitsBoth, nil
}

// writeCommand ends a markdown table with the command line that reproduces it, as code.
func writeCommand(w io.Writer, command, lang string) error {
	if command == "" {
		return nil
	}
	fence := "`"
	for strings.Contains(command, fence) {
		fence += "`"
	}
	_, err := fmt.Fprintf(w, "\n%s %s%s%s\n", Translate(lang, Message{Key: "md.reproduce"}), fence, EscapeControl(command), fence)
	return err
}

// escapeCells makes every cell show literally on GitHub: control characters escaped (so no line
// break ends a row), then markup, pipes and HTML escaped.
func escapeCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = escapeMarkdown(EscapeControl(c))
	}
	return out
}
