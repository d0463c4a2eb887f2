package strategy

import (
	"fmt"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func envoy() Def {
	maxInterval := param.Wait("max-interval", 0, 0, param.MaxDuration, "retry_back_off.max_interval, truncated to whole ms, at least 1 ms (0: unset, 10 x base-interval)")
	maxInterval.ZeroOff = true
	return Def{
		Name:    "envoy",
		Group:   Library,
		Summary: "Envoy route retry_back_off: retry N waits random() % min(base*2^(N-1), max) ms",
		Library: "Envoy",
		Version: "1.36",
		Brief:   "proxy route retry_back_off",
		Source: "envoyproxy/envoy main (1.36), source/common/common/backoff_strategy.cc JitteredExponentialBackOffStrategy, " +
			"built in source/common/router/retry_state_impl.cc: retry N waits random() % interval whole ms, the interval " +
			"starting at base_interval and doubling while it is under max_interval/2 (integer division), else max_interval. " +
			"base_interval defaults to 25 ms (runtime upstream.base_retry_backoff_ms), max_interval to 10 x base; " +
			"retry_policy_impl.cc truncates both to whole ms with a floor of 1 ms and rejects max < base. num_retries " +
			"(default 1, or the x-envoy-max-retries header) counts retries. The docs' [0, (2^N-1) x base) range is an " +
			"older JitteredBackOffStrategy's.",
		Example: `  backoffctl table envoy
  backoffctl table envoy --num-retries 6 --envelope
  backoffctl table envoy --num-retries 5 --base-interval 100ms --max-interval 1s --percentiles 50,99`,
		Window: "1s",
		Params: []param.Spec{
			param.Retries("num-retries", 1, "num_retries: retries after the first try (tries = num-retries + 1)"),
			param.Wait("base-interval", 25*time.Millisecond, time.Nanosecond, param.MaxDuration, "retry_back_off.base_interval, truncated to whole ms, at least 1 ms"),
			maxInterval,
			param.JobDuration(),
		},
		Count:       "num-retries",
		CountOffset: 1,
		Stream:      draw.Unseedable,
		SeedDoc: "not Envoy's stream: Envoy's random() reads BoringSSL RAND_bytes (Random::RandomUtility::random), " +
			"which cannot be seeded; --seed uses the tool's own stream",
		New: func(v *param.Values) (schedule.Strategy, error) {
			base := envoyMillis(v.Num("base-interval"))
			most := base * 10
			if v.Num("max-interval") > 0 {
				most = envoyMillis(v.Num("max-interval"))
				if most < base {
					return nil, param.BadInput("--max-interval must be at least --base-interval (%s), got %s",
						param.HumanSeconds(float64(base)/1000), param.HumanSeconds(float64(most)/1000))
				}
			}
			return presets.NewEnvoy(presets.Envoy{
				NumRetries: v.Int("num-retries"), BaseMs: base, MaxMs: most,
				JobDuration: v.Num("job-duration"), Params: paramsOf(v),
			}), nil
		},
		Config: envoyConfig,
	}
}

// envoyConfig is the route's retry_policy in Envoy's YAML for values v; retry_on is needed for
// any retry and 5xx stands for the conditions the application retries. max_interval is left out
// while unset (10 x base_interval).
func envoyConfig(v *param.Values) []string {
	back := "base_interval: " + protoDuration(v.Num("base-interval"))
	if v.Num("max-interval") > 0 {
		back += ", max_interval: " + protoDuration(v.Num("max-interval"))
	}
	return append([]string{
		"retry_policy:",
		"  retry_on: 5xx",
		fmt.Sprintf("  num_retries: %d", v.Int("num-retries")),
		"  retry_back_off: { " + back + " }",
	}, toolOnly("#", "Envoy", v)...)
}

// protoDuration is a google.protobuf.Duration in its JSON/YAML form: seconds with 0, 3, 6 or 9
// fractional digits and an s (25ms is 0.025s).
func protoDuration(seconds float64) string {
	ns := int64(param.Dur(seconds))
	sec, frac := ns/1e9, ns%1e9
	switch {
	case frac == 0:
		return fmt.Sprintf("%ds", sec)
	case frac%1e6 == 0:
		return fmt.Sprintf("%d.%03ds", sec, frac/1e6)
	case frac%1e3 == 0:
		return fmt.Sprintf("%d.%06ds", sec, frac/1e3)
	}
	return fmt.Sprintf("%d.%09ds", sec, frac)
}

// envoyMillis is PROTOBUF_GET_MS: a duration truncated to whole milliseconds, then Envoy's floor
// of 1 ms (retry_policy_impl.cc).
func envoyMillis(seconds float64) int64 {
	ns := int64(param.Dur(seconds))
	return max(ns/int64(time.Millisecond), 1)
}
