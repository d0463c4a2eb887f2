package strategy

import (
	"fmt"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// maxFetchInterval bounds the act_runner intervals.
const maxFetchInterval = 30 * 24 * time.Hour

// FetchIntervals are act_runner's two interval settings, shared by the actrunner strategy and the
// fleet simulation.
func FetchIntervals() []param.Spec {
	return []param.Spec{
		param.Wait("fetch-interval", presets.ActRunnerFetchInterval, 0, maxFetchInterval, "runner.fetch_interval (0: the default)"),
		param.Wait("fetch-interval-max", presets.ActRunnerFetchIntervalMax, 0, maxFetchInterval, "runner.fetch_interval_max (0: the default; 60s before v0.6.1)"),
	}
}

func actrunner() Def {
	return Def{
		Name:    "actrunner",
		Group:   Seed,
		Summary: "Gitea act_runner idle poller: capped doubling with ±20% jitter",
		Library: "Gitea act_runner",
		Version: "v0.6.1+",
		Brief:   "idle poller, doubling ±20%",
		Source: "gitea/act_runner internal/app/poll/poller.go (#819, #822): interval min(base*2^min(n-1,5), max) after " +
			"n consecutive empty fetches, then ±20% jitter (so a sleep can exceed max by 20%). Defaults fetch_interval 2s, " +
			"fetch_interval_max 5s since v0.6.1 (60s in v0.4.0-v0.6.0); 0 means the default.",
		Example: `  backoffctl table actrunner
  backoffctl table actrunner --fetch-interval-max 60s --polls 12
  backoffctl table actrunner --seed 1 -o csv`,
		Window: "1m",
		Params: append(FetchIntervals(), param.Count("polls", 10, 1, "number of polls")),
		Count:  "polls",
		Stream: draw.Own,
		Config: actrunnerConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.ActRunner{FetchInterval: v.Num("fetch-interval"), FetchIntervalMax: v.Num("fetch-interval-max"), Polls: v.Int("polls")}, nil
		},
	}
}

func actrunnerConfig(v *param.Values) []string {
	return []string{fmt.Sprintf("config.yaml: runner: { fetch_interval: %s, fetch_interval_max: %s }",
		param.Dur(v.Num("fetch-interval")), param.Dur(v.Num("fetch-interval-max")))}
}
