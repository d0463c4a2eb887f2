package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// maxAcceptTimeout bounds --accept-timeout so an unlimited GitLab schedule stays under the row cap.
const maxAcceptTimeout = 30 * 24 * time.Hour

func gitlab() Def {
	return Def{
		Name:    "gitlab",
		Group:   Seed,
		Summary: "GitLab Ci::Runner::Backoff: the runner's final-state update schedule",
		Library: "GitLab",
		Brief:   "runner job-state updates",
		Source: "gitlab-org/gitlab lib/gitlab/ci/runner/backoff.rb: backoff = 2^min(slot, 6) s with " +
			"slot = floor(log2 ceil(elapsed)) - 1 (0 below 2 s), sent in X-GitLab-Trace-Update-Interval while " +
			"PUT /api/v4/jobs/:id answers 202; after ACCEPT_TIMEOUT (5 min) the state is applied (200).",
		Example: `  backoffctl table gitlab
  backoffctl table gitlab --request-latency 500ms
  backoffctl table gitlab --accept-timeout 10m -o csv`,
		Window: "4m",
		Params: []param.Spec{
			param.Wait("request-latency", 0, 0, time.Hour, "time from sending a request to the server's answer"),
			param.Wait("accept-timeout", 5*time.Minute, 0, maxAcceptTimeout, "age at which the server applies the pending state"),
			param.Count("requests", 0, 0, "stop after this many requests (0: until the state is applied)"),
		},
		Count:  "requests",
		Stream: draw.None,
		Config: gitlabConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.GitLab{RequestLatency: v.Num("request-latency"), AcceptTimeout: v.Num("accept-timeout"), Requests: v.Int("requests")}, nil
		},
	}
}

func gitlabConfig(v *param.Values) []string {
	accept := "ACCEPT_TIMEOUT = 5.minutes (not a setting)"
	if v.Num("accept-timeout") != 300 {
		accept = "ACCEPT_TIMEOUT = " + param.FormatNumber(v.Num("accept-timeout")) + ".seconds (patched: GitLab has 5.minutes)"
	}
	return []string{
		"Ci::UpdateBuildStateService::" + accept,
		"# the runner waits X-GitLab-Trace-Update-Interval (Gitlab::Ci::Runner::Backoff); no runner setting",
	}
}
