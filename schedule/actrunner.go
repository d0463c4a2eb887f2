package schedule

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// ActRunner is one idle Gitea act_runner poller. Source: gitea/act_runner
// internal/app/poll/poller.go (calculateInterval and addJitter since #819, one poller per runner
// since #822) and internal/pkg/config (defaults).
//
// After the n-th consecutive empty (or failed) FetchTask the poller sleeps
//
//	I(n) = base                                     for n <= 1
//	I(n) = min(base * 2^min(n-1, 5), max)           otherwise
//
// The shift stops at 5, so the multiplier stops at 32 and a max above 32*base is never reached.
// Jitter comes after the cap, so a sleep can exceed max by 20%: with R = int64(I)*2/5 ns,
// sleep = I + rand.Int64N(R) - R/2 (no jitter when R <= 0, i.e. I <= 2 ns). A fetch_interval or
// fetch_interval_max of 0 or less means the default, and a max below the interval is raised to
// the interval.
type ActRunner struct {
	FetchInterval    float64 // seconds; default 2s
	FetchIntervalMax float64 // seconds; default 5s since v0.6.1 (60s in v0.4.0-v0.6.0)
	Polls            int
}

// Defaults of act_runner's config.
const (
	ActRunnerFetchInterval    = 2 * time.Second
	ActRunnerFetchIntervalMax = 5 * time.Second
)

// Name returns "actrunner".
func (a ActRunner) Name() string { return "actrunner" }

// Params lists the effective intervals and polls.
func (a ActRunner) Params() []Param {
	base, maxI := a.Intervals()
	return []Param{{"fetch_interval_seconds", base.Seconds()}, {"fetch_interval_max_seconds", maxI.Seconds()}, {"polls", a.Polls}}
}

// Columns adds interval_seconds (I(n) before jitter) and consecutive_empty (n).
func (a ActRunner) Columns() []Column {
	return []Column{{Key: "interval_seconds", Kind: Seconds}, {Key: "consecutive_empty", Kind: Count}}
}

// Intervals applies the config rules: <= 0 means the default; max is at least the interval.
func (a ActRunner) Intervals() (base, maxI time.Duration) {
	base = param.Dur(a.FetchInterval)
	if base <= 0 {
		base = ActRunnerFetchInterval
	}
	maxI = param.Dur(a.FetchIntervalMax)
	if maxI <= 0 {
		maxI = ActRunnerFetchIntervalMax
	}
	return base, max(maxI, base)
}

// ActRunnerInterval is calculateInterval for n consecutive empty responses.
func ActRunnerInterval(base, maxI time.Duration, n int64) time.Duration {
	if n <= 1 {
		return base
	}
	shift := min(n-1, 5)
	if base > maxI>>shift { // base * 2^shift > max (checked without overflowing)
		return maxI
	}
	return base << shift
}

// ActRunnerJitter is addJitter with the draw floor(u*R).
func ActRunnerJitter(d Draws, interval time.Duration) time.Duration {
	if interval <= 0 {
		return interval
	}
	jitterRange := int64(interval) * 2 / 5
	if jitterRange <= 0 {
		return interval
	}
	return interval + time.Duration(d.Intn(jitterRange)-jitterRange/2)
}

// Fill walks the idle poller: poll k comes back empty, so consecutive_empty is k, and the poller
// sleeps jitter(I(k)) before poll k+1. A FetchTask that times out counts as empty too; the fetch
// itself is taken to answer at once.
func (a ActRunner) Fill(d Draws, rows []Row) []Row {
	rows = ReserveRows(rows, max(a.Polls, 0))
	base, maxI := a.Intervals()
	var clock StartSum
	for k := 1; k <= a.Polls; k++ {
		interval := ActRunnerInterval(base, maxI, int64(k))
		r := Row{Attempt: k, Start: clock.Now()}
		r.Extra[0] = Num(interval.Seconds())
		r.Extra[1] = Num(float64(k))
		if k < a.Polls {
			sleep := ActRunnerJitter(d, interval)
			r.Wait = sleep.Seconds()
			r.HasWait = true
			clock.Add(r.Wait)
		}
		rows = AppendRow(rows, r)
	}
	return rows
}

// Notes gives the plateau and says when the configured max cannot be reached or was adjusted.
func (a ActRunner) Notes(rows []Row) []Note {
	base, maxI := a.Intervals()
	plateau := ActRunnerInterval(base, maxI, 6)
	notes := []Note{{Key: "note.actrunner.plateau", Args: []any{Duration(plateau.Seconds()), Duration(plateau.Seconds() * 0.8), Duration(plateau.Seconds() * 1.2)}}}
	if maxI > 32*base {
		notes = append(notes, Note{Key: "note.actrunner.unreachable", Args: []any{Duration(maxI.Seconds()), Duration((32 * base).Seconds())}})
	}
	if a.FetchInterval <= 0 || a.FetchIntervalMax <= 0 {
		notes = append(notes, Note{Key: "note.actrunner.default"})
	}
	if param.Dur(a.FetchIntervalMax) > 0 && param.Dur(a.FetchIntervalMax) < base {
		notes = append(notes, Note{Key: "note.actrunner.raised", Args: []any{Duration(base.Seconds())}})
	}
	return notes
}
