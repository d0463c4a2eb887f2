package param

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
		{"36500d", MaxDuration},
	}
	for _, c := range good {
		got, err := ParseDuration(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	bad := []string{"", "-5s", "5", "s", "5x", "1d-2h", "36501d", "5217w1d", "99999999999w", "1e3s", ".", "3 s", "NaN", "+-1s", "1..5s"}
	for _, in := range bad {
		if got, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) = %v, want an error", in, got)
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
		got, err := ParseDuration(s)
		if err != nil {
			return
		}
		if got < 0 || got > MaxDuration {
			t.Fatalf("ParseDuration(%q) = %v outside [0, %v]", s, got, MaxDuration)
		}
		if strings.ContainsAny(s, "dw") {
			return
		}
		if want, err := time.ParseDuration(s); err == nil && want != got {
			t.Fatalf("ParseDuration(%q) = %v, time.ParseDuration says %v", s, got, want)
		}
	})
}

// FuzzParseText: any text given to a parameter either parses to a value inside the range or is
// refused with a message naming the range; it never panics.
func FuzzParseText(f *testing.F) {
	for _, s := range []string{"5", "-1", "abc", "1e9", "0.5", "NaN", "Inf", "1", "", " 3 ", "0x10"} {
		f.Add(s)
	}
	ints := Spec{Name: "n", Kind: Int, Min: 1, Max: 100000}
	floats := Spec{Name: "u", Kind: Float, Min: 0, Max: 1, OpenMax: true}
	durations := Spec{Name: "d", Kind: Duration, MinDur: 0, MaxDur: MaxDuration}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := ints.ParseText(s); err == nil && (v.Num < 1 || v.Num > 100000 || v.Num != float64(int64(v.Num))) {
			t.Fatalf("int %q accepted as %v", s, v.Num)
		} else if err != nil && !strings.Contains(err.Error(), "[1, 100000]") {
			t.Fatalf("int error %q does not name the range", err)
		}
		if v, err := floats.ParseText(s); err == nil && !(v.Num >= 0 && v.Num < 1) {
			t.Fatalf("float %q accepted as %v", s, v.Num)
		} else if err != nil && !strings.Contains(err.Error(), "[0, 1)") {
			t.Fatalf("float error %q does not name the range", err)
		}
		if v, err := durations.ParseText(s); err == nil && !(v.Num >= 0 && v.Num <= MaxDuration.Seconds()) {
			t.Fatalf("duration %q accepted as %v", s, v.Num)
		} else if err != nil && !strings.Contains(err.Error(), "[0s, 36500d]") {
			t.Fatalf("duration error %q does not name the range", err)
		}
	})
}
