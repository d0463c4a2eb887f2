package presets

import (
	"math"
	"math/bits"

	"github.com/backoffctl/backoffctl/schedule"
)

// GitLab is the schedule of an obedient GitLab runner sending its final job state while the
// server answers 202 (Accepted, not yet applied). Source: gitlab-org/gitlab
// lib/gitlab/ci/runner/backoff.rb (Gitlab::Ci::Runner::Backoff) and the PUT /api/v4/jobs/:id
// handler, which puts the backoff in the X-GitLab-Trace-Update-Interval header.
//
//	duration = (Time.current - started).ceil   # whole seconds; negative raises
//	slot     = duration < 2 ? 0 : floor(log2(duration)) - 1
//	backoff  = 2 ** [slot, 6].min
//
// started is when the server saw the first request. Once the pending state is older than the
// accept timeout (5 minutes), the server applies it and answers 200: no more waits. Request k is
// sent at start(k), reaches the server L seconds later, and the runner waits the backoff after the
// answer, so start(k+1) = start(k) + L + backoff(k). Times are kept in integer nanoseconds so
// ceil never sees a float rounding error.
type GitLab struct {
	RequestLatency float64 // seconds from sending a request to the server's answer
	AcceptTimeout  float64 // seconds; Ci::UpdateBuildStateService's ACCEPT_TIMEOUT (5 minutes)
	Requests       int     // stop after this many requests (0: until the state is applied)
}

// gitlabMaxRequests bounds an unlimited schedule; with a 64 s cap and a timeout of at most a year
// a schedule never gets near it.
const gitlabMaxRequests = schedule.MaxAttempts

// Name returns "gitlab".
func (g GitLab) Name() string { return "gitlab" }

// Params lists request_latency_seconds, accept_timeout_seconds and requests.
func (g GitLab) Params() []schedule.Param {
	return []schedule.Param{{Name: "request_latency_seconds", Value: g.RequestLatency}, {Name: "accept_timeout_seconds", Value: g.AcceptTimeout}, {Name: "requests", Value: g.Requests}}
}

// Columns adds duration (the server's whole seconds since the first request) and slot.
func (g GitLab) Columns() []schedule.Column {
	return []schedule.Column{{Key: "duration", Kind: schedule.Count}, {Key: "slot", Kind: schedule.Count}}
}

// GitLabSlot is Backoff#slot for a duration in whole seconds: floor(log2 d) - 1 from the bit
// length, uncapped (the cap applies to the backoff).
func GitLabSlot(duration int64) int64 {
	if duration < 2 {
		return 0
	}
	return int64(bits.Len64(uint64(duration))) - 2
}

// GitLabBackoff is Backoff#to_seconds: 2^min(slot, 6).
func GitLabBackoff(duration int64) int64 {
	return int64(1) << min(GitLabSlot(duration), 6)
}

// Fill walks the requests until the state is applied or the request limit is reached. It draws
// nothing: GitLab's backoff has no jitter.
func (g GitLab) Fill(_ schedule.Draws, rows []schedule.Row) []schedule.Row {
	rows = rows[:0]
	const ns = int64(1e9)
	latency := int64(math.Round(g.RequestLatency * 1e9))
	timeout := int64(math.Round(g.AcceptTimeout * 1e9))
	limit := g.Requests
	if limit <= 0 || limit > gitlabMaxRequests {
		limit = gitlabMaxRequests
	}
	var start int64 // runner time of request k, ns
	for k := 1; k <= limit; k++ {
		elapsed := start // server time of request k minus server time of request 1
		duration := (elapsed + ns - 1) / ns
		r := schedule.Row{Attempt: k, Start: float64(start) / 1e9}
		r.Extra[0] = schedule.Num(float64(duration))
		if elapsed > timeout {
			r.Extra[1] = schedule.Null
			rows = schedule.AddRow(rows, r)
			break
		}
		backoff := GitLabBackoff(duration)
		r.Extra[1] = schedule.Num(float64(GitLabSlot(duration)))
		if k < limit {
			r.Wait = float64(backoff)
			r.HasWait = true
		}
		rows = schedule.AddRow(rows, r)
		start += latency + backoff*ns
	}
	return rows
}

// Notes says whether the state was applied or the request limit cut the schedule.
func (g GitLab) Notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	if last.Extra[1].Null {
		return []schedule.Note{{Key: "note.gitlab.applied", Args: []any{last.Attempt, schedule.Duration(last.Start), schedule.Duration(g.AcceptTimeout)}}}
	}
	return []schedule.Note{{Key: "note.gitlab.limit", Args: []any{last.Attempt}}}
}
