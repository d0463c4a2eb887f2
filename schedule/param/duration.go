package param

import (
	"errors"
	"math"
	"strings"
	"time"
)

// MaxDuration caps every duration: 100 years of 365 days. Larger values are refused rather
// than wrapped.
const MaxDuration = 36500 * 24 * time.Hour

// dayUnit returns the hours in a unit time.ParseDuration lacks: d and w.
func dayUnit(unit string) (hours int64, ok bool) {
	switch unit {
	case "d":
		return 24, true
	case "w":
		return 7 * 24, true
	}
	return 0, false
}

// ParseDuration reads a non-negative duration in Go syntax plus days and weeks: 90s, 1m30s, 36h,
// 2d, 1w, 1d12h, 1.5d, 250ms. A bare 0 is zero. Units d and w are exact multiples of 24h and 168h.
// It never wraps: anything past MaxDuration is an error.
func ParseDuration(s string) (time.Duration, error) {
	if s == "" {
		return 0, errors.New("empty duration")
	}
	if s == "0" {
		return 0, nil
	}
	if strings.HasPrefix(s, "-") {
		return 0, errors.New("negative duration")
	}
	var total time.Duration
	for rest := s; rest != ""; {
		num := strings.IndexFunc(rest, func(r rune) bool { return !(r >= '0' && r <= '9' || r == '.') })
		if num <= 0 {
			return 0, errors.New("malformed duration")
		}
		unitEnd := strings.IndexFunc(rest[num:], func(r rune) bool { return r >= '0' && r <= '9' || r == '.' })
		if unitEnd < 0 {
			unitEnd = len(rest) - num
		}
		value, unit := rest[:num], rest[num:num+unitEnd]
		rest = rest[num+unitEnd:]
		part, err := segment(value, unit)
		if err != nil {
			return 0, err
		}
		if total > MaxDuration-part {
			return 0, errors.New("duration too large")
		}
		total += part
	}
	return total, nil
}

// segment converts one number-and-unit pair.
func segment(value, unit string) (time.Duration, error) {
	hours, isDay := dayUnit(unit)
	if !isDay {
		d, err := time.ParseDuration(value + unit)
		if err != nil {
			return 0, errors.New("malformed duration")
		}
		if d > MaxDuration {
			return 0, errors.New("duration too large")
		}
		return d, nil
	}
	d, err := time.ParseDuration(value + "h")
	if err != nil {
		return 0, errors.New("malformed duration")
	}
	if d > time.Duration(math.MaxInt64/hours) || d*time.Duration(hours) > MaxDuration {
		return 0, errors.New("duration too large")
	}
	return d * time.Duration(hours), nil
}

// Dur converts a duration parameter's seconds back to the time.Duration it was parsed from
// (rounding recovers its nanoseconds exactly), for presets that compute as their library does.
func Dur(seconds float64) time.Duration {
	if seconds >= float64(math.MaxInt64)/1e9 {
		return math.MaxInt64
	}
	return time.Duration(math.Round(seconds * 1e9))
}
