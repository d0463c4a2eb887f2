package plot

import "sort"

// glyphs are the series' marks, in order: series k of the chart draws glyphs[k] (in the terminal,
// and as the same shape in images), so every series reads without colour. The first six are
// filled, the rest their outlines.
var glyphs = []rune{'●', '▲', '■', '◆', '✚', '★', '○', '△', '□', '◇'}

// numColors is the length of both palettes (the terminal's and the images'): series k takes
// colour k mod 6, so a glyph and a colour together repeat only after 30 series.
const numColors = 6

func glyphOf(k int) rune { return glyphs[k%len(glyphs)] }

// colorOf is the palette index of what belongs to group g and is not a series of its own (an
// envelope): the colour of the group's first series, else g's.
func (c *Chart) colorOf(g int) int {
	for k, s := range c.Series {
		if s.Group == g {
			return k % numColors
		}
	}
	return g % numColors
}

// item is a line of the legend: a series, or with band a band.
type item struct {
	index int
	band  bool
}

// order lists the legend's lines a group at a time, in the order groups first appear: the group's
// solid series, its bands, then its dotted series.
func (c *Chart) order() []item {
	var groups []int
	seen := map[int]bool{}
	see := func(g int) {
		if !seen[g] {
			seen[g] = true
			groups = append(groups, g)
		}
	}
	for _, s := range c.Series {
		see(s.Group)
	}
	for _, b := range c.Bands {
		see(b.Group)
	}
	var out []item
	for _, g := range groups {
		for i, s := range c.Series {
			if s.Group == g && s.Style == Solid {
				out = append(out, item{index: i})
			}
		}
		for i, b := range c.Bands {
			if b.Group == g {
				out = append(out, item{index: i, band: true})
			}
		}
		for i, s := range c.Series {
			if s.Group == g && s.Style != Solid {
				out = append(out, item{index: i})
			}
		}
	}
	return out
}

// coincident gives, for each series, the first earlier series it is drawn exactly on top of (the
// same X values, every point where same says the other's is), or -1.
func (c *Chart) coincident(same func(a, b Point) bool) []int {
	usable := make([][]Point, len(c.Series))
	for k, s := range c.Series {
		for _, p := range s.Points {
			if c.usable(p.Y) {
				usable[k] = append(usable[k], p)
			}
		}
	}
	out := make([]int, len(c.Series))
	for k := range out {
		out[k] = -1
		if len(usable[k]) == 0 {
			continue
		}
	earlier:
		for j := 0; j < k; j++ {
			if len(usable[j]) != len(usable[k]) {
				continue
			}
			for i, p := range usable[k] {
				q := usable[j][i]
				if p.X != q.X || !same(p, q) {
					continue earlier
				}
			}
			out[k] = j
			break
		}
	}
	return out
}

// note is what the legend adds to series k's name when it coincides with an earlier one.
func (c *Chart) note(on []int, k int) string {
	if on[k] < 0 {
		return ""
	}
	return " (same line as " + c.Series[on[k]].Name + ")"
}

// spot is a place for a series' marker: ord counts the series' spots from the left, x and y are
// where it is drawn (cells or pixels).
type spot struct {
	series, ord int
	x, y        float64
}

// markerPoints are the indexes of the points that carry markers: every usable point when there
// are at most max of them, else the point nearest each of the xs (evenly spaced positions).
func (c *Chart) markerPoints(points []Point, max int, xs []float64) []int {
	var usable []int
	for i, p := range points {
		if c.usable(p.Y) {
			usable = append(usable, i)
		}
	}
	if len(usable) <= max {
		return usable
	}
	var out []int
	lo, hi := points[usable[0]].X, points[usable[len(usable)-1]].X
	for _, x := range xs {
		if x < lo || x > hi {
			continue
		}
		j := sort.Search(len(usable), func(j int) bool { return points[usable[j]].X >= x })
		if j == len(usable) || j > 0 && x-points[usable[j-1]].X < points[usable[j]].X-x {
			j--
		}
		if n := len(out); n == 0 || out[n-1] != usable[j] {
			out = append(out, usable[j])
		}
	}
	return out
}

// takeTurns keeps one marker of each set that would be drawn on top of one another (the same
// column, and rows that near says meet): the series take turns from spot to spot, so series on
// one line show their glyphs alternately (●▲●▲) instead of the last hiding the others.
func takeTurns(spots []spot, column func(spot) float64, near func(a, b spot) bool) []spot {
	cols := map[float64][]spot{}
	var keys []float64
	for _, s := range spots {
		k := column(s)
		if _, ok := cols[k]; !ok {
			keys = append(keys, k)
		}
		cols[k] = append(cols[k], s)
	}
	sort.Float64s(keys)
	var out []spot
	for _, k := range keys {
		col := cols[k]
		sort.SliceStable(col, func(i, j int) bool { return col[i].y < col[j].y })
		for i := 0; i < len(col); {
			j := i + 1
			for j < len(col) && near(col[j-1], col[j]) {
				j++
			}
			set := append([]spot(nil), col[i:j]...)
			sort.SliceStable(set, func(a, b int) bool { return set[a].series < set[b].series })
			ord := set[0].ord
			for _, s := range set {
				ord = min(ord, s.ord)
			}
			out = append(out, set[ord%len(set)])
			i = j
		}
	}
	return out
}
