package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// maxHerdTime bounds every time in a herd spec, in seconds (30 days).
const maxHerdTime = 30 * 24 * 3600

// parseNumber reads a finite decimal in [lo, hi]; errors name what and the range.
func parseNumber(what, text string, lo, hi float64) (float64, error) {
	t := strings.TrimSpace(text)
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s must be a number in %s, got %q", what, rangeText(lo, hi), t)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s must be in %s, got %s", what, rangeText(lo, hi), t)
	}
	return v, nil
}

func rangeText(lo, hi float64) string {
	if lo == math.SmallestNonzeroFloat64 {
		return "(0, " + fnum(hi) + "]"
	}
	return "[" + fnum(lo) + ", " + fnum(hi) + "]"
}

// parseSeconds reads a duration (Part 1's syntax, a bare number is seconds) in [lo, hi] seconds.
func parseSeconds(what, text string, lo, hi float64) (float64, error) {
	t := strings.TrimSpace(text)
	var v float64
	if f, err := strconv.ParseFloat(t, 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
		v = f
	} else {
		d, err := param.ParseDuration(t)
		if err != nil {
			return 0, fmt.Errorf("%s must be a duration in [%ss, %ss] such as 10ms or 2s, got %q", what, fnum(lo), fnum(hi), t)
		}
		v = d.Seconds()
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s must be in [%ss, %ss], got %q", what, fnum(lo), fnum(hi), t)
	}
	return v, nil
}

// fnum prints a number in plain decimal with full precision.
func fnum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
