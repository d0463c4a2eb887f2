package sim

import (
	"fmt"
	"math"
	"testing"
)

// attemptsMoments are the mean and variance of the attempts of one request with N retries against
// independent failures x, from the distribution itself: P(k) = x^(k-1)(1-x) for k ≤ N, P(N+1) = x^N.
func attemptsMoments(x float64, retries int) (mean, variance float64) {
	var m1, m2 float64
	for k := 1; k <= retries+1; k++ {
		p := math.Pow(x, float64(k-1)) * (1 - x)
		if k == retries+1 {
			p = math.Pow(x, float64(retries))
		}
		m1 += p * float64(k)
		m2 += p * float64(k*k)
	}
	return m1, m2 - m1*m1
}

// The closed forms of N retries against fail:x: work = (1 − x^(N+1))/(1 − x), success =
// 1 − x^(N+1). The simulated means over n requests are within 5 standard errors: sd(attempts)/√n
// for work (the variance from the attempts' own distribution), √(p(1−p)/n) for success; where
// the variance is 0 (x = 0 or 1) the values are exact.
func TestHerdFailClosedForm(t *testing.T) {
	cases := []struct {
		x       float64
		retries int
		mode    HerdMode
		load    Load
		clients int
		dur     float64
		// hand-computed closed forms
		work, success float64
	}{
		{0, 3, Closed, Load{Kind: LoadHerd}, 20000, 0, 1, 1},
		{0.3, 3, Closed, Load{Kind: LoadHerd}, 20000, 0, 1.417, 0.9919},
		{0.5, 0, Closed, Load{Kind: LoadHerd}, 20000, 0, 1, 0.5},
		{0.5, 2, Open, Load{Kind: LoadPoisson, Rate: 2000}, 100, 10, 1.75, 0.875},
		{0.9, 4, Closed, Load{Kind: LoadPoisson, Rate: 1000}, 100, 10, 4.0951, 0.40951},
		{1, 3, Closed, Load{Kind: LoadHerd}, 1000, 0, 4, 0},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("x=%g/N=%d/%s", c.x, c.retries, c.mode), func(t *testing.T) {
			w, s := FailClosedForm(c.x, c.retries)
			if math.Abs(w-c.work) > 1e-12 || math.Abs(s-c.success) > 1e-12 {
				t.Fatalf("FailClosedForm = %v, %v; by hand %v, %v", w, s, c.work, c.success)
			}
			cfg := herdBase(t, fmt.Sprintf("constant --wait 10ms --attempts %d", c.retries+1))
			cfg.Clients, cfg.Mode, cfg.Load, cfg.Duration = c.clients, c.mode, c.load, c.dur
			cfg.Server = Server{Kind: ServerFail, FailRate: c.x}
			cfg.Network = Network{Kind: NetExp, Mean: 0.01}
			res, err := RunHerd(cfg)
			if err != nil {
				t.Fatal(err)
			}
			n := res.Summary.LogicalRequests
			if n < float64(c.clients) {
				t.Fatalf("only %v logical requests", n)
			}
			if !res.ClosedForm || res.Attempts != c.retries+1 {
				t.Errorf("closed form not flagged: %v, attempts %d", res.ClosedForm, res.Attempts)
			}
			_, v := attemptsMoments(c.x, c.retries)
			tolW := 5*math.Sqrt(v/n) + 1e-12
			tolS := 5*math.Sqrt(s*(1-s)/n) + 1e-12
			if d := math.Abs(res.Summary.Work - w); d > tolW {
				t.Errorf("work %v, closed form %v: off by %v > %v", res.Summary.Work, w, d, tolW)
			}
			if d := math.Abs(res.Summary.SuccessRate - s); d > tolS {
				t.Errorf("success %v, closed form %v: off by %v > %v", res.Summary.SuccessRate, s, d, tolS)
			}
			var offered, firsts float64
			for _, r := range res.Rows {
				offered += r[ColOffered]
				firsts += r[ColFirstTries]
				if r[ColOffered] != r[ColFirstTries]+r[ColRetries] {
					t.Fatalf("offered %v != first_tries %v + retries %v", r[ColOffered], r[ColFirstTries], r[ColRetries])
				}
			}
			if offered != res.Summary.TotalCalls || firsts != n {
				t.Errorf("rows sum to %v calls and %v first tries; summary %v and %v", offered, firsts, res.Summary.TotalCalls, n)
			}
		})
	}
}
