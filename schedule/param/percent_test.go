package param

import (
	"strings"
	"testing"
)

func TestPercent(t *testing.T) {
	s := Percent("p", "20%", 0, 10, "share")
	for _, c := range []struct {
		in       string
		num      float64
		pct      float64
		shown    string
		rejected bool
	}{
		{"20%", 0.2, 20, "20%", false},
		{"0.2", 0.2, 20, "20%", false},
		{"12.3%", 0.123, 12.3, "12.3%", false},
		{"0.123", 0.123, 12.3, "12.3%", false},
		{"0.07", 0.07, 7, "7%", false},
		{"7%", 0.07, 7, "7%", false},
		{".5", 0.5, 50, "50%", false},
		{"1000%", 10, 1000, "1000%", false},
		{"0.0001%", 0.000001, 0.0001, "0.0001%", false},
		{"1001%", 0, 0, "", true},
		{"-1%", 0, 0, "", true},
		{"1e-2", 0, 0, "", true},
		{"%", 0, 0, "", true},
		{"1.2.3", 0, 0, "", true},
	} {
		v, err := s.ParseText(c.in)
		if c.rejected {
			if err == nil || !strings.Contains(err.Error(), "[0%, 1000%]") {
				t.Errorf("%q: error %v, want the range", c.in, err)
			}
			continue
		}
		if err != nil || v.Num != c.num || PercentOf(v) != c.pct || s.Format(v) != c.shown {
			t.Errorf("%q: %v %v %q %v; want %v %v %q", c.in, v.Num, PercentOf(v), s.Format(v), err, c.num, c.pct, c.shown)
		}
	}
	// One rounding from the digits: 0.3 as an f32 is the float32 nearest 0.3.
	v, _ := s.ParseText("30%")
	if PercentFloat32(v) != float32(0.3) {
		t.Errorf("PercentFloat32(30%%) = %v", PercentFloat32(v))
	}
}

func TestRate(t *testing.T) {
	s := Rate("min", 10, 0, 1000, true, "rate")
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"10/s", 10, true}, {"10", 10, true}, {"600/m", 10, true}, {"36000/h", 10, true},
		{"2.5/s", 0, false}, {"1001/s", 0, false}, {"-1/s", 0, false}, {"5/d", 0, false}, {"x/s", 0, false},
	} {
		v, err := s.ParseText(c.in)
		if (err == nil) != c.ok || (c.ok && v.Num != c.want) {
			t.Errorf("%q: %v, %v", c.in, v.Num, err)
		}
	}
	if v, err := Rate("r", 1, 0, 100, false, "").ParseText("2.5/s"); err != nil || v.Num != 2.5 {
		t.Errorf("a fractional rate: %v %v", v.Num, err)
	}
}

// FuzzPercent: whatever parses prints back to text that parses to the same value, within range.
func FuzzPercent(f *testing.F) {
	for _, s := range []string{"20%", "0.2", "12.345%", "0.000001", "999.9999%", ".5", "10.%"} {
		f.Add(s)
	}
	s := Percent("p", "20%", 0, 10, "share")
	f.Fuzz(func(t *testing.T, text string) {
		v, err := s.ParseText(text)
		if err != nil {
			return
		}
		if v.Num < 0 || v.Num > 10 {
			t.Fatalf("%q: %v out of range", text, v.Num)
		}
		w, err := s.ParseText(s.Format(v))
		if err != nil || w != v {
			t.Fatalf("%q → %q → %+v, %v; want %+v", text, s.Format(v), w, err, v)
		}
	})
}
