// Package amplify is the load-amplification model: how many attempts a logical request costs
// (the work W, the load multiplier a server sees) when every attempt fails independently with
// probability x, for a plain retry count and for retry counts under a budget. Each rule's long-run
// closed form lives in its own file with its derivation; Simulate drives a budget's real Gate for
// the same numbers, and Burst counts what a budget grants from a full state under total failure.
//
// Two identities hold for every policy that stops at the first success:
//
//   - success = (1 − x)·W. Attempt k is sent or not before its outcome is drawn, so by Wald's
//     identity the expected number of successful attempts is (1 − x) times the expected number
//     of attempts, and a request has at most one: (1 − x)·W is the fraction of logical requests
//     that succeed.
//   - a rule that only decides whether a retry is sent makes W lie in [1, Unbudgeted(x, N)].
package amplify

import "math"

// Unbudgeted is the work of N retries with no budget: attempt k+1 is sent iff the first k failed,
// which has probability x^k, so
//
//	W = Σ_{k=0}^{N} x^k = (1 − x^(N+1))/(1 − x),   and N + 1 at x = 1.
//
// Up to hornerMax retries it is evaluated by Horner's rule, W = 1 + x(1 + x(1 + …)), which has no
// cancellation near x = 1 and gives N + 1 there exactly; past that, in constant time by the
// quotient (N + 1 at x = 1).
func Unbudgeted(x float64, retries int) float64 {
	if retries > hornerMax {
		if x >= 1 {
			return float64(retries + 1)
		}
		return (1 - math.Pow(x, float64(retries+1))) / (1 - x)
	}
	w := 1.0
	for i := 0; i < retries; i++ {
		w = 1 + float64(x*w)
	}
	return w
}

// hornerMax is the most retries Unbudgeted sums term by term.
const hornerMax = 1000

// Success is the fraction of logical requests that succeed for work w at failure rate x:
// (1 − x)·w (see the package comment). With no budget it is 1 − x^(N+1).
func Success(x, w float64) float64 { return float64((1 - x) * w) }

// Rule is a budget's long-run closed form for a policy of N retries.
type Rule interface {
	// Work is the long-run attempts per logical request at failure rate x.
	Work(x float64, retries int) float64
	// Threshold is the failure rate x* where the rule switches from retries as configured to
	// retries cut off; ok false where there is none (the budget never binds).
	Threshold(retries int) (x float64, ok bool)
	// Notes say what the closed form assumes (a request rate, a limit in the bucket's size).
	Notes() []string
}

// bisect finds the root of a decreasing f on [lo, hi] with f(lo) > 0 > f(hi), to the last bit
// the interval can be halved to.
func bisect(f func(float64) float64, lo, hi float64) float64 {
	for i := 0; i < 200; i++ {
		mid := lo + float64((hi-lo)/2)
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + float64((hi-lo)/2)
}

// ratioThreshold is where Unbudgeted(x, N) reaches 1 + p: the x* of a rule that allows p retries
// per logical request. None when p ≥ N (the budget never binds) or p ≤ 0 (it always does).
func ratioThreshold(p float64, retries int) (float64, bool) {
	if p >= float64(retries) || p <= 0 || math.IsInf(p, 1) {
		return 0, false
	}
	return bisect(func(x float64) float64 { return 1 + p - Unbudgeted(x, retries) }, 0, 1), true
}
