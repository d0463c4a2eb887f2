package plot

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

// chartOf is n attempts of two policies growing like polynomial's, the second a little slower.
func chartOf(n int) *Chart {
	c := &Chart{Title: "Start of each attempt", XLabel: "attempt"}
	for g, name := range []string{"polynomial", "sidekiq"} {
		s := Series{Name: name, Group: g}
		for a := 1; a <= n; a++ {
			s.Points = append(s.Points, Point{X: float64(a), Y: math.Pow(float64(a-1), 4) * float64(g+1)})
		}
		c.Series = append(c.Series, s)
	}
	return c
}

// The chart is never wider than the terminal: the last attempt's label ends under the last
// column rather than one past it (where a terminal wraps it, "25" becoming "2" and "5").
func TestTerminalFitsWidth(t *testing.T) {
	for _, n := range []int{3, 9, 10, 25, 99, 100, 1000} {
		for _, width := range []int{30, 40, 61, 79, 80, 81, 100, 120, 200} {
			var b bytes.Buffer
			if err := Terminal(&b, chartOf(n), width, 12, false); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			for _, line := range lines {
				if w := runewidth.StringWidth(line); w > width {
					t.Errorf("%d attempts, width %d: a line of %d columns: %q", n, width, w, line)
				}
			}
			// The tick line (under the axis) labels the last attempt when it is a tick.
			ticks := AttemptTicks(1, float64(n))
			last := ticks[len(ticks)-1]
			axis := -1
			for i, line := range lines {
				if strings.Contains(line, "└") {
					axis = i
				}
			}
			if axis < 0 || axis+1 >= len(lines) {
				t.Fatalf("%d attempts, width %d: no axis in\n%s", n, width, b.String())
			}
			if fields := strings.Fields(lines[axis+1]); len(fields) == 0 || fields[len(fields)-1] != last.Label {
				t.Errorf("%d attempts, width %d: tick line %q does not end with %s", n, width, lines[axis+1], last.Label)
			}
		}
	}
}

// Attempt ticks are evenly spaced multiples of a round step (not 1, 4, 6, 8, 10).
func TestAttemptTicksEven(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{1, 1, "[1]"},
		{1, 3, "[1 2 3]"},
		{1, 8, "[1 2 3 4 5 6 7 8]"},
		{1, 10, "[2 4 6 8 10]"},
		{1, 25, "[5 10 15 20 25]"},
		{1, 100, "[20 40 60 80 100]"},
		{2, 26, "[5 10 15 20 25]"},
	} {
		var got []string
		for _, tk := range AttemptTicks(c.lo, c.hi) {
			got = append(got, tk.Label)
		}
		if s := fmt.Sprint(got); s != c.want {
			t.Errorf("AttemptTicks(%v, %v) = %s, want %s", c.lo, c.hi, s, c.want)
		}
	}
}

// withPercentiles is one policy's line over n attempts and its sampled p50 (on the line, a
// hair above it) and p99 (well above it), as plot --percentiles 50,99 gives them.
func withPercentiles(n int) *Chart {
	c := &Chart{Title: "Start of each attempt", XLabel: "attempt"}
	main := Series{Name: "polynomial", Group: 0}
	p50 := Series{Name: "polynomial p50", Group: 0, Style: Dotted}
	p99 := Series{Name: "polynomial p99", Group: 0, Style: Dotted}
	for a := 1; a <= n; a++ {
		y := math.Pow(float64(a-1)*25/float64(n), 4)
		main.Points = append(main.Points, Point{X: float64(a), Y: y})
		p50.Points = append(p50.Points, Point{X: float64(a), Y: y * 1.0001})
		p99.Points = append(p99.Points, Point{X: float64(a), Y: float64(y*1.3) + 5000})
	}
	c.Series = []Series{main, p50, p99}
	return c
}

// plotArea is the chart's rows above the axis, with their Y labels cut off.
func plotArea(t *testing.T, out string) string {
	t.Helper()
	var rows []string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "└") {
			return strings.Join(rows, "\n")
		}
		if i := strings.IndexAny(line, "┤│"); i >= 0 {
			rows = append(rows, line[i:])
		}
	}
	t.Fatalf("no axis in\n%s", out)
	return ""
}

// Every series has its own glyph, in the chart and in the legend, with or without colour; a
// percentile line drawn on the policy's dots shares its markers with it, and the legend says it
// lies on that line. With colour on, every series has its own colour too.
func TestTerminalSeriesGlyphs(t *testing.T) {
	for _, n := range []int{25, 1000} {
		var b bytes.Buffer
		if err := Terminal(&b, withPercentiles(n), 80, 16, false); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		area := plotArea(t, out)
		for k, want := range []string{"● polynomial", "▲ polynomial p50 (same line as polynomial)", "■ polynomial p99"} {
			if !strings.Contains(out, want+"   ") && !strings.Contains(out, want+"\n") {
				t.Errorf("%d attempts: no legend item %q in\n%s", n, want, out)
			}
			if g := []string{"●", "▲", "■"}[k]; !strings.Contains(area, g) {
				t.Errorf("%d attempts: no %s in the chart\n%s", n, g, out)
			}
		}
		if strings.Contains(out, "\x1b[") {
			t.Errorf("%d attempts: escape codes with colour off:\n%q", n, out)
		}

		b.Reset()
		if err := Terminal(&b, withPercentiles(n), 80, 16, true); err != nil {
			t.Fatal(err)
		}
		// Blue, yellow, green: the palette's first three.
		for k, name := range []string{"polynomial", "polynomial p50", "polynomial p99"} {
			esc := "\x1b[" + []string{"34", "33", "32"}[k] + "m" + []string{"●", "▲", "■"}[k] + "\x1b[0m " + name
			if !strings.Contains(b.String(), esc) {
				t.Errorf("%d attempts: legend has no %q in\n%q", n, esc, b.String())
			}
		}
	}
}

// Glyphs come from one fixed list, series by series, and do not repeat within it.
func TestGlyphsDistinct(t *testing.T) {
	seen := map[rune]bool{}
	for _, g := range glyphs {
		if seen[g] || runewidth.RuneWidth(g) != 1 {
			t.Errorf("glyph %c repeated or not one column wide", g)
		}
		seen[g] = true
	}
	for k := range 30 {
		for j := range k {
			if glyphOf(j) == glyphOf(k) && j%numColors == k%numColors {
				t.Errorf("series %d and %d have the same glyph and colour", j, k)
			}
		}
	}
}
