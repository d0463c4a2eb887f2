package budget

import (
	"fmt"
	"math"
	"strconv"
	"strings"

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
		Keys:    []param.Spec{grpcMaxKey(), grpcRatioKey()},
		Make: func(_ string, values map[string]param.Value) (Layer, error) {
			return GRPC{max: values["max"].Num, ratio: values["ratio"].Num}, nil
		},
	}
}

// grpcMaxKey is maxTokens: a number in (0, 1000], as service_config.go checks it.
func grpcMaxKey() param.Spec {
	return grpcKey("max", "maxTokens: tokens at the start and the most there can be, in (0, 1000]", 10, func(v float64) bool {
		return v > 0 && v <= 1000
	}, "in (0, 1000]")
}

// grpcRatioKey is tokenRatio: > 0 (service_config.go) with at most 3 decimal places (the service
// config's documentation); past 1000 no bucket of at most 1000 tokens can tell the difference.
func grpcRatioKey() param.Spec {
	return grpcKey("ratio", "tokenRatio: tokens a successful RPC adds, in (0, 1000] with at most 3 decimals", 0.1, func(v float64) bool {
		return v > 0 && v <= 1000 && math.Round(v*1000)/1000 == v
	}, "in (0, 1000] with at most 3 decimals")
}

func grpcKey(name, doc string, def float64, ok func(float64) bool, accepted string) param.Spec {
	return param.Spec{
		Name: name, Kind: param.Custom, Doc: doc, TypeName: "number", Default: param.Number(def),
		Parse: func(text string) (param.Value, error) {
			v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
			if err != nil || math.IsNaN(v) {
				return param.Value{}, fmt.Errorf("must be a number %s, got %q", accepted, text)
			}
			if !ok(v) {
				return param.Value{}, fmt.Errorf("must be %s, got %s", accepted, param.FormatNumber(v))
			}
			return param.Number(v), nil
		},
		Show: func(v param.Value) string { return param.FormatNumber(v.Num) },
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
