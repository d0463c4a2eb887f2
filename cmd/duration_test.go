package cmd

import (
	"strings"
	"testing"
	"time"
)

func TestParseDuration(t *testing.T) {
	good := []struct {
		in   string
		want time.Duration
	}{
		{"0", 0},
		{"90s", 90 * time.Second},
		{"1m30s", 90 * time.Second},
		{"36h", 36 * time.Hour},
		{"2d", 48 * time.Hour},
		{"1w", 168 * time.Hour},
		{"1d12h", 36 * time.Hour},
		{"1.5d", 36 * time.Hour},
		{"1w2d3h4m5s", (168+48+3)*time.Hour + 4*time.Minute + 5*time.Second},
		{"250ms", 250 * time.Millisecond},
		{"1.5s", 1500 * time.Millisecond},
		{"36500d", maxDuration},
	}
	for _, c := range good {
		got, err := parseDuration(c.in)
		if err != nil || got != c.want {
			t.Errorf("parseDuration(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	bad := []string{"", "-5s", "5", "s", "5x", "1d-2h", "36501d", "5217w1d", "99999999999w", "1e3s", ".", "3 s", "NaN", "+-1s", "1..5s"}
	for _, in := range bad {
		if got, err := parseDuration(in); err == nil {
			t.Errorf("parseDuration(%q) = %v, want an error", in, got)
		}
	}
}

// FuzzParseDuration: never panics, never returns a negative or over-cap value, and agrees with
// time.ParseDuration wherever that accepts the string and the value is in range.
func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"90s", "1m30s", "2d", "1w", "1.5d", "0", "-1s", "9223372036s", "1d1d1d", "µs"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseDuration(s)
		if err != nil {
			return
		}
		if got < 0 || got > maxDuration {
			t.Fatalf("parseDuration(%q) = %v outside [0, %v]", s, got, maxDuration)
		}
		if strings.ContainsAny(s, "dw") {
			return
		}
		if want, err := time.ParseDuration(s); err == nil && want != got {
			t.Fatalf("parseDuration(%q) = %v, time.ParseDuration says %v", s, got, want)
		}
	})
}

// FuzzFlagValues: any string given to a validated flag either sets a value inside the range or is
// refused with a message naming the range; it never panics.
func FuzzFlagValues(f *testing.F) {
	for _, s := range []string{"5", "-1", "abc", "1e9", "0.5", "NaN", "Inf", "1", "", " 3 ", "0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var n int
		iv := &intValue{p: &n, min: 1, max: 100000}
		if err := iv.Set(s); err == nil && (n < 1 || n > 100000) {
			t.Fatalf("int %q accepted as %d", s, n)
		} else if err != nil && !strings.Contains(err.Error(), "[1, 100000]") {
			t.Fatalf("int error %q does not name the range", err)
		}
		var x float64
		fv := &floatValue{p: &x, min: 0, max: 1, openMax: true}
		if err := fv.Set(s); err == nil && !(x >= 0 && x < 1) {
			t.Fatalf("float %q accepted as %v", s, x)
		} else if err != nil && !strings.Contains(err.Error(), "[0, 1)") {
			t.Fatalf("float error %q does not name the range", err)
		}
		var secs float64
		dv := &durationValue{p: &secs, min: 0, max: maxDuration}
		if err := dv.Set(s); err == nil && !(secs >= 0 && secs <= maxDuration.Seconds()) {
			t.Fatalf("duration %q accepted as %v", s, secs)
		}
	})
}
