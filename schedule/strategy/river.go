package strategy

import (
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func river() Def {
	return Def{
		Name:    "river",
		Group:   Library,
		Summary: "riverqueue/river DefaultClientRetryPolicy: attempt^4 s ±10 %",
		Library: "riverqueue/river",
		Version: "v0.51.1",
		Brief:   "Go job queue, k^4 s ±10%",
		Source: "github.com/riverqueue/river v0.51.1, internal/retrypolicy/default.go NextRetryAt: after attempt k fails " +
			"(k = len(job.Errors)+1) the next is scheduled k^4 s later, jittered by k^4*(2u*0.1-0.1) with u = rand.Float64(), " +
			"then converted to time.Duration by truncation to the nanosecond. Past about 292 years (time.Duration's maximum, " +
			"which a jittered wait can reach from attempt 303, as 303^4 s * 1.1 > 2^63-1 ns, and every wait reaches from attempt 310) " +
			"the wait is that maximum, without jitter. The executor discards the job when " +
			"attempt >= max_attempts (default 25), so max_attempts counts calls.",
		Example: `  backoffctl table river
  backoffctl table river --max-attempts 10 --envelope
  backoffctl table river --max-attempts 8 --percentiles 50,99 -o csv`,
		Window: "30d",
		Params: []param.Spec{
			param.Count("max-attempts", 25, 1, "MaxAttempts: calls in all, including the first (River's default 25)"),
			param.JobDuration(),
		},
		Count:  "max-attempts",
		Stream: draw.Unseedable,
		SeedDoc: "not River's stream: River draws from Go's global math/rand/v2, which no program can seed; " +
			"--seed uses the tool's own stream",
		Config: riverConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.NewRiver(presets.River{MaxAttempts: v.Int("max-attempts"), JobDuration: v.Num("job-duration"), Params: paramsOf(v)}), nil
		},
	}
}
