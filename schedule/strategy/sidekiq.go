package strategy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func sidekiq() Def {
	return Def{
		Name:    "sidekiq",
		Group:   Seed,
		Summary: "Sidekiq default retry (c^4 + 15 + jitter)",
		Library: "Sidekiq",
		Version: "up to 8.x",
		Brief:   "retry: c^4 + 15 + jitter",
		Source: "sidekiq/lib/sidekiq/job_retry.rb delay_for: c^4 + 15 + J after the execution with retry_count c; " +
			"J = rand(30)*(c+1) up to 6.2.1, rand(10)*(c+1) in 6.2.2-7.x, rand(10*(c+1)) from 8.0. " +
			"retries 25 = 26 executions; then the job goes to the Dead set.",
		Example: `  backoffctl table sidekiq
  backoffctl table sidekiq --sidekiq-version 7 -o markdown
  backoffctl table sidekiq --retries 10 --sidekiq-version 6.0 -o csv`,
		Window: "7d",
		Params: []param.Spec{
			param.Retries("retries", 25, "sidekiq_options retry: (executions = retries + 1)"),
			sidekiqVersion(),
			param.JobDuration(),
		},
		Count:       "retries",
		CountOffset: 1,
		Stream:      draw.Own,
		Config:      sidekiqConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			version, _ := parseSidekiqVersion(v.Text("sidekiq-version"))
			return presets.Sidekiq{Retries: v.Int("retries"), Version: version, JobDuration: v.Num("job-duration")}, nil
		},
	}
}

// sidekiqVersion is --sidekiq-version: a version such as 6.2.1, 7 or 8.0, kept as its canonical
// text (8.0.0).
func sidekiqVersion() param.Spec {
	return param.Spec{
		Name: "sidekiq-version", Kind: param.Custom,
		Doc:     "Sidekiq version, selects the jitter: <=6.2.1, 6.2.2-7.x or >=8.0",
		Default: param.Word("8.0.0"),
		Parse: func(text string) (param.Value, error) {
			v, err := parseSidekiqVersion(text)
			if err != nil {
				return param.Value{}, err
			}
			return param.Word(v.String()), nil
		},
		Show:     func(v param.Value) string { return v.Text },
		TypeName: "version",
	}
}

func parseSidekiqVersion(s string) (presets.SidekiqVersion, error) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	bad := fmt.Errorf("must be a version like 6.2.1, 7 or 8.0 (major 1 to 99), got %q", s)
	var nums [3]int
	if len(parts) > 3 {
		return presets.SidekiqVersion{}, bad
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 999 || (i == 0 && (n < 1 || n > 99)) {
			return presets.SidekiqVersion{}, bad
		}
		nums[i] = n
	}
	return presets.SidekiqVersion{Major: nums[0], Minor: nums[1], Patch: nums[2]}, nil
}

func sidekiqConfig(v *param.Values) []string {
	return withNotes(v, "#",
		fmt.Sprintf("sidekiq_options retry: %d", v.Int("retries")),
		"# Sidekiq "+v.Text("sidekiq-version")+": "+sidekiqJitter(v.Text("sidekiq-version")))
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
