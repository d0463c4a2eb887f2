// Package param is the parameter model of every strategy: typed specs with a name, default, range,
// unit and doc, and the values a command line, a policy file, solve's search or an interactive
// slider give them. It knows nothing of flags: cmd adapts specs to pflag, policy files set values
// by name, and analyses set numbers directly.
package param

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Kind is the type of a parameter's values.
type Kind int

const (
	// Int is a whole number in [Min, Max].
	Int Kind = iota
	// Float is a finite number in [Min, Max] (or [Min, Max) with OpenMax).
	Float
	// Duration is a length of time stored as seconds, in [MinDur, MaxDur]; text is Go syntax plus
	// days and weeks (90s, 1m30s, 36h, 2d, 1w).
	Duration
	// Enum is one word of Choices.
	Enum
	// Custom is text parsed and printed by the spec's own functions (a version, a list).
	Custom
)

// Spec describes one parameter.
type Spec struct {
	Name    string // kebab-case: the flag name and the policy-file key
	Kind    Kind
	Doc     string // one line for help and lists
	Unit    string // "s" for durations, "" otherwise; informational
	Default Value

	Min, Max       float64 // Int and Float bounds
	OpenMax        bool    // Float: Max itself is excluded
	MinDur, MaxDur time.Duration
	Choices        []string // Enum words
	ZeroOff        bool     // 0 switches the rule off (no cap, no limit) rather than being its least value

	// Parse and Show are a Custom parameter's text conversions; Parse validates and its error
	// reads after the flag name ("must be a version like ...").
	Parse    func(text string) (Value, error)
	Show     func(Value) string
	TypeName string // how help names a Custom parameter's values: version, list

	// Deprecated, when set, marks an old parameter kept so that existing command lines and policy
	// files still work: it is left out of help, lists, sliders and the printed parameters, and
	// using it on a command line prints one deprecation line naming Deprecated(value), what to
	// write instead ("--sdk-version 1.48.0").
	Deprecated func(Value) string
}

// Value is one parameter's value: a number (seconds for durations) or a word.
type Value struct {
	Num  float64
	Text string
}

// Number makes a numeric Value.
func Number(x float64) Value { return Value{Num: x} }

// Word makes a textual Value.
func Word(s string) Value { return Value{Text: s} }

// Seconds makes a duration Value from a time.Duration.
func Seconds(d time.Duration) Value { return Value{Num: d.Seconds()} }

// Numeric reports whether the parameter's values are numbers a search can move along.
func (s Spec) Numeric() bool { return s.Kind == Int || s.Kind == Float || s.Kind == Duration }

// Parse validates text and returns its value. The error reads after the parameter's name:
// "must be an integer in [1, 100000], got \"0\"".
func (s Spec) ParseText(text string) (Value, error) {
	t := strings.TrimSpace(text)
	switch s.Kind {
	case Int:
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil || float64(n) < s.Min || float64(n) > s.Max {
			return Value{}, fmt.Errorf("must be an integer in [%d, %d], got %q", int64(s.Min), int64(s.Max), text)
		}
		return Number(float64(n)), nil
	case Float:
		f, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return Value{}, fmt.Errorf("must be a number in %s, got %q", s.RangeText(), text)
		}
		if f < s.Min || f > s.Max || (s.OpenMax && f == s.Max) {
			return Value{}, fmt.Errorf("must be in %s, got %s", s.RangeText(), text)
		}
		return Number(f), nil
	case Duration:
		d, err := ParseDuration(t)
		if err != nil || d < s.MinDur || d > s.MaxDur {
			return Value{}, fmt.Errorf("must be a duration (like 90s, 1m30s, 36h, 2d, 1w) in %s, got %q", s.RangeText(), text)
		}
		return Seconds(d), nil
	case Enum:
		for _, c := range s.Choices {
			if text == c {
				return Word(text), nil
			}
		}
		return Value{}, fmt.Errorf("must be one of %s, got %q", strings.Join(s.Choices, ", "), text)
	case Custom:
		return s.Parse(text)
	}
	return Value{}, fmt.Errorf("has an unknown kind")
}

// Check validates a value set directly (by a search or a slider), with the same ranges as text.
func (s Spec) Check(v Value) error {
	switch s.Kind {
	case Int:
		if v.Num != math.Trunc(v.Num) || v.Num < s.Min || v.Num > s.Max {
			return fmt.Errorf("must be an integer in [%d, %d], got %s", int64(s.Min), int64(s.Max), s.Format(v))
		}
	case Float:
		if math.IsNaN(v.Num) || v.Num < s.Min || v.Num > s.Max || (s.OpenMax && v.Num == s.Max) {
			return fmt.Errorf("must be in %s, got %s", s.RangeText(), s.Format(v))
		}
	case Duration:
		if math.IsNaN(v.Num) || v.Num < s.MinDur.Seconds() || v.Num > s.MaxDur.Seconds() {
			return fmt.Errorf("must be a duration in %s, got %s", s.RangeText(), s.Format(v))
		}
	default:
		_, err := s.ParseText(s.Format(v))
		return err
	}
	return nil
}

// RangeText is the accepted range as errors and help print it: [1, 100000], [0, 1), [0s, 365d].
func (s Spec) RangeText() string {
	switch s.Kind {
	case Int:
		return fmt.Sprintf("[%d, %d]", int64(s.Min), int64(s.Max))
	case Float:
		closing := "]"
		if s.OpenMax {
			closing = ")"
		}
		return fmt.Sprintf("[%s, %s%s", FormatNumber(s.Min), FormatNumber(s.Max), closing)
	case Duration:
		return fmt.Sprintf("[%s, %s]", FormatDuration(s.MinDur), FormatDuration(s.MaxDur))
	case Enum:
		return strings.Join(s.Choices, ", ")
	}
	return ""
}

// Usage is the help line: the doc with its range.
func (s Spec) Usage() string {
	switch s.Kind {
	case Int, Float:
		return s.Doc + ", in " + s.RangeText()
	case Enum:
		return s.Doc + ": " + s.RangeText()
	}
	return s.Doc
}

// Format prints a value as its text form would be typed: 5, 0.15, 3s, 2d, timer, 8.0.0.
func (s Spec) Format(v Value) string {
	switch s.Kind {
	case Int:
		return strconv.FormatInt(int64(v.Num), 10)
	case Float:
		return FormatNumber(v.Num)
	case Duration:
		return FormatDuration(Dur(v.Num))
	case Custom:
		return s.Show(v)
	}
	return v.Text
}

// FormatNumber prints a number without noise: 0, 1, 0.15, 1e+08.
func FormatNumber(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// FormatDuration prints a duration compactly, in days past a day: 5s, 1m0s, 2d, 36500d.
func FormatDuration(d time.Duration) string {
	day := 24 * time.Hour
	if d >= day && d%day == 0 {
		return strconv.FormatInt(int64(d/day), 10) + "d"
	}
	if d == 0 {
		return "0s"
	}
	return d.String()
}
