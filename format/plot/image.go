package plot

import (
	"fmt"
	"image/color"
	"math"

	"github.com/backoffctl/backoffctl/format"
)

// ImageWidth and ImageHeight are an image's size in pixels: 800 x 500 at 96 dpi, the width of a
// design doc's column.
const (
	ImageWidth  = 800
	ImageHeight = 500
)

// colors are the image palette, in the terminal palette's order (blue, orange, green, red,
// purple, cyan): series k is drawn in colors[k mod 6].
var colors = [numColors]color.NRGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xd6, 0x27, 0x28, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
}

var (
	white     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	textColor = color.NRGBA{0x22, 0x22, 0x22, 0xff}
	axisColor = color.NRGBA{0x55, 0x55, 0x55, 0xff}
	gridColor = color.NRGBA{0xe0, 0xe0, 0xe0, 0xff}
	boxBorder = color.NRGBA{0xbb, 0xbb, 0xbb, 0xff}
	boxFill   = color.NRGBA{0xff, 0xff, 0xff, 0xe6}
)

// Sizes in pixels.
const (
	titleSize  = 18 // 13.5 pt at 96 dpi
	labelSize  = 15
	tickSize   = 13
	legendSize = 13
	inset      = 12 // the data keep this far inside the axes, so markers are whole
	tickLen    = 5
	lineWidth  = 2.2 // a policy's line
	dotWidth   = 1.8 // a percentile's line
	markerSize = 3.6 // a marker's radius
	outline    = 1.5 // the stroke of an outlined marker (○ △ □ ◇)
	maxMarked  = 60  // lines with more points have markers at markerGap spacing, not at each one
	markerGap  = 36  // pixels between those markers
	sameLine   = 1.5 // series closer than this all along are one line on top of another
	// markers at one X closer than this would mostly hide one another: they take turns instead
	markerMeet = markerSize
	bandAlpha  = 0x38
)

// percentileDashes tell a policy's percentile lines apart: dashes, dots, dash-dot, long dashes,
// dash-dot-dot.
var percentileDashes = [][]float64{{6, 4}, {0.1, 3.5}, {9, 3.5, 0.1, 3.5}, {14, 4}, {9, 3.5, 0.1, 3.5, 0.1, 3.5}}

// Image renders c as "svg" or "png", 800 x 500 pixels, with a legend. The same chart gives the
// same bytes.
func Image(c *Chart, kind string) ([]byte, error) {
	switch kind {
	case "svg":
		return c.layout().svg(), nil
	case "png":
		return c.layout().png()
	}
	return nil, fmt.Errorf("unknown image format %q", kind)
}

// frame maps the chart's values to pixels inside the plot area.
type frame struct {
	c                        *Chart
	left, right, top, bottom float64 // the axes: left and bottom, and the area's other edges
	xmin, xmax, ymin, ymax   float64
	xticks, yticks           []Tick
}

// newFrame places the plot area, leaving reserve pixels on the right for a legend.
func newFrame(c *Chart, reserve float64) *frame {
	f := &frame{c: c}
	var ok bool
	f.xmin, f.xmax, f.ymin, f.ymax, ok = c.ranges()
	if !ok && c.Log {
		f.ymin, f.ymax = 1, 10 // nothing to draw: an empty axis, not log(0)
	}
	f.yticks = c.yTicks(f.ymin, f.ymax, c.Log, 5)
	if n := len(f.yticks); !c.Log && n >= 2 && f.yticks[n-1].Value < f.ymax*(1-1e-9) {
		// Up to the next round value, so the top of the axis is labelled.
		top := f.yticks[n-1].Value + f.yticks[1].Value - f.yticks[0].Value
		if t := c.yTicks(f.ymin, top, false, 5); len(t) == n+1 {
			f.ymax, f.yticks = top, t
		}
	}
	f.xticks = AttemptTicks(f.xmin, f.xmax)

	var tickW float64
	for _, t := range f.yticks {
		tickW = max(tickW, textWidth(t.Label, tickSize))
	}
	f.left = snap(14 + labelSize + 10 + tickW + 6 + tickLen)
	f.right = snap(ImageWidth - 24 - reserve)
	f.top = snap(44)
	f.bottom = snap(ImageHeight - (tickLen + 6 + tickSize + 12 + labelSize + 8))
	return f
}

// snap puts a coordinate on a pixel's centre, so one-pixel lines are sharp.
func snap(v float64) float64 { return math.Floor(v) + 0.5 }

func (f *frame) x(v float64) float64 {
	return f.left + inset + float64((v-f.xmin)/(f.xmax-f.xmin)*(f.right-f.left-float64(2*inset)))
}

func (f *frame) y(v float64) float64 {
	n := (v - f.ymin) / (f.ymax - f.ymin)
	if f.c.Log {
		n = (float64(math.Log10(v)) - float64(math.Log10(f.ymin))) / (float64(math.Log10(f.ymax)) - float64(math.Log10(f.ymin)))
	}
	return f.bottom - inset - float64(n*(f.bottom-f.top-float64(2*inset)))
}

// pts are the drawable points in pixels.
func (f *frame) pts(points []Point) []pt {
	var out []pt
	for _, p := range points {
		if f.c.usable(p.Y) {
			out = append(out, pt{f.x(p.X), f.y(p.Y)})
		}
	}
	return out
}

// entry is one line of the legend.
type entry struct {
	name  string // shortened to legendName, with a note if the series lies on another
	index int    // in the chart's Series, or Bands for a band
	color int    // in colors
	band  bool
	dash  []float64 // a percentile's line
}

// mark is one drawn series or band, in pixels, for drawing and for keeping the legend off it.
type mark struct {
	entry
	pts []pt // a line's points, or a band's outline
}

// layout lays the chart out once: grid, bands, policy lines, percentile lines dashed over them,
// every series' markers, axes, labels, title and the legend where it hides no data (inside the
// plot area if a corner is free, else to its right).
func (c *Chart) layout() *scene {
	f := newFrame(c, 0)
	// Within sameLine pixels of each other all along: one line hides the other. Only the Y scale
	// matters, and a legend to the right leaves it as it is.
	on := c.coincident(func(a, b Point) bool { return math.Abs(f.y(a.Y)-f.y(b.Y)) < sameLine })
	entries := c.entries(on)
	lg := fitLegend(entries)
	marks := f.marks(entries)
	lx, ly, ok := f.legendSpot(marks, lg.w, lg.h)
	if !ok {
		f = newFrame(c, lg.w+16)
		marks = f.marks(entries)
		lx, ly = f.right+16, f.top
	}
	legendW := lg.w

	s := &scene{width: ImageWidth, height: ImageHeight}
	s.add(rect{X: 0, Y: 0, W: ImageWidth, H: ImageHeight, fill: white})
	f.grid(s)
	for _, m := range marks {
		col := colors[m.color]
		switch {
		case m.band:
			col.A = bandAlpha
			s.add(polygon{pts: m.pts, col: col})
		case m.dash != nil:
			s.add(polyline{pts: m.pts, col: col, width: dotWidth, dash: m.dash})
		default:
			s.add(polyline{pts: m.pts, col: col, width: lineWidth})
		}
	}
	for _, sp := range f.markers() {
		addMarker(s, sp.series, pt{sp.x, sp.y})
	}
	f.axes(s)
	s.add(text{X: (f.left + max(f.right, lx+legendW)) / 2, Y: 28, s: c.Title, size: titleSize, anchor: anchorMiddle, col: textColor})
	drawLegend(s, entries, lx, ly, lg)
	return s
}

// entries are the legend's lines, a policy at a time: its line, its envelope, its percentiles
// (each group's dotted series dashed in turn by percentileDashes). A series that lies on an
// earlier one (on) says so.
func (c *Chart) entries(on []int) []entry {
	var out []entry
	dotted := map[int]int{}
	for _, it := range c.order() {
		if it.band {
			b := c.Bands[it.index]
			out = append(out, entry{name: shorten(b.Name, legendSize, legendName), index: it.index, color: c.colorOf(b.Group), band: true})
			continue
		}
		s := c.Series[it.index]
		e := entry{name: shorten(s.Name, legendSize, legendName), index: it.index, color: it.index % numColors}
		if j := on[it.index]; j >= 0 {
			note := " (same line as " + shorten(c.Series[j].Name, legendSize, legendName/2) + ")"
			e.name = shorten(s.Name, legendSize, max(legendName-textWidth(note, legendSize), legendName/2)) + note
		}
		if s.Style != Solid {
			e.dash = percentileDashes[dotted[s.Group]%len(percentileDashes)]
			dotted[s.Group]++
		}
		out = append(out, e)
	}
	return out
}

// markers are where the series' markers go, in pixels: at every point of a series of at most
// maxMarked points, else at the point nearest every markerGap pixels; markers that would mostly
// cover one another take turns.
func (f *frame) markers() []spot {
	var xs []float64
	for px := f.left + inset; px <= f.right-inset; px += markerGap {
		xs = append(xs, f.xmin+float64((px-f.left-inset)/(f.right-f.left-2*inset)*(f.xmax-f.xmin)))
	}
	var spots []spot
	for k, s := range f.c.Series {
		for n, i := range f.c.markerPoints(s.Points, maxMarked, xs) {
			p := s.Points[i]
			spots = append(spots, spot{series: k, ord: n, x: f.x(p.X), y: f.y(p.Y)})
		}
	}
	return takeTurns(spots, func(s spot) float64 { return math.Round(s.x) },
		func(a, b spot) bool { return b.y-a.y < markerMeet })
}

// marks are the series and bands in drawing order: bands, policy lines, then percentile lines,
// dashed, so one on a policy's line shows over it.
func (f *frame) marks(entries []entry) []mark {
	var bands, dotted, solid []mark
	for _, e := range entries {
		switch {
		case e.band:
			b := f.c.Bands[e.index]
			pts := f.pts(b.Low)
			high := f.pts(b.High)
			for j := len(high) - 1; j >= 0; j-- {
				pts = append(pts, high[j])
			}
			if len(pts) >= 3 {
				bands = append(bands, mark{e, pts})
			}
		case e.dash != nil:
			dotted = append(dotted, mark{e, f.pts(f.c.Series[e.index].Points)})
		default:
			solid = append(solid, mark{e, f.pts(f.c.Series[e.index].Points)})
		}
	}
	return append(append(bands, solid...), dotted...)
}

// shorten cuts s, its control characters escaped, to at most width pixels, ending it with "...".
func shorten(s string, size, width float64) string {
	s = format.EscapeControl(s)
	if textWidth(s, size) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && textWidth(string(r)+"...", size) > width {
		r = r[:len(r)-1]
	}
	return string(r) + "..."
}

// grid draws the grid lines at the ticks.
func (f *frame) grid(s *scene) {
	for _, t := range f.yticks {
		y := snap(f.y(t.Value))
		s.add(polyline{pts: []pt{{f.left, y}, {f.right, y}}, col: gridColor, width: 1})
	}
	for _, t := range f.xticks {
		x := snap(f.x(t.Value))
		s.add(polyline{pts: []pt{{x, f.top}, {x, f.bottom}}, col: gridColor, width: 1})
	}
}

// axes draws the left and bottom axes, their ticks and labels.
func (f *frame) axes(s *scene) {
	s.add(polyline{pts: []pt{{f.left, f.top}, {f.left, f.bottom}, {f.right, f.bottom}}, col: axisColor, width: 1})
	for _, t := range f.yticks {
		y := snap(f.y(t.Value))
		s.add(polyline{pts: []pt{{f.left - tickLen, y}, {f.left, y}}, col: axisColor, width: 1})
		s.add(text{X: f.left - tickLen - 4, Y: y + capHeight(tickSize)/2, s: t.Label, size: tickSize, anchor: anchorEnd, col: textColor})
	}
	for _, t := range f.xticks {
		x := snap(f.x(t.Value))
		s.add(polyline{pts: []pt{{x, f.bottom}, {x, f.bottom + tickLen}}, col: axisColor, width: 1})
		s.add(text{X: x, Y: f.bottom + tickLen + 4 + capHeight(tickSize), s: t.Label, size: tickSize, anchor: anchorMiddle, col: textColor})
	}
	s.add(text{X: (f.left + f.right) / 2, Y: ImageHeight - 10, s: f.c.XLabel, size: labelSize, anchor: anchorMiddle, col: textColor})
	s.add(text{X: 14 + capHeight(labelSize), Y: (f.top + f.bottom) / 2, s: f.c.YLabel, size: labelSize, anchor: anchorMiddle, col: textColor, vertical: true})
}

// The legend's geometry.
const (
	legendRow    = 19
	legendPad    = 8
	legendSwatch = 30
	legendGap    = 8
	legendName   = 250 // longer names are shortened
)

// legendGeom is the legend box's size, its rows' height and its font size.
type legendGeom struct{ w, h, row, size float64 }

// fitLegend sizes the legend box; a legend of many lines gets lower rows and smaller text, down to
// what fits from the plot area's top to the image's bottom.
func fitLegend(entries []entry) legendGeom {
	g := legendGeom{row: legendRow, size: legendSize}
	room := float64(ImageHeight - 44 - 8 - legendPad)
	if n := float64(len(entries)); n*g.row > room {
		g.row = math.Floor(float64(room/n*10)) / 10
		g.size = min(legendSize, math.Floor(float64(float64(g.row*0.75)*2))/2)
	}
	var names float64
	for _, e := range entries {
		names = max(names, textWidth(e.name, g.size))
	}
	g.w = math.Ceil(legendPad + legendSwatch + legendGap + names + legendPad)
	g.h = math.Round(float64(float64(len(entries))*g.row) + legendPad)
	return g
}

// legendSpot is the first corner of the plot area (top left, top right, bottom right, bottom
// left) where the legend box covers no line, marker or band; false if there is none.
func (f *frame) legendSpot(marks []mark, w, h float64) (x, y float64, ok bool) {
	const m = 8
	if w > f.right-f.left-2*m || h > f.bottom-f.top-2*m {
		return 0, 0, false
	}
	corners := [][2]float64{
		{f.left + m, f.top + m}, {f.right - m - w, f.top + m},
		{f.right - m - w, f.bottom - m - h}, {f.left + m, f.bottom - m - h},
	}
	for _, c := range corners {
		if !covers(marks, c[0], c[1], w, h) {
			return snap(c[0]), snap(c[1]), true
		}
	}
	return 0, 0, false
}

// covers reports whether a box, with room for markers and line widths around it, would hide any
// of the marks.
func covers(marks []mark, x, y, w, h float64) bool {
	const room = markerSize + 2
	x0, y0, x1, y1 := x-room, y-room, x+w+room, y+h+room
	in := func(p pt) bool { return p.X >= x0 && p.X <= x1 && p.Y >= y0 && p.Y <= y1 }
	for _, m := range marks {
		if m.band {
			for sy := y0; sy <= y1; sy += 3 {
				for sx := x0; sx <= x1; sx += 3 {
					if inside(m.pts, pt{sx, sy}) {
						return true
					}
				}
			}
			continue
		}
		for i, p := range m.pts {
			if in(p) {
				return true
			}
			if i == 0 {
				continue
			}
			q := m.pts[i-1]
			n := math.Ceil(math.Hypot(p.X-q.X, p.Y-q.Y) / 2)
			for k := 1.0; k < n; k++ {
				if in(pt{q.X + (p.X-q.X)*k/n, q.Y + (p.Y-q.Y)*k/n}) {
					return true
				}
			}
		}
	}
	return false
}

// inside reports whether p is inside the polygon (even-odd rule).
func inside(poly []pt, p pt) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < a.X+(p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			in = !in
		}
	}
	return in
}

// drawLegend draws the legend box at x, y: a swatch and a name per line.
func drawLegend(s *scene, entries []entry, x, y float64, g legendGeom) {
	s.add(rect{X: x, Y: y, W: g.w, H: g.h, fill: boxFill, stroke: boxBorder, width: 1})
	for i, e := range entries {
		cy := y + legendPad/2 + float64(g.row*(float64(i)+0.5))
		sx := x + legendPad
		col := colors[e.color]
		switch {
		case e.band:
			col.A = bandAlpha
			h := min(12, g.row-5)
			s.add(rect{X: sx, Y: cy - float64(h/2), W: legendSwatch, H: h, fill: col})
		case e.dash != nil:
			s.add(polyline{pts: []pt{{sx, cy}, {sx + legendSwatch, cy}}, col: col, width: dotWidth, dash: e.dash})
			addMarker(s, e.index, pt{sx + legendSwatch/2, cy})
		default:
			s.add(polyline{pts: []pt{{sx, cy}, {sx + legendSwatch, cy}}, col: col, width: lineWidth})
			addMarker(s, e.index, pt{sx + legendSwatch/2, cy})
		}
		s.add(text{X: sx + legendSwatch + legendGap, Y: cy + float64(capHeight(g.size)/2), s: e.name, size: g.size, anchor: anchorStart, col: textColor})
	}
}

// addMarker draws series k's marker at c in its colour: the shape of its glyph, filled, or for
// the outlined glyphs (○ △ □ ◇) a white shape with a coloured edge.
func addMarker(s *scene, k int, c pt) {
	col := colors[k%numColors]
	shape := marker(k%len(glyphs), c, markerSize)
	if k%len(glyphs) < 6 {
		s.add(polygon{pts: shape, col: col})
		return
	}
	s.add(polygon{pts: shape, col: white})
	s.add(polyline{pts: append(shape, shape[0]), col: col, width: outline})
}

// marker is glyph k's shape at c, like the terminal's: circle, triangle, square, diamond, plus,
// star, then circle, triangle, square, diamond again (drawn outlined); r is about a circle's
// radius of the same area.
func marker(k int, c pt, r float64) []pt {
	at := func(pts ...pt) []pt {
		for i := range pts {
			pts[i].X += c.X
			pts[i].Y += c.Y
		}
		return pts
	}
	switch k % 6 {
	case 1:
		t := r * 1.35
		return at(pt{0, -t}, pt{t * 0.866, t / 2}, pt{-t * 0.866, t / 2})
	case 2:
		q := r * 0.89
		return at(pt{-q, -q}, pt{q, -q}, pt{q, q}, pt{-q, q})
	case 3:
		d := r * 1.25
		return at(pt{0, -d}, pt{d, 0}, pt{0, d}, pt{-d, 0})
	case 4:
		a, t := r*1.25, r*0.42
		return at(pt{-t, -a}, pt{t, -a}, pt{t, -t}, pt{a, -t}, pt{a, t}, pt{t, t},
			pt{t, a}, pt{-t, a}, pt{-t, t}, pt{-a, t}, pt{-a, -t}, pt{-t, -t})
	case 5:
		var out []pt
		for i := range 10 {
			rad := r * 1.45
			if i%2 == 1 {
				rad = r * 0.6
			}
			a := -math.Pi/2 + math.Pi*float64(i)/5
			out = append(out, pt{rad * math.Cos(a), rad * math.Sin(a)})
		}
		return at(out...)
	}
	return circle(c, r, 16)
}
