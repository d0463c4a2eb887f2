package plot

import (
	"io"
	"math"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/mattn/go-runewidth"
)

// palette colours the series where colour is on (ANSI codes that read on dark and light
// backgrounds), series k in palette[k mod 6]; the glyphs tell them apart without colour.
var palette = [numColors]string{"34", "33", "32", "31", "35", "36"}

const (
	shadeRune = '░'
	minWidth  = 30
	// markerStep is the distance in columns between the markers of a series with too many points
	// to mark each one.
	markerStep = 6
)

// cell is one character of the plot area: braille dots, a marker or envelope shading, and the
// palette colour of what drew it last.
type cell struct {
	dots                  uint8
	marker                rune
	shaded                bool
	dotColor, markerColor int
	shadeColor            int
}

// brailleBits maps a dot's column (0-1) and row (0-3) within a cell to its bit in U+2800.
var brailleBits = [2][4]uint8{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}

// canvas is the plot area: cols x rows characters, 2 x 4 braille dots each.
type canvas struct {
	c                      *Chart
	cols, rows             int
	xmin, xmax, ymin, ymax float64
	cells                  [][]cell
}

// norm maps y to [0, 1] on the chart's axis.
func (v *canvas) norm(y float64) float64 {
	if v.c.Log {
		return (float64(math.Log10(y)) - float64(math.Log10(v.ymin))) / (float64(math.Log10(v.ymax)) - float64(math.Log10(v.ymin)))
	}
	return (y - v.ymin) / (v.ymax - v.ymin)
}

// dot returns the dot coordinates of a point: x from the left, y from the top.
func (v *canvas) dot(p Point) (int, int) {
	x := int(math.Round((p.X - v.xmin) / (v.xmax - v.xmin) * float64(2*v.cols-1)))
	y := int(math.Round((1 - v.norm(p.Y)) * float64(4*v.rows-1)))
	return x, y
}

func (v *canvas) set(x, y, color int) {
	if x < 0 || y < 0 || x >= 2*v.cols || y >= 4*v.rows {
		return
	}
	c := &v.cells[y/4][x/2]
	c.dots |= brailleBits[x%2][y%4]
	c.dotColor = color
}

// line draws the dots from (x0, y0) to (x1, y1); dotted keeps every other dot.
func (v *canvas) line(x0, y0, x1, y1, color int, dotted bool) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	err := dx + dy
	for i := 0; ; i++ {
		if !dotted || i%2 == 0 {
			v.set(x0, y0, color)
		}
		if x0 == x1 && y0 == y1 {
			return
		}
		if e2 := 2 * err; e2 >= dy {
			err += dy
			x0 += sx
		} else {
			err += dx
			y0 += sy
		}
	}
}

// shade fills the band between low and high, cell column by cell column, interpolating between
// the band's points.
func (v *canvas) shade(b Band, color int) {
	for cx := 0; cx < v.cols; cx++ {
		x := v.xmin + float64((float64(2*cx)+0.5)/float64(2*v.cols-1)*(v.xmax-v.xmin))
		lo, okLo := interpolate(b.Low, x)
		hi, okHi := interpolate(b.High, x)
		if !okLo || !okHi {
			continue
		}
		if v.c.Log {
			lo, hi = max(lo, v.ymin), max(hi, v.ymin)
		}
		_, top := v.dot(Point{Y: hi})
		_, bottom := v.dot(Point{Y: lo})
		for cy := max(top/4, 0); cy <= min(bottom/4, v.rows-1); cy++ {
			v.cells[cy][cx].shaded = true
			v.cells[cy][cx].shadeColor = color
		}
	}
}

// interpolate is the band's value at x, linear between its points.
func interpolate(pts []Point, x float64) (float64, bool) {
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if x >= a.X && x <= b.X {
			if b.X == a.X {
				return a.Y, true
			}
			return a.Y + (b.Y-a.Y)*(x-a.X)/(b.X-a.X), true
		}
	}
	return 0, false
}

// Terminal draws c in width columns (at least 30) with a plot area of height rows: braille lines,
// each series' glyph at its points (every point while they are at least two columns apart, else
// every few columns), envelope bands shaded, the Y axis in human durations and a legend naming
// each glyph's series. Colour escape codes appear only when color is set; without them the glyphs
// tell the series apart. Series drawn on the same dots take turns showing their glyphs, and the
// legend says which line a series lies on.
func Terminal(w io.Writer, c *Chart, width, height int, color bool) error {
	xmin, xmax, ymin, ymax, _ := c.ranges()
	height = max(height, 4)
	// A label every other row at most, so each sits on its own value's row.
	steps := min(5, height/2)
	yticks := c.yTicks(ymin, ymax, c.Log, steps)
	if !c.Log && len(yticks) > 0 && yticks[len(yticks)-1].Value < ymax {
		step := ymax
		if len(yticks) > 1 {
			step = yticks[1].Value - yticks[0].Value
		}
		ymax = math.Ceil(ymax/step-1e-9) * step
		yticks = c.yTicks(ymin, ymax, false, steps)
	}
	labelW := 0
	for _, t := range yticks {
		labelW = max(labelW, runewidth.StringWidth(t.Label))
	}
	cols := max(width, minWidth) - labelW - 2
	v := &canvas{c: c, cols: cols, rows: height, xmin: xmin, xmax: xmax, ymin: ymin, ymax: ymax}
	v.cells = make([][]cell, v.rows)
	for i := range v.cells {
		v.cells[i] = make([]cell, v.cols)
	}
	for _, b := range c.Bands {
		v.shade(b, c.colorOf(b.Group))
	}
	for k, s := range c.Series {
		var prev []int
		for _, p := range s.Points {
			if !c.usable(p.Y) {
				continue
			}
			x, y := v.dot(p)
			if prev != nil {
				v.line(prev[0], prev[1], x, y, k%numColors, s.Style == Dotted)
			} else {
				v.set(x, y, k%numColors)
			}
			prev = []int{x, y}
		}
	}
	for _, sp := range v.markers() {
		cl := &v.cells[int(sp.y)][int(sp.x)]
		cl.marker, cl.markerColor = glyphOf(sp.series), sp.series%numColors
	}
	on := c.coincident(func(a, b Point) bool {
		ax, ay := v.dot(a)
		bx, by := v.dot(b)
		return ax == bx && ay == by
	})

	paint := func(s string, col int) string {
		if !color {
			return s
		}
		return "\x1b[" + palette[col%numColors] + "m" + s + "\x1b[0m"
	}
	var b strings.Builder
	if c.Title != "" {
		b.WriteString(c.Title + "\n")
	}
	// Labels from the top down, each at least two rows below the one above it.
	tickRow := map[int]string{}
	last := -2
	for i := len(yticks) - 1; i >= 0; i-- {
		_, y := v.dot(Point{Y: yticks[i].Value})
		if y/4 >= last+2 {
			tickRow[y/4], last = yticks[i].Label, y/4
		}
	}
	for r := 0; r < v.rows; r++ {
		label, axis := "", "│"
		if l, ok := tickRow[r]; ok {
			label, axis = l, "┤"
		}
		line := strings.Repeat(" ", labelW-runewidth.StringWidth(label)) + label + " " + axis
		for _, cl := range v.cells[r] {
			switch {
			case cl.marker != 0:
				line += paint(string(cl.marker), cl.markerColor)
			case cl.dots != 0:
				line += paint(string(rune(0x2800+int(cl.dots))), cl.dotColor)
			case cl.shaded:
				line += paint(string(shadeRune), cl.shadeColor)
			default:
				line += " "
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	pad := strings.Repeat(" ", labelW+1)
	b.WriteString(pad + "└" + strings.Repeat("─", v.cols) + "\n")
	// Attempt labels under their column, from the last (always shown) leftwards, skipped where
	// they would touch the one after. The line is no wider than the plot's (labelW + 2 + cols): a
	// label that would run past its end ends under the last column instead.
	xl := []rune(strings.Repeat(" ", v.cols+1))
	ticks := AttemptTicks(xmin, xmax)
	end := len(xl) + 1 // the column after the last free one, plus the gap
	for i := len(ticks) - 1; i >= 0; i-- {
		t := ticks[i]
		x, _ := v.dot(Point{X: t.Value, Y: ymax})
		at := min(x/2+1, len(xl)-len(t.Label))
		if at < 0 || at+len(t.Label) >= end {
			continue
		}
		copy(xl[at:], []rune(t.Label))
		end = at
	}
	b.WriteString(strings.TrimRight(pad+string(xl), " ") + "\n")
	if c.XLabel != "" {
		b.WriteString(strings.Repeat(" ", labelW+1+max(0, (v.cols-len(c.XLabel))/2)) + c.XLabel + "\n")
	}
	b.WriteString(legend(c, on, v.cols+labelW+2, paint))
	_, err := io.WriteString(w, b.String())
	return err
}

// markers are where the series' glyphs go, in cells: at every point of a series whose points are
// at least two columns apart on average, else at the point nearest every markerStep-th column;
// glyphs that would land in one cell take turns.
func (v *canvas) markers() []spot {
	var xs []float64
	for cx := markerStep / 2; cx < v.cols; cx += markerStep {
		xs = append(xs, v.xmin+float64((float64(2*cx)+0.5)/float64(2*v.cols-1)*(v.xmax-v.xmin)))
	}
	var spots []spot
	for k, s := range v.c.Series {
		for n, i := range v.c.markerPoints(s.Points, v.cols/2, xs) {
			x, y := v.dot(s.Points[i])
			if x < 0 || y < 0 || x >= 2*v.cols || y >= 4*v.rows {
				continue
			}
			spots = append(spots, spot{series: k, ord: n, x: float64(x / 2), y: float64(y / 4)})
		}
	}
	return takeTurns(spots, func(s spot) float64 { return s.x }, func(a, b spot) bool { return a.y == b.y })
}

// legend names each glyph's series, wrapped to width, a group at a time: its series, then
// shading per envelope; a series drawn on another's dots says so.
func legend(c *Chart, on []int, width int, paint func(string, int) string) string {
	var items []string
	var widths []int
	add := func(sym string, color int, name string) {
		name = format.EscapeControl(name)
		items = append(items, paint(sym, color)+" "+name)
		widths = append(widths, runewidth.StringWidth(sym)+1+runewidth.StringWidth(name))
	}
	for _, it := range c.order() {
		if it.band {
			bd := c.Bands[it.index]
			add(string(shadeRune), c.colorOf(bd.Group), bd.Name)
			continue
		}
		add(string(glyphOf(it.index)), it.index%numColors, c.Series[it.index].Name+c.note(on, it.index))
	}
	var b strings.Builder
	used := 0
	for i, it := range items {
		if used > 0 && used+3+widths[i] > width {
			b.WriteByte('\n')
			used = 0
		}
		if used > 0 {
			b.WriteString("   ")
			used += 3
		}
		b.WriteString(it)
		used += widths[i]
	}
	if used > 0 {
		b.WriteByte('\n')
	}
	return b.String()
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}
