package analyze

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

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
	q, err := Percentiles(summarised{s}, e.Samples, e.Draws.Seed, []float64{e.Percentile}, e.Watch, e.Budget)
	if err != nil {
		return Summary{}, err
	}
	return Summary{Last: q.Start[0][0], MaxWait: q.Wait[0][0], FirstWait: q.Start[1][0]}, nil
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
