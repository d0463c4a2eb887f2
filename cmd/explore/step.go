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

// niceStep rounds x down to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	switch m := x / p; {
	case m >= 5:
		return 5 * p
	case m >= 2:
		return 2 * p
	}
	return p
}

func stepFloat(s param.Spec, x float64, dir int) string {
	base := x
	if base == 0 {
		base = s.Default.Num
	}
	if base == 0 {
		base = 1
	}
	st := niceStep(base / 10)
	y := math.Round(x/st+float64(dir)) * st
	y = max(s.Min, min(s.Max, y))
	if s.OpenMax && y >= s.Max {
		y = math.Round(s.Max/st-1) * st
	}
	decimals := max(0, int(-math.Floor(math.Log10(st))))
	return param.FormatNumber(mustFloat(strconv.FormatFloat(y, 'f', decimals, 64)))
}

func mustFloat(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func stepDuration(s param.Spec, secs float64, dir int) string {
	d := toDuration(secs)
	base := d
	if base == 0 {
		base = toDuration(s.Default.Num)
	}
	if base == 0 {
		base = time.Second
	}
	st := time.Duration(niceStep(float64(base) / 10))
	st = max(st, time.Millisecond)
	n := (d + st/2) / st // nearest multiple, then one step
	d = (n + time.Duration(dir)) * st
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
