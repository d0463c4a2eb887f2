package budget

import (
	"fmt"
	"math"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// grpcDef is grpc:max=M,ratio=R, the retry throttling policy of gRFC A6 as grpc-go v1.85.0 runs
// it: retryThrottler in clientconn.go (lines 1739-1774), made from the service config's
// retryThrottling (lines 1143-1150: tokens = max = maxTokens, thresh = maxTokens/2), and driven by
// stream.go: csAttempt.shouldRetry calls throttle() for every failed attempt whose status code is
// retryable, before the max-attempts check (line 872), and clientStream.finish calls
// successfulRPC() when the RPC ends without error (line 1241). throttle() subtracts one token,
// clamps at 0 and disallows the retry when tokens <= thresh; successfulRPC adds the ratio and
// clamps at max. The arithmetic is float64 (grpc-go keeps no milli-tokens, unlike gRPC C-core's
// integer ServerRetryThrottleData), so 3.2 − 1 is 2.2000000000000002 here as there.
//
// service_config.go (lines 260-266) accepts maxTokens in (0, 1000] and tokenRatio > 0; the
// service config's documentation allows up to 3 decimal places in the ratio, which the SPEC
// enforces. Every failure letter of a script (F, T, H) stands for a retryable status code.
func grpcDef() Def {
	return Def{
		Name:    "grpc",
		Summary: "gRPC retry throttling: a failed attempt takes a token, a successful RPC adds ratio; no retry at or below max/2",
		Source:  "grpc-go v1.85.0 clientconn.go (retryThrottler), stream.go",
		Keys: []param.Spec{
			{Name: "max", Kind: param.Float, Doc: "maxTokens: tokens at the start and the most there can be, in (0, 1000]", Default: param.Number(10), Min: 0, Max: 1000},
			{Name: "ratio", Kind: param.Float, Doc: "tokenRatio: tokens a successful RPC adds, > 0 with at most 3 decimals", Default: param.Number(0.1), Min: 0, Max: 1000},
		},
		Make: func(_ string, values map[string]param.Value) (Layer, error) {
			m, r := values["max"].Num, values["ratio"].Num
			if !(m > 0) {
				return nil, fmt.Errorf("max must be in (0, 1000], got %s", param.FormatNumber(m))
			}
			if !(r > 0) || math.Round(r*1000)/1000 != r {
				return nil, fmt.Errorf("ratio must be in (0, 1000] with at most 3 decimals, got %s", param.FormatNumber(r))
			}
			return GRPC{max: m, ratio: r}, nil
		},
	}
}

// GRPC is the layer of grpc:max=M,ratio=R.
type GRPC struct{ max, ratio float64 }

// New returns a full throttler, as a channel gets from its service config.
func (l GRPC) New() Gate {
	return &grpcGate{max: l.max, thresh: l.max / 2, ratio: l.ratio, tokens: l.max}
}

// Spec is the canonical SPEC.
func (l GRPC) Spec() string {
	return "grpc:max=" + param.FormatNumber(l.max) + ",ratio=" + param.FormatNumber(l.ratio)
}

// Source names the grpc-go files.
func (l GRPC) Source() string { return "grpc-go v1.85.0 clientconn.go (retryThrottler), stream.go" }

// ThresholdX is R/(1+R) whatever the attempts: every attempt either fails (−1) or ends its RPC
// with a success (+R), so the expected drift per attempt, −x + (1−x)·R, is zero there. Below it
// the tokens stay near max and retries run; above it they sink to max/2 and retries stop.
func (l GRPC) ThresholdX(attempts int) (float64, bool) {
	if attempts < 2 {
		return math.NaN(), false
	}
	return l.ratio / (1 + l.ratio), true
}

type grpcGate struct {
	max, thresh, ratio, tokens float64
	throttled                  bool // the last failed attempt's throttle() answer
}

func (g *grpcGate) Admit(float64, int, float64) Admission { return Admission{Allowed: true} }

// Record is throttle() for a failed attempt: it runs whether or not a retry is then wanted.
func (g *grpcGate) Record(_ float64, _ int, o Outcome) {
	if o == Success {
		return
	}
	g.tokens--
	if g.tokens < 0 {
		g.tokens = 0
	}
	g.throttled = g.tokens <= g.thresh
}

func (g *grpcGate) Retry(float64, int, Outcome) bool { return !g.throttled }

// Done is successfulRPC() for an RPC that succeeded.
func (g *grpcGate) Done(_ float64, _ int, ok bool) {
	if !ok {
		return
	}
	g.tokens += g.ratio
	if g.tokens > g.max {
		g.tokens = g.max
	}
}

func (g *grpcGate) Level() float64 { return g.tokens }
