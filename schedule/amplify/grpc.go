package amplify

// GRPCThrottle is gRPC's retry throttling (gRFC A6; grpc-go clientconn.go retryThrottler, called
// from stream.go): tokens start at Max; every failed attempt with a retryable code takes 1 before
// the retry decision; a retry is allowed only while tokens > Max/2; every successful RPC adds
// Ratio; the tokens stay in [0, Max].
//
// Drift. Every attempt, first try or retry, fails with probability x (−1) or succeeds and ends its
// RPC (+Ratio), so the tokens' expected change per attempt is
//
//	d(x) = Ratio·(1 − x) − x,   zero at x* = Ratio/(1 + Ratio),
//
// whatever the throttle decides: refusing retries does not change the sign. Below x* the tokens
// rise to Max and stay above Max/2 but for excursions of probability falling exponentially in
// Max/2, so W = Unbudgeted(x, N). Above x* they sink to 0 and reach Max/2 again only on
// excursions whose probability also falls exponentially in Max/2 (and in the distance from x*):
// the long-run work tends to 1, W = 1 in the limit of a large Max. Near x* and for a small Max
// the excursions are not negligible: --simulate measures them (x* = 0.0909 for the default ratio
// 0.1; at x = 0.2 and Max = 10 the simulated work is within 0.5 % of 1).
type GRPCThrottle struct {
	Max, Ratio float64
}

// Threshold is Ratio/(1 + Ratio), whatever the retry count (none without retries).
func (g GRPCThrottle) Threshold(retries int) (float64, bool) {
	if retries == 0 {
		return 0, false
	}
	return g.Ratio / (1 + g.Ratio), true
}

// Work is W_u below x* and 1 at and above it.
func (g GRPCThrottle) Work(x float64, retries int) float64 {
	if xs, ok := g.Threshold(retries); ok && x >= xs {
		return 1
	}
	return Unbudgeted(x, retries)
}

// Notes say the form is the limit of a large bucket.
func (g GRPCThrottle) Notes() []string {
	return []string{"the limit of a large max: near x* a small max lets some retries through (see --simulate)"}
}
