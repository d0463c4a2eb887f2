package budget

import "math"

// awsThreshold is x*, the failure rate where the AWS retry quota's expected drift per logical
// request is zero, for requests of `attempts` attempts (3, DefaultMaxAttempts, by default) whose
// attempts fail independently with probability x with a transient error (cost c = RetryCost;
// increment i = NoRetryIncrement). Below x* the bucket stays full and retries run as configured;
// above it the bucket drains until retries are refused.
//
// A retry after attempt k (k < attempts) is taken when attempts 1..k all failed, probability x^k.
// Its tokens come back when attempt k+1 succeeds and are lost when it fails, so the loss per
// request is c·Σ_{j=2..attempts} x^j (attempts 1..j all failed, j = k+1).
//
//   - v1.48.0: only a first-try success adds i: drift(x) = i·(1−x) − c·Σ_{j=2..A} x^j.
//     With the defaults and 3 attempts, (1−x) − 14(x²+x³) = 0 at x* ≈ 0.21486.
//   - v1.47.7: every successful attempt adds i, and a request succeeds with 1 − x^A:
//     drift(x) = i·(1−x^A) − c·Σ_{j=2..A} x^j. Defaults: (1−x³) − 5(x²+x³) = 0 at x* ≈ 0.37187.
//   - v1.47.7 adaptive: no success adds anything (i counts as 0), so any x > 0 drains: x* = 0.
//
// drift(0) = i > 0 and drift is decreasing on [0, 1], so x* is the one root, found by bisection
// to the last bit. No threshold exists with one attempt (no retries) or when retries are free
// (c = 0); x* = 0 when nothing refills (i = 0).
func awsThreshold(c awsQuotaConfig, noIncrement bool, attempts int) (float64, bool) {
	if attempts < 2 || c.cost == 0 {
		return math.NaN(), false
	}
	inc, cost := float64(c.increment), float64(c.cost)
	if noIncrement || inc == 0 {
		return 0, true
	}
	drift := func(x float64) float64 {
		loss := 0.0
		p := x
		for j := 2; j <= attempts; j++ {
			p *= x
			loss += p
		}
		if c.legacy {
			return inc*(1-p) - cost*loss
		}
		return inc*(1-x) - cost*loss
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < 200; i++ {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if drift(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, true
}
