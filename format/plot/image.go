package plot

import (
	"bytes"
	"fmt"
	"image/color"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Image sizes: 800 x 500 pixels at 96 dpi, the width of a design doc's column.
const (
	imageWidth  = 600 * vg.Inch / 72 // 800 px at 96 dpi
	imageHeight = 375 * vg.Inch / 72 // 500 px
	imageDPI    = 96
)

// ImageWidth and ImageHeight are a PNG's size in pixels.
const (
	ImageWidth  = 800
	ImageHeight = 500
)

// colors are the image palette, in the terminal palette's order (blue, orange, green, red,
// purple, cyan).
var colors = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xd6, 0x27, 0x28, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
}

// DurationTicker is a gonum plot.Ticker for a time axis in seconds: ticks at round human durations
// labelled like 1m, 1h, 2d (see DurationTicks).
type DurationTicker struct{ Log bool }

// Ticks implements plot.Ticker.
func (t DurationTicker) Ticks(lo, hi float64) []gplot.Tick {
	return gonumTicks(DurationTicks(lo, hi, t.Log, 5))
}

// AttemptTicker is a gonum plot.Ticker for the attempt axis.
type AttemptTicker struct{}

// Ticks implements plot.Ticker.
func (AttemptTicker) Ticks(lo, hi float64) []gplot.Tick { return gonumTicks(AttemptTicks(lo, hi)) }

func gonumTicks(ticks []Tick) []gplot.Tick {
	out := make([]gplot.Tick, len(ticks))
	for i, t := range ticks {
		out[i] = gplot.Tick{Value: t.Value, Label: t.Label}
	}
	return out
}

// Image renders c as "svg" or "png", 800 x 500 pixels, with a legend.
func Image(c *Chart, kind string) ([]byte, error) {
	p, err := c.gonum()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	switch kind {
	case "svg":
		cv := vgsvg.New(imageWidth, imageHeight)
		p.Draw(draw.New(cv))
		_, err = cv.WriteTo(&buf)
	case "png":
		cv := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(imageWidth, imageHeight), vgimg.UseDPI(imageDPI))}
		p.Draw(draw.New(cv))
		_, err = cv.WriteTo(&buf)
	default:
		return nil, fmt.Errorf("unknown image format %q", kind)
	}
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// gonum builds the gonum plot: bands first, then percentile lines, then each policy's line with
// its points on top.
func (c *Chart) gonum() (*gplot.Plot, error) {
	gplot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	p := gplot.New()
	p.Title.Text = c.Title
	p.Title.TextStyle.Font.Size = vg.Points(14)
	p.X.Label.Text, p.Y.Label.Text = c.XLabel, c.YLabel
	p.X.Tick.Marker = AttemptTicker{}
	p.Y.Tick.Marker = DurationTicker{Log: c.Log}
	p.Add(plotter.NewGrid())
	xmin, xmax, ymin, ymax, _ := c.ranges()
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = xmin, xmax, ymin, ymax
	if c.Log {
		p.Y.Scale = gplot.LogScale{}
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(8), -vg.Points(4)
	p.Legend.ThumbnailWidth = vg.Points(24)

	for _, b := range c.Bands {
		pts := c.xys(b.Low)
		high := c.xys(b.High)
		for i := len(high) - 1; i >= 0; i-- {
			pts = append(pts, high[i])
		}
		if len(pts) < 3 {
			continue
		}
		poly, err := plotter.NewPolygon(pts)
		if err != nil {
			return nil, err
		}
		c := colors[b.Group%len(colors)]
		poly.Color = color.NRGBA{R: c.R, G: c.G, B: c.B, A: 0x38}
		poly.LineStyle.Width = 0
		poly.LineStyle.Color = color.Transparent
		p.Add(poly)
		p.Legend.Add(b.Name, poly)
	}
	for _, s := range c.Series {
		if s.Style != Dotted {
			continue
		}
		l, err := plotter.NewLine(c.xys(s.Points))
		if err != nil {
			return nil, err
		}
		l.Color = colors[s.Group%len(colors)]
		l.Width = vg.Points(1.2)
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(l)
		p.Legend.Add(s.Name, l)
	}
	for _, s := range c.Series {
		if s.Style != Solid {
			continue
		}
		xys := c.xys(s.Points)
		l, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		col := colors[s.Group%len(colors)]
		l.Color, l.Width = col, vg.Points(2)
		p.Add(l)
		if len(xys) <= 60 {
			sc, err := plotter.NewScatter(xys)
			if err != nil {
				return nil, err
			}
			sc.Color, sc.Radius = col, vg.Points(2.5)
			sc.Shape = glyphs[s.Group%len(glyphs)]
			p.Add(sc)
			p.Legend.Add(s.Name, l, sc)
		} else {
			p.Legend.Add(s.Name, l)
		}
	}
	return p, nil
}

// glyphs match the terminal markers: circle, triangle, square, diamond (a ring), plus, cross.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.RingGlyph{}, draw.PlusGlyph{}, draw.CrossGlyph{}}

// xys are the drawable points as gonum XYs.
func (c *Chart) xys(pts []Point) plotter.XYs {
	var out plotter.XYs
	for _, p := range pts {
		if c.usable(p.Y) {
			out = append(out, plotter.XY{X: p.X, Y: p.Y})
		}
	}
	return out
}
