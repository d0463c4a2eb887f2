package amplify

import "fmt"

// AWSQuota is the retry quota of aws-sdk-go-v2's standard retryer (aws/retry/standard.go and
// aws/ratelimit/token_bucket.go) for transient failures: a bucket of Tokens; a retry takes Cost
// and is refused when Cost exceeds the tokens left; the bucket never holds more than Tokens.
//
//   - v1.48 (Legacy false): a successful retry refunds its own cost; a first-try success adds
//     Increment.
//   - v1.47 (Legacy true): every successful attempt adds Increment, and a successful retry also
//     refunds its cost.
//
// Drift. With the quota never short, a request of N retries sends W_u = Unbudgeted(x, N) attempts,
// W_u − 1 of them retries, x(W_u − 1) of those failing (each retry's outcome is drawn after the
// grant) and (1 − x)(W_u − 1) succeeding. The expected change of the bucket per logical request:
//
//	v1.48:  d(x) = i(1 − x) − c·x·(W_u − 1)
//	v1.47:  d(x) = i(1 − x)·W_u − c·x·(W_u − 1)          ((1 − x)·W_u successful attempts)
//
// Both decrease in x from d(0) = i > 0 to d(1) = −c·N < 0, so there is one x* with d(x*) = 0.
// Below x* the bucket fills to its cap and every retry runs: W = W_u. Above it the bucket sinks to
// the floor, where a retry is granted only when refills have put Cost back; the bucket is then
// bounded, so in the long run its mean change per request is 0 with W in place of W_u:
//
//	v1.48:  i(1 − x) = c·x·(W − 1)                →  W = 1 + i(1 − x)/(c·x)
//	v1.47:  i(1 − x)·W = c·x·(W − 1)              →  W = c·x/(c·x − i(1 − x))
//
// (for v1.47 above x*, c·x > i(1 − x) holds). At x* the two forms meet, and W → 1 as x → 1.
// For 3 attempts (N = 2) at the defaults: v1.48 (c 14, i 1) d(x) = 1 − x − 14x² − 14x³,
// x* ≈ 0.21486; v1.47 (c 5, i 1) d(x) = 1 − 5x² − 6x³, x* ≈ 0.37187.
//
// aws-adaptive shares the quota; in v1.47 its successes never refill it (aws-sdk-go-v2 #3550)
// (NoRefill): the bucket only drains, Tokens/Cost retries in all, so x* = 0 and the long-run
// work is 1.
type AWSQuota struct {
	Tokens, Cost, Increment float64
	Legacy                  bool // the v1.47 rules
	NoRefill                bool // nothing ever adds tokens
}

// Drift is the bucket's expected change per logical request while it is never short, d(x) above.
func (a AWSQuota) Drift(x float64, retries int) float64 {
	wu := Unbudgeted(x, retries)
	if a.Legacy {
		return float64(a.Increment*(1-x)*wu) - float64(a.Cost*x*(wu-1))
	}
	return float64(a.Increment*(1-x)) - float64(a.Cost*x*(wu-1))
}

// Threshold is the root of Drift.
func (a AWSQuota) Threshold(retries int) (float64, bool) {
	if retries == 0 || a.Cost <= 0 {
		return 0, false
	}
	if a.Increment <= 0 || a.NoRefill {
		return 0, true
	}
	return bisect(func(x float64) float64 { return a.Drift(x, retries) }, 0, 1), true
}

// Work is W_u below the threshold and the drained bucket's work above it.
func (a AWSQuota) Work(x float64, retries int) float64 {
	wu := Unbudgeted(x, retries)
	if xs, ok := a.Threshold(retries); !ok || x <= xs {
		return wu
	}
	if a.NoRefill {
		return 1
	}
	return min(wu, a.Drained(x))
}

// Drained is the long-run work with the bucket at its floor.
func (a AWSQuota) Drained(x float64) float64 {
	if a.Legacy {
		return a.Cost * x / (float64(a.Cost*x) - float64(a.Increment*(1-x)))
	}
	return 1 + a.Increment*(1-x)/(a.Cost*x)
}

// Notes say what the form leaves out.
func (a AWSQuota) Notes() []string {
	return []string{fmt.Sprintf("long run: the bucket's size (%g) sets only how long the first burst lasts", a.Tokens)}
}
