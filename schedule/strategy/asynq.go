package strategy

import (
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func asynq() Def {
	return Def{
		Name:    "asynq",
		Group:   Library,
		Summary: "hibiken/asynq DefaultRetryDelayFunc: n^4 + 15 + rand(30)*(n+1) s",
		Library: "hibiken/asynq",
		Version: "v0.26.0",
		Brief:   "Go tasks, n^4 + 15 + J",
		Source: "github.com/hibiken/asynq v0.26.0, server.go DefaultRetryDelayFunc: after the failure with retried count n " +
			"(0 first) the task is retried int(n^4) + 15 + rand.IntN(30)*(n+1) whole seconds later (Sidekiq's formula before " +
			"6.2.2), as time.Duration(s)*time.Second, which wraps around int64 from n = 310 (a negative delay is due at once). " +
			"MaxRetry 25 counts retries: 26 executions, then the task is archived. Up to v0.24 each call drew from " +
			"rand.New(rand.NewSource(time.Now().UnixNano())); from v0.25 from the global math/rand/v2.",
		Example: `  backoffctl table asynq
  backoffctl table asynq --max-retry 10 --envelope
  backoffctl table asynq --max-retry 5 --percentiles 50,99 -o csv`,
		Window: "30d",
		Params: []param.Spec{
			param.Retries("max-retry", 25, "MaxRetry: retries after the first execution (executions = max-retry + 1)"),
			param.JobDuration(),
		},
		Count:       "max-retry",
		CountOffset: 1,
		Stream:      draw.Unseedable,
		SeedDoc: "not asynq's stream: asynq v0.25+ draws rand.IntN(30) from Go's global math/rand/v2, which no program can " +
			"seed (v0.24 reseeded a source from the clock's nanoseconds on every call); --seed uses the tool's own stream",
		Config: asynqConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.Asynq{MaxRetry: v.Int("max-retry"), JobDuration: v.Num("job-duration"), Parameters: paramsOf(v)}, nil
		},
	}
}
