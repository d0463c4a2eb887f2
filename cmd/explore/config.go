package explore

import (
	"fmt"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule/generic"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// Config returns the library's own configuration for values v of def, one line each: what to
// write in the application to get this schedule. A strategy says it with strategy.Def.Config;
// the seed and generic strategies are described here. "—" when no library has an equivalent.
func Config(def strategy.Def, v *param.Values) []string {
	if def.Config != nil {
		return def.Config(v)
	}
	if f, ok := configs[def.Name]; ok {
		return f(v)
	}
	return []string{"—"}
}

var configs = map[string]func(v *param.Values) []string{
	"polynomial": func(v *param.Values) []string {
		return []string{
			fmt.Sprintf("retry_on SomeError, wait: :polynomially_longer, attempts: %d", v.Int("attempts")),
			retryJitter(v),
		}
	},
	"fixed": func(v *param.Values) []string {
		return []string{
			fmt.Sprintf("retry_on SomeError, wait: %s.seconds, attempts: %d", param.FormatNumber(v.Num("wait")), v.Int("attempts")),
			retryJitter(v),
		}
	},
	"sidekiq": func(v *param.Values) []string {
		return []string{
			fmt.Sprintf("sidekiq_options retry: %d", v.Int("retries")),
			"# Sidekiq " + v.Text("sidekiq-version") + ": " + sidekiqJitter(v.Text("sidekiq-version")),
		}
	},
	"gitlab": func(v *param.Values) []string {
		accept := "ACCEPT_TIMEOUT = 5.minutes (not a setting)"
		if v.Num("accept-timeout") != 300 {
			accept = "ACCEPT_TIMEOUT = " + param.FormatNumber(v.Num("accept-timeout")) + ".seconds (patched: GitLab has 5.minutes)"
		}
		return []string{
			"Ci::UpdateBuildStateService::" + accept,
			"# the runner waits X-GitLab-Trace-Update-Interval (Gitlab::Ci::Runner::Backoff); no runner setting",
		}
	},
	"actrunner": func(v *param.Values) []string {
		return []string{fmt.Sprintf("config.yaml: runner: { fetch_interval: %s, fetch_interval_max: %s }",
			goDuration(v.Num("fetch-interval")), goDuration(v.Num("fetch-interval-max")))}
	},
	"aiven": func(v *param.Values) []string {
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
	},
	"exponential": cenkaltiExponential,
	"constant": func(v *param.Values) []string {
		if v.Text("jitter") != generic.None || v.Num("cap") != 0 || v.Num("max-elapsed") != 0 {
			return []string{"—"}
		}
		return []string{fmt.Sprintf("cenkalti/backoff v4: backoff.WithMaxRetries(backoff.NewConstantBackOff(%s), %d)",
			goDuration(v.Num("wait")), v.Int("attempts")-1)}
	},
}

func retryJitter(v *param.Values) string {
	return "config.active_job.retry_jitter = " + floatRuby(v.Num("jitter")) + "  # or retry_on jitter: " + floatRuby(v.Num("jitter"))
}

// floatRuby prints a Float as Ruby source: 0.15, 0.0.
func floatRuby(f float64) string {
	s := param.FormatNumber(f)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

func sidekiqJitter(version string) string {
	var major, minor, patch int
	fmt.Sscanf(version, "%d.%d.%d", &major, &minor, &patch)
	switch {
	case major >= 8:
		return "jitter rand(10 * (count + 1))"
	case major == 7 || (major == 6 && (minor > 2 || (minor == 2 && patch >= 2))):
		return "jitter rand(10) * (count + 1)"
	}
	return "jitter rand(30) * (count + 1)"
}

// cenkaltiExponential is the exponential curve as github.com/cenkalti/backoff/v4 configures it,
// when that library computes the same waits: no jitter or its symmetric one, the cap on the
// interval before randomization, no elapsed-time limit (cenkalti checks it before the wait, not
// at the next start).
func cenkaltiExponential(v *param.Values) []string {
	model := v.Text("jitter")
	if (model != generic.None && model != generic.Sym) || v.Num("max-elapsed") != 0 ||
		(v.Num("cap") != 0 && v.Text("cap-order") != generic.CapThenJitter) {
		return []string{"—"}
	}
	f := 0.0
	if model == generic.Sym {
		f = v.Num("jitter-factor")
	}
	capText := "1<<62 (no cap)"
	if v.Num("cap") != 0 {
		capText = goDuration(v.Num("cap"))
	}
	return []string{
		fmt.Sprintf("cenkalti/backoff/v4 NewExponentialBackOff(): InitialInterval %s,", goDuration(v.Num("base"))),
		fmt.Sprintf("Multiplier %s, RandomizationFactor %s, MaxInterval %s,",
			param.FormatNumber(v.Num("factor")), param.FormatNumber(f), capText),
		fmt.Sprintf("MaxElapsedTime 0; then WithMaxRetries(b, %d)", v.Int("attempts")-1),
	}
}

// goDuration prints seconds as Go's time.Duration does: 2s, 1m0s, 48h0m0s.
func goDuration(secs float64) string { return toDuration(secs).String() }

func millis(secs float64) int64 { return int64(toDuration(secs) / time.Millisecond) }
