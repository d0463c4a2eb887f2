package analyze

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// Summary condenses one schedule into what check asserts on and compare prints under its rows:
// when the last attempt starts, the longest and the first wait, and how many attempts start within
// an hour and within a day. A view's summary sets every field; the summary of a sampled
// percentile (Evaluation.Summary) sets Last, MaxWait and FirstWait only.
type Summary struct {
	Last      float64 // the start of the last row
	MaxWait   float64 // the longest wait; 0 when no row has one (see Waits)
	FirstWait float64 // the wait after attempt 1; 0 when it has none
	// Waits counts the rows with a wait, so a reader can tell "no wait at all" from a wait of 0.
	Waits int
	// Within1h and Within1d count the attempts that start no later than 3600 s and 86400 s after
	// attempt 1.
	Within1h, Within1d int
	// Attempts is the schedule's rows (at the draws; with sampling, at u = 0.5).
	Attempts int
}

// Seconds in the summary's two windows.
const (
	hour = 3600
	day  = 86400
)

// Summary reads a view's rows.
func (v View) Summary() Summary {
	var s Summary
	maxWait, firstWait := math.Inf(-1), math.NaN()
	for i, w := range v.Waits {
		if math.IsNaN(w) {
			continue
		}
		if i == 0 {
			firstWait = w
		}
		maxWait = math.Max(maxWait, w)
		s.Waits++
	}
	if math.IsInf(maxWait, -1) {
		maxWait = 0
	}
	if math.IsNaN(firstWait) {
		firstWait = 0
	}
	for _, start := range v.Starts {
		if start <= hour {
			s.Within1h++
		}
		if start <= day {
			s.Within1d++
		}
	}
	if len(v.Starts) > 0 {
		s.Last = v.Last()
	}
	s.MaxWait, s.FirstWait = maxWait, firstWait
	s.Attempts = len(v.Starts)
	return s
}

// Summary evaluates s for check. At the draws (or the envelope) it is the view's summary; at a
// percentile it is the percentile of each sampled schedule's own summary: "max-window 21d at p99"
// asks that 99% of schedules start their last attempt within 21 days, whichever row that is. (The
// percentile of the last row's start would miss schedules that end sooner, when the row count
// depends on the draws, and the greatest of each row's percentile wait is not the percentile of a
// schedule's longest wait.)
func (e Evaluation) Summary(def strategy.Def, s schedule.Strategy) (Summary, error) {
	if !e.Sampling() {
		v, err := e.View(def, s)
		if err != nil {
			return Summary{}, err
		}
		return v.Summary(), nil
	}
	// Each sampled summary walks the whole schedule, two rows are kept: the walk is the work to
	// count, before any is sampled.
	walked := float64(float64(e.Samples) * float64(len(s.Fill(draw.Fixed(0.5), nil))))
	if walked > MaxSampledRows {
		return Summary{}, param.BadInput("--samples %d x %d rows is %.3g sampled rows, past the cap of %.0e: lower --samples or the attempts",
			e.Samples, len(s.Fill(draw.Fixed(0.5), nil)), walked, MaxSampledRows)
	}
	if err := e.Budget.charge(walked); err != nil {
		return Summary{}, err
	}
	q, err := Percentiles(summarised{s}, e.Samples, e.Draws.Seed, []float64{e.Percentile}, e.Watch, e.Budget)
	if err != nil {
		return Summary{}, err
	}
	return Summary{Last: q.Start[0][0], MaxWait: q.Wait[0][0], FirstWait: q.Start[1][0], Attempts: len(s.Fill(draw.Fixed(0.5), nil))}, nil
}

// summarised is a strategy whose "schedule" is another's summary, so the sampler can take its
// percentiles: row 1 starts at the last start and waits the longest wait, row 2 starts at the
// first wait. A schedule without waits has a longest and a first wait of 0, as check reads it.
type summarised struct{ schedule.Strategy }

// Fill walks the strategy and condenses its rows in the same storage.
func (s summarised) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	rows = s.Strategy.Fill(d, rows)
	last, maxWait, firstWait := rows[len(rows)-1].Start, 0.0, 0.0
	for i, r := range rows {
		if !r.HasWait {
			continue
		}
		if i == 0 {
			firstWait = r.Wait
		}
		maxWait = math.Max(maxWait, r.Wait)
	}
	for len(rows) < 2 {
		rows = append(rows, schedule.Row{})
	}
	rows = rows[:2]
	rows[0] = schedule.Row{Attempt: 1, Start: last, Wait: maxWait, HasWait: true}
	rows[1] = schedule.Row{Attempt: 2, Start: firstWait}
	return rows
}
