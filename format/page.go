package format

import (
	"strings"
	"unicode"

	"github.com/mattn/go-runewidth"
)

// A markdown table is read in a page's column: a GitHub README, issue or pull request (980 CSS
// pixels less the body's padding; about 965 px measured in chromium). A table wider than that
// scrolls sideways and, before it does, wraps every duration over two or three lines. So a table
// too wide for the page is printed as consecutive tables of its columns, each repeating the first
// (the attempt or the design), each fitting the page.
const (
	// pageWidth is the width a table may take, with some margin under 965 px.
	pageWidth = 940
	// cellPadding is a cell's horizontal padding and border in GitHub's style (6px 13px, 1px).
	cellPadding = 27
	// textColumnWidth is the most a word of prose is counted for (a long URL or path breaks).
	textColumnWidth = 360
)

// cssWidth estimates how wide s renders in GitHub's 16 px sans-serif, in pixels: digits and
// letters about 9 px (headers are bold, a little wider), spaces and punctuation about 4.5 px, wide
// East Asian characters 16 px. It errs wide, so a table it passes fits.
func cssWidth(s string, bold bool) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case runewidth.RuneWidth(r) == 2:
			w += 16
		case unicode.IsSpace(r) || strings.ContainsRune(".,:;'|!()[]-–", r):
			w += 4.5
		default:
			w += 9
		}
	}
	if bold {
		w *= 1.05
	}
	return w
}

// columnWidths estimates each column's width in pixels: numbers and durations as they are (a
// duration wrapped over lines is what the split avoids), prose (left-aligned columns) at its
// longest word, since the page wraps it at spaces, and at no more than textColumnWidth.
func (g grid) columnWidths() []float64 {
	w := make([]float64, len(g.heads))
	measure := func(i int, s string, bold bool) {
		if g.right[i] {
			w[i] = max(w[i], cssWidth(s, bold))
			return
		}
		for _, word := range strings.Fields(s) {
			w[i] = max(w[i], min(cssWidth(word, bold), textColumnWidth))
		}
	}
	for i, h := range g.heads {
		measure(i, h, true)
	}
	for _, row := range g.rows {
		for i, c := range row {
			measure(i, c, false)
		}
	}
	for i := range w {
		w[i] += cellPadding
	}
	return w
}

// pageParts splits g's columns into the fewest parts that each fit the page with the first column
// repeated (one part of every column when the table fits), keeping each group's columns together.
func (g grid) pageParts() [][]int { return splitColumns(g.columnWidths(), g.units(), pageWidth) }

// splitColumns splits columns of widths w into the fewest consecutive parts, each starting with
// column 0, whose widths sum to at most limit, as evenly wide as that number allows, never
// splitting one of units (runs of columns after the first that belong together: a start with its
// min – max and percentiles) unless that unit with column 0 is wider than limit alone; then its
// columns are split as single columns are. A column too wide alone makes a part with column 0.
func splitColumns(w []float64, units [][]int, limit float64) [][]int {
	if len(w) == 0 {
		return [][]int{nil} // a table without columns: one (empty) part
	}
	var fit [][]int
	for _, u := range units {
		if len(u) > 1 && w[0]+sum(w, u) > limit {
			for _, c := range u {
				fit = append(fit, []int{c})
			}
			continue
		}
		fit = append(fit, u)
	}
	parts := packColumns(w, fit, limit)
	if len(parts) == 1 {
		return parts
	}
	// The least width that still needs no more parts: 16 halvings of the range are enough.
	lo, hi := w[0], limit
	for range 16 {
		mid := (lo + hi) / 2
		if len(packColumns(w, fit, mid)) > len(parts) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return packColumns(w, fit, hi)
}

// packColumns fills parts (each starting with column 0) with units in order up to limit pixels.
func packColumns(w []float64, units [][]int, limit float64) [][]int {
	var parts [][]int
	part, used := []int{0}, w[0]
	for _, u := range units {
		uw := sum(w, u)
		if len(part) > 1 && used+uw > limit {
			parts = append(parts, part)
			part, used = []int{0}, w[0]
		}
		part = append(part, u...)
		used += uw
	}
	return append(parts, part)
}

// sum is the width of columns cols.
func sum(w []float64, cols []int) float64 {
	s := 0.0
	for _, c := range cols {
		s += w[c]
	}
	return s
}

// columns returns the grid of g's columns at indices cols, in that order.
func (g grid) columns(cols []int) grid {
	sub := grid{wrap: g.wrap, notes: g.notes}
	for _, c := range cols {
		sub.heads = append(sub.heads, g.heads[c])
		sub.right = append(sub.right, g.right[c])
		if c < len(g.spare) {
			sub.spare = append(sub.spare, g.spare[c])
		}
		if c < len(g.group) {
			sub.group = append(sub.group, g.group[c])
		}
	}
	for r, row := range g.rows {
		cells := make([]string, len(cols))
		var alerts []bool
		if r < len(g.alert) {
			alerts = make([]bool, len(cols))
		}
		for j, c := range cols {
			cells[j] = row[c]
			if alerts != nil {
				alerts[j] = g.alert[r][c]
			}
		}
		sub.rows = append(sub.rows, cells)
		if alerts != nil {
			sub.alert = append(sub.alert, alerts)
		}
	}
	return sub
}
