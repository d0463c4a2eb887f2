package strategy

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// springFlags says which back-off policies take each of Spring Retry's own parameters.
var springFlags = []struct {
	name     string
	policies []string
}{
	{"initial-interval", []string{presets.SpringExponential, presets.SpringExponentialRandom}},
	{"multiplier", []string{presets.SpringExponential, presets.SpringExponentialRandom}},
	{"max-interval", []string{presets.SpringExponential, presets.SpringExponentialRandom}},
	{"back-off-period", []string{presets.SpringFixed}},
	{"min-back-off-period", []string{presets.SpringUniformRandom}},
	{"max-back-off-period", []string{presets.SpringUniformRandom}},
}

func springRetry() Def {
	return Def{
		Name:    "spring-retry",
		Aliases: []string{"spring"},
		Group:   Library,
		Summary: "Spring Retry back-off policies: exponential (long ms), its odd upward jitter, fixed, uniform random",
		Library: "Spring Retry",
		Version: "v2.0.12",
		Brief:   "Java back-off policies",
		Source: "spring-retry v2.0.12 (802c4450), org.springframework.retry.backoff and support.RetryTemplate: RetryTemplate backs off " +
			"only while SimpleRetryPolicy.canRetry (retryCount < maxAttempts, default 3: calls). ExponentialBackOffPolicy sleeps its " +
			"interval, capped at maxInterval, and grows it by (long)(interval * multiplier) until it passes maxInterval; " +
			"ExponentialRandomBackOffPolicy multiplies that sleep by 1 + nextFloat() * (multiplier - 1) (upward only, up to " +
			"multiplier times) and caps it again; FixedBackOffPolicy sleeps backOffPeriod; UniformRandomBackOffPolicy sleeps " +
			"min + nextInt((int)(max - min)). All in long ms; the setters raise initialInterval and maxInterval below 1 to 1 ms " +
			"and a multiplier at or below 1.0 to 1.0. RetryTemplate's own default is NoBackOffPolicy (--back-off-policy no-back-off).",
		Example: `  backoffctl table spring-retry --max-attempts 12
  backoffctl table spring-retry --back-off-policy exponential-random --max-attempts 8 --envelope
  backoffctl table spring-retry --back-off-policy uniform-random --max-attempts 5 --seed 1700000000000`,
		Window: "1m",
		Params: []param.Spec{
			param.Choice("back-off-policy", presets.SpringExponential, presets.SpringBackOffPolicies,
				"BackOffPolicy: ExponentialBackOffPolicy, ExponentialRandomBackOffPolicy, FixedBackOffPolicy, UniformRandomBackOffPolicy, NoBackOffPolicy"),
			param.Wait("initial-interval", 100*time.Millisecond, 0, param.MaxDuration, "initialInterval of the exponential policies, whole ms (below 1 ms: 1 ms)"),
			{Name: "multiplier", Kind: param.Float, Doc: "multiplier of the exponential policies (at or below 1.0: 1.0)", Default: param.Number(2), Min: 0, Max: 1000},
			param.Wait("max-interval", 30*time.Second, 0, param.MaxDuration, "maxInterval of the exponential policies, whole ms (below 1 ms: 1 ms)"),
			param.Wait("back-off-period", time.Second, 0, param.MaxDuration, "backOffPeriod of FixedBackOffPolicy, whole ms (0: 1 ms)"),
			param.Wait("min-back-off-period", 500*time.Millisecond, 0, param.MaxDuration, "minBackOffPeriod of UniformRandomBackOffPolicy, whole ms (0: 1 ms)"),
			param.Wait("max-back-off-period", 1500*time.Millisecond, 0, param.MaxDuration, "maxBackOffPeriod of UniformRandomBackOffPolicy, whole ms (0: 1 ms)"),
			param.Count("max-attempts", 3, 1, "SimpleRetryPolicy maxAttempts: calls in all, including the first"),
			param.JobDuration(),
		},
		Count:  "max-attempts",
		Stream: draw.Java,
		SeedDoc: "java.util.Random(N): uniform-random's generator is new Random(System.currentTimeMillis()) made with the policy, " +
			"so N is that millisecond and the table equals that run (one nextInt per sleep); exponential-random's is a new Random() " +
			"per retry context, which no program can seed: N gives the nextFloat() values such a context would draw had it got seed N",
		New: func(v *param.Values) (schedule.Strategy, error) {
			policy := v.Text("back-off-policy")
			for _, f := range springFlags {
				if v.Changed(f.name) && !slices.Contains(f.policies, policy) {
					return nil, param.BadInput("--%s applies to --back-off-policy %s, not %s", f.name, strings.Join(f.policies, " or "), policy)
				}
			}
			s := presets.SpringRetry{
				BackOffPolicy: policy, MaxAttempts: v.Int("max-attempts"), JobDuration: v.Num("job-duration"), Params: paramsOf(v),
			}
			// The setters' coercions (x > 0 ? x : 1, multiplier > 1.0 ? m : 1.0), noted when they change a value
			// that was set.
			atLeast1 := func(name string) int64 {
				ms := toMillis(v.Num(name))
				if ms < 1 {
					if v.Changed(name) {
						s.CoercedParameters = append(s.CoercedParameters, fmt.Sprintf("--%s %s -> 1ms", name, v.Show(name)))
					}
					return 1
				}
				return ms
			}
			s.InitialInterval = atLeast1("initial-interval")
			s.MaxInterval = atLeast1("max-interval")
			s.BackOffPeriod = atLeast1("back-off-period")
			s.MinBackOffPeriod = atLeast1("min-back-off-period")
			s.MaxBackOffPeriod = atLeast1("max-back-off-period")
			s.Multiplier = v.Num("multiplier")
			if s.Multiplier <= 1 {
				if s.Multiplier < 1 {
					s.CoercedParameters = append(s.CoercedParameters, fmt.Sprintf("--multiplier %s -> 1", v.Show("multiplier")))
				}
				s.Multiplier = 1
			}
			if policy == presets.SpringUniformRandom && s.MaxBackOffPeriod-s.MinBackOffPeriod > math.MaxInt32 {
				return nil, param.BadInput("--max-back-off-period minus --min-back-off-period must be at most %d ms: Spring's nextInt((int) (max - min)) wraps or throws past it", math.MaxInt32)
			}
			return presets.NewSpringRetry(s), nil
		},
		Config: springRetryConfig,
	}
}

// springRetryConfig is @Retryable with its @Backoff where the annotation builds the same policy
// (Spring's BackOffPolicyBuilder: multiplier > 0 gives the exponential policies, with maxDelay
// only when above delay, else 30000; maxDelay above delay without a multiplier gives the uniform
// random one; else fixed), and the RetryTemplate setters where it cannot: no back-off (@Retryable
// always backs off, 1000 ms by default), a maxInterval at or below initialInterval, a
// maxBackOffPeriod at or below minBackOffPeriod. Intervals are the whole ms the policy uses.
func springRetryConfig(v *param.Values) []string {
	ms := func(name string) int64 { return max(toMillis(v.Num(name)), 1) }
	n := v.Int("max-attempts")
	multiplier := max(v.Num("multiplier"), 1)
	retryable := func(backoff ...string) []string {
		return pack(fmt.Sprintf("@Retryable(maxAttempts = %d, backoff = @Backoff(", n), backoff, "))")
	}
	var out []string
	policy, setters := "", []string(nil)
	switch p := v.Text("back-off-policy"); p {
	case presets.SpringExponential, presets.SpringExponentialRandom:
		initial, most := ms("initial-interval"), ms("max-interval")
		policy = "ExponentialBackOffPolicy"
		if p == presets.SpringExponentialRandom {
			policy = "ExponentialRandomBackOffPolicy"
		}
		if most > initial {
			items := []string{"delay = " + javaLong(initial), "multiplier = " + javaDouble(multiplier), "maxDelay = " + javaLong(most)}
			if p == presets.SpringExponentialRandom {
				items = append(items, "random = true")
			}
			out = retryable(items...)
		} else {
			setters = []string{"setInitialInterval(" + javaLong(initial) + ")", "setMultiplier(" + javaDouble(multiplier) + ")",
				"setMaxInterval(" + javaLong(most) + ")"}
		}
	case presets.SpringFixed:
		out = retryable("delay = " + javaLong(ms("back-off-period")))
	case presets.SpringUniformRandom:
		lo, hi := ms("min-back-off-period"), ms("max-back-off-period")
		if hi > lo {
			out = retryable("delay = "+javaLong(lo), "maxDelay = "+javaLong(hi))
		} else {
			policy = "UniformRandomBackOffPolicy"
			setters = []string{"setMinBackOffPeriod(" + javaLong(lo) + ")", "setMaxBackOffPeriod(" + javaLong(hi) + ")"}
		}
	default:
		policy = "NoBackOffPolicy"
	}
	if out == nil {
		out = []string{"RetryTemplate template = new RetryTemplate();",
			fmt.Sprintf("template.setRetryPolicy(new SimpleRetryPolicy(%d));", n)}
		if len(setters) > 0 {
			out = append(out, policy+" backOff = new "+policy+"();")
			for _, s := range setters {
				out = append(out, "backOff."+s+";")
			}
			out = append(out, "template.setBackOffPolicy(backOff);")
		} else {
			out = append(out, "// RetryTemplate's default back-off: NoBackOffPolicy")
		}
	}
	return append(out, toolOnly("//", "Spring Retry", v)...)
}
