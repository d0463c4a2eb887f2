package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// k8sPresets are client-go's wait.Backoff values (util/retry/util.go) and the zero value.
var k8sPresets = map[string]presets.K8s{
	"default-retry":   {Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1},
	"default-backoff": {Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1},
	"none":            {},
}

func k8s() Def {
	return Def{
		Name:    "k8s",
		Group:   Library,
		Summary: "k8s.io/apimachinery wait.ExponentialBackoff with client-go retry.DefaultRetry or DefaultBackoff",
		Library: "k8s.io/client-go",
		Version: "v0.37.2",
		Brief:   "Go retry.OnError backoff",
		Source: "k8s.io/apimachinery v0.37.2 pkg/util/wait/backoff.go (ExponentialBackoff, Backoff.Step, delay) and wait.go " +
			"(Jitter, jitterRand = math/rand Float64), run by k8s.io/client-go v0.37.2 util/retry (OnError, RetryOnConflict; " +
			"DefaultRetry {Steps 5, 10ms, Factor 1.0, Jitter 0.1}, DefaultBackoff {Steps 4, 10ms, Factor 5.0, Jitter 0.1}). " +
			"Steps counts condition calls (N steps: N calls, N-1 sleeps). Each sleep is d + trunc(u*Jitter*d) (only adds; one " +
			"draw per Step when Jitter > 0), and the next d is trunc(d*Factor) from the unjittered d (Factor 0: no growth). " +
			"When the next d passes Cap, Step sets Steps to 0: the loop sleeps once more and returns without calling the " +
			"condition (a wasted sleep; the cap is never slept). No overflow guard: the table saturates at 2^63-1 ns.",
		Example: `  backoffctl table k8s
  backoffctl table k8s --preset default-backoff --seed 1
  backoffctl table k8s --preset none --steps 10 --duration 100ms --factor 2 --jitter 0.5 --cap 1s --envelope`,
		Window: "30ms",
		Params: []param.Spec{
			param.Choice("preset", "default-retry", []string{"default-retry", "default-backoff", "none"},
				"the wait.Backoff the other flags override: retry.DefaultRetry, retry.DefaultBackoff or the zero value (needs --steps)"),
			param.Wait("duration", 10*time.Millisecond, 0, param.MaxDuration, "Duration: the first sleep before jitter (default: the preset's)"),
			{Name: "factor", Kind: param.Float, Doc: "Factor: the next Duration is trunc(Duration*Factor); 0 means no growth (default: the preset's; 5 for default-backoff)",
				Default: param.Number(1), Min: 0, Max: 1000},
			param.ScaleJitter(0.1, "Jitter: each sleep is d + u*Jitter*d; 0 draws nothing (default: the preset's)"),
			param.Count("steps", 5, 1, "Steps: condition calls, not retries (default: the preset's; 4 for default-backoff)"),
			param.Cap("Cap: when the next Duration passes it, one more (wasted) sleep ends the loop (0: none)"),
			param.JobDuration(),
		},
		Count:  "steps",
		Stream: draw.GoMath,
		SeedDoc: "Go math/rand rand.New(rand.NewSource(N)).Float64(), one per Step() when Jitter > 0: the table equals " +
			"ExponentialBackoff (or retry.OnError) after rand.Seed(N), with GODEBUG=randseednop=0 on Go 1.24+",
		Config: k8sConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			name := v.Text("preset")
			b := k8sPresets[name]
			if name == "none" && !v.Changed("steps") {
				return nil, param.BadInput("--preset none is the zero wait.Backoff: Steps 0 never calls the condition; give --steps N (calls)")
			}
			// Each flag overrides its field only when given: the preset's own value otherwise.
			eff := v.Clone()
			set := func(field string, val float64, into func(float64)) {
				if v.Changed(field) {
					val = v.Num(field)
				}
				into(val)
				eff.Set(field, param.Number(val))
			}
			set("duration", b.Duration.Seconds(), func(x float64) { b.Duration = param.Dur(x) })
			set("factor", b.Factor, func(x float64) { b.Factor = x })
			set("jitter", b.Jitter, func(x float64) { b.Jitter = x })
			set("steps", float64(b.Steps), func(x float64) { b.Steps = int(x) })
			b.Cap, b.JobDuration = param.Dur(v.Num("cap")), param.Dur(v.Num("job-duration"))
			return b.Strategy(paramsOf(eff)), nil
		},
	}
}
