package format

import (
	"slices"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/mattn/go-runewidth"
)

// Units say how durations show in the human formats.
const (
	UnitsAuto    = ""        // both where they fit, human alone where they do not
	UnitsBoth    = "both"    // 1m 30s (90s)
	UnitsHuman   = "human"   // 1m 30s
	UnitsSeconds = "seconds" // 90, under a header that says (s)
)

// UnitChoices lists the --units values.
var UnitChoices = []string{UnitsHuman, UnitsSeconds, UnitsBoth}

// grid is a table laid out for a human format: headers, alignments, the cells as text, and notes
// that the layout adds (which columns it left out).
type grid struct {
	heads []string
	right []bool
	spare []int
	group []string
	rows  [][]string
	alert [][]bool
	notes []Message
	wrap  int // text cells wrap at this many display cells
}

// layout lays t out for a human format. With a width (a terminal's), it tries, in order, until the
// table fits: the full form; durations human alone (seconds stay in CSV and JSON); each envelope
// pair as one "min – max" column; long text wrapped narrower; then the columns marked Spare left
// out, highest rank first, with a note naming them; then the columns split over consecutive
// tables, each starting with the first column, with a note. Explicit units are kept. Without a
// width nothing is changed beyond the units. The parts share one set of notes (the first's).
func layout(t *Table, o Options, border func(cols int) int) []grid {
	units := o.Units
	if units == UnitsAuto {
		units = UnitsBoth
	}
	g := build(t, o.Lang, units, false)
	if o.Width <= 0 || g.width(border) <= o.Width {
		return []grid{g}
	}
	if o.Units == UnitsAuto {
		units = UnitsHuman
		if g = build(t, o.Lang, units, false); g.width(border) <= o.Width {
			return []grid{g}
		}
	}
	if merged := build(t, o.Lang, units, true); len(merged.heads) < len(g.heads) {
		if g = merged; g.width(border) <= o.Width {
			return []grid{g}
		}
	}
	var dropped []string
	orig := append([]string{}, g.heads...)
	for {
		g.wrap = g.textWrap(o.Width, border)
		if len(g.heads) <= 2 || g.width(border) <= o.Width {
			break
		}
		drop := len(g.heads) - 1
		for i := len(g.heads) - 1; i >= 2; i-- {
			if g.spare[i] > g.spare[drop] {
				drop = i
			}
		}
		if g.spare[drop] == 0 { // what is left is split, not left out
			break
		}
		dropped = append(dropped, g.heads[drop])
		g.heads = append(g.heads[:drop:drop], g.heads[drop+1:]...)
		g.right = append(g.right[:drop:drop], g.right[drop+1:]...)
		g.spare = append(g.spare[:drop:drop], g.spare[drop+1:]...)
		g.group = append(g.group[:drop:drop], g.group[drop+1:]...)
		for i := range g.rows {
			g.rows[i] = append(g.rows[i][:drop:drop], g.rows[i][drop+1:]...)
			g.alert[i] = append(g.alert[i][:drop:drop], g.alert[i][drop+1:]...)
		}
	}
	slices.SortStableFunc(dropped, func(a, b string) int { return slices.Index(orig, a) - slices.Index(orig, b) })
	if len(dropped) > 0 {
		g.notes = append(g.notes, Message{Key: "note.fit.dropped", Args: []any{strings.Join(dropped, ", "), o.Width}})
	}
	if g.width(border) <= o.Width {
		return []grid{g}
	}
	// A table of n columns is sum(widths) + border(n) wide, border being linear in n: a column
	// costs its width and a separator, a table the rest.
	sep := border(2) - border(1)
	widths := make([]float64, len(g.heads))
	for i, w := range g.widths() {
		widths[i] = float64(w + sep)
	}
	split := g.split(widths, float64(o.Width-(border(1)-sep)))
	if len(split) > 1 {
		g.notes = append(g.notes, Message{Key: "note.fit.split.width", Args: []any{len(split), g.heads[0], o.Width}})
	}
	parts := make([]grid, len(split))
	for i, cols := range split {
		parts[i] = g.columns(cols)
	}
	return parts
}

// build makes the grid at the given units, with envelope pairs merged or not.
func build(t *Table, lang, units string, merge bool) grid {
	g := grid{wrap: wrapWidth}
	type source struct{ lo, hi int } // hi >= 0: a merged pair
	var cols []source
	for i := 0; i < len(t.Columns); i++ {
		c := t.Columns[i]
		if merge && i+1 < len(t.Columns) && c.Kind == Seconds {
			if base, ok := strings.CutSuffix(c.Key, "_min_seconds"); ok && t.Columns[i+1].Key == base+"_max_seconds" {
				cols = append(cols, source{i, i + 1})
				h := header(lang, c.Key)
				if c.Title != "" {
					h = c.Title
				}
				g.heads = append(g.heads, EscapeControl(Translate(lang, Message{Key: "col.range", Args: []any{h}})))
				g.right = append(g.right, true)
				g.spare = append(g.spare, c.Spare)
				g.group = append(g.group, c.Group)
				i++
				continue
			}
		}
		cols = append(cols, source{i, -1})
		h := EscapeControl(header(lang, c.Key))
		if c.Title != "" {
			h = EscapeControl(c.Title)
		}
		if units == UnitsSeconds && c.Kind == Seconds {
			h += " (s)"
		}
		g.heads = append(g.heads, h)
		g.right = append(g.right, rightAligned(c.Kind))
		g.spare = append(g.spare, c.Spare)
		g.group = append(g.group, c.Group)
	}
	for _, row := range t.Rows {
		cells := make([]string, len(cols))
		alerts := make([]bool, len(cols))
		for j, s := range cols {
			kind := t.Columns[s.lo].Kind
			cells[j] = unitCell(row[s.lo], kind, units)
			alerts[j] = row[s.lo].Alert
			if s.hi >= 0 {
				if hi := unitCell(row[s.hi], kind, units); hi != cells[j] {
					cells[j] += " – " + hi
				}
			}
		}
		g.rows = append(g.rows, cells)
		g.alert = append(g.alert, alerts)
	}
	return g
}

// unitCell is a cell with durations in the chosen units.
func unitCell(c Cell, k Kind, units string) string {
	if c.Null || k != Seconds || c.Text != "" {
		return humanCell(c, k)
	}
	switch units {
	case UnitsHuman:
		return param.HumanDuration(c.Num)
	case UnitsSeconds:
		return param.FormatRounded(c.Num)
	}
	return humanCell(c, k)
}

// minWrap is the narrowest a text column wraps to make room; narrower than this, columns are left
// out instead.
const minWrap = 16

// textWrap shares what the other columns leave of width among the text columns, between minWrap
// and the usual wrapWidth.
func (g grid) textWrap(width int, border func(cols int) int) int {
	wide := g
	wide.wrap = 1 << 20
	fixed, text := border(len(g.heads)), 0
	for i, w := range wide.widths() {
		if g.right[i] {
			fixed += w
		} else {
			text++
		}
	}
	if text == 0 {
		return wrapWidth
	}
	return max(minWrap, min(wrapWidth, (width-fixed)/text))
}

// widths are the display widths of each column, text wrapped at g.wrap.
func (g grid) widths() []int {
	w := make([]int, len(g.heads))
	for i, h := range g.heads {
		w[i] = runewidth.StringWidth(h)
	}
	for _, row := range g.rows {
		for i, c := range row {
			for _, line := range wrapText(c, g.wrap) {
				w[i] = max(w[i], runewidth.StringWidth(line))
			}
		}
	}
	return w
}

// width is the whole table's width: the columns plus what the format draws around them.
func (g grid) width(border func(cols int) int) int {
	sum := 0
	for _, w := range g.widths() {
		sum += w
	}
	return sum + border(len(g.heads))
}
