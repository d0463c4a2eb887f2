package plot

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The layout's width table and cap height are Go Regular's, which the PNG draws with.
func TestFontMetrics(t *testing.T) {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	if f.UnitsPerEm() != unitsPerEm {
		t.Fatalf("units per em %d, want %d", f.UnitsPerEm(), unitsPerEm)
	}
	ppem := fixed.I(unitsPerEm)
	for r := rune(32); r < 127; r++ {
		i, err := f.GlyphIndex(&b, r)
		if err != nil {
			t.Fatal(err)
		}
		adv, err := f.GlyphAdvance(&b, i, ppem, font.HintingNone)
		if err != nil {
			t.Fatal(err)
		}
		if adv.Round() != int(advances[r-32]) {
			t.Errorf("%q: advance %d, table %d", r, adv.Round(), advances[r-32])
		}
	}
	m, err := f.Metrics(&b, ppem, font.HintingNone)
	if err != nil {
		t.Fatal(err)
	}
	if m.CapHeight.Round() != fontAscent {
		t.Errorf("cap height %d, want %d", m.CapHeight.Round(), fontAscent)
	}
}

// twoPolicies is a chart like plot 'polynomial ...' 'sidekiq ...' --log draws, with a name that
// needs escaping.
func twoPolicies() *Chart {
	c := &Chart{Title: "Start of each attempt", XLabel: "attempt", YLabel: "start (after attempt 1)", Log: true}
	a := Series{Name: "poly<nomial> & \"co\"", Group: 0}
	b := Series{Name: "sidekiq", Group: 1}
	for i := 1; i <= 25; i++ {
		x := float64(i)
		a.Points = append(a.Points, Point{x, math.Pow(x-1, 4) + float64(3*(x-1))})
		b.Points = append(b.Points, Point{x, float64(0.3*math.Pow(x-1, 4)) + 15 + float64(10*x)})
	}
	c.Series = []Series{a, b}
	return c
}

type svgDoc struct {
	polylines []map[string]string
	polygons  []map[string]string
	texts     []string
}

func parseSVG(t *testing.T, data []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attrs := map[string]string{}
		for _, a := range el.Attr {
			attrs[a.Name.Local] = a.Value
		}
		switch el.Name.Local {
		case "polyline":
			doc.polylines = append(doc.polylines, attrs)
		case "polygon":
			doc.polygons = append(doc.polygons, attrs)
		case "text":
			var s string
			if err := dec.DecodeElement(&s, &el); err != nil {
				t.Fatal(err)
			}
			doc.texts = append(doc.texts, s)
		}
	}
	return doc
}

// The SVG parses, draws each policy's line twice (chart and legend) in its colour with a marker
// per point, labels the ticks DurationTicks and AttemptTicks give, and escapes names.
func TestImageSVG(t *testing.T) {
	c := twoPolicies()
	data, err := Image(c, "svg")
	if err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, data)
	lines := map[string]int{}
	for _, l := range doc.polylines {
		if l["stroke-width"] == "2.2" {
			lines[l["stroke"]]++
		}
	}
	if len(lines) != 2 || lines["#1f77b4"] != 2 || lines["#ff7f0e"] != 2 {
		t.Errorf("policy lines by colour %v, want 2 of #1f77b4 and #ff7f0e", lines)
	}
	markers := map[string]int{}
	for _, p := range doc.polygons {
		markers[p["fill"]]++
	}
	// Every point but the first policy's attempt 1 (at 0, off the log axis), and the legend's
	// marker; where the two lines meet (markers that would mostly hide each other), one of them.
	f := newFrame(c, 0)
	meet := 0
	for i := 1; i < 25; i++ {
		if math.Abs(f.y(c.Series[0].Points[i].Y)-f.y(c.Series[1].Points[i].Y)) < markerMeet {
			meet++
		}
	}
	if meet != 1 || markers["#1f77b4"]+markers["#ff7f0e"] != 24+25+2-meet || markers["#1f77b4"] < 24 || markers["#ff7f0e"] < 25 {
		t.Errorf("markers by colour %v, want 25 blue and 26 orange but one where the lines meet (%d)", markers, meet)
	}
	joined := "|" + strings.Join(doc.texts, "|") + "|"
	want := []string{"Start of each attempt", "attempt", "start (after attempt 1)", c.Series[0].Name, "sidekiq"}
	xmin, xmax, ymin, ymax, _ := c.ranges()
	for _, tk := range DurationTicks(ymin, ymax, true, 5) {
		want = append(want, tk.Label)
	}
	for _, tk := range AttemptTicks(xmin, xmax) {
		want = append(want, tk.Label)
	}
	for _, s := range want {
		if !strings.Contains(joined, "|"+s+"|") {
			t.Errorf("no text %q in %q", s, joined)
		}
	}
	if !bytes.Contains(data, []byte("poly&lt;nomial&gt; &amp; &#34;co&#34;")) {
		t.Errorf("name not escaped:\n%s", data)
	}
	again, _ := Image(c, "svg")
	if !bytes.Equal(data, again) {
		t.Error("two renderings differ")
	}
}

// The PNG is 800 x 500, the same bytes each time, with each policy's colour at its markers and
// the legend where it hides no data.
func TestImagePNG(t *testing.T) {
	c := twoPolicies()
	data, err := Image(c, "png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != ImageWidth || b.Dy() != ImageHeight {
		t.Fatalf("size %v, want 800x500", b.Size())
	}
	again, _ := Image(c, "png")
	if !bytes.Equal(data, again) {
		t.Error("two renderings differ")
	}
	f := newFrame(c, 0)
	for i, s := range c.Series {
		last := s.Points[len(s.Points)-1]
		x, y := int(f.x(last.X)), int(f.y(last.Y))
		if got := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA); got != colors[i] {
			t.Errorf("%s: colour %v at its last marker (%d, %d), want %v", s.Name, got, x, y, colors[i])
		}
	}
	// Top left is free: the legend's first swatch is there, in the first policy's colour.
	if got := color.NRGBAModel.Convert(img.At(int(f.left)+8+legendPad+legendSwatch/2, int(f.top)+8+legendPad/2+legendRow/2)).(color.NRGBA); got != colors[0] {
		t.Errorf("legend marker colour %v, want %v", got, colors[0])
	}
	// The corners inside and outside the axes are white.
	for _, p := range []image.Point{{1, 1}, {ImageWidth - 2, ImageHeight - 2}, {int(f.right) - 3, int(f.bottom) - 3}} {
		if r, g, b, _ := img.At(p.X, p.Y).RGBA(); r != 0xffff || g != 0xffff || b != 0xffff {
			t.Errorf("pixel %v is not white", p)
		}
	}
}

// A legend that would hide data in every corner goes to the right of the plot area.
func TestLegendOutside(t *testing.T) {
	c := &Chart{Title: "t", XLabel: "x", YLabel: "y"}
	band := Band{Name: "everywhere", Low: []Point{{1, 0}, {10, 0}}, High: []Point{{1, 90}, {10, 90}}}
	c.Bands = []Band{band}
	c.Series = []Series{{Name: "line", Points: []Point{{1, 50}, {10, 50}}}}
	s := c.layout()
	f := newFrame(c, 0)
	var box *rect
	for _, it := range s.items {
		if r, ok := it.(rect); ok && r.width > 0 {
			box = &r
		}
	}
	if box == nil {
		t.Fatal("no legend box")
	}
	if box.X+box.W > ImageWidth || box.X < f.right-200 {
		t.Errorf("legend box at x %.1f..%.1f, want right of a narrower plot area, within the image", box.X, box.X+box.W)
	}
	var marks []mark
	for _, it := range s.items {
		if p, ok := it.(polygon); ok && p.col.A == bandAlpha {
			marks = append(marks, mark{entry: entry{band: true}, pts: p.pts})
			if covers(marks, box.X, box.Y, box.W, box.H) {
				t.Error("legend covers the band")
			}
		}
	}
}

// Dashes cut a line into on and off lengths, the last one shortened.
func TestDashes(t *testing.T) {
	got := dashes([]pt{{0, 0}, {10, 0}, {10, 5}}, []float64{4, 2})
	want := [][]pt{{{0, 0}, {4, 0}}, {{6, 0}, {10, 0}}, {{10, 2}, {10, 5}}}
	if len(got) != len(want) {
		t.Fatalf("dashes %v, want %v", got, want)
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("dash %d: %v, want %v", i, got[i], want[i])
		}
		for j := range want[i] {
			if math.Abs(got[i][j].X-want[i][j].X) > 1e-9 || math.Abs(got[i][j].Y-want[i][j].Y) > 1e-9 {
				t.Errorf("dash %d: %v, want %v", i, got[i], want[i])
			}
		}
	}
}

func TestUnknownKind(t *testing.T) {
	if _, err := Image(twoPolicies(), "pdf"); err == nil {
		t.Error("pdf: no error")
	}
}

// Long names are shortened in the legend, to the width given.
func TestShorten(t *testing.T) {
	if got := shorten("polynomial", legendSize, legendName); got != "polynomial" {
		t.Errorf("short name changed to %q", got)
	}
	long := strings.Repeat("payment-reconciliation-", 5)
	got := shorten(long, legendSize, legendName)
	if !strings.HasSuffix(got, "...") || !strings.HasPrefix(long, strings.TrimSuffix(got, "...")) || textWidth(got, legendSize) > legendName {
		t.Errorf("shortened to %q (%.0f px)", got, textWidth(got, legendSize))
	}
}

// A log chart with nothing above 0 is an empty chart, with no NaN in it.
func TestImageNothingOnLogAxis(t *testing.T) {
	c := &Chart{Title: "t", XLabel: "x", YLabel: "y", Log: true,
		Series: []Series{{Name: "zero", Points: []Point{{1, 0}, {2, 0}}}}}
	data, err := Image(c, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("NaN")) || bytes.Contains(data, []byte("Inf")) {
		t.Errorf("NaN or Inf in the SVG:\n%s", data)
	}
	if _, err := Image(c, "png"); err != nil {
		t.Fatal(err)
	}
}

// Text is escaped for XML, control characters and invalid UTF-8 replaced, so the SVG parses.
func TestEscape(t *testing.T) {
	got := escape("a<b>&\"c'\x01\xff\té")
	if want := "a&lt;b&gt;&amp;&#34;c&#39;\ufffd\ufffd\té"; got != want {
		t.Errorf("escape = %q, want %q", got, want)
	}
	var s string
	if err := xml.Unmarshal([]byte("<text>"+got+"</text>"), &s); err != nil || s != "a<b>&\"c'\ufffd\ufffd\té" {
		t.Errorf("parsed %q, %v", s, err)
	}
}

// Control characters and bidi overrides in names show escaped, as in tables.
func TestImageEscapesControl(t *testing.T) {
	c := &Chart{Title: "t", XLabel: "x", YLabel: "y",
		Series: []Series{{Name: "ab\u202ecd\x01", Points: []Point{{1, 0}, {2, 1}}}}}
	data, err := Image(c, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`>ab\u202ecd\x01</text>`)) {
		t.Errorf("name not escaped:\n%s", data)
	}
}

// In an image every series has its own colour, marker shape and (a percentile's line) dash
// pattern; percentile lines are drawn after the policy's, so one on it shows over it, its
// markers take turns with the policy's, and the legend says which line it lies on.
func TestImageSeriesStyles(t *testing.T) {
	for _, n := range []int{25, 1000} {
		c := withPercentiles(n)
		s := c.layout()
		want := []color.NRGBA{{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}}
		lineAt := map[color.NRGBA]int{}
		dashes := map[color.NRGBA]string{}
		shapes := map[color.NRGBA]map[int]int{} // vertices -> count
		var texts []string
		for i, it := range s.items {
			switch it := it.(type) {
			case polyline:
				if len(it.pts) > 2 && it.width > 1 && it.col != axisColor && it.col != gridColor {
					if _, ok := lineAt[it.col]; ok {
						t.Errorf("%d attempts: two lines in %v", n, it.col)
					}
					lineAt[it.col] = i
					dashes[it.col] = fmt.Sprint(it.dash)
				}
			case polygon:
				if it.col.A == 0xff && it.col != white {
					if shapes[it.col] == nil {
						shapes[it.col] = map[int]int{}
					}
					shapes[it.col][len(it.pts)]++
				}
			case text:
				texts = append(texts, it.s)
			}
		}
		if len(lineAt) != 3 {
			t.Fatalf("%d attempts: lines in %d colours, want 3: %v", n, len(lineAt), lineAt)
		}
		for k, col := range want {
			if _, ok := lineAt[col]; !ok {
				t.Errorf("%d attempts: series %d has no line in %v", n, k, col)
			}
		}
		if lineAt[want[1]] < lineAt[want[0]] || lineAt[want[2]] < lineAt[want[0]] {
			t.Errorf("%d attempts: percentile lines drawn before the policy's: %v", n, lineAt)
		}
		if dashes[want[0]] != "[]" || dashes[want[1]] == "[]" || dashes[want[2]] == "[]" || dashes[want[1]] == dashes[want[2]] {
			t.Errorf("%d attempts: dash patterns %v, want solid, then two different dashes", n, dashes)
		}
		// Circle (16 points), triangle (3), square (4): the legend's and some on the chart each.
		for k, v := range []int{16, 3, 4} {
			if got := shapes[want[k]]; len(got) != 1 || got[v] < 3 {
				t.Errorf("%d attempts: series %d markers %v, want at least 3 of %d points", n, k, got, v)
			}
		}
		joined := "|" + strings.Join(texts, "|") + "|"
		for _, name := range []string{"polynomial", "polynomial p50 (same line as polynomial)", "polynomial p99"} {
			if !strings.Contains(joined, "|"+name+"|") {
				t.Errorf("%d attempts: no legend text %q in %s", n, name, joined)
			}
		}
	}
}

// Outlined glyphs (the seventh series on) are white shapes with an edge in the series' colour.
func TestImageOutlinedMarker(t *testing.T) {
	s := &scene{}
	addMarker(s, 6, pt{10, 10})
	if len(s.items) != 2 {
		t.Fatalf("items %v, want a white shape and its edge", s.items)
	}
	if p, ok := s.items[0].(polygon); !ok || p.col != white || len(p.pts) != 16 {
		t.Errorf("first %v, want a white circle", s.items[0])
	}
	if l, ok := s.items[1].(polyline); !ok || l.col != colors[0] || l.width != outline {
		t.Errorf("second %v, want a blue edge", s.items[1])
	}
}
