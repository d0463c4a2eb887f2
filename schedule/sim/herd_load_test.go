package sim

import (
	"math"
	"testing"
)

// A closed client with a think time starts its next request Think after the last ends: with
// service s the starts are k·(s + think), and those before Duration count.
func TestHerdThink(t *testing.T) {
	cases := []struct {
		service, think, duration float64
		requests                 float64
	}{
		{0, 1, 10, 10},    // 0, 1, ..., 9
		{0.5, 1, 10, 7},   // 0, 1.5, ..., 9
		{0.25, 0.5, 3, 4}, // 0, 0.75, 1.5, 2.25
	}
	for _, c := range cases {
		cfg := herdBase(t, "constant --wait 0 --attempts 1")
		cfg.Clients, cfg.Service, cfg.Repeat, cfg.Think, cfg.Duration = 3, c.service, true, c.think, c.duration
		res := runHerdT(t, cfg)
		if want := 3 * c.requests; res.Summary.LogicalRequests != want {
			t.Errorf("service %v think %v: %v requests, want %v", c.service, c.think, res.Summary.LogicalRequests, want)
		}
	}
}

// The zero values documented on HerdConfig: one run, 1 s buckets, one request per client.
func TestHerdZeroValues(t *testing.T) {
	res, err := RunHerd(HerdConfig{Clients: 3, Strategy: herdStrategy(t, "constant --wait 0 --attempts 1")})
	if err != nil {
		t.Fatal(err)
	}
	if res.Summary.LogicalRequests != 3 || res.Summary.TotalCalls != 3 || len(res.Rows) != 1 {
		t.Fatalf("%+v, %d rows", res.Summary, len(res.Rows))
	}
}

// Arrivals: over a long run the first tries per second approach the load's rate, within 5
// standard errors of a Poisson count (√(λT)/T); const is exact up to the first requests at 0.
func TestHerdArrivalRates(t *testing.T) {
	cases := []struct {
		mode HerdMode
		load Load
		dur  float64
		want float64 // requests over the run, the clients' first at 0 included
	}{
		{Open, Load{Kind: LoadPoisson, Rate: 200}, 100, 20000},
		{Closed, Load{Kind: LoadPoisson, Rate: 200}, 100, 20000},
		// spike: 40/s, 80/s for 5 s: 40·100 + 40·5
		{Open, Load{Kind: LoadSpike, Rate: 40, Peak: 80, Start: 20, Width: 5}, 100, 4200},
		// ramp 80 − 1.6|t − 25| on [0, 75): the integral of a triangle-topped trapezoid, 2000 + 1500
		{Open, Load{Kind: LoadRamp, Peak: 80, Slope: 1.6, Start: 25}, 100, 2000 + 1500},
	}
	for _, c := range cases {
		cfg := herdBase(t, "constant --wait 0 --attempts 1")
		cfg.Clients, cfg.Mode, cfg.Load, cfg.Duration = 10, c.mode, c.load, c.dur
		res := runHerdT(t, cfg)
		got := res.Summary.LogicalRequests - 10 // the first requests at t = 0
		if tol := 5 * math.Sqrt(c.want); math.Abs(got-c.want) > tol {
			t.Errorf("%v %+v: %v requests after t = 0, want %v ± %v", c.mode, c.load, got, c.want, tol)
		}
	}
	cfg := herdBase(t, "constant --wait 0 --attempts 1")
	cfg.Clients, cfg.Load, cfg.Duration = 4, Load{Kind: LoadConst, Rate: 8}, 10
	if got := runHerdT(t, cfg).Summary.LogicalRequests; got != 80 {
		t.Errorf("const 8/s over 10 s from 4 clients: %v requests, want 80 (each every 0.5 s from 0)", got)
	}
}
