package plot

import (
	"image/color"
	"math"

	"github.com/backoffctl/backoffctl/format"
	"github.com/mattn/go-runewidth"
)

// A scene is a chart laid out in pixels (x to the right, y down) as a list of primitives, drawn in
// order. The SVG and PNG backends draw the same scene.
type scene struct {
	width, height float64
	items         []any // polyline, polygon, text or rect
}

type pt struct{ X, Y float64 }

// polyline is a stroked open path with round joins and caps; dash alternates on and off lengths.
type polyline struct {
	pts   []pt
	col   color.NRGBA
	width float64
	dash  []float64
}

// polygon is a filled closed path (a band, a marker).
type polygon struct {
	pts []pt
	col color.NRGBA
}

// anchor is which point of a text its position gives.
type anchor int

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// text is one line of text; X, Y is its baseline at the anchor. Vertical text is turned a quarter
// turn anticlockwise about X, Y, reading upwards.
type text struct {
	X, Y     float64
	s        string
	size     float64
	anchor   anchor
	col      color.NRGBA
	vertical bool
}

// rect is an axis-aligned rectangle, filled and, with a width, outlined.
type rect struct {
	X, Y, W, H float64
	fill       color.NRGBA
	stroke     color.NRGBA
	width      float64
}

// add appends an item; a text's control characters and bidi overrides are shown escaped (\x01,
// \u202e), as everywhere user text is printed.
func (s *scene) add(item any) {
	if t, ok := item.(text); ok {
		t.s = format.EscapeControl(t.s)
		item = t
	}
	s.items = append(s.items, item)
}

// Text metrics of Go Regular (golang.org/x/image/font/gofont/goregular), the PNG's font, in units
// of 1/2048 em: the layout measures text without parsing the font. The SVG names fonts with the
// same widths (Arial, Helvetica, Liberation Sans). TestFontMetrics checks these against the font.
const (
	unitsPerEm = 2048
	fontAscent = 1480 // cap height: digits and capitals rise this far above the baseline
)

// advances are the widths of the printable ASCII characters, space (32) to tilde (126).
var advances = [95]uint16{
	569, 569, 727, 1139, 1139, 1821, 1366, 391, 682, 682, 1196, 1196, 648, 1196, 648, 569,
	1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 627, 627, 1196, 1196, 1196, 1139,
	2079, 1366, 1366, 1479, 1479, 1366, 1251, 1593, 1479, 817, 1015, 1366, 1139, 1706, 1479, 1593,
	1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 569, 569, 569, 960, 1139,
	682, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 505, 519, 1024, 548, 1706, 1139, 1139,
	1139, 1139, 682, 1024, 579, 1139, 1024, 1479, 1024, 1024, 1024, 684, 532, 684, 1196,
}

// textWidth is the width in pixels of s at size pixels per em. Characters outside ASCII count as
// a capital's width, or an em if they are wide (CJK); the layout leaves room to spare.
func textWidth(s string, size float64) float64 {
	var units int
	for _, r := range s {
		switch {
		case r >= 32 && r < 127:
			units += int(advances[r-32])
		case runewidth.RuneWidth(r) == 2:
			units += unitsPerEm
		default:
			units += 1366
		}
	}
	return float64(units) * size / unitsPerEm
}

// capHeight is how far digits and capitals rise above the baseline at size pixels per em.
func capHeight(size float64) float64 { return size * fontAscent / unitsPerEm }

// circle is a polygon approximating a circle of radius r about c.
func circle(c pt, r float64, n int) []pt {
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{c.X + float64(r*math.Cos(a)), c.Y + float64(r*math.Sin(a))}
	}
	return out
}
