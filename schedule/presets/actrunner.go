package presets

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
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
func (a ActRunner) Params() []schedule.Param {
	base, maxI := a.Intervals()
	return []schedule.Param{{Name: "fetch_interval_seconds", Value: base.Seconds()}, {Name: "fetch_interval_max_seconds", Value: maxI.Seconds()}, {Name: "polls", Value: a.Polls}}
}

// Columns adds interval_seconds (I(n) before jitter) and consecutive_empty (n).
func (a ActRunner) Columns() []schedule.Column {
	return []schedule.Column{{Key: "interval_seconds", Kind: schedule.Seconds}, {Key: "consecutive_empty", Kind: schedule.Count}}
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
func ActRunnerJitter(d schedule.Draws, interval time.Duration) time.Duration {
	if interval <= 0 {
		return interval
	}
	jitterRange := int64(interval) * 2 / 5
	if jitterRange <= 0 {
		return interval
	}
	return interval + time.Duration(d.Intn(jitterRange)-jitterRange/2)
}

// Fill walks the idle poller (WriteColumns), with each poll's interval before jitter and its
// count of consecutive empty responses.
func (a ActRunner) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	rows = schedule.FillFromColumns(a, d, rows)
	base, maxI := a.Intervals()
	for i := range rows {
		k := int64(i + 1)
		rows[i].Extra[0] = schedule.Num(ActRunnerInterval(base, maxI, k).Seconds())
		rows[i].Extra[1] = schedule.Num(float64(k))
	}
	return rows
}

// WriteColumns is the idle poller (see ColumnWriter): poll k comes back empty, so
// consecutive_empty is k, and the poller sleeps jitter(I(k)) before poll k+1. A FetchTask that
// times out counts as empty too; the fetch itself is taken to answer at once.
func (a ActRunner) WriteColumns(d schedule.Draws, vals []float64, rows int, raw bool) []float64 {
	base, maxI := a.Intervals()
	var clock schedule.StartSum
	for k := 1; k <= min(a.Polls, rows); k++ {
		vals = schedule.AppendRow(vals, clock, raw)
		if k < a.Polls {
			sleep := ActRunnerJitter(d, ActRunnerInterval(base, maxI, int64(k))).Seconds()
			vals[len(vals)-1] = sleep
			clock = clock.Plus(sleep)
		}
	}
	return vals
}

// RawStarts is always true: the effective fetch interval is positive and the jitter takes at most
// a fifth of it away, so every sleep is positive.
func (a ActRunner) RawStarts() bool { return true }

// Notes gives the plateau and says when the configured max cannot be reached or was adjusted.
func (a ActRunner) Notes(rows []schedule.Row) []schedule.Note {
	base, maxI := a.Intervals()
	plateau := ActRunnerInterval(base, maxI, 6)
	notes := []schedule.Note{{Key: "note.actrunner.plateau", Args: []any{schedule.Duration(plateau.Seconds()), schedule.Duration(plateau.Seconds() * 0.8), schedule.Duration(plateau.Seconds() * 1.2)}}}
	if maxI > 32*base {
		notes = append(notes, schedule.Note{Key: "note.actrunner.unreachable", Args: []any{schedule.Duration(maxI.Seconds()), schedule.Duration((32 * base).Seconds())}})
	}
	if a.FetchInterval <= 0 || a.FetchIntervalMax <= 0 {
		notes = append(notes, schedule.Note{Key: "note.actrunner.default"})
	}
	if param.Dur(a.FetchIntervalMax) > 0 && param.Dur(a.FetchIntervalMax) < base {
		notes = append(notes, schedule.Note{Key: "note.actrunner.raised", Args: []any{schedule.Duration(base.Seconds())}})
	}
	return notes
}
