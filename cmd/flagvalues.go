package cmd

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/pflag"
)

// The flag values below validate as they parse, so every bad value is refused with the accepted
// range in the message, before anything runs. Main prefixes the flag name: a Set error reads as
// "--attempts must be an integer in [1, 100000], got 0".

// intValue is an integer flag limited to [min, max].
type intValue struct {
	p        *int
	min, max int
}

func (v *intValue) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < int64(v.min) || n > int64(v.max) {
		return fmt.Errorf("must be an integer in [%d, %d], got %q", v.min, v.max, s)
	}
	*v.p = int(n)
	return nil
}
func (v *intValue) String() string { return strconv.Itoa(*v.p) }
func (v *intValue) Type() string   { return "int" }

// floatValue is a finite number limited to [min, max] or [min, max) when openMax is set.
type floatValue struct {
	p        *float64
	min, max float64
	openMax  bool
}

func (v *floatValue) rangeText() string {
	closing := "]"
	if v.openMax {
		closing = ")"
	}
	return fmt.Sprintf("[%s, %s%s", formatNumber(v.min), formatNumber(v.max), closing)
}

func (v *floatValue) Set(s string) error {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("must be a number in %s, got %q", v.rangeText(), s)
	}
	if f < v.min || f > v.max || (v.openMax && f == v.max) {
		return fmt.Errorf("must be in %s, got %s", v.rangeText(), s)
	}
	*v.p = f
	return nil
}
func (v *floatValue) String() string { return formatNumber(*v.p) }
func (v *floatValue) Type() string   { return "float" }

// durationValue is a duration flag (Go syntax plus d and w) stored as seconds, limited to
// [min, max].
type durationValue struct {
	p        *float64
	min, max time.Duration
}

func (v *durationValue) Set(s string) error {
	d, err := param.ParseDuration(strings.TrimSpace(s))
	if err != nil || d < v.min || d > v.max {
		return fmt.Errorf("must be a duration (like 90s, 1m30s, 36h, 2d, 1w) in [%s, %s], got %q",
			formatDuration(v.min), formatDuration(v.max), s)
	}
	*v.p = d.Seconds()
	return nil
}
func (v *durationValue) String() string {
	return formatDuration(time.Duration(*v.p * float64(time.Second)))
}
func (v *durationValue) Type() string { return "duration" }

// enumValue is one of a fixed list of words.
type enumValue struct {
	p       *string
	allowed []string
}

func (v *enumValue) Set(s string) error {
	for _, a := range v.allowed {
		if s == a {
			*v.p = s
			return nil
		}
	}
	return fmt.Errorf("must be one of %s, got %q%s", strings.Join(v.allowed, ", "), s, param.DidYouMean(s, v.allowed))
}
func (v *enumValue) String() string { return *v.p }
func (v *enumValue) Type() string   { return "string" }

// int64Value is a seed: any 64-bit integer.
type int64Value struct {
	p *int64
}

func (v *int64Value) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return fmt.Errorf("must be an integer in [%d, %d], got %q", int64(math.MinInt64), int64(math.MaxInt64), s)
	}
	*v.p = n
	return nil
}
func (v *int64Value) String() string { return strconv.FormatInt(*v.p, 10) }
func (v *int64Value) Type() string   { return "int" }

// Helpers that register a validated flag with its default.

func intFlag(fs *pflag.FlagSet, p *int, name string, def, lo, hi int, usage string) {
	*p = def
	fs.Var(&intValue{p: p, min: lo, max: hi}, name, fmt.Sprintf("%s, in [%d, %d]", usage, lo, hi))
}

func floatFlag(fs *pflag.FlagSet, p *float64, name string, def, lo, hi float64, openMax bool, usage string) {
	*p = def
	v := &floatValue{p: p, min: lo, max: hi, openMax: openMax}
	fs.Var(v, name, usage+", in "+v.rangeText())
}

func durationFlag(fs *pflag.FlagSet, p *float64, name string, def, lo, hi time.Duration, usage string) {
	*p = def.Seconds()
	fs.Var(&durationValue{p: p, min: lo, max: hi}, name, usage)
}

func enumFlag(fs *pflag.FlagSet, p *string, name, short, def string, allowed []string, usage string) {
	*p = def
	fs.VarP(&enumValue{p: p, allowed: allowed}, name, short, usage+": "+strings.Join(allowed, ", "))
}

// formatNumber prints a flag bound without noise: 0, 1, 0.15, 1e+08.
func formatNumber(f float64) string { return param.FormatNumber(f) }

// formatDuration prints a flag bound or default compactly, in days past a day: 5s, 1m0s, 2d.
func formatDuration(d time.Duration) string { return param.FormatDuration(d) }

// boolValue is a switch: --flag, --flag=true or --flag=false.
type boolValue struct {
	p *bool
}

func (v *boolValue) Set(s string) error {
	b, err := strconv.ParseBool(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("must be true or false, got %q", s)
	}
	*v.p = b
	return nil
}
func (v *boolValue) String() string   { return strconv.FormatBool(*v.p) }
func (v *boolValue) Type() string     { return "bool" }
func (v *boolValue) IsBoolFlag() bool { return true }

func boolFlag(fs *pflag.FlagSet, p *bool, name, usage string) {
	*p = false
	fs.Var(&boolValue{p: p}, name, usage)
	fs.Lookup(name).NoOptDefVal = "true"
}

// paramValue is a strategy parameter as a flag: it parses with the parameter's spec, so flags,
// policy files and every other surface refuse the same values with the same messages.
type paramValue struct {
	values *param.Values
	spec   param.Spec
}

func (p *paramValue) Set(s string) error { return p.values.SetText(p.spec.Name, s) }
func (p *paramValue) String() string     { return p.values.Show(p.spec.Name) }
func (p *paramValue) Type() string {
	switch p.spec.Kind {
	case param.Int:
		return "int"
	case param.Float:
		return "float"
	case param.Duration:
		return "duration"
	case param.Custom:
		return p.spec.TypeName
	}
	return "string"
}

// paramFlags registers one flag per parameter spec, bound to values.
func paramFlags(fs *pflag.FlagSet, values *param.Values) {
	for _, s := range values.Specs() {
		fs.Var(&paramValue{values: values, spec: s}, s.Name, s.Usage())
		if s.IsSwitch() {
			fs.Lookup(s.Name).NoOptDefVal = "true"
		}
		if s.Deprecated != nil {
			fs.Lookup(s.Name).Hidden = true
		}
	}
}

// fetchIntervalFlags registers act_runner's two interval settings for the fleet simulation, from
// the same specs the actrunner strategy uses.
func fetchIntervalFlags(fs *pflag.FlagSet, interval, intervalMax *float64) {
	for i, s := range strategy.FetchIntervals() {
		p := []*float64{interval, intervalMax}[i]
		durationFlag(fs, p, s.Name, time.Duration(s.Default.Num*float64(time.Second)), s.MinDur, s.MaxDur, s.Doc)
	}
}
