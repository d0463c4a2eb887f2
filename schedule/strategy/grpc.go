package strategy

import (
	"slices"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// grpcFlags are each mode's own parameters; job-duration and mode belong to both.
var grpcFlags = map[string][]string{
	"connection": {"attempts", "base-delay", "multiplier", "jitter", "max-delay"},
	"rpc":        {"initial-backoff", "max-backoff", "backoff-multiplier", "max-attempts"},
}

func grpc() Def {
	return Def{
		Name:    "grpc",
		Group:   Library,
		Summary: "grpc-go connection backoff (1s, then 1.6^k capped at 120s, ±20% jitter after the cap) or, with --mode rpc, the RPC retryPolicy",
		Library: "grpc-go",
		Version: "v1.85.0",
		Brief:   "Go connection, RPC retry",
		Source: "google.golang.org/grpc v1.85.0. --mode connection: internal/backoff/backoff.go Exponential.Backoff with backoff.DefaultConfig, " +
			"called by clientconn.go with backoffIdx from 0: the wait after connection attempt k is Backoff(k-1). Backoff(0) = " +
			"BaseDelay, unjittered and uncapped; otherwise BaseDelay multiplied by Multiplier in a float64 loop while below " +
			"MaxDelay, capped, then times 1+Jitter*(2u-1) (so waits reach MaxDelay*(1+Jitter), 144s), negative to 0, truncated " +
			"to the ns. The library retries forever (the index resets on READY): --attempts only ends the table. " +
			"--mode rpc: the service config's retryPolicy, stream.go csAttempt.shouldRetry: after call k fails grpc-go stops when " +
			"k >= maxAttempts (calls; service_config.go clamps maxAttempts to 5, WithMaxCallAttempts' default, and refuses the policy " +
			"unless maxAttempts > 1 and the other three > 0), else waits min(initialBackoff*math.Pow(backoffMultiplier, k-1), maxBackoff) " +
			"times 0.8+0.4u (cap before jitter: up to 1.2*maxBackoff), truncated to the ns. grpc-go has no defaults for it; server " +
			"pushback (grpc-retry-pushback-ms) and retry throttling are not modelled.",
		Example: `  backoffctl table grpc
  backoffctl table grpc --attempts 15 --envelope
  backoffctl table grpc --mode rpc --max-attempts 5 --initial-backoff 1s --backoff-multiplier 3 --max-backoff 10s -o csv`,
		Window: "1m",
		Params: []param.Spec{
			param.Choice("mode", "connection", []string{"connection", "rpc"}, "connection: the dial backoff (internal/backoff); rpc: the service config's retryPolicy"),
			param.Attempts(10, "connection attempts to print (the library has no end)"),
			param.Wait("base-delay", time.Second, 0, param.MaxDuration, "BaseDelay: the first wait, unjittered"),
			{Name: "multiplier", Kind: param.Float, Doc: "Multiplier between waits", Default: param.Number(1.6), Min: 0, Max: 1000},
			{Name: "jitter", Kind: param.Float, Doc: "Jitter: waits times 1+J*(2u-1), below 0 taken as 0", Default: param.Number(0.2), Min: 0, Max: 10},
			param.Wait("max-delay", 120*time.Second, 0, param.MaxDuration, "MaxDelay: the cap, applied before the jitter"),
			param.Count("max-attempts", 4, 2, "rpc: retryPolicy maxAttempts, calls including the first (above 5 grpc-go clamps it to 5; grpc-go has no default)"),
			param.Wait("initial-backoff", 100*time.Millisecond, time.Nanosecond, param.MaxDuration, "rpc: retryPolicy initialBackoff, the first nominal wait (grpc-go has no default)"),
			param.Wait("max-backoff", time.Second, time.Nanosecond, param.MaxDuration, "rpc: retryPolicy maxBackoff, the cap, applied before the jitter (grpc-go has no default)"),
			{Name: "backoff-multiplier", Kind: param.Float, Doc: "rpc: retryPolicy backoffMultiplier, above 0 (grpc-go has no default)", Default: param.Number(2), Min: 0, Max: 1000},
			param.JobDuration(),
		},
		Count: "attempts",
		CountBy: func(v *param.Values) string {
			if v.Text("mode") == "rpc" {
				return "max-attempts"
			}
			return "attempts"
		},
		Stream: draw.Unseedable,
		SeedDoc: "not the library's stream: grpc-go draws from the global math/rand/v2, which no program can seed; " +
			"this is one schedule from the tool's own stream",
		Config: grpcConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			mode := v.Text("mode")
			other := "rpc"
			if mode == "rpc" {
				other = "connection"
			}
			for _, name := range grpcFlags[other] {
				if v.Changed(name) {
					return nil, param.BadInput("--%s applies to --mode %s, not --mode %s", name, other, mode)
				}
			}
			if mode == "rpc" {
				if v.Num("backoff-multiplier") <= 0 {
					return nil, param.BadInput("--backoff-multiplier must be above 0 (grpc-go refuses the retryPolicy)")
				}
				g := presets.GRPCRPC{InitialBackoff: param.Dur(v.Num("initial-backoff")), MaxBackoff: param.Dur(v.Num("max-backoff")),
					BackoffMultiplier: v.Num("backoff-multiplier"), MaxAttempts: v.Int("max-attempts")}
				return g.Strategy(grpcParams(v, mode), v.Num("job-duration")), nil
			}
			g := presets.GRPC{BaseDelay: param.Dur(v.Num("base-delay")), Multiplier: v.Num("multiplier"), Jitter: v.Num("jitter"),
				MaxDelay: param.Dur(v.Num("max-delay")), Attempts: v.Int("attempts")}
			return g.Strategy(grpcParams(v, mode), v.Num("job-duration")), nil
		},
	}
}

// grpcParams lists the parameters of the mode in effect: connection mode's are the ones it had
// before rpc mode existed, without mode; rpc mode's name the mode.
func grpcParams(v *param.Values, mode string) []schedule.Param {
	own := grpcFlags[mode]
	var out []schedule.Param
	for _, p := range paramsOf(v) {
		name := strings.TrimSuffix(p.Name, "_seconds")
		flag := strings.ReplaceAll(name, "_", "-")
		if slices.Contains(own, flag) || flag == "job-duration" || (flag == "mode" && mode == "rpc") {
			out = append(out, p)
		}
	}
	return out
}
