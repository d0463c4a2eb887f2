package format

import (
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// minCut is the narrowest a sectioned list cuts its last column to.
const minCut = 8

// hasSection reports whether t lists its rows under headings (a Section column).
func hasSection(t *Table) bool {
	for _, c := range t.Columns {
		if c.Section {
			return true
		}
	}
	return false
}

// listStyle colours the parts of a sectioned list: the header, a section's heading, the notes'
// bullet. The plain format leaves them as they are.
type listStyle struct {
	head, title func(string) string
	bullet      string
}

// renderSections writes a table with a Section column as a list that reads at 80 columns: a
// header line, then each section's heading with its rows under it, indented, one line per row,
// the columns aligned across sections, two spaces apart and without borders. Where a width is
// given and the lines are wider, the last column is cut with "…" (down to minCut cells); text is
// never wrapped. Then the notes.
func renderSections(w io.Writer, t *Table, o Options, st listStyle) error {
	g := build(t, o.Lang, UnitsHuman, false) // column 0 is the section, set on a run's first row
	const indent = "  "
	widths := make([]int, len(g.heads))
	for i := 1; i < len(g.heads); i++ {
		widths[i] = runewidth.StringWidth(g.heads[i])
		for _, row := range g.rows {
			cell := runewidth.StringWidth(row[i])
			if i == 1 {
				cell += len(indent)
			}
			widths[i] = max(widths[i], cell)
		}
	}
	last := len(g.heads) - 1
	if o.Width > 0 && last > 1 {
		total := 0
		for i := 1; i < len(widths); i++ {
			total += widths[i] + 2
		}
		total -= 2
		if over := total - o.Width; over > 0 {
			widths[last] = max(minCut, widths[last]-over)
		}
	}
	line := func(cells []string, first string) string {
		var b strings.Builder
		for i := 1; i < len(cells); i++ {
			c := cells[i]
			if i == 1 {
				c = first + c
			}
			if i == last {
				c = runewidth.Truncate(c, widths[i], "…")
			}
			if i > 1 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", max(0, widths[i]-runewidth.StringWidth(c)))
			if g.right[i] {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	var b strings.Builder
	b.WriteString(st.head(line(g.heads, "")) + "\n")
	for _, row := range g.rows {
		if row[0] != "" {
			b.WriteString("\n" + st.title(row[0]) + "\n")
		}
		b.WriteString(line(row, indent) + "\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	return writeTrailer(w, t, o, st.bullet)
}

// writeHead prints t's head fields before its table, when t asks for it: each label (the
// column's heading for that name) and its value, the values aligned and, on a terminal, wrapped
// under themselves; show escapes what the format needs escaped. A blank line follows.
func writeHead(w io.Writer, t *Table, o Options, show func(string) string, label func(string) string, bullet string) error {
	if !t.ShowHead || len(t.Head) == 0 {
		return nil
	}
	labels := make([]string, len(t.Head))
	width := 0
	for i, f := range t.Head {
		labels[i] = header(o.Lang, f.Name)
		width = max(width, runewidth.StringWidth(labels[i]))
	}
	var b strings.Builder
	for i, f := range t.Head {
		value := headValue(f.Value)
		if f.Name == "group" { // a strategy's group, as the list heads it
			value = sectionTitle(o.Lang, value)
		}
		value = show(value)
		pad := strings.Repeat(" ", width-runewidth.StringWidth(labels[i]))
		if bullet != "" { // markdown: a list, no alignment
			fmt.Fprintf(&b, "%s%s: %s\n", bullet, label(show(labels[i])), value)
			continue
		}
		if wrap := o.Width - width - 2; o.Width > 0 && wrap >= minWrap {
			value = strings.Join(wrapText(value, wrap), "\n"+strings.Repeat(" ", width+2))
		}
		fmt.Fprintf(&b, "%s%s  %s\n", label(labels[i]), pad, value)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// headValue is a head field's value as text: a list joined with commas.
func headValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "-"
	case []string:
		if len(v) == 0 {
			return "-"
		}
		return strings.Join(v, ", ")
	case string:
		if v == "" {
			return "-"
		}
		return v
	}
	return fmt.Sprint(v)
}
