package plot

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// goRegular is the PNG's font, parsed on the first PNG (never at start-up).
var goRegular = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })

// raster rasterises a scene onto an RGBA image: shapes with golang.org/x/image/vector
// (anti-aliased; lines are stroked into polygons), text with golang.org/x/image/font/opentype.
type raster struct {
	img   *image.RGBA
	z     vector.Rasterizer
	font  *opentype.Font
	faces map[float64]font.Face
}

// png draws the scene and encodes it.
func (s *scene) png() ([]byte, error) {
	f, err := goRegular()
	if err != nil {
		return nil, err
	}
	cv := &raster{
		img:   image.NewRGBA(image.Rect(0, 0, int(s.width), int(s.height))),
		font:  f,
		faces: map[float64]font.Face{},
	}
	for _, item := range s.items {
		switch it := item.(type) {
		case polyline:
			cv.fill(stroke(it.pts, it.width, it.dash), it.col)
		case polygon:
			cv.fill([][]pt{it.pts}, it.col)
		case rect:
			box := []pt{{it.X, it.Y}, {it.X + it.W, it.Y}, {it.X + it.W, it.Y + it.H}, {it.X, it.Y + it.H}}
			if whole(it.X) && whole(it.Y) && whole(it.W) && whole(it.H) {
				// On pixel edges: no anti-aliasing to do (the background).
				r := image.Rect(int(it.X), int(it.Y), int(it.X+it.W), int(it.Y+it.H))
				draw.Draw(cv.img, r, image.NewUniform(it.fill), image.Point{}, draw.Over)
			} else {
				cv.fill([][]pt{box}, it.fill)
			}
			if it.width > 0 {
				cv.fill(stroke(append(box, box[0]), it.width, nil), it.stroke)
			}
		case text:
			if err := cv.text(it); err != nil {
				return nil, err
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, cv.img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// fill paints the union of the polygons in one colour, rasterising only their bounding box.
func (cv *raster) fill(polys [][]pt, col color.NRGBA) {
	if col.A == 0 || len(polys) == 0 {
		return
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			x0, y0, x1, y1 = min(x0, q.X), min(y0, q.Y), max(x1, q.X), max(y1, q.Y)
		}
	}
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(cv.img.Bounds())
	if r.Empty() {
		return
	}
	cv.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		// The rasteriser adds signed coverage, so overlapping pieces of one stroke must turn
		// the same way or they cancel out.
		if area(p) < 0 {
			p = reversed(p)
		}
		cv.z.MoveTo(float32(p[0].X-ox), float32(p[0].Y-oy))
		for _, q := range p[1:] {
			cv.z.LineTo(float32(q.X-ox), float32(q.Y-oy))
		}
		cv.z.ClosePath()
	}
	cv.z.Draw(cv.img, r, image.NewUniform(col), image.Point{})
}

func whole(v float64) bool { return v == math.Trunc(v) }

// area is the polygon's signed area (shoelace).
func area(p []pt) float64 {
	var a float64
	for i := range p {
		q := p[(i+1)%len(p)]
		a += float64(p[i].X*q.Y) - float64(q.X*p[i].Y)
	}
	return a / 2
}

func reversed(p []pt) []pt {
	out := make([]pt, len(p))
	for i, q := range p {
		out[len(p)-1-i] = q
	}
	return out
}

// stroke turns a polyline into polygons: a quadrilateral per segment and a disc at each vertex
// (round joins and caps), dashed first if dash is set.
func stroke(pts []pt, width float64, dash []float64) [][]pt {
	var out [][]pt
	h := width / 2
	n := max(8, int(math.Ceil(width*4)))
	for _, piece := range dashes(pts, dash) {
		for i, p := range piece {
			out = append(out, circle(p, h, n))
			if i == 0 {
				continue
			}
			q := piece[i-1]
			l := math.Hypot(p.X-q.X, p.Y-q.Y)
			if l == 0 {
				continue
			}
			nx, ny := float64(-(p.Y-q.Y)/l*h), float64((p.X-q.X)/l*h)
			out = append(out, []pt{{q.X + nx, q.Y + ny}, {p.X + nx, p.Y + ny}, {p.X - nx, p.Y - ny}, {q.X - nx, q.Y - ny}})
		}
	}
	return out
}

// dashes cuts a polyline into its dashes: on for dash[0], off for dash[1], and so on.
func dashes(pts []pt, dash []float64) [][]pt {
	if len(dash) == 0 || len(pts) < 2 {
		return [][]pt{pts}
	}
	var out [][]pt
	k, left, on := 0, dash[0], true
	cur := []pt{pts[0]}
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		at := 0.0
		for l-at > left {
			at += left
			p := pt{a.X + (b.X-a.X)*at/l, a.Y + (b.Y-a.Y)*at/l}
			if on {
				if last := cur[len(cur)-1]; last != p {
					cur = append(cur, p)
				}
				out = append(out, cur)
			}
			cur = []pt{p}
			on = !on
			k = (k + 1) % len(dash)
			left = dash[k]
		}
		left -= l - at
		if on {
			cur = append(cur, b)
		} else {
			cur = []pt{b}
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// face is Go Regular at size pixels per em, unhinted so its widths are the layout's.
func (cv *raster) face(size float64) (font.Face, error) {
	if f, ok := cv.faces[size]; ok {
		return f, nil
	}
	f, err := opentype.NewFace(cv.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	cv.faces[size] = f
	return f, nil
}

func fix(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }

// text draws a line of text; vertical text is drawn into a mask turned a quarter turn.
func (cv *raster) text(t text) error {
	face, err := cv.face(t.size)
	if err != nil {
		return err
	}
	w := float64(font.MeasureString(face, t.s)) / 64
	shift := [...]float64{0, w / 2, w}[t.anchor]
	src := image.NewUniform(t.col)
	if !t.vertical {
		d := font.Drawer{Dst: cv.img, Src: src, Face: face, Dot: fixed.Point26_6{X: fix(t.X - shift), Y: fix(t.Y)}}
		d.DrawString(t.s)
		return nil
	}
	m := face.Metrics()
	asc := m.Ascent.Ceil() + 1
	mask := image.NewAlpha(image.Rect(0, 0, int(math.Ceil(w))+2, asc+m.Descent.Ceil()+1))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: fixed.Point26_6{X: fixed.I(1), Y: fixed.I(asc)}}
	d.DrawString(t.s)
	// Mask pixel (mx, my) lands at (x+my-asc, y0-mx): the baseline runs up the page from y0.
	x, y0 := int(math.Round(t.X)), int(math.Round(t.Y+shift))+1
	mb := mask.Bounds()
	rot := image.NewAlpha(image.Rect(x-asc, y0-mb.Dx()+1, x-asc+mb.Dy(), y0+1))
	for my := 0; my < mb.Dy(); my++ {
		for mx := 0; mx < mb.Dx(); mx++ {
			rot.SetAlpha(x+my-asc, y0-mx, mask.AlphaAt(mx, my))
		}
	}
	draw.DrawMask(cv.img, rot.Bounds(), src, image.Point{}, rot, rot.Bounds().Min, draw.Over)
	return nil
}
