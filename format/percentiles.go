package format

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
)

// AddPercentiles appends sampled percentiles to a ScheduleTable: start_pN_seconds, then
// wait_pN_seconds, per percentile, rows that only some samples reach, and the fraction of samples
// that reach each row when not all reach every row. seededRows says the table's own rows are the
// schedule the sampler's seed draws, which the note then says.
func AddPercentiles(t *Table, q schedule.Quantiles, seededRows bool) {
	for _, p := range q.Percents {
		t.Columns = append(t.Columns, Column{Key: "start_p" + analyze.PercentileName(p) + "_seconds", Kind: Seconds, Group: "start"})
	}
	for _, p := range q.Percents {
		t.Columns = append(t.Columns, Column{Key: "wait_p" + analyze.PercentileName(p) + "_seconds", Kind: Seconds, Group: "wait"})
	}
	width := len(t.Columns) - 2*len(q.Percents)
	growRows(t, len(q.Start), width)
	for i := range t.Rows {
		if i >= len(q.Start) {
			t.Rows[i] = append(t.Rows[i], nullCells(2*len(q.Percents))...)
			continue
		}
		for j := range q.Percents {
			v := q.Start[i][j]
			t.Rows[i] = append(t.Rows[i], Cell{Num: v, Null: math.IsNaN(v) && q.Reached[i] < 1})
		}
		for j := range q.Percents {
			// NaN where no sampled schedule has a wait on this row (the last row).
			v := q.Wait[i][j]
			t.Rows[i] = append(t.Rows[i], Cell{Num: v, Null: math.IsNaN(v)})
		}
	}
	if seededRows {
		t.Notes = append(t.Notes, Message{Key: "note.percentiles.seeded"})
	} else {
		t.Notes = append(t.Notes, Message{Key: "note.percentiles"})
	}
	if !q.AllReach() {
		addReached(t, q.Reached)
	}
}

// addReached appends the fraction of sampled schedules that reach each row, and a note saying how
// many rows not every sample reaches: with an elapsed-time limit, larger draws end sooner.
func addReached(t *Table, reached []float64) {
	t.Columns = append(t.Columns, Column{Key: "reached", Kind: Number})
	short := 0
	for i := range t.Rows {
		r := 0.0
		if i < len(reached) {
			r = reached[i]
		}
		if r < 1 {
			short++
		}
		t.Rows[i] = append(t.Rows[i], Cell{Num: r})
	}
	t.Notes = append(t.Notes, Message{Key: "note.percentiles.reached", Args: []any{short, len(t.Rows)}})
}
