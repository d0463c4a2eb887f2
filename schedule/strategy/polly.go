package strategy

import (
	"fmt"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// pollyDay is the upper end of RetryStrategyOptions' [Range(typeof(TimeSpan), "00:00:00",
// "1.00:00:00")] on Delay and MaxDelay.
const pollyDay = 24 * time.Hour

func polly() Def {
	return Def{
		Name:    "polly",
		Group:   Library,
		Summary: "Polly v8 RetryStrategyOptions: constant, linear or exponential delay, UseJitter (±25%, or DecorrelatedJitterBackoffV2)",
		Library: "Polly",
		Version: "8.7.0",
		Brief:   ".NET retry strategy",
		Source: "App-vNext/Polly 8.7.0 (a824c6b9), src/Polly.Core/Retry/RetryHelper.cs GetRetryDelay and RetryResilienceStrategy.cs, " +
			"on .NET 8 (TimeSpan ticks of 100 ns): after call k fails (attempt = k-1) Polly gives up when attempt >= MaxRetryAttempts " +
			"(default 3: retries), else waits Constant: Delay; Linear: (attempt+1)*Delay; Exponential: 2^attempt*Delay (TimeSpan * double, " +
			"rounded to the tick). UseJitter: Constant and Linear become d*[0.75, 1.25) (ApplyJitter, truncated to the tick); Exponential " +
			"becomes DecorrelatedJitterBackoffV2, (f(attempt+u) - f(previous))*Delay/1.4 with f(t) = 2^t*tanh(sqrt(4t)), so each delay " +
			"depends on the previous draw. MaxDelay (default null) caps the delay after the jitter; an OverflowException returns MaxDelay " +
			"or TimeSpan.MaxValue; the decorrelated formula saturates at 2^63-1024 ticks. Delay 0 is 0 without a draw.",
		Example: `  backoffctl table polly
  backoffctl table polly --backoff-type exponential --use-jitter --max-retry-attempts 6 --envelope
  backoffctl table polly --backoff-type linear --delay 500ms --max-delay 2s --max-retry-attempts 8`,
		Window: "6s",
		Params: []param.Spec{
			param.Choice("backoff-type", presets.PollyConstant, presets.PollyBackoffTypes, "BackoffType (DelayBackoffType): constant, linear or exponential"),
			param.Wait("delay", 2*time.Second, 0, pollyDay, "Delay: the base delay, in [0, 1d] as RetryStrategyOptions validates it"),
			{Name: "max-retry-attempts", Kind: param.Int, Doc: "MaxRetryAttempts: retries after the first call", Default: param.Number(3), Min: 1, Max: param.MaxRows - 1},
			pollyMaxDelay(),
			param.Switch("use-jitter", "UseJitter: ±25% for constant and linear, DecorrelatedJitterBackoffV2 for exponential"),
			param.JobDuration(),
		},
		Count:       "max-retry-attempts",
		CountOffset: 1,
		Stream:      draw.Unseedable,
		SeedDoc: "not Polly's stream: the default Randomizer is RandomUtil.NextDouble, the process-wide Random.Shared " +
			"(seeded by the runtime, not by any program); --seed uses the tool's own stream",
		New: func(v *param.Values) (schedule.Strategy, error) {
			maxDelay := int64(-1)
			if v.Num("max-delay") >= 0 {
				maxDelay = ticks(v.Num("max-delay"))
			}
			var params []schedule.Param
			for _, p := range paramsOf(v) {
				if p.Name == "max_delay" {
					p = schedule.Param{Name: "max_delay_seconds", Value: nil}
					if maxDelay >= 0 {
						p.Value = v.Num("max-delay")
					}
				}
				params = append(params, p)
			}
			return &presets.Polly{
				BackoffType: v.Text("backoff-type"), Delay: ticks(v.Num("delay")), MaxRetryAttempts: v.Int("max-retry-attempts"),
				MaxDelay: maxDelay, UseJitter: v.On("use-jitter"), JobDuration: v.Num("job-duration"), Parameters: params,
			}, nil
		},
		Config: pollyConfig,
	}
}

// pollyConfig is the RetryStrategyOptions initializer for values v; MaxDelay is left out while
// it is null.
func pollyConfig(v *param.Values) []string {
	kind := map[string]string{presets.PollyConstant: "Constant", presets.PollyLinear: "Linear", presets.PollyExponential: "Exponential"}
	items := []string{
		fmt.Sprintf("MaxRetryAttempts = %d", v.Int("max-retry-attempts")),
		"BackoffType = DelayBackoffType." + kind[v.Text("backoff-type")],
		"UseJitter = " + v.Text("use-jitter"),
		"Delay = " + timeSpan(ticks(v.Num("delay"))),
	}
	if v.Num("max-delay") >= 0 {
		items = append(items, "MaxDelay = "+timeSpan(ticks(v.Num("max-delay"))))
	}
	return append(pack("new RetryStrategyOptions { ", items, " }"), toolOnly("//", "Polly", v)...)
}

// timeSpan is a TimeSpan of t ticks as C# source, exact: TimeSpan.FromSeconds(2) for whole
// seconds, FromMilliseconds(250) for whole ms, else FromTicks (FromSeconds(double) would go
// through a double product and truncate).
func timeSpan(t int64) string {
	switch {
	case t%10_000_000 == 0:
		return fmt.Sprintf("TimeSpan.FromSeconds(%d)", t/10_000_000)
	case t%10_000 == 0:
		return fmt.Sprintf("TimeSpan.FromMilliseconds(%d)", t/10_000)
	}
	return fmt.Sprintf("TimeSpan.FromTicks(%d)", t)
}

// ticks is a non-negative number of seconds as TimeSpan ticks (100 ns), truncated.
func ticks(seconds float64) int64 { return int64(param.Dur(seconds) / 100) }

// pollyMaxDelay is MaxDelay: a TimeSpan? whose default is null (no cap); 0 is a cap of 0.
func pollyMaxDelay() param.Spec {
	return param.Spec{
		Name: "max-delay", Kind: param.Custom, Unit: "s", TypeName: "duration",
		Doc:     "MaxDelay: caps every delay, after the jitter, in [0, 1d]; none (null, the default) for no cap",
		Default: param.Value{Num: -1, Text: "none"},
		Parse: func(text string) (param.Value, error) {
			t := strings.TrimSpace(text)
			if t == "none" || t == "null" {
				return param.Value{Num: -1, Text: "none"}, nil
			}
			d, err := param.ParseDuration(t)
			if err != nil || d < 0 || d > pollyDay {
				return param.Value{}, fmt.Errorf("must be none or a duration in [0s, 1d], got %q", text)
			}
			return param.Value{Num: d.Seconds()}, nil
		},
		Show: func(v param.Value) string {
			if v.Num < 0 {
				return "none"
			}
			return param.FormatDuration(param.Dur(v.Num))
		},
	}
}
