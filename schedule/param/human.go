package param

import (
	"math"
	"strconv"
	"strings"
)

// The human text of a duration, as tables, notes and error messages print seconds. FormatDuration
// is the other text of a duration: the compact form a flag or a policy file would take.

// HumanDuration prints seconds as days, hours, minutes and seconds, leaving out leading zero units
// and keeping milliseconds: 3s, 1m 23s, 1h 8m 20s, 2d 6h 1m 29.5s, 0.25s. Inner zero units are kept
// out too (1d 48m 44s), as in the hand-made tables this replaces. Values too large for whole
// milliseconds in an int64 keep counting in days and never wrap.
func HumanDuration(seconds float64) string {
	if math.IsNaN(seconds) {
		return "NaN"
	}
	neg := seconds < 0
	if neg {
		seconds = -seconds
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	if math.IsInf(seconds, 0) {
		b.WriteString("∞")
		return b.String()
	}
	var days float64
	var rest int64 // milliseconds within the last day
	if seconds < 1e15 {
		ms := int64(math.Round(seconds * 1000))
		days = float64(ms / 86400000)
		rest = ms % 86400000
	} else {
		within := math.Mod(seconds, 86400) // exact for floats
		days = math.Round((seconds - within) / 86400)
		rest = int64(math.Round(within * 1000))
		if rest >= 86400000 {
			days++
			rest -= 86400000
		}
	}
	parts := make([]string, 0, 4)
	if days > 0 {
		parts = append(parts, strconv.FormatFloat(days, 'f', 0, 64)+"d")
	}
	h, m, ms := rest/3600000, rest/60000%60, rest%60000
	if h > 0 {
		parts = append(parts, strconv.FormatInt(h, 10)+"h")
	}
	if m > 0 {
		parts = append(parts, strconv.FormatInt(m, 10)+"m")
	}
	if ms > 0 || len(parts) == 0 {
		parts = append(parts, secondsPart(ms))
	}
	b.WriteString(strings.Join(parts, " "))
	return b.String()
}

// secondsPart prints a number of milliseconds below one minute as seconds: 5s, 5.25s, 0.001s.
func secondsPart(ms int64) string {
	s := strconv.FormatInt(ms/1000, 10)
	if frac := ms % 1000; frac != 0 {
		f := strconv.FormatInt(frac+1000, 10)[1:]
		s += "." + strings.TrimRight(f, "0")
	}
	return s + "s"
}

// FormatRounded prints v rounded to three decimals (half away from zero, as HumanDuration rounds
// milliseconds), without "-0"; past 1e15 it prints v whole. It is the raw seconds beside a human
// duration, and any plain number in a human table.
func FormatRounded(v float64) string {
	r := math.Round(v*1000) / 1000
	if r == 0 {
		r = 0 // no "-0"
	}
	if math.Abs(r) >= 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// HumanSeconds is a number of seconds that prints human-readable in messages and errors, with its
// raw seconds when the human form is not already just seconds: 45s, 1m 30s (90s).
type HumanSeconds float64

// String prints d as HumanDuration does, followed by its rounded seconds when they differ.
func (d HumanSeconds) String() string {
	h := HumanDuration(float64(d))
	if raw := FormatRounded(float64(d)) + "s"; raw != h {
		return h + " (" + raw + ")"
	}
	return h
}
