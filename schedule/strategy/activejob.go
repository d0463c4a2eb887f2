package strategy

import (
	"fmt"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// activeJobJitter is retry_jitter, shared by both ActiveJob strategies.
func activeJobJitter() param.Spec {
	return param.ScaleJitter(0.15, "retry_jitter (0.15 on load_defaults 6.1+, 0.0 in bare ActiveJob)")
}

func activeJobAttempts() param.Spec {
	return param.Attempts(5, "executions including the first (retry_on attempts:)")
}

func polynomial() Def {
	return Def{
		Name:    "polynomial",
		Aliases: []string{"polynomially_longer", "exponentially_longer"},
		Group:   Seed,
		Summary: "Rails ActiveJob retry_on wait: :polynomially_longer",
		Library: "Rails ActiveJob",
		Version: "6.1-8.1",
		Brief:   "wait: :polynomially_longer",
		Source: "rails/activejob/lib/active_job/exceptions.rb (Rails 6.1-8.1): wait = e^4 + (rand*e^4)*jitter + 2 " +
			"after execution e. Named :exponentially_longer until Rails 7.0, renamed in 7.1 (old name deprecated), " +
			"old name removed in 7.2. Jitter 0.15 is retry_jitter on load_defaults 6.1+; bare ActiveJob's class " +
			"attribute is 0.0 and Rails 6.0 had no jitter.",
		Example: `  backoffctl table polynomial --attempts 25
  backoffctl table polynomial --attempts 25 -o markdown --lang ja
  backoffctl table polynomial --jitter 0 --attempts 5 -o csv`,
		Window: "24h",
		Params: []param.Spec{activeJobAttempts(), activeJobJitter(), param.JobDuration()},
		Count:  "attempts",
		Stream: draw.Own,
		Config: polynomialConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.Polynomial{Attempts: v.Int("attempts"), Jitter: v.Num("jitter"), JobDuration: v.Num("job-duration")}, nil
		},
	}
}

func fixed() Def {
	return Def{
		Name:    "fixed",
		Group:   Seed,
		Summary: "Rails ActiveJob retry_on default wait (3.seconds)",
		Library: "Rails ActiveJob",
		Version: "6.1-8.1",
		Brief:   "default retry_on wait (3s)",
		Source: "rails/activejob/lib/active_job/exceptions.rb (Rails 6.1-8.1): wait = w + (rand*w)*jitter with w the wait " +
			"truncated to whole seconds (.to_i).",
		Example: `  backoffctl table fixed
  backoffctl table fixed --wait 30s --attempts 10 -o csv`,
		Window: "1m",
		Params: []param.Spec{
			activeJobAttempts(),
			param.Wait("wait", 3*time.Second, 0, param.MaxJobDuration, "retry_on wait: (whole seconds are used)"),
			activeJobJitter(),
			param.JobDuration(),
		},
		Count:  "attempts",
		Stream: draw.Own,
		Config: fixedConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.Fixed{Attempts: v.Int("attempts"), Wait: v.Num("wait"), Jitter: v.Num("jitter"), JobDuration: v.Num("job-duration")}, nil
		},
	}
}

func polynomialConfig(v *param.Values) []string {
	return withNotes(v, "#",
		fmt.Sprintf("retry_on SomeError, wait: :polynomially_longer, attempts: %d", v.Int("attempts")),
		retryJitter(v))
}

func fixedConfig(v *param.Values) []string {
	return withNotes(v, "#",
		fmt.Sprintf("retry_on SomeError, wait: %s.seconds, attempts: %d", param.FormatNumber(v.Num("wait")), v.Int("attempts")),
		retryJitter(v))
}

func retryJitter(v *param.Values) string {
	return "config.active_job.retry_jitter = " + floatRuby(v.Num("jitter")) + "  # or retry_on jitter: " + floatRuby(v.Num("jitter"))
}
