package strategy

import (
	"fmt"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func oban() Def {
	return Def{
		Name:    "oban",
		Group:   Library,
		Summary: "Oban Worker.backoff/1: 15 + 2^attempt s plus up to 10 %, attempt scaled to 20 steps",
		Library: "Oban",
		Version: "v2.18.3",
		Brief:   "Elixir jobs, 15 + 2^k s",
		Source: "sorentwo/oban v2.18.3, lib/oban/worker.ex backoff/1 with lib/oban/backoff.ex: after attempt k fails the " +
			"retry is 15 + 2^min(c, 100) s later plus trunc(:rand.uniform() * 0.1 * that) whole seconds (jitter mode :inc), " +
			"where c = k while max_attempts <= 20 and round(k / max_attempts * 20) beyond, so the waits always span the same " +
			"20 steps and never pass about 13.3 days. max_attempts (default 20) counts executions: the executor discards the " +
			"job once attempt >= max_attempts. The moduledoc's \"20th attempt around 12 days after the 19th, 25 days in " +
			"total\" is twice what the code gives (about 6 and 12 days).",
		Example: `  backoffctl table oban
  backoffctl table oban --max-attempts 10 --envelope
  backoffctl table oban --max-attempts 50 --percentiles 50,99 -o csv`,
		Window: "7d",
		Params: []param.Spec{
			param.Count("max-attempts", 20, 1, "max_attempts: executions in all, including the first (Oban's default 20)"),
			param.JobDuration(),
		},
		Count:         "max-attempts",
		CountReshapes: true,
		Stream:        draw.Unseedable,
		SeedDoc: "not Oban's stream: Oban draws :rand.uniform() from the job process's own generator, which Erlang seeds " +
			"from the node, pid, time and a unique integer on first use and nothing outside can seed; --seed uses the " +
			"tool's own stream",
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.NewOban(presets.Oban{MaxAttempts: v.Int("max-attempts"), JobDuration: v.Num("job-duration"), Params: paramsOf(v)}), nil
		},
		Config: func(v *param.Values) []string {
			return append([]string{
				fmt.Sprintf("use Oban.Worker, max_attempts: %d", v.Int("max-attempts")),
				"# backoff/1 not overridden: Oban.Worker's default, 15 + 2^attempt s plus up to 10% (attempt scaled to 20 steps past max_attempts 20)",
			}, toolOnly("#", "Oban", v)...)
		},
	}
}
