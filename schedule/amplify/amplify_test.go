package amplify

import (
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

func near(a, b, rel float64) bool { return math.Abs(a-b) <= float64(rel*math.Abs(b)) }

// Hand-computed: W = 1 + x + … + x^N.
func TestUnbudgeted(t *testing.T) {
	for _, c := range []struct {
		x    float64
		n    int
		want float64
	}{
		{0.2, 3, 1.248}, // 1 + 0.2 + 0.04 + 0.008
		{0, 3, 1},
		{1, 3, 4},
		{0.5, 2, 1.75},
		{0.5, 0, 1},
		{0.9, 1, 1.9},
		{1, 99999, 100000},
		{0.5, 99999, 2},   // the quotient past 1000 retries: (1 − 2^−100000)/0.5
		{0.5, 1000, 2},    // Horner's last: 2 − 2^−1000 rounds to 2
		{0.2, 5000, 1.25}, // 1/(1 − 0.2)
	} {
		if got := Unbudgeted(c.x, c.n); !near(got, c.want, 1e-15) {
			t.Errorf("Unbudgeted(%v, %d) = %v, want %v", c.x, c.n, got, c.want)
		}
		// The closed form (1 − x^(N+1))/(1 − x), away from x = 1.
		if c.x < 1 {
			want := (1 - math.Pow(c.x, float64(c.n+1))) / (1 - c.x)
			if got := Unbudgeted(c.x, c.n); !near(got, want, 1e-12) {
				t.Errorf("Unbudgeted(%v, %d) = %v, closed form %v", c.x, c.n, got, want)
			}
		}
	}
	// success = (1 − x)·W = 1 − x^(N+1): at x = 0.2, 3 retries, 1 − 0.0016.
	if got := Success(0.2, Unbudgeted(0.2, 3)); !near(got, 0.9984, 1e-14) {
		t.Errorf("success = %v, want 0.9984", got)
	}
}

// Thresholds from an exact rational bisection in Python (fractions.Fraction, 80 halvings) of
// 1 − x − 14x² − 14x³ (v1.48) and 1 − 5x² − 6x³ (v1.47); gRPC's R/(1+R) by hand.
func TestThresholds(t *testing.T) {
	for _, c := range []struct {
		name string
		rule Rule
		n    int
		want float64
		ok   bool
	}{
		{"aws 1.48", AWSQuota{Tokens: 500, Cost: 14, Increment: 1}, 2, 0.2148563038911039, true},
		{"aws 1.47", AWSQuota{Tokens: 500, Cost: 5, Increment: 1, Legacy: true}, 2, 0.3718722766016547, true},
		{"aws no retries", AWSQuota{Tokens: 500, Cost: 14, Increment: 1}, 0, 0, false},
		{"grpc", AttemptTokens{Gain: 0.1, Loss: 1}, 3, 0.1 / 1.1, true},
		{"grpc 4 1.6", AttemptTokens{Gain: 1.6, Loss: 1}, 3, 1.6 / 2.6, true},
		// 1 + x + x² + x³ = 1.2, by the same Python bisection of x + x² + x³ − 0.2
		{"ratio 20%", RatioBudget{P: 0.2}, 3, 0.16731980955174117, true},
		{"ratio 300%", RatioBudget{P: 3}, 3, 0, false},
	} {
		got, ok := c.rule.Threshold(c.n)
		if ok != c.ok || (ok && !near(got, c.want, 1e-6)) {
			t.Errorf("%s: threshold %v %v, want %v %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// Hand-computed works: below x* the retries run, above it the drained forms.
func TestWork(t *testing.T) {
	aws48 := AWSQuota{Tokens: 500, Cost: 14, Increment: 1}
	aws47 := AWSQuota{Tokens: 500, Cost: 5, Increment: 1, Legacy: true}
	for _, c := range []struct {
		name string
		rule Rule
		x    float64
		want float64
	}{
		{"aws 1.48 below", aws48, 0.1, 1.11},
		{"aws 1.48 drained", aws48, 0.5, 1 + 0.5/7},
		{"aws 1.48 total", aws48, 1, 1},
		{"aws 1.47 below", aws47, 0.3, 1.39},
		{"aws 1.47 drained", aws47, 0.5, 1.25}, // 2.5/(2.5 − 0.5)
		{"aws 1.47 total", aws47, 1, 1},
		{"grpc below", AttemptTokens{Gain: 0.1, Loss: 1}, 0.05, 1.052625},
		{"grpc above", AttemptTokens{Gain: 0.1, Loss: 1}, 0.5, 1},
		{"ratio below", RatioBudget{P: 0.2}, 0.1, 1.111},
		{"ratio capped", RatioBudget{P: 0.2}, 0.5, 1.2},
		{"ratio reserve", RatioBudget{P: 0.2, Reserve: 10, Rate: 100}, 0.5, 1.3},
		{"ratio reserve no rate", RatioBudget{P: 0.2, Reserve: 10}, 0.5, 1.2},
		{"success deposit below", SuccessDeposit{Q: 0.2}, 0.05, 1.052625},
		{"success deposit binds", SuccessDeposit{Q: 0.2}, 0.5, 1 / 0.9}, // 1/(1 − 0.2·0.5)
		{"success deposit reserve", SuccessDeposit{Q: 0.2, Reserve: 10, Rate: 100}, 0.5, 1.1 / 0.9},
		{"breaker below", FailureRatio{Ratio: 0.1}, 0.05, 1.052625},     // 0.05·1.0526 < 0.1
		{"breaker binds", FailureRatio{Ratio: 0.1}, 0.095, 0.1 / 0.095}, // 0.095·1.1049 > 0.1
		{"breaker first tries alone", FailureRatio{Ratio: 0.1}, 0.5, 1},
	} {
		n := 3
		if _, ok := c.rule.(AWSQuota); ok {
			n = 2
		}
		if got := c.rule.Work(c.x, n); !near(got, c.want, 1e-12) {
			t.Errorf("%s: work at %v = %v, want %v", c.name, c.x, got, c.want)
		}
	}
	// The two AWS forms meet at x*.
	for _, a := range []AWSQuota{aws48, aws47} {
		xs, _ := a.Threshold(2)
		if u, d := Unbudgeted(xs, 2), a.Drained(xs); !near(u, d, 1e-9) {
			t.Errorf("%+v: at x* %v unbudgeted %v, drained %v", a, xs, u, d)
		}
	}
}

// Every closed form against a simulation of the rules (the test gates): within 1 %.
func TestClosedFormsAgainstSimulation(t *testing.T) {
	run := Run{Requests: 200000, Seed: 7}
	for _, c := range []struct {
		name  string
		layer budget.Layer
		rule  Rule
		n     int
		rates []float64
	}{
		{"no budget", nil, nil, 3, []float64{0, 0.2, 0.5, 0.9, 1}},
		{"aws 1.48", awsLayer(false), AWSQuota{Tokens: 500, Cost: 14, Increment: 1}, 2, []float64{0, 0.1, 0.3, 0.5, 0.8, 1}},
		{"aws 1.47", awsLayer(true), AWSQuota{Tokens: 500, Cost: 5, Increment: 1, Legacy: true}, 2, []float64{0, 0.2, 0.45, 0.6, 0.9, 1}},
		{"grpc", grpcLayer(10, 0.1), AttemptTokens{Gain: 0.1, Loss: 1}, 3, []float64{0, 0.03, 0.2, 0.5, 1}},
		{"ratio", ratioLayer(0.2, 100), RatioBudget{P: 0.2}, 3, []float64{0, 0.1, 0.3, 0.6, 1}},
		{"success deposit", testLayer{func() budget.Gate { return &successGate{q: 0.2} }}, SuccessDeposit{Q: 0.2}, 3, []float64{0, 0.1, 0.3, 0.6, 1}},
		{"breaker", testLayer{func() budget.Gate { return &breakerGate{ratio: 0.1} }}, FailureRatio{Ratio: 0.1}, 3, []float64{0, 0.05, 0.095, 0.3, 1}},
	} {
		for i, x := range c.rates {
			m := Simulate(c.layer, c.n, x, run, uint64(i))
			want := Unbudgeted(x, c.n)
			if c.rule != nil {
				want = c.rule.Work(x, c.n)
			}
			if !near(m.Work, want, 0.01) {
				t.Errorf("%s at x = %v: simulated work %v, closed form %v", c.name, x, m.Work, want)
			}
			if !near(m.Success+1e-9, float64(Success(x, want))+1e-9, 0.01) && !(x == 1 && m.Success == 0) {
				t.Errorf("%s at x = %v: simulated success %v, closed form %v", c.name, x, m.Success, Success(x, want))
			}
		}
	}
}

// Bursts by hand: ⌊500/14⌋ = 35 retries (1.48), 500/5 = 100 (1.47); gRPC max 10 retries while
// the tokens after a failure are above 5: 9, 8, 7 in request 1 (3 retries; its 4th failure leaves
// 6), then request 2's first failure leaves 5 and is refused.
func TestBurst(t *testing.T) {
	for _, c := range []struct {
		name  string
		layer budget.Layer
		n     int
		want  int
	}{
		{"aws 1.48", awsLayer(false), 2, 35},
		{"aws 1.47", awsLayer(true), 2, 100},
		{"grpc", grpcLayer(10, 0.1), 3, 3},
		{"grpc one retry", grpcLayer(10, 0.1), 1, 2}, // 9 → retry, (8 max), 7 → retry, (6), 5 refused
	} {
		got, ok := Burst(c.layer, c.n)
		if !ok || got != c.want {
			t.Errorf("%s: burst %d %v, want %d", c.name, got, ok, c.want)
		}
	}
	if _, ok := Burst(ratioLayer(3, 0), 3); ok {
		t.Error("a budget that deposits 3 retries per request should never refuse under total failure")
	}
}
