package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func grpc() Def {
	return Def{
		Name:    "grpc",
		Group:   Library,
		Summary: "grpc-go connection backoff: 1s, then 1.6^k capped at 120s, ±20% jitter after the cap",
		Source: "google.golang.org/grpc v1.85.0, internal/backoff/backoff.go Exponential.Backoff with backoff.DefaultConfig, " +
			"called by clientconn.go with backoffIdx from 0: the wait after connection attempt k is Backoff(k-1). Backoff(0) = " +
			"BaseDelay, unjittered and uncapped; otherwise BaseDelay multiplied by Multiplier in a float64 loop while below " +
			"MaxDelay, capped, then times 1+Jitter*(2u-1) (so waits reach MaxDelay*(1+Jitter), 144s), negative to 0, truncated " +
			"to the ns. The library retries forever (the index resets on READY): --attempts only ends the table.",
		Example: `  backoffctl table grpc
  backoffctl table grpc --attempts 15 --envelope
  backoffctl table grpc --base-delay 100ms --multiplier 2 --max-delay 5s -o csv`,
		Window: "1m",
		Params: []param.Spec{
			param.Attempts(10, "connection attempts to print (the library has no end)"),
			param.Wait("base-delay", time.Second, 0, param.MaxDuration, "BaseDelay: the first wait, unjittered"),
			{Name: "multiplier", Kind: param.Float, Doc: "Multiplier between waits", Default: param.Number(1.6), Min: 0, Max: 1000},
			{Name: "jitter", Kind: param.Float, Doc: "Jitter: waits times 1+J*(2u-1), below 0 taken as 0", Default: param.Number(0.2), Min: 0, Max: 10},
			param.Wait("max-delay", 120*time.Second, 0, param.MaxDuration, "MaxDelay: the cap, applied before the jitter"),
			param.JobDuration(),
		},
		Count:  "attempts",
		Stream: draw.Unseedable,
		SeedDoc: "not the library's stream: grpc-go draws from the global math/rand/v2, which no program can seed; " +
			"this is one schedule from the tool's own stream",
		New: func(v *param.Values) (schedule.Strategy, error) {
			g := presets.GRPC{BaseDelay: param.Dur(v.Num("base-delay")), Multiplier: v.Num("multiplier"), Jitter: v.Num("jitter"),
				MaxDelay: param.Dur(v.Num("max-delay")), Attempts: v.Int("attempts")}
			return g.Strategy(paramsOf(v), v.Num("job-duration")), nil
		},
	}
}
