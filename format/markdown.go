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
// pipes and HTML in cells escaped, headers exactly as given), laid out to fit a page
// (markdownLayout), then the summary and notes as a list, ready to paste into a design doc.
func renderMarkdown(w io.Writer, t *Table, o Options) error {
	prose := func(s string) string { return escapeProse(EscapeControl(s)) }
	if err := writeHead(w, t, o, prose, func(s string) string { return s }, "- "); err != nil {
		return err
	}
	parts, notes := markdownLayout(t, o)
	for i, g := range parts {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := markdownTable(w, g); err != nil {
			return err
		}
	}
	if err := writeList(w, withNotes(t, notes), o, "- ", prose, true); err != nil {
		return err
	}
	return writeCommand(w, t.Command, o.Lang)
}

// markdownLayout lays t out for a page, taking the first form that fits it as one table: the full
// form (durations with their raw seconds when there are few of them), durations human alone, each
// min and max as one "min – max" cell, then those durations compact (at most three units: 1m 51s,
// 21d 22h 28m). When none fits, the "min – max" form with its durations in full is split over
// consecutive tables, each starting with the first column, between groups (the starts, then the
// waits; an assertion stays with its verdict), with a note. Units given with --units are kept.
func markdownLayout(t *Table, o Options) ([]grid, []Message) {
	units, notes := markdownUnits(t, o.Units)
	g := build(t, o.Lang, units, false)
	if len(g.pageParts()) == 1 {
		return []grid{g}, notes
	}
	if o.Units == UnitsAuto && units != UnitsHuman {
		units, notes = UnitsHuman, []Message{{Key: "note.fit.markdown"}}
		if g = build(t, o.Lang, units, false); len(g.pageParts()) == 1 {
			return []grid{g}, notes
		}
	}
	if merged := build(t, o.Lang, units, true); len(merged.heads) < len(g.heads) {
		if g = merged; len(g.pageParts()) == 1 {
			return []grid{g}, notes
		}
	}
	if o.Units == UnitsAuto {
		if compact := build(t, o.Lang, unitsCompact, true); len(compact.pageParts()) == 1 {
			return []grid{compact}, []Message{{Key: "note.fit.compact"}}
		}
	}
	cols := g.pageParts()
	if len(cols) > 1 {
		notes = append(notes, Message{Key: "note.fit.split", Args: []any{len(cols), g.heads[0]}})
	}
	parts := make([]grid, len(cols))
	for i, c := range cols {
		parts[i] = g.columns(c)
	}
	return parts, notes
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
	n, shown := 0, humanColumns(t)
	for _, i := range shown {
		if t.Columns[i].Kind == Seconds {
			n++
		}
	}
	if n == 0 { // no durations: nothing to say about their units
		return UnitsHuman, nil
	}
	if n > markdownColumns || len(shown) > 2*markdownColumns {
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
