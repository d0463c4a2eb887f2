package param

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Percent is a share written as a percentage (10%) or as a fraction (0.1), in [min, max] as
// fractions. The value's Num is the fraction and its Text the percentage's decimal digits ("10"),
// both read from the text's own digits so that neither passes through a multiplication: 12.3% is
// the double nearest 0.123 and 0.123 is exactly the percentage 12.3 a library that takes percents
// (Envoy's budget_percent) reads. PercentOf returns the percentage as such a library holds it.
func Percent(name string, def string, min, max float64, doc string) Spec {
	s := Spec{Name: name, Kind: Custom, Doc: doc, TypeName: "percent", Min: min, Max: max}
	s.Parse = func(text string) (Value, error) {
		v, ok := parsePercent(text)
		if !ok || v.Num < min || v.Num > max {
			return Value{}, fmt.Errorf("must be a percentage like 10%% or a fraction like 0.1 in [%s, %s], got %q",
				showPercent(min), showPercent(max), text)
		}
		return v, nil
	}
	s.Show = func(v Value) string { return v.Text + "%" }
	d, ok := parsePercent(def)
	if !ok {
		panic("param: bad default percentage " + def)
	}
	s.Default = d
	return s
}

// PercentOf is a Percent value as a percentage (20 for 20%), read from its digits.
func PercentOf(v Value) float64 {
	p, err := strconv.ParseFloat(v.Text, 64)
	if err != nil {
		return v.Num * 100
	}
	return p
}

func showPercent(f float64) string { return FormatNumber(f*100) + "%" }

// parsePercent reads "12.5%" or "0.125": a plain decimal with no exponent, not negative.
func parsePercent(text string) (Value, bool) {
	t := strings.TrimSpace(text)
	percent := strings.HasSuffix(t, "%")
	t = strings.TrimSpace(strings.TrimSuffix(t, "%"))
	if t == "" || strings.IndexFunc(t, func(r rune) bool { return !(r >= '0' && r <= '9' || r == '.') }) >= 0 ||
		strings.Count(t, ".") > 1 || t == "." {
		return Value{}, false
	}
	var pct, frac string
	if percent {
		pct, frac = t, shiftDecimal(t, -2)
	} else {
		pct, frac = shiftDecimal(t, 2), t
	}
	f, err := strconv.ParseFloat(frac, 64)
	if err != nil || math.IsInf(f, 0) {
		return Value{}, false
	}
	return Value{Num: f, Text: pct}, true
}

// shiftDecimal moves the decimal point of an unsigned decimal by places (2: ×100, −2: ÷100) in
// the text itself, and returns it trimmed of needless zeros: "0.125" → "12.5", "20" → "0.2".
func shiftDecimal(t string, places int) string {
	whole, fracPart, _ := strings.Cut(t, ".")
	digits := whole + fracPart
	point := len(whole) + places
	for point < 0 {
		digits = "0" + digits
		point++
	}
	for point > len(digits) {
		digits += "0"
	}
	intPart, rest := strings.TrimLeft(digits[:point], "0"), strings.TrimRight(digits[point:], "0")
	if intPart == "" {
		intPart = "0"
	}
	if rest == "" {
		return intPart
	}
	return intPart + "." + rest
}

// Rate is a rate per second written 10/s, 600/m, 36000/h or bare (10); Num is per second.
// Integer, when true, asks for a whole number per second (Finagle's and tower's Int and u32).
func Rate(name string, def, min, max float64, integer bool, doc string) Spec {
	s := Spec{Name: name, Kind: Custom, Doc: doc, TypeName: "rate", Min: min, Max: max, Default: Number(def)}
	s.Parse = func(text string) (Value, error) {
		t := strings.TrimSpace(text)
		per := 1.0
		if num, unit, ok := strings.Cut(t, "/"); ok {
			t = strings.TrimSpace(num)
			switch strings.TrimSpace(unit) {
			case "s":
			case "m", "min":
				per = 60
			case "h":
				per = 3600
			default:
				t = "?"
			}
		}
		f, err := strconv.ParseFloat(t, 64)
		bad := err != nil || math.IsNaN(f) || math.IsInf(f, 0)
		if !bad {
			f /= per
			bad = f < min || f > max || (integer && f != math.Trunc(f))
		}
		if bad {
			kind := "a rate like 10/s"
			if integer {
				kind = "a whole rate like 10/s"
			}
			return Value{}, fmt.Errorf("must be %s in [%s/s, %s/s], got %q", kind, plain(min), plain(max), text)
		}
		return Number(f), nil
	}
	s.Show = func(v Value) string { return plain(v.Num) + "/s" }
	return s
}

// plain prints a number without an exponent: 2147483646, 0.5.
func plain(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// PercentFloat32 is a Percent value's fraction rounded once from its decimal digits to a float32,
// as a library that takes an f32 share reads it (tower's retry_percent).
func PercentFloat32(v Value) float32 {
	f, err := strconv.ParseFloat(shiftDecimal(v.Text, -2), 32)
	if err != nil {
		return float32(v.Num)
	}
	return float32(f)
}
