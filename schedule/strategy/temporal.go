package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func temporal() Def {
	return Def{
		Name:    "temporal",
		Group:   Library,
		Summary: "Temporal RetryPolicy (server side): InitialInterval x BackoffCoefficient^(k-1), capped, no jitter",
		Library: "Temporal server",
		Version: "v1.32.2",
		Brief:   "RetryPolicy, no jitter",
		Source: "go.temporal.io/server v1.32.2, service/history/workflow/retry.go nextBackoffInterval and common/backoff/retry.go " +
			"ExponentialBackoffAlgorithm: after attempt k fails the server stops when MaximumAttempts > 0 and k >= MaximumAttempts " +
			"(calls; 0 = unlimited), else waits int64(float64(InitialInterval ns) * math.Pow(BackoffCoefficient, k-1)) ns " +
			"(truncated: 1.5s x 1.7^2 is 4.334999999s), capped at MaximumInterval, which EnsureDefaults sets to 100 x InitialInterval; " +
			"a retry that would pass the expiration (ScheduleToClose) is dropped. The server applies no jitter.",
		Example: `  backoffctl table temporal
  backoffctl table temporal --maximum-attempts 5 --initial-interval 500ms
  backoffctl table temporal --attempts 20 --schedule-to-close-timeout 10m`,
		Window: "10m",
		Params: []param.Spec{
			param.Wait("initial-interval", time.Second, time.Nanosecond, 365*24*time.Hour, "InitialInterval"),
			{Name: "backoff-coefficient", Kind: param.Float, Doc: "BackoffCoefficient (the server refuses less than 1)", Default: param.Number(2), Min: 1, Max: 1000},
			nonZero(param.Wait("maximum-interval", 0, 0, param.MaxDuration, "MaximumInterval (0: 100 x InitialInterval, as EnsureDefaults sets it)")),
			param.Retries("maximum-attempts", 0, "MaximumAttempts: calls in all (0: unlimited, print --attempts rows)"),
			param.Attempts(10, "rows to print when --maximum-attempts is 0 (unlimited)"),
			nonZero(param.Wait("schedule-to-close-timeout", 0, 0, param.MaxDuration, "ScheduleToClose: no retry is scheduled past it (0: none)")),
			param.JobDuration(),
		},
		Count:  "attempts",
		Stream: draw.None,
		Config: temporalConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			t := presets.Temporal{
				InitialInterval:    time.Duration(v.Num("initial-interval") * float64(time.Second)),
				BackoffCoefficient: v.Num("backoff-coefficient"),
				MaximumInterval:    time.Duration(v.Num("maximum-interval") * float64(time.Second)),
				MaximumAttempts:    v.Int("maximum-attempts"), Rows: v.Int("attempts"),
				Expiration: v.Num("schedule-to-close-timeout"), JobDuration: v.Num("job-duration"), Params: paramsOf(v),
			}
			if t.MaximumInterval == 0 {
				t.MaximumInterval = 100 * t.InitialInterval
			} else if t.MaximumInterval < t.InitialInterval {
				return nil, param.BadInput("--maximum-interval must not be less than --initial-interval (the server refuses the policy)")
			}
			if t.MaximumAttempts > 0 {
				if v.Changed("attempts") {
					return nil, param.BadInput("--attempts is the print limit of an unlimited policy; with --maximum-attempts %d drop it", t.MaximumAttempts)
				}
				t.Rows = t.MaximumAttempts
			}
			return presets.NewTemporal(t), nil
		},
	}
}
