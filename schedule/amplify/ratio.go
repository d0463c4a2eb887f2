package amplify

import "fmt"

// RatioBudget is a budget that allows P retries per logical request in the long run, plus a
// reserve of Reserve retries per second: Finagle's RetryBudget (ratio, finagle), tower's
// TpsBudget (P = 1/⌊1/ratio⌋, its withdraw being a whole number of deposits), .NET's retry budget
// (P = its ratio) and the token bucket of Brooker's simulator (P = fill/cost, a first try adding
// fill and a retry costing cost).
//
// Each logical request deposits what pays for P retries and each retry withdraws it, so over any
// long stretch retries ≤ P·requests + Reserve·seconds; at a request rate λ that is P + Reserve/λ
// retries per request. The budget binds only when the retries as configured want more:
//
//	W = min(Unbudgeted(x, N), 1 + P + Reserve/λ)
//
// The reserve term needs λ: without a request rate (Rate 0) it is left out, which is the limit of
// a high request rate, and the note says so. The threshold x* is where Unbudgeted(x, N) reaches
// 1 + P (+ Reserve/λ): none when that is at least N + 1.
type RatioBudget struct {
	P       float64 // retries per logical request
	Reserve float64 // retries per second always allowed (min), 0 for none
	Rate    float64 // logical requests per second; 0: not given, the reserve is left out
}

// allowance is the long-run retries per request.
func (r RatioBudget) allowance() float64 {
	if r.Rate > 0 {
		return r.P + r.Reserve/r.Rate
	}
	return r.P
}

// Work is min(W_u, 1 + allowance).
func (r RatioBudget) Work(x float64, retries int) float64 {
	return min(Unbudgeted(x, retries), 1+r.allowance())
}

// Threshold is where W_u reaches 1 + allowance.
func (r RatioBudget) Threshold(retries int) (float64, bool) {
	return ratioThreshold(r.allowance(), retries)
}

// Notes say whether the reserve is in.
func (r RatioBudget) Notes() []string {
	switch {
	case r.Reserve == 0:
		return nil
	case r.Rate > 0:
		return []string{fmt.Sprintf("the reserve of %g retries/s adds %g retries per request at %g requests/s", r.Reserve, r.Reserve/r.Rate, r.Rate)}
	default:
		return []string{fmt.Sprintf("the reserve of %g retries/s is left out: give --request-rate to count it", r.Reserve)}
	}
}
