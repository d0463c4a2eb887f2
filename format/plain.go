package format

import (
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// renderPlain writes aligned text with no escape codes and no trailing spaces: numbers right-aligned,
// words left-aligned (long text wrapped onto more lines), two spaces between columns, a dashed rule
// under the header, then the summary and notes. Widths count display cells, so Japanese headers
// line up.
func renderPlain(w io.Writer, t *Table, o Options) error {
	same := func(s string) string { return s }
	if err := writeHead(w, t, o, EscapeControl, same, ""); err != nil {
		return err
	}
	if hasSection(t) {
		return renderSections(w, t, o, listStyle{head: same, title: same, bullet: "- "})
	}
	parts := layout(t, o, func(cols int) int { return 2 * (cols - 1) })
	var b strings.Builder
	for i, g := range parts {
		if i > 0 {
			b.WriteByte('\n')
		}
		plainTable(&b, g)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	return writeTrailer(w, withNotes(t, parts[0].notes), o, "- ")
}

// plainTable writes g's header, a dashed rule and its rows.
func plainTable(b *strings.Builder, g grid) {
	head := g.heads
	body := wrapRows(g.rows, g.wrap, g.right)
	widths := make([]int, len(head))
	for i, h := range head {
		widths[i] = runewidth.StringWidth(h)
	}
	for _, row := range body {
		for i, c := range row {
			widths[i] = max(widths[i], runewidth.StringWidth(c))
		}
	}
	writeLine := func(cells []string) {
		var line strings.Builder
		for i, c := range cells {
			if i > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-runewidth.StringWidth(c))
			if g.right[i] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	writeLine(head)
	rule := make([]string, len(widths))
	for i, n := range widths {
		rule[i] = strings.Repeat("-", n)
	}
	writeLine(rule)
	for _, row := range body {
		writeLine(row)
	}
}
