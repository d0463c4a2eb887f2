package explore

import (
	"math"
	"strconv"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// customSteps are the values + and - cycle through for Custom parameters, which have no order of
// their own: one Sidekiq version per jitter formula.
var customSteps = map[string][]string{
	"sidekiq-version": {"6.2.1", "7.0.0", "8.0.0"},
}

// stepText returns the text of the value one step from v in direction dir (+1 or -1): integers
// by 1, durations and floats by a round step about a tenth of the value, enums and custom values
// to the next choice. ok is false when the parameter cannot be stepped.
func stepText(s param.Spec, v param.Value, dir int) (text string, ok bool) {
	switch s.Kind {
	case param.Int:
		n := int64(v.Num) + int64(dir)
		n = max(int64(s.Min), min(int64(s.Max), n))
		return strconv.FormatInt(n, 10), true
	case param.Float:
		return stepFloat(s, v.Num, dir), true
	case param.Duration:
		return stepDuration(s, v.Num, dir), true
	case param.Enum:
		return cycle(s.Choices, v.Text, dir), true
	case param.Custom:
		choices, found := customSteps[s.Name]
		if !found {
			return "", false
		}
		return cycle(choices, s.Format(v), dir), true
	}
	return "", false
}

func cycle(choices []string, cur string, dir int) string {
	n := len(choices)
	for i, c := range choices {
		if c == cur {
			return choices[(i+dir+n)%n]
		}
	}
	if dir > 0 {
		return choices[0]
	}
	return choices[n-1]
}

// niceStep rounds x down to 1, 2 or 5 times a power of ten (x > 0); a hair of tolerance keeps
// 0.5/10 at 0.05 whatever the last bit of the division.
func niceStep(x float64) float64 {
	x *= 1 + 1e-9
	p := math.Pow(10, math.Floor(math.Log10(x)))
	switch m := x / p; {
	case m >= 5:
		return 5 * p
	case m >= 2:
		return 2 * p
	}
	return p
}

// rung returns the value one step from x in direction dir on a ladder of values: 0, then zero
// (a 1, 2 or 5 times a power of ten), then on up in steps of about a tenth of the value, 1, 2 or
// 5 times a power of ten: 1, 1.1, ... 1.9, 2, 2.2, ... 4.8, 5, 5.5, ... 9.5, 10, 11. Each step
// down is the step up that led there, so Left undoes Right: from 2 the step down is 1.9's 0.1,
// not 2's 0.2. A value between rungs (typed) moves to the nearest rung in that direction.
// Negative values mirror positive ones.
func rung(x, zero float64, dir int) float64 {
	if x < 0 {
		return -rung(-x, zero, -dir)
	}
	if dir > 0 {
		if x < zero*(1-1e-9) {
			return zero
		}
		return gridNext(x, niceStep(x/10), dir)
	}
	if x == 0 {
		return -zero
	}
	if x <= zero*(1+1e-9) {
		return 0
	}
	st := niceStep(x / 10)
	if math.Abs(x/10/st-1) < 1e-9 { // x starts a band: step down with the band below's step
		if m := st / math.Pow(10, math.Floor(float64(math.Log10(st))+1e-9)); m > 4 {
			st = st * 2 / 5 // 5 -> 2
		} else {
			st /= 2 // 2 -> 1, 1 -> 0.5
		}
	}
	return gridNext(x, st, dir)
}

// gridNext is the next multiple of st from x in direction dir: x ± st when x is one.
func gridNext(x, st float64, dir int) float64 {
	q := x / st
	n := math.Round(q)
	switch {
	case math.Abs(q-n) < 1e-6:
		n += float64(dir)
	case dir > 0:
		n = math.Floor(q) + 1
	default:
		n = math.Ceil(q) - 1
	}
	return n * st
}

// zeroStep is the first rung above 0: a tenth of the default, or of one unit without one.
func zeroStep(def float64) float64 {
	if def <= 0 {
		def = 1
	}
	return niceStep(def / 10)
}

func stepFloat(s param.Spec, x float64, dir int) string {
	y := rung(x, zeroStep(s.Default.Num), dir)
	if s.OpenMax && y >= s.Max {
		y = x
	}
	y = max(s.Min, min(s.Max, y))
	// Print at the precision of the step, so the float's last bits do not show (0.30000000000000004).
	st := niceStep(max(math.Abs(x), math.Abs(y), zeroStep(s.Default.Num)) / 1000)
	decimals := max(0, int(-math.Floor(math.Log10(st))))
	return param.FormatNumber(mustFloat(strconv.FormatFloat(y, 'f', decimals, 64)))
}

func mustFloat(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func stepDuration(s param.Spec, secs float64, dir int) string {
	d := toDuration(secs)
	def := float64(toDuration(s.Default.Num))
	if def <= 0 {
		def = float64(time.Second)
	}
	zero := max(time.Duration(zeroStep(def)), time.Millisecond)
	d = time.Duration(math.Round(rung(float64(d), float64(zero), dir)))
	d = max(s.MinDur, min(s.MaxDur, d))
	return param.FormatDuration(d)
}

// toDuration converts seconds to a duration, rounding to the nanosecond (a value parsed from text
// converts back to exactly the duration it came from).
func toDuration(secs float64) time.Duration {
	return time.Duration(math.Round(secs * float64(time.Second)))
}

// formatValue prints a value as it would be typed on the command line.
func formatValue(s param.Spec, v param.Value) string {
	if s.Kind == param.Duration {
		return param.FormatDuration(toDuration(v.Num))
	}
	return s.Format(v)
}
