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
