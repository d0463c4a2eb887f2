package param

import (
	"math"
	"testing"
)

func TestHumanDuration(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{0, "0s"},
		{3, "3s"},
		{0.5, "0.5s"},
		{0.001, "0.001s"},
		{0.0004, "0s"},
		{83, "1m 23s"},
		{4100, "1h 8m 20s"},
		{194489, "2d 6h 1m 29s"},
		{127746, "1d 11h 29m 6s"},
		{89324, "1d 48m 44s"},
		{432432, "5d 7m 12s"},
		{3600, "1h"},
		{86400, "1d"},
		{1895294.5, "21d 22h 28m 14.5s"},
		{59.9996, "1m"}, // rounds to whole milliseconds, carrying into minutes
		{388.55, "6m 28.55s"},
		{-90, "-1m 30s"},
		{4600 * 86400, "4600d"},
		{1e20, "1157407407407407d 9h 46m 40s"},
	}
	for _, c := range cases {
		if got := HumanDuration(c.in); got != c.want {
			t.Errorf("HumanDuration(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzHumanDuration(f *testing.F) {
	for _, s := range []float64{0, 1, 59.9999, 86400, 1e15, 1e300} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s float64) {
		got := HumanDuration(s)
		if got == "" {
			t.Fatalf("HumanDuration(%v) is empty", s)
		}
		if s >= 0 && got[0] == '-' {
			t.Fatalf("HumanDuration(%v) = %q went negative", s, got)
		}
	})
}

func TestFormatRounded(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{90, "90"},
		{-1.5, "-1.5"},
		{12.3456, "12.346"}, // 12345.6 thousandths round up
		{2.0004, "2"},
		{-0.0001, "0"}, // rounds to -0, printed without the sign
		{0.1 + 0.2, "0.3"},
		{1e15, "1000000000000000"},
		{-2.5e15, "-2500000000000000"},
	}
	for _, c := range cases {
		if got := FormatRounded(c.in); got != c.want {
			t.Errorf("FormatRounded(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHumanSeconds(t *testing.T) {
	cases := []struct {
		in   HumanSeconds
		want string
	}{
		{45, "45s"},
		{1.5, "1.5s"},
		{0.0004, "0s"},
		{90, "1m 30s (90s)"},
		{3600, "1h (3600s)"},
		{86400 + 0.25, "1d 0.25s (86400.25s)"},
		{-90, "-1m 30s (-90s)"},
	}
	for _, c := range cases {
		if got := c.in.String(); got != c.want {
			t.Errorf("HumanSeconds(%v).String() = %q, want %q", float64(c.in), got, c.want)
		}
	}
}

func TestHumanDurationNotFinite(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{{math.NaN(), "NaN"}, {math.Inf(1), "∞"}, {math.Inf(-1), "-∞"}} {
		if got := HumanDuration(c.in); got != c.want {
			t.Errorf("HumanDuration(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
