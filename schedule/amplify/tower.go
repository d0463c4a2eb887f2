package amplify

import "math"

// SuccessDeposit is a budget that deposits on every successful response instead of every logical
// request: tower's TpsBudget as its documented Policy uses it (tower 0.5.3
// tower/src/retry/budget/tps_budget.rs), depositing 1 and withdrawing ⌊1/p⌋ per retry, so it
// allows Q = deposit/withdraw retries per success, plus a reserve of Reserve retries per second.
//
// (1 − x)·W successes per logical request (the package comment) pay for the retries, so while
// the budget binds
//
//	W − 1 = Q(1 − x)·W + Reserve/λ   →   W = (1 + Reserve/λ)/(1 − Q(1 − x))
//
// and W = min(Unbudgeted(x, N), that); the bound falls in x and Unbudgeted rises, so they cross
// once, at x*. Without a request rate the reserve is left out. The library's balance is the
// writer plus ten slots, the slot about to be overwritten still counting: eleven tenths of its
// ttl, so RuleFor spreads the reserve (min × ⌊ttl⌋ withdrawals) over 1.1 × ttl. With that, a
// simulation at 50 requests/s agrees within 0.2 % at x = 0.6 and 0.9.
type SuccessDeposit struct {
	Q       float64
	Reserve float64
	Rate    float64
}

func (s SuccessDeposit) bound(x float64) float64 {
	r := 0.0
	if s.Rate > 0 {
		r = s.Reserve / s.Rate
	}
	d := 1 - float64(s.Q*(1-x))
	if d <= 0 {
		return math.Inf(1)
	}
	return (1 + r) / d
}

// Work is min(W_u, the bound).
func (s SuccessDeposit) Work(x float64, retries int) float64 {
	return min(Unbudgeted(x, retries), s.bound(x))
}

// Threshold is where the bound meets W_u.
func (s SuccessDeposit) Threshold(retries int) (float64, bool) {
	f := func(x float64) float64 { return s.bound(x) - Unbudgeted(x, retries) }
	if retries == 0 || f(1) >= 0 {
		return 0, false
	}
	if !(f(0) > 0) {
		return 0, true
	}
	return bisect(f, 0, 1), true
}

// Notes say whether the reserve is in.
func (s SuccessDeposit) Notes() []string {
	return RatioBudget{P: s.Q, Reserve: s.Reserve, Rate: s.Rate}.Notes()
}

// FailureRatio is Brooker's circuit-breaker strategy (mbrooker/simulator_example
// retry_sim/retry_strategy.py, CircuitBreakerRetryStrategy): no retry while failed attempts /
// first tries > Ratio, both counted since the start. In the long run the failed attempts per
// logical request are x·W, so retries run as configured while x·Unbudgeted(x, N) ≤ Ratio; past
// that the counts hover at the line, x·W = Ratio, unless first tries alone exceed it (x > Ratio):
//
//	W = min(Unbudgeted(x, N), max(1, Ratio/x))
//
// and x* is the root of Ratio − x·Unbudgeted(x, N).
type FailureRatio struct{ Ratio float64 }

// Work is min(W_u, max(1, Ratio/x)).
func (f FailureRatio) Work(x float64, retries int) float64 {
	wu := Unbudgeted(x, retries)
	if x == 0 {
		return wu
	}
	return min(wu, max(1, f.Ratio/x))
}

// Threshold is where x·W_u reaches Ratio.
func (f FailureRatio) Threshold(retries int) (float64, bool) {
	g := func(x float64) float64 { return f.Ratio - float64(x*Unbudgeted(x, retries)) }
	if retries == 0 || g(1) >= 0 {
		return 0, false
	}
	if f.Ratio <= 0 {
		return 0, true
	}
	return bisect(g, 0, 1), true
}

// Notes: none.
func (FailureRatio) Notes() []string { return nil }
