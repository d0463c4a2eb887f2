package configin

import (
	"math"
	"strconv"
	"strings"
)

// notLiteral is the refusal of an expression the reader cannot evaluate.
func (r *reader) notLiteral(n *node, what, instead string) error {
	line := 0
	src := "nothing"
	if n != nil {
		line, src = n.line, n.src()
	}
	return r.errAt(line, "%s: %s is not a literal the reader can evaluate; write %s", what, src, instead)
}

// number evaluates a numeric literal with + - * / and parentheses: 10, 1.5, 30000L, 2 ** 3,
// 1_000.
func number(n *node) (float64, bool) {
	if n == nil {
		return 0, false
	}
	switch n.kind {
	case 'n':
		t := strings.ReplaceAll(n.text, "_", "")
		t = strings.TrimRight(t, "lLfFdDmM")
		x, err := strconv.ParseFloat(t, 64)
		return x, err == nil && !math.IsInf(x, 0)
	case 'i':
		switch n.text {
		case "Infinity", "math.inf", "float.inf", "Double.POSITIVE_INFINITY":
			return math.Inf(1), true
		}
	case 'c':
		if n.callee() == "float" || n.callee() == "int" {
			if s := n.pos(0); s != nil && s.kind == 's' {
				x, err := strconv.ParseFloat(strings.TrimSpace(s.text), 64)
				return x, err == nil
			}
			return number(n.pos(0))
		}
	case 'b':
		a, ok1 := number(n.x)
		b, ok2 := number(n.y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch n.text {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/":
			return a / b, b != 0
		case "**":
			return math.Pow(a, b), true
		}
	}
	return 0, false
}

// unitSeconds are the duration constructors and units the readers know, in seconds.
var unitSeconds = map[string]float64{
	// Ruby ActiveSupport
	"second": 1, "seconds": 1, "minute": 60, "minutes": 60, "hour": 3600, "hours": 3600, "day": 86400, "days": 86400,
	"week": 604800, "weeks": 604800, "millisecond": 1e-3, "milliseconds": 1e-3,
	// java.time.Duration
	"Duration.ofNanos": 1e-9, "Duration.ofMillis": 1e-3, "Duration.ofSeconds": 1, "Duration.ofMinutes": 60,
	"Duration.ofHours": 3600, "Duration.ofDays": 86400,
	// System.TimeSpan
	"TimeSpan.FromTicks": 1e-7, "TimeSpan.FromMilliseconds": 1e-3, "TimeSpan.FromSeconds": 1,
	"TimeSpan.FromMinutes": 60, "TimeSpan.FromHours": 3600, "TimeSpan.FromDays": 86400,
	// Python datetime.timedelta keywords
	"microseconds": 1e-6,
}

// seconds evaluates a duration: a plain number in unit seconds (1 for seconds, 1e-3 for
// milliseconds), or a duration form: 5.seconds, 2.minutes (Ruby), Duration.ofMillis(500) (Java),
// TimeSpan.FromSeconds(2) (C#), timedelta(seconds=5) (Python), and products of these with numbers.
func seconds(n *node, unit float64) (float64, bool) {
	if n == nil {
		return 0, false
	}
	if x, ok := number(n); ok {
		return inUnit(x, unit), true
	}
	switch n.kind {
	case 'i':
		if n.text == "TimeSpan.Zero" || n.text == "Duration.ZERO" {
			return 0, true
		}
	case 'm':
		if u, ok := unitSeconds[n.text]; ok && !strings.Contains(n.text, ".") {
			x, ok := number(n.x)
			return inUnit(x, u), ok
		}
	case 'c':
		name := n.callee()
		name = strings.TrimPrefix(name, "java.time.")
		name = strings.TrimPrefix(name, "System.")
		if u, ok := unitSeconds[name]; ok && strings.Contains(name, ".") {
			x, ok := number(n.pos(0))
			return inUnit(x, u), ok && len(n.args) == 1
		}
		if name == "timedelta" || name == "datetime.timedelta" {
			total := 0.0
			order := []string{"days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks"}
			for i, a := range n.args {
				key := a.key
				if key == "" {
					if i >= 3 {
						return 0, false
					}
					key = order[i]
				}
				u, ok := unitSeconds[key]
				x, ok2 := number(a.val)
				if !ok || !ok2 {
					return 0, false
				}
				total += inUnit(x, u)
			}
			return total, true
		}
	case 'b':
		a, ok1 := seconds(n.x, unit)
		b, ok2 := seconds(n.y, unit)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch n.text {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			// a duration times a number: one side is plain, so undo its unit
			if x, ok := number(n.x); ok {
				return x * b, true
			}
			if y, ok := number(n.y); ok {
				return a * y, true
			}
		}
	}
	return 0, false
}

// boolean evaluates true/false in the spellings of the languages read.
func boolean(n *node) (bool, bool) {
	if n == nil || n.kind != 'i' {
		return false, false
	}
	switch n.text {
	case "true", "True", "TRUE":
		return true, true
	case "false", "False", "FALSE":
		return false, true
	}
	return false, false
}

// inUnit is x units in seconds: a unit below a second divides by its whole number per second
// (9 ms is 9 / 1000, the correctly rounded 0.009, where 9 * 0.001 is an ulp above it).
func inUnit(x, unit float64) float64 {
	if unit < 1 {
		return x / math.Round(1/unit)
	}
	return x * unit
}
