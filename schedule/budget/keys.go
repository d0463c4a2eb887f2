package budget

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// The shared keys: a share of requests (percent, 10% or 0.1), a rate per second (10/s), a
// window or ttl (a duration), and whole counts.

func percentKey(name, def string, min, max float64, doc string) param.Spec {
	return param.Percent(name, def, min, max, doc)
}

func rateKey(name string, def, max float64, integer bool, doc string) param.Spec {
	return param.Rate(name, def, 0, max, integer, doc)
}

func durationKey(name string, def, min, max time.Duration, doc string) param.Spec {
	return param.Wait(name, def, min, max, doc)
}

func countKey(name string, def, min, max int64, doc string) param.Spec {
	return param.Spec{Name: name, Kind: param.Int, Doc: doc, Default: param.Number(float64(def)),
		Min: float64(min), Max: float64(max)}
}

func floatKey(name string, def, min, max float64, doc string) param.Spec {
	return param.Spec{Name: name, Kind: param.Float, Doc: doc, Default: param.Number(def), Min: min, Max: max}
}

// spec prints NAME:key=value,… with every key in the Def's order, as Parse reads it back.
func spec(d Def, values map[string]param.Value) string {
	s := d.Name
	for i, k := range d.Keys {
		if i == 0 {
			s += ":"
		} else {
			s += ","
		}
		if k.Name != "" {
			s += k.Name + "="
		}
		s += k.Format(values[k.Name])
	}
	return s
}

// clockNanos is a run time in seconds as the integer nanoseconds of Go's and Rust's clocks (rounded
// to the nearest nanosecond; times past 290 years saturate).
func clockNanos(now float64) int64 {
	ns := math.Round(now * 1e9)
	if ns >= math.MaxInt64 {
		return math.MaxInt64
	}
	if ns <= 0 {
		return 0
	}
	return int64(ns)
}

// millis is a run time in seconds as the integer milliseconds of the JVM's clock (rounded to the
// nearest millisecond).
func millis(now float64) int64 {
	ms := math.Round(now * 1e3)
	if ms >= math.MaxInt64 {
		return math.MaxInt64
	}
	if ms <= 0 {
		return 0
	}
	return int64(ms)
}

// failed reports whether an attempt's outcome is an error of any kind.
func failed(o Outcome) bool { return o != Success }

var errBucketTooShort = errorString("window / bucket must be at least 1ns")

type errorString string

func (e errorString) Error() string { return string(e) }
