package sim

import (
	"strings"
	"testing"
)

func TestParseLoad(t *testing.T) {
	cases := []struct {
		spec string
		want Load
		err  string
	}{
		{"herd", Load{Kind: LoadHerd}, ""},
		{"poisson:40/s", Load{Kind: LoadPoisson, Rate: 40}, ""},
		{"const:2.5", Load{Kind: LoadConst, Rate: 2.5}, ""},
		{"spike:40/s,80/s@20s+5s", Load{Kind: LoadSpike, Rate: 40, Peak: 80, Start: 20, Width: 5}, ""},
		{"ramp:80/s,1.6@25s", Load{Kind: LoadRamp, Peak: 80, Slope: 1.6, Start: 25}, ""},
		{"poisson:0/s", Load{}, "(0, 10000000]"},
		{"poisson:-1", Load{}, "(0, 10000000]"},
		{"poisson:1e9", Load{}, "(0, 10000000]"},
		{"poisson:NaN", Load{}, "must be a number"},
		{"spike:40,80", Load{}, "spike:BASE,PEAK@START+DURATION"},
		{"ramp:80", Load{}, "ramp:PEAK,SLOPE@TPEAK"},
		{"herd:3", Load{}, "takes no arguments"},
		{"burst", Load{}, "unknown --load"},
		{"spike:40,80@1s+99999999d", Load{}, "[0s, 2592000s]"},
	}
	for _, c := range cases {
		got, err := ParseLoad(c.spec)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one containing %q", c.spec, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.spec, got, err, c.want)
		}
	}
	// the ramp's rate is PEAK − SLOPE·|t − TPEAK|, floored at 0
	r := Load{Kind: LoadRamp, Peak: 80, Slope: 1.6, Start: 25}
	for _, c := range [][2]float64{{25, 80}, {0, 40}, {50, 40}, {75, 0}, {100, 0}} {
		if got := r.RateAt(c[0]); got != c[1] {
			t.Errorf("ramp rate at %v = %v, want %v", c[0], got, c[1])
		}
	}
}

func TestParseServer(t *testing.T) {
	cases := []struct {
		spec string
		want Server
		err  string
	}{
		{"fail:0.3", Server{Kind: ServerFail, FailRate: 0.3}, ""},
		{"fail:0,outage=10s..20s", Server{Kind: ServerFail, OutageStart: 10, OutageEnd: 20}, ""},
		{"capacity:100", Server{Kind: ServerCapacity, Capacity: 100}, ""},
		{"capacity:100/s,queue=50", Server{Kind: ServerCapacity, Capacity: 100, Queue: 50}, ""},
		{"occ", Server{Kind: ServerOCC}, ""},
		{"occ,outage=1s..2s", Server{Kind: ServerOCC, OutageStart: 1, OutageEnd: 2}, ""},
		{"slowdown:1s,10ms", Server{Kind: ServerSlowdown, Base: 1, Slope: 0.01}, ""},
		{"fail:1.5", Server{}, "[0, 1]"},
		{"fail", Server{}, "fail:X"},
		{"capacity:0", Server{}, "[0.000001, 10000000]"},
		{"capacity:10,queue=1.5", Server{}, "whole number"},
		{"fail:0.1,queue=3", Server{}, "the only key is outage"},
		{"fail:0,outage=5s..1s", Server{}, "A < B"},
		{"slowdown:1s", Server{}, "slowdown:BASE,SLOPE"},
		{"occ:3", Server{}, "occ[,outage=A..B]"},
		{"db", Server{}, "unknown --server"},
	}
	for _, c := range cases {
		got, err := ParseServer(c.spec)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one containing %q", c.spec, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.spec, got, err, c.want)
		}
	}
}

func TestParseNetwork(t *testing.T) {
	for spec, want := range map[string]Network{
		"none": {}, "exp:10ms": {Kind: NetExp, Mean: 0.01}, "normal:10ms,2ms": {Kind: NetNormal, Mean: 0.01, SD: 0.002},
	} {
		if got, err := ParseNetwork(spec); err != nil || got != want {
			t.Errorf("%s: %+v, %v", spec, got, err)
		}
	}
	for _, bad := range []string{"exp", "normal:10ms", "wan", "exp:-1s", "none:1"} {
		if _, err := ParseNetwork(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	// the folded normal's mean: |N(0, 1)| has mean √(2/π)
	if m := (Network{Kind: NetNormal, Mean: 0, SD: 1}).MeanDelay(); m < 0.79788456 || m > 0.79788457 {
		t.Errorf("folded normal mean %v", m)
	}
}

// Any accepted spec prints in a canonical form that parses back to the same value; nothing panics,
// and every error is one line.
func FuzzParseLoad(f *testing.F) {
	for _, s := range []string{"herd", "poisson:40/s", "const:1", "spike:40/s,80/s@20s+5s", "ramp:80/s,1.6@25s", "spike:,@+", "ramp:1,1@1d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		l, err := ParseLoad(spec)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("two-line error %q", err)
			}
			return
		}
		back, err := ParseLoad(l.String())
		if err != nil || back != l {
			t.Fatalf("%q -> %q -> %+v, %v", spec, l.String(), back, err)
		}
		if r := l.RateAt(l.Start); r < 0 || r > l.MaxRate() {
			t.Fatalf("rate %v outside [0, %v]", r, l.MaxRate())
		}
	})
}

func FuzzParseServer(f *testing.F) {
	for _, s := range []string{"fail:0.3", "capacity:10,queue=5", "occ", "slowdown:1s,10ms", "fail:0,outage=1s..2s", "occ,outage=0..1", "capacity:1,queue=,outage=.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		s, err := ParseServer(spec)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("two-line error %q", err)
			}
			return
		}
		back, err := ParseServer(s.String())
		if err != nil || back != s {
			t.Fatalf("%q -> %q -> %+v, %v", spec, s.String(), back, err)
		}
	})
}
