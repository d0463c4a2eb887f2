package strategy

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func resilience4j() Def {
	return Def{
		Name:    "resilience4j",
		Aliases: []string{"r4j"},
		Group:   Library,
		Summary: "Resilience4j Retry IntervalFunction: fixed, randomized, exponential (long ms, truncated per step)",
		Library: "Resilience4j",
		Version: "v2.4.0",
		Brief:   "Java IntervalFunction",
		Source: "resilience4j v2.4.0 (f1c3be8e), resilience4j-core IntervalFunction.java and resilience4j-retry RetryImpl.java: " +
			"after attempt k fails the Retry gives up when k >= maxAttempts (default 3: calls), else sleeps intervalFunction.apply(k) ms. " +
			"of(500) = ofDefaults; ofExponentialBackoff iterates x -> (long)(x * multiplier) from the initial interval, truncating at " +
			"every step, then Math.min with maxIntervalMillis; ofRandomized and ofExponentialRandomBackoff pass the interval d through " +
			"randomize: max(1, d - f*d + Math.random() * (2*f*d + 1)), truncated to a long, so a wait can reach d + f*d + 1 ms (at " +
			"Math.random()'s largest value the sum can round up to it), and the cap applies after it. Durations are taken with Duration.toMillis (truncated to whole ms).",
		Example: `  backoffctl table resilience4j
  backoffctl table resilience4j --interval-function of-exponential-random-backoff --max-attempts 8 --envelope
  backoffctl table resilience4j --interval-function of-exponential-backoff --initial-interval 1s --multiplier 2 --max-interval 10s --max-attempts 8`,
		Window: "1m",
		Params: []param.Spec{
			param.Choice("interval-function", presets.Resilience4jOf, presets.Resilience4jFunctions,
				"IntervalFunction factory: of (ofDefaults is of(500ms)), ofRandomized, ofExponentialBackoff, ofExponentialRandomBackoff"),
			param.Wait("initial-interval", 500*time.Millisecond, time.Millisecond, param.MaxDuration,
				"initialIntervalMillis (intervalMillis of of and ofRandomized), truncated to whole ms"),
			{Name: "multiplier", Kind: param.Float, Doc: "multiplier of the exponential factories", Default: param.Number(1.5), Min: 0, Max: 1000},
			{Name: "randomization-factor", Kind: param.Float, Doc: "randomizationFactor f of the randomized factories", Default: param.Number(0.5), Min: 0, Max: 1},
			nonZero(param.Wait("max-interval", 0, 0, param.MaxDuration,
				"maxIntervalMillis of the exponential factories, applied after the jitter (0: the overload without it)")),
			param.Count("max-attempts", 3, 1, "RetryConfig maxAttempts: calls in all, including the first"),
			param.JobDuration(),
		},
		Count:  "max-attempts",
		Stream: draw.Unseedable,
		SeedDoc: "not Resilience4j's stream: randomize calls Math.random(), whose one JVM-wide java.util.Random is seeded " +
			"from the clock and shared by every caller, so no program can seed a Retry's draws; --seed uses the tool's own stream",
		New: func(v *param.Values) (schedule.Strategy, error) {
			r := presets.Resilience4j{
				IntervalFunction: v.Text("interval-function"), InitialInterval: toMillis(v.Num("initial-interval")),
				Multiplier: v.Num("multiplier"), RandomizationFactor: v.Num("randomization-factor"),
				MaxInterval: toMillis(v.Num("max-interval")), MaxAttempts: v.Int("max-attempts"),
				JobDuration: v.Num("job-duration"), Params: paramsOf(v),
			}
			if v.Changed("multiplier") && !r.Exponential() {
				return nil, param.BadInput("--multiplier applies to --interval-function of-exponential-backoff or of-exponential-random-backoff")
			}
			if v.Changed("randomization-factor") && !r.Randomized() {
				return nil, param.BadInput("--randomization-factor applies to --interval-function of-randomized or of-exponential-random-backoff")
			}
			if v.Num("max-interval") > 0 && !r.Exponential() {
				return nil, param.BadInput("--max-interval applies to --interval-function of-exponential-backoff or of-exponential-random-backoff")
			}
			if v.Num("max-interval") > 0 && r.MaxInterval < 1 {
				return nil, param.BadInput("--max-interval must be at least 1ms (Resilience4j's checkInterval), got %s", v.Show("max-interval"))
			}
			return presets.NewResilience4j(r), nil
		},
		Config: resilience4jConfig,
	}
}

// resilience4jConfig is the RetryConfig builder for values v, with the IntervalFunction factory's
// overload that takes exactly the values it uses.
func resilience4jConfig(v *param.Values) []string {
	initial := javaDuration(toMillis(v.Num("initial-interval")))
	m, f := javaDouble(v.Num("multiplier")), javaDouble(v.Num("randomization-factor"))
	var args []string
	switch v.Text("interval-function") {
	case presets.Resilience4jOf:
		args = []string{initial}
	case presets.Resilience4jRandomized:
		args = []string{initial, f}
	case presets.Resilience4jExponential:
		args = []string{initial, m}
	case presets.Resilience4jExponentialRandom:
		args = []string{initial, m, f}
	}
	if v.Num("max-interval") > 0 {
		args = append(args, javaDuration(toMillis(v.Num("max-interval"))))
	}
	fn := "IntervalFunction." + resilience4jFactory(v.Text("interval-function")) + "(" + strings.Join(args, ", ") + ")"
	out := []string{
		"RetryConfig config = RetryConfig.custom()",
		fmt.Sprintf("    .maxAttempts(%d)", v.Int("max-attempts")),
		"    .intervalFunction(" + fn + ")",
		"    .build();",
	}
	return append(out, toolOnly("//", "Resilience4j", v)...)
}

// resilience4jFactory is IntervalFunction's factory method for an --interval-function value.
func resilience4jFactory(name string) string {
	switch name {
	case presets.Resilience4jRandomized:
		return "ofRandomized"
	case presets.Resilience4jExponential:
		return "ofExponentialBackoff"
	case presets.Resilience4jExponentialRandom:
		return "ofExponentialRandomBackoff"
	}
	return "of"
}

// javaDuration is a java.time.Duration of whole milliseconds: Duration.ofSeconds(2) when whole
// seconds, else Duration.ofMillis(500).
func javaDuration(ms int64) string {
	if ms != 0 && ms%1000 == 0 {
		return "Duration.ofSeconds(" + javaLong(ms/1000) + ")"
	}
	return "Duration.ofMillis(" + javaLong(ms) + ")"
}

// javaLong is a long as Java source: an int literal while it fits, else with the L suffix.
func javaLong(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n > math.MaxInt32 || n < math.MinInt32 {
		s += "L"
	}
	return s
}

// javaDouble is a double as Java source: 2.0, 1.5, 1e-05 (Python's float repr reads as the same
// Java double).
func javaDouble(x float64) string { return pyFloat(x) }

// nonZero marks a duration whose 0 switches its rule off.
func nonZero(s param.Spec) param.Spec {
	s.ZeroOff = true
	return s
}

// toMillis is java.time.Duration.toMillis for a non-negative number of seconds: whole
// milliseconds, truncated.
func toMillis(seconds float64) int64 {
	return int64(time.Duration(seconds*float64(time.Second)) / time.Millisecond)
}
