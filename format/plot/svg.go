package plot

import (
	"bytes"
	"fmt"
	"html"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// svgFonts have Go Regular's widths, which the layout measures with; Go itself is rarely
// installed.
const svgFonts = "Go, Arial, Helvetica, 'Liberation Sans', sans-serif"

// svg writes the scene as an SVG document: one element per primitive, coordinates to 0.01 px.
func (s *scene) svg() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %[1]s %[2]s\" font-family=\"%s\">\n",
		num(s.width), num(s.height), svgFonts)
	for _, item := range s.items {
		switch it := item.(type) {
		case polyline:
			fmt.Fprintf(&b, `<polyline points="%s" fill="none"%s stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"`,
				points(it.pts), paint("stroke", it.col), num(it.width))
			if len(it.dash) > 0 {
				var d []string
				for _, v := range it.dash {
					d = append(d, num(v))
				}
				fmt.Fprintf(&b, ` stroke-dasharray="%s"`, strings.Join(d, " "))
			}
			b.WriteString("/>\n")
		case polygon:
			fmt.Fprintf(&b, "<polygon points=\"%s\"%s/>\n", points(it.pts), paint("fill", it.col))
		case rect:
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s"%s`, num(it.X), num(it.Y), num(it.W), num(it.H), paint("fill", it.fill))
			if it.width > 0 {
				fmt.Fprintf(&b, `%s stroke-width="%s"`, paint("stroke", it.stroke), num(it.width))
			}
			b.WriteString("/>\n")
		case text:
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s"%s`, num(it.X), num(it.Y), num(it.size), paint("fill", it.col))
			if a := [...]string{"", "middle", "end"}[it.anchor]; a != "" {
				fmt.Fprintf(&b, ` text-anchor="%s"`, a)
			}
			if it.vertical {
				fmt.Fprintf(&b, ` transform="rotate(-90 %s %s)"`, num(it.X), num(it.Y))
			}
			b.WriteString(">")
			b.WriteString(escape(it.s))
			b.WriteString("</text>\n")
		}
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// escape makes s XML character data: html.EscapeString's entities (encoding/xml would cost every
// command its package initialisation), and U+FFFD for what XML 1.0 does not allow (control
// characters, invalid UTF-8).
func escape(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xd7ff || r >= 0xe000 && r <= 0xfffd || r >= 0x10000 && r <= 0x10ffff {
			return r
		}
		return '\ufffd'
	}, s)
	return html.EscapeString(s)
}

// num formats a coordinate to 0.01 px without trailing zeros.
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func points(pts []pt) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X))
		b.WriteByte(',')
		b.WriteString(num(p.Y))
	}
	return b.String()
}

// paint is a fill or stroke attribute with the colour's opacity when it is not opaque.
func paint(attr string, c color.NRGBA) string {
	if c.A == 0 {
		return fmt.Sprintf(` %s="none"`, attr)
	}
	s := fmt.Sprintf(` %s="#%02x%02x%02x"`, attr, c.R, c.G, c.B)
	if c.A != 0xff {
		s += fmt.Sprintf(` %s-opacity="%s"`, attr, strconv.FormatFloat(float64(c.A)/255, 'f', 3, 64))
	}
	return s
}
