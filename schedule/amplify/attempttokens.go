package amplify

// AttemptTokens is a throttle whose tokens every attempt moves, first try or retry: a success adds
// Gain, a failure takes Loss, and retries stop while the tokens are low.
//
//   - gRPC's retry throttling (gRFC A6; grpc-go clientconn.go retryThrottler, called from
//     stream.go): tokens start at max; every failed attempt with a retryable code takes 1 before
//     the retry decision; a retry is allowed only while tokens > max/2; every successful RPC adds
//     ratio; the tokens stay in [0, max]. Gain = ratio, Loss = 1.
//   - gax's CircuitBreaker (google-cloud-rust src/gax/src/retry_throttler.rs): every failed
//     attempt takes error_cost, every success adds 1, no retry at ≤ min_tokens. Gain = 1, Loss =
//     cost.
//
// Drift. Every attempt fails with probability x (−Loss) or succeeds (+Gain), so the tokens'
// expected change per attempt is
//
//	d(x) = Gain·(1 − x) − Loss·x,   zero at x* = Gain/(Gain + Loss)  (gRPC: ratio/(1 + ratio)),
//
// whatever the throttle decides: refusing retries does not change the sign. Below x* the tokens
// rise to the cap and stay above the retry line but for excursions whose probability falls
// exponentially in the distance between them (max/2 for gRPC), so W = Unbudgeted(x, N). Above x*
// they sink to 0 and climb back over the line only on excursions whose probability also falls
// exponentially in that distance (and in the distance from x*): the long-run work tends to 1,
// W = 1 in the limit of a large bucket. Near x* and for a small bucket
// the excursions are not negligible: --simulate measures them (gRPC: x* = 0.0909 for ratio 0.1;
// at x = 0.2 and max = 10 the simulated work is within 0.5 % of 1).
type AttemptTokens struct {
	Gain, Loss float64
}

// Threshold is Gain/(Gain + Loss), whatever the retry count (none without retries).
func (g AttemptTokens) Threshold(retries int) (float64, bool) {
	if retries == 0 || g.Gain+g.Loss <= 0 {
		return 0, false
	}
	return g.Gain / (g.Gain + g.Loss), true
}

// Work is W_u below x* and 1 at and above it.
func (g AttemptTokens) Work(x float64, retries int) float64 {
	if xs, ok := g.Threshold(retries); ok && x >= xs {
		return 1
	}
	return Unbudgeted(x, retries)
}

// Notes say the form is the limit of a large bucket.
func (g AttemptTokens) Notes() []string {
	return []string{"the limit of a large bucket: near x* a small one lets some retries through (see --simulate)"}
}
