package strategy

import (
	"fmt"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// maxAivenTime bounds Aiven's timer, cap and minimum delay: 2^(log2 of it) ms stays far from
// overflowing.
const maxAivenTime = 365 * 24 * time.Hour

func aiven() Def {
	return Def{
		Name:    "aiven",
		Group:   Seed,
		Summary: "Aiven commons Backoff: timer-bounded power-of-two backoff with ±512 ms jitter",
		Library: "Aiven commons",
		Brief:   "timer-bounded 2^n ms, ±512",
		Source: "io.aiven.commons.util.timing.Backoff (formerly io.aiven.commons.timing): next = 2^waitCount + nextInt(1024) - 512 ms, " +
			"waitCount capped at floor(log2 T) for T the time remaining at reset(); under the timer rule it aborts the " +
			"timer when next >= remaining. --seed N reproduces java.util.Random(N).",
		Example: `  backoffctl table aiven
  backoffctl table aiven --mode cap --cap 1000ms --seed 42
  backoffctl table aiven --timer 10s --work 100ms --calls 20`,
		Window: "500ms",
		Params: []param.Spec{
			param.Choice("mode", "timer", []string{"timer", "cap"}, "timer: remaining = --timer minus elapsed, timer rule on; cap: remaining always --cap, rule off"),
			param.Wait("timer", time.Second, time.Millisecond, maxAivenTime, "timer length (mode timer)"),
			param.Wait("cap", time.Second, time.Millisecond, maxAivenTime, "time remaining reported on every call (mode cap)"),
			param.Wait("min-delay", 0, 0, maxAivenTime, "setMinimumDelay (0: not called)"),
			param.Count("calls", 12, 1, "number of delay() calls"),
			param.Wait("work", 0, 0, 24*time.Hour, "time spent between calls"),
		},
		Count:   "calls",
		Stream:  draw.Java,
		SeedDoc: "java.util.Random(N), one nextInt(1024) per sleep: the table equals a Java run with new Random(N)",
		Config:  aivenConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			mode := v.Text("mode")
			if mode == "cap" && v.Changed("timer") {
				return nil, param.BadInput("--timer applies to --mode timer; with --mode cap use --cap")
			}
			if mode == "timer" && v.Changed("cap") {
				return nil, param.BadInput("--cap applies to --mode cap; add --mode cap")
			}
			return presets.Aiven{Mode: mode, Timer: v.Num("timer"), Cap: v.Num("cap"), MinDelay: v.Num("min-delay"),
				Calls: v.Int("calls"), Work: v.Num("work")}, nil
		},
	}
}

func aivenConfig(v *param.Values) []string {
	var out []string
	if v.Text("mode") == "cap" {
		out = append(out, fmt.Sprintf("new Backoff(config)  // config: time remaining () -> %dL, applyTimerRule() false", millis(v.Num("cap"))))
	} else {
		out = append(out, fmt.Sprintf("new Backoff(new Timer(Duration.ofMillis(%d)).getBackoffConfig())  // timer started", millis(v.Num("timer"))))
	}
	if v.Num("min-delay") > 0 {
		out = append(out, fmt.Sprintf("// then setMinimumDelay: %d ms", millis(v.Num("min-delay"))))
	}
	return out
}
