package format

import (
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// renderMarkdown writes a GitHub-flavoured pipe table (numeric columns right-aligned, markup,
// pipes and HTML in cells escaped,
// headers exactly as given), then the summary and notes as a list, ready to paste into a design
// doc.
func renderMarkdown(w io.Writer, t *Table, o Options) error {
	aligns := make([]tw.Align, len(t.Columns))
	for i, c := range t.Columns {
		aligns[i] = tw.AlignLeft
		if rightAligned(c.Kind) {
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
	table.Header(escapeCells(headers(t, o.Lang)))
	for _, row := range humanRows(t) {
		// A fresh slice per row: the table keeps what it is given until Render.
		if err := table.Append(escapeCells(row)); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	return writeTrailer(w, t, o, "- ")
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
