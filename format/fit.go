package format

import (
	"math"
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

// unitsCompact is durations human and short, for a markdown table that fits a page no other way:
// at most three units (1m 51s, 11h 56m 34s, 21d 22h 28m), the last rounded.
const unitsCompact = "compact"

// UnitChoices lists the --units values.
var UnitChoices = []string{UnitsHuman, UnitsSeconds, UnitsBoth}

// grid is a table laid out for a human format: headers, alignments, the cells as text, and notes
// that the layout adds (which columns it left out).
type grid struct {
	heads []string
	right []bool
	spare []int
	group []string // Column.Group of each column ("" for none)
	rows  [][]string
	alert [][]bool
	notes []Message
	wrap  int // text cells wrap at this many display cells
}

// layout lays t out for a human format. With a width (a terminal's), it tries, in order, until the
// table fits: the full form; durations human alone (seconds stay in CSV and JSON); each envelope
// pair as one "min – max" column; long text wrapped narrower; then the columns marked Spare left
// out, highest rank first, with a note naming them; then durations compact (at most three units,
// with a note); then the columns split over consecutive tables, each starting with the first
// column, between groups (compact when only that keeps every group whole), with a note. Explicit
// units are kept. Without a width nothing is changed beyond the units. The parts share one set of
// notes (the first's).
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
	merge := false
	if merged := build(t, o.Lang, units, true); len(merged.heads) < len(g.heads) {
		if g, merge = merged, true; g.width(border) <= o.Width {
			return []grid{g}
		}
	}
	var dropped []string
	orig := append([]string{}, g.heads...)
	kept := make([]int, len(g.heads)) // the columns of the merged grid still shown
	for i := range kept {
		kept[i] = i
	}
	for {
		g.wrap = g.textWrap(o.Width, border)
		if len(g.heads) <= 2 || g.width(border) <= o.Width {
			break
		}
		drop := len(g.heads) - 1
		for i := len(g.heads) - 1; i >= 1; i-- {
			if g.spare[i] > g.spare[drop] {
				drop = i
			}
		}
		if g.spare[drop] == 0 { // what is left is split, not left out
			break
		}
		dropped = append(dropped, g.heads[drop])
		keep := make([]int, 0, len(g.heads)-1)
		for i := range g.heads {
			if i != drop {
				keep = append(keep, i)
			}
		}
		g = g.columns(keep)
		kept = append(kept[:drop:drop], kept[drop+1:]...)
	}
	slices.SortStableFunc(dropped, func(a, b string) int { return slices.Index(orig, a) - slices.Index(orig, b) })
	var notes []Message
	if len(dropped) > 0 {
		notes = append(notes, Message{Key: "note.fit.dropped", Args: []any{strings.Join(dropped, ", "), o.Width}})
	}
	g.notes = notes
	if g.width(border) <= o.Width {
		return []grid{g}
	}
	if o.Units == UnitsAuto {
		compact := build(t, o.Lang, unitsCompact, merge).columns(kept)
		compact.wrap = compact.textWrap(o.Width, border)
		compact.notes = append(append([]Message{}, notes...), Message{Key: "note.fit.compact.width", Args: []any{o.Width}})
		if compact.width(border) <= o.Width || (!g.groupsFit(o.Width, border) && compact.groupsFit(o.Width, border)) {
			g = compact
		}
	}
	if g.width(border) <= o.Width {
		return []grid{g}
	}
	split := splitColumns(g.terminalWidths(border), g.units(), g.terminalLimit(o.Width, border))
	if len(split) > 1 {
		g.notes = append(g.notes, Message{Key: "note.fit.split.width", Args: []any{len(split), g.heads[0], o.Width}})
	}
	parts := make([]grid, len(split))
	for i, cols := range split {
		parts[i] = g.columns(cols)
	}
	return parts
}

// A table of n columns is sum(widths) + border(n) wide, border being linear in n: a column costs
// its width and a separator (terminalWidths), a table the rest (terminalLimit is the width left
// for the columns).
func (g grid) terminalWidths(border func(cols int) int) []float64 {
	sep := border(2) - border(1)
	widths := make([]float64, len(g.heads))
	for i, w := range g.widths() {
		widths[i] = float64(w + sep)
	}
	return widths
}

func (g grid) terminalLimit(width int, border func(cols int) int) float64 {
	return float64(width - (border(1) - (border(2) - border(1))))
}

// groupsFit reports whether every group of g fits the width alone with the first column.
func (g grid) groupsFit(width int, border func(cols int) int) bool {
	w, limit := g.terminalWidths(border), g.terminalLimit(width, border)
	for _, u := range g.units() {
		if w[0]+sum(w, u) > limit {
			return false
		}
	}
	return true
}

// build makes the grid at the given units, with envelope pairs merged or not. Columns only CSV
// and JSON show are left out; a Section column comes first, its value on the first row of each
// run only.
func build(t *Table, lang, units string, merge bool) grid {
	g := grid{wrap: wrapWidth}
	type source struct{ lo, hi int } // hi >= 0: a merged pair
	var cols []source
	shown := humanColumns(t)
	for k := 0; k < len(shown); k++ {
		i := shown[k]
		c := t.Columns[i]
		if merge && k+1 < len(shown) && c.Kind == Seconds {
			if base, ok := strings.CutSuffix(c.Key, "_min_seconds"); ok && t.Columns[shown[k+1]].Key == base+"_max_seconds" {
				cols = append(cols, source{i, shown[k+1]})
				h := header(lang, c.Key)
				if c.Title != "" {
					h = c.Title
				}
				g.heads = append(g.heads, EscapeControl(Translate(lang, Message{Key: "col.range", Args: []any{h}})))
				g.right = append(g.right, true)
				g.spare = append(g.spare, c.Spare)
				g.group = append(g.group, c.Group)
				k++
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
	for r, row := range t.Rows {
		cells := make([]string, len(cols))
		alerts := make([]bool, len(cols))
		for j, s := range cols {
			col := t.Columns[s.lo]
			if col.Section {
				if r > 0 && t.Rows[r-1][s.lo].Text == row[s.lo].Text {
					continue // shown once per run
				}
				cells[j] = sectionTitle(lang, row[s.lo].Text)
				continue
			}
			cells[j] = unitCell(row[s.lo], col.Kind, units)
			alerts[j] = row[s.lo].Alert
			if s.hi >= 0 {
				if hi := unitCell(row[s.hi], col.Kind, units); hi != cells[j] {
					cells[j] += " – " + hi
				}
			}
		}
		g.rows = append(g.rows, cells)
		g.alert = append(g.alert, alerts)
	}
	return g.columns(g.byMeaning())
}

// humanColumns are the indices of the columns the human formats show, a Section column first.
func humanColumns(t *Table) []int {
	var shown []int
	for i, c := range t.Columns {
		switch {
		case c.Machine:
		case c.Section:
			shown = append([]int{i}, shown...)
		default:
			shown = append(shown, i)
		}
	}
	return shown
}

// sectionTitle is a section's value as the human formats head it: translated where the catalog
// has it ("section." + value), control characters escaped.
func sectionTitle(lang, value string) string {
	if t := Translate(lang, Message{Key: "section." + value}); t != "section."+value {
		return t
	}
	return EscapeControl(value)
}

// byMeaning orders the columns so that each group's stand together where its first column
// stands (start, start min – max, start p99, then wait, ...); the first column (the attempt, the
// policy) stays first and ungrouped columns keep their places.
func (g grid) byMeaning() []int {
	order := make([]int, 0, len(g.heads))
	placed := make([]bool, len(g.heads))
	for i := range g.heads {
		if placed[i] {
			continue
		}
		order = append(order, i)
		placed[i] = true
		if i == 0 || g.group[i] == "" {
			continue
		}
		for j := i + 1; j < len(g.heads); j++ {
			if !placed[j] && g.group[j] == g.group[i] {
				order = append(order, j)
				placed[j] = true
			}
		}
	}
	return order
}

// units are the runs of columns after the first that a split keeps together: each group's
// columns (standing together, as byMeaning orders them), and each ungrouped column alone.
func (g grid) units() [][]int {
	var units [][]int
	for i := 1; i < len(g.heads); i++ {
		if n := len(units); n > 0 && g.group[i] != "" && g.group[i] == g.group[units[n-1][0]] {
			units[n-1] = append(units[n-1], i)
			continue
		}
		units = append(units, []int{i})
	}
	return units
}

// unitCell is a cell with durations in the chosen units.
func unitCell(c Cell, k Kind, units string) string {
	if c.Null || k != Seconds || c.Text != "" {
		return humanCell(c, k)
	}
	switch units {
	case UnitsHuman:
		return param.HumanDuration(c.Num)
	case unitsCompact:
		return compactDuration(c.Num)
	case UnitsSeconds:
		return param.FormatRounded(c.Num)
	}
	return humanCell(c, k)
}

// compactDuration is seconds as a human duration of at most three units: below a minute as it is
// (22.275s), then rounded to the second (1m 51s, 11h 56m 34s), from a day on to the minute
// (21d 22h 28m).
func compactDuration(s float64) string {
	switch a := math.Abs(s); {
	case math.IsNaN(s) || math.IsInf(s, 0) || a < 60:
		return param.HumanDuration(s)
	case a < 86400:
		return param.HumanDuration(math.Round(s))
	default:
		return param.HumanDuration(math.Round(s/60) * 60)
	}
}

// minWrap is the narrowest a text column wraps to make room; narrower than this, columns are left
// out instead.
const minWrap = 16

// textWrap is the widest the text columns may wrap at so that the table fits width: the largest w
// with the numeric columns, the borders and each text column at min(its natural width, w) within
// width (so short text columns keep their width and the long ones share the rest), between
// minWrap and the usual wrapWidth.
func (g grid) textWrap(width int, border func(cols int) int) int {
	wide := g
	wide.wrap = 1 << 20
	fixed := border(len(g.heads))
	var text []int
	for i, w := range wide.widths() {
		if g.right[i] {
			fixed += w
		} else {
			text = append(text, w)
		}
	}
	if len(text) == 0 {
		return wrapWidth
	}
	fits := func(w int) bool {
		sum := fixed
		for _, n := range text {
			sum += min(n, w)
		}
		return sum <= width
	}
	w := wrapWidth
	for w > minWrap && !fits(w) {
		w--
	}
	return w
}

// widths are the display widths of each column, text wrapped at g.wrap.
func (g grid) widths() []int {
	w := make([]int, len(g.heads))
	for i, h := range g.heads {
		w[i] = runewidth.StringWidth(h)
	}
	for _, row := range g.rows {
		for i, c := range row {
			if g.right[i] { // numbers and durations never wrap
				w[i] = max(w[i], runewidth.StringWidth(c))
				continue
			}
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
