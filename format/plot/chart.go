// Package plot draws schedules as charts: in the terminal with braille dots, and as SVG or PNG
// images laid out once as a scene of lines, polygons, rectangles and texts, then written as SVG
// text or rasterised with golang.org/x/image. It knows series of points and their names, never
// strategies: the command line turns schedules into a Chart.
package plot

import (
	"math"
	"strconv"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// Point is one attempt (X) and a time in seconds (Y).
type Point struct{ X, Y float64 }

// Style is how a series is drawn.
type Style int

const (
	// Solid is a policy's schedule: a solid line with a marker at each point.
	Solid Style = iota
	// Dotted is a sampled percentile: a dotted line without markers.
	Dotted
)

// Series is one line of the chart. Series of one Group (one policy) share a colour.
type Series struct {
	Name   string
	Group  int
	Style  Style
	Points []Point
}

// Band is a shaded range between Low and High at the same X values: an envelope.
type Band struct {
	Name      string
	Group     int
	Low, High []Point
}

// Chart is everything a renderer draws.
type Chart struct {
	Title          string
	XLabel, YLabel string
	Log            bool // logarithmic Y axis; points at or below 0 are left out
	// Counts: the Y axis holds plain numbers (attempts per bucket), labelled 0, 50, 100, not
	// durations.
	Counts bool
	Series []Series
	Bands  []Band
}

// usable reports whether a Y value can be drawn on the chart's axis.
func (c *Chart) usable(y float64) bool {
	return !math.IsNaN(y) && !math.IsInf(y, 0) && (!c.Log || y > 0)
}

// ranges returns the data's X and Y extent; the linear Y axis starts at 0.
func (c *Chart) ranges() (xmin, xmax, ymin, ymax float64, ok bool) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	see := func(p Point) {
		if !c.usable(p.Y) {
			return
		}
		xmin, xmax = min(xmin, p.X), max(xmax, p.X)
		ymin, ymax = min(ymin, p.Y), max(ymax, p.Y)
		ok = true
	}
	for _, s := range c.Series {
		for _, p := range s.Points {
			see(p)
		}
	}
	for _, b := range c.Bands {
		for _, p := range b.Low {
			see(p)
		}
		for _, p := range b.High {
			see(p)
		}
	}
	if !ok {
		return 0, 1, 0, 1, false
	}
	if !c.Log {
		ymin = 0
	} else {
		// Out to the round values around the data, so both ends carry a label.
		vals := logValues()
		for i := len(vals) - 1; i >= 0; i-- {
			if vals[i] <= ymin {
				ymin = vals[i]
				break
			}
		}
		for _, v := range vals {
			if v >= ymax {
				ymax = v
				break
			}
		}
	}
	if xmax == xmin {
		xmin, xmax = xmin-1, xmax+1
	}
	if ymax == ymin {
		if c.Log {
			ymin, ymax = ymin/10, ymax*10
		} else {
			ymax = ymin + 1
		}
	}
	return xmin, xmax, ymin, ymax, true
}

// Tick is a value on an axis and its label.
type Tick struct {
	Value float64
	Label string
}

// durationSteps are the linear axis's tick spacings in seconds: round human durations.
var durationSteps = []float64{
	0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5,
	1, 2, 5, 10, 15, 30,
	60, 2 * 60, 5 * 60, 10 * 60, 15 * 60, 30 * 60,
	3600, 2 * 3600, 3 * 3600, 6 * 3600, 12 * 3600,
	86400, 2 * 86400, 5 * 86400, 7 * 86400, 14 * 86400, 30 * 86400, 60 * 86400, 90 * 86400, 180 * 86400, 365 * 86400,
}

// logMarks are the log axis's tick values: each unit and a step within it.
var logMarks = []float64{0.001, 0.01, 0.1, 1, 10, 60, 600, 3600, 6 * 3600, 86400, 7 * 86400, 30 * 86400, 365 * 86400}

// DurationTicks places ticks on a time axis from lo to hi seconds at round human durations (1m,
// 1h, 1d, ...), labelled like 30m, 1h, 2d. On a linear axis at most steps+1, evenly spaced; on a
// log axis at 1s, 10s, 1m, 10m, 1h, 6h, 1d, 7d, 30d, 365d (and their multiples of 10 beyond).
func DurationTicks(lo, hi float64, log bool, steps int) []Tick {
	if log {
		var ticks []Tick
		for _, v := range logValues() {
			if v >= lo*(1-1e-9) && v <= hi*(1+1e-9) {
				ticks = append(ticks, Tick{Value: v, Label: param.HumanDuration(v)})
			}
		}
		for len(ticks) > 7 {
			thin := ticks[:0:0]
			for i := 0; i < len(ticks); i += 2 {
				thin = append(thin, ticks[i])
			}
			ticks = thin
		}
		if len(ticks) >= 2 {
			return ticks
		}
	}
	step := linearStep(hi-lo, max(steps, 1))
	var ticks []Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi*(1+1e-12); k++ {
		v := k * step
		ticks = append(ticks, Tick{Value: v, Label: param.HumanDuration(v)})
	}
	return ticks
}

// yTicks are the Y axis's ticks: durations, or plain numbers for a chart of counts.
func (c *Chart) yTicks(lo, hi float64, log bool, steps int) []Tick {
	if c.Counts {
		return NumberTicks(lo, hi, steps)
	}
	return DurationTicks(lo, hi, log, steps)
}

// NumberTicks places at most steps+1 ticks from lo to hi at multiples of 1, 2 or 5 times a power
// of ten, labelled as plain numbers.
func NumberTicks(lo, hi float64, steps int) []Tick {
	span := hi - lo
	step := 1.0
	if span > 0 && !math.IsInf(span, 0) {
		step = math.Pow(10, math.Floor(math.Log10(span/float64(max(steps, 1)))))
		for _, f := range []float64{1, 2, 5, 10} {
			if span/(step*f) <= float64(max(steps, 1)) {
				step *= f
				break
			}
		}
	}
	var ticks []Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi*(1+1e-12)+1e-12 && len(ticks) < 100; k++ {
		v := k*step + 0 // no -0
		if v == 0 {
			v = 0
		}
		ticks = append(ticks, Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ticks
}

// logValues extends logMarks past a year by powers of ten.
func logValues() []float64 {
	out := append([]float64(nil), logMarks...)
	for v := 3650 * 86400.0; v < 1e13; v *= 10 {
		out = append(out, v)
	}
	return out
}

// linearStep is the smallest round duration that divides span into at most n steps.
func linearStep(span float64, n int) float64 {
	for _, s := range durationSteps {
		if span/s <= float64(n) {
			return s
		}
	}
	year := 365 * 86400.0
	for m := 1.0; ; m *= 10 {
		for _, f := range []float64{1, 2, 5} {
			if span/(year*m*f) <= float64(n) {
				return year * m * f
			}
		}
	}
}

// AttemptTicks places ticks on the attempt axis: 1 and multiples of a round step, at most about
// eight.
func AttemptTicks(lo, hi float64) []Tick {
	step := 1.0
	for m := 1.0; ; m *= 10 {
		found := false
		for _, f := range []float64{1, 2, 5} {
			if (hi-lo)/(m*f) <= 8 {
				step, found = m*f, true
				break
			}
		}
		if found {
			break
		}
	}
	var ticks []Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ticks
}
