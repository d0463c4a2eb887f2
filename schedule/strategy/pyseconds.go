package strategy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// pySeconds is a number of seconds as a Python library takes it: a plain number ("10", "2.5",
// parsed as Python's float() would) or a duration ("10s", "1m30s"), in [0, hi].
func pySeconds(name string, def, hi float64, doc string) param.Spec {
	return param.Spec{
		Name: name, Kind: param.Custom, Unit: "s", Doc: doc + " (seconds: a plain number like 10 or 2.5, or a duration like 10s)",
		Default: param.Number(def),
		Parse: func(text string) (param.Value, error) {
			x, err := parsePySeconds(text)
			if err != nil || x > hi {
				return param.Value{}, fmt.Errorf("must be seconds (a number like 10 or 2.5, or a duration like 10s) in [0, %s], got %q", param.FormatNumber(hi), text)
			}
			return param.Number(x), nil
		},
		Show:     func(v param.Value) string { return param.FormatNumber(v.Num) },
		TypeName: "seconds",
	}
}

// parsePySeconds reads a plain number of seconds or a duration; negative, NaN and infinite
// values are refused.
func parsePySeconds(text string) (float64, error) {
	t := strings.TrimSpace(text)
	if x, err := strconv.ParseFloat(t, 64); err == nil {
		if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 || strings.ContainsAny(t, "xXpP_") {
			return 0, fmt.Errorf("not a number of seconds")
		}
		return x, nil
	}
	d, err := param.ParseDuration(t)
	if err != nil {
		return 0, err
	}
	return d.Seconds(), nil
}

// paramsIn lists the named parameters for the JSON parameters object: snake_case names, seconds
// under a _seconds name, integers as integers.
func paramsIn(v *param.Values, names ...string) []schedule.Param {
	var out []schedule.Param
	for _, n := range names {
		s, _ := v.Spec(n)
		name := strings.ReplaceAll(n, "-", "_")
		switch {
		case s.Kind == param.Int:
			out = append(out, schedule.Param{Name: name, Value: v.Int(n)})
		case s.Unit == "s":
			out = append(out, schedule.Param{Name: name + "_seconds", Value: v.Num(n)})
		case s.Kind == param.Float:
			out = append(out, schedule.Param{Name: name, Value: v.Num(n)})
		default:
			out = append(out, schedule.Param{Name: name, Value: v.Text(n)})
		}
	}
	return out
}
