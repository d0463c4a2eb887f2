package param

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// MaxRows caps the rows of any schedule, so no input can allocate without bound.
const MaxRows = 100000

// MaxJobDuration bounds --job-duration and similar per-attempt times.
const MaxJobDuration = 365 * 24 * time.Hour

// The shared groups below are declared once and used by every strategy that has the concept, so
// a name, range and doc mean the same thing everywhere.

// Attempts counts executions including the first (calls, as ActiveJob counts them).
func Attempts(def int, doc string) Spec {
	if doc == "" {
		doc = "executions including the first"
	}
	return Spec{Name: "attempts", Kind: Int, Doc: doc, Default: Number(float64(def)), Min: 1, Max: MaxRows}
}

// Retries counts retries after the first execution (retries = attempts - 1).
func Retries(name string, def int, doc string) Spec {
	return Spec{Name: name, Kind: Int, Doc: doc, Default: Number(float64(def)), Min: 0, Max: MaxRows - 1}
}

// Count is a row count under a strategy's own name (requests, polls, calls), in [min, MaxRows].
func Count(name string, def, min int, doc string) Spec {
	return Spec{Name: name, Kind: Int, Doc: doc, Default: Number(float64(def)), Min: float64(min), Max: MaxRows}
}

// JobDuration is the time each execution runs before it fails.
func JobDuration() Spec {
	return Spec{Name: "job-duration", Kind: Duration, Unit: "s", Doc: "time each execution runs before it fails",
		MinDur: 0, MaxDur: MaxJobDuration}
}

// ScaleJitter is a jitter that scales the wait by up to this fraction (ActiveJob's retry_jitter).
func ScaleJitter(def float64, doc string) Spec {
	return Spec{Name: "jitter", Kind: Float, Doc: doc, Default: Number(def), Min: 0, Max: 100}
}

// Wait is a duration parameter in [min, max] with a default.
func Wait(name string, def, min, max time.Duration, doc string) Spec {
	return Spec{Name: name, Kind: Duration, Unit: "s", Doc: doc, Default: Seconds(def), MinDur: min, MaxDur: max}
}

// Cap bounds each wait (0: no cap).
func Cap(doc string) Spec {
	if doc == "" {
		doc = "longest wait (0: no cap)"
	}
	s := Wait("cap", 0, 0, MaxDuration, doc)
	s.ZeroOff = true
	return s
}

// MaxElapsed ends the schedule: no retry starts later than this after attempt 1 started (0: no
// limit).
func MaxElapsed() Spec {
	s := Wait("max-elapsed", 0, 0, MaxDuration, "no retry starts later than this after attempt 1 started (0: no limit)")
	s.ZeroOff = true
	return s
}

// Choice is an enumerated parameter.
func Choice(name, def string, choices []string, doc string) Spec {
	return Spec{Name: name, Kind: Enum, Doc: doc, Default: Word(def), Choices: choices}
}

// Switch is an on/off parameter: a bare --name turns it on, --name=false off, and a policy file
// takes true or false. Its value is the word "true" or "false".
func Switch(name, doc string) Spec {
	return Spec{Name: name, Kind: Custom, Doc: doc, Default: Word("false"), TypeName: "bool",
		Parse: func(text string) (Value, error) {
			b, err := strconv.ParseBool(strings.TrimSpace(text))
			if err != nil {
				return Value{}, fmt.Errorf("must be true or false, got %q", text)
			}
			return Word(strconv.FormatBool(b)), nil
		},
		Show: func(v Value) string { return v.Text },
	}
}

// IsSwitch reports whether s is an on/off parameter.
func (s Spec) IsSwitch() bool { return s.Kind == Custom && s.TypeName == "bool" }
