package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func cenkalti() Def {
	return Def{
		Name:    "cenkalti",
		Group:   Library,
		Summary: "cenkalti/backoff ExponentialBackOff with Retry (v4 and v5): 500ms x1.5, ±50% after a 60s cap, until 15m",
		Library: "cenkalti/backoff",
		Version: "v4.3.0, v5.0.3",
		Brief:   "Go ExponentialBackOff",
		Source: "github.com/cenkalti/backoff/v4 v4.3.0 and /v5 v5.0.3, exponential.go and retry.go (v4 also tries.go): " +
			"the wait is trunc(lo + u*(hi-lo+1)) for [lo, hi] = interval ± RandomizationFactor*interval (one draw per " +
			"NextBackOff, even at factor 0), then interval = MaxInterval if interval >= MaxInterval/Multiplier, else " +
			"trunc(interval*Multiplier): the nanosecond truncation compounds, and the cap bounds the interval, not the " +
			"jittered wait (up to MaxInterval*(1+RF)). Retry stops without sleeping when elapsed + next > MaxElapsedTime " +
			"(0: never), after --max-retries N retries (v4 WithMaxRetries: N+1 calls) or --max-tries N calls (v5 " +
			"WithMaxTries; 0: unlimited). v5 resets a zero interval to InitialInterval; v4 keeps 0.",
		Example: `  backoffctl table cenkalti
  backoffctl table cenkalti --major 4 --max-retries 8 --initial-interval 100ms --multiplier 2 --max-interval 1s --seed 1
  backoffctl table cenkalti --max-elapsed-time 30s --initial-interval 1s --multiplier 2 --envelope --percentiles 50,99 --seed 1`,
		Window: "5m",
		Params: []param.Spec{
			param.Choice("major", "5", []string{"4", "5"}, "major version: 4 (v4.3.0) or 5 (v5.0.3)"),
			param.Wait("initial-interval", 500*time.Millisecond, 0, param.MaxDuration, "InitialInterval: the first interval"),
			{Name: "multiplier", Kind: param.Float, Doc: "Multiplier: the interval grows by it each NextBackOff (0: v4 waits 0, v5 stays at InitialInterval)",
				Default: param.Number(1.5), Min: 0, Max: 1000},
			{Name: "randomization-factor", Kind: param.Float, Doc: "RandomizationFactor: the wait is drawn from interval ± this fraction (above 1 the library's waits go negative: refused)",
				Default: param.Number(0.5), Min: 0, Max: 1},
			param.Wait("max-interval", 60*time.Second, 0, param.MaxDuration, "MaxInterval: caps the interval before the jitter"),
			zeroOff(param.Wait("max-elapsed-time", 15*time.Minute, 0, param.MaxDuration,
				"MaxElapsedTime: Retry stops when elapsed + next wait would pass it (0: never; v4 field, v5 WithMaxElapsedTime)")),
			{Name: "max-retries", Kind: param.Int, Doc: "v4 WithMaxRetries(b, N): N retries, N+1 calls (-1: no WithMaxRetries, unlimited)",
				Default: param.Number(-1), Min: -1, Max: param.MaxRows - 1},
			{Name: "max-tries", Kind: param.Int, Doc: "v5 WithMaxTries(N): N calls in all (0: unlimited)",
				Default: param.Number(0), Min: 0, Max: param.MaxRows},
			{Name: "attempts", Kind: param.Int, Doc: "rows to print at most; required when nothing ends the schedule (0: the library's own end)",
				Default: param.Number(0), Min: 0, Max: param.MaxRows},
			param.JobDuration(),
		},
		Count:  "attempts",
		Stream: draw.GoMath,
		SeedDoc: "Go math/rand rand.New(rand.NewSource(N)).Float64(), one per NextBackOff: v4's stream (the table equals a v4 Retry " +
			"after rand.Seed(N), with GODEBUG=randseednop=0 on Go 1.24+). v5 draws from the global math/rand/v2, which no program " +
			"can seed: with --major 5 this is v4's stream through v5's arithmetic, which is the same",
		Config: cenkaltiConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			major := 5
			if v.Text("major") == "4" {
				major = 4
			}
			if major == 4 && v.Changed("max-tries") {
				return nil, param.BadInput("--max-tries is v5's WithMaxTries (calls); with --major 4 use --max-retries (retries: N+1 calls)")
			}
			if major == 5 && v.Changed("max-retries") {
				return nil, param.BadInput("--max-retries is v4's WithMaxRetries (retries); with --major 5 use --max-tries (calls: retries+1)")
			}
			c := presets.Cenkalti{
				Major: major, InitialInterval: param.Dur(v.Num("initial-interval")), Multiplier: v.Num("multiplier"),
				RandomizationFactor: v.Num("randomization-factor"), MaxInterval: param.Dur(v.Num("max-interval")),
				MaxElapsedTime: param.Dur(v.Num("max-elapsed-time")), MaxRetries: v.Int("max-retries"), MaxTries: v.Int("max-tries"),
				Attempts: v.Int("attempts"), JobDuration: param.Dur(v.Num("job-duration")),
			}
			if !c.Ends() && c.Attempts == 0 {
				count := "--max-tries"
				if major == 4 {
					count = "--max-retries"
				}
				return nil, param.BadInput("cenkalti retries forever with --max-elapsed-time 0 and no %s: give --attempts N, the rows to print", count)
			}
			return c.Strategy(cenkaltiParams(v, major)), nil
		},
	}
}

// zeroOff marks a duration whose 0 switches its rule off.
func zeroOff(s param.Spec) param.Spec {
	s.ZeroOff = true
	return s
}

// cenkaltiParams lists the parameters for JSON, without the other major's count.
func cenkaltiParams(v *param.Values, major int) []schedule.Param {
	var out []schedule.Param
	for _, p := range paramsOf(v) {
		if (major == 4 && p.Name == "max_tries") || (major == 5 && p.Name == "max_retries") {
			continue
		}
		out = append(out, p)
	}
	return out
}
