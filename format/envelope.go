package format

import "github.com/backoffctl/backoffctl/schedule"

// AddEnvelope appends the envelope to a ScheduleTable: start_min/max and wait_min/max columns
// (the least and greatest start and wait of each row over all draws), rows that only some draws
// reach, and the note that says what the columns are.
func AddEnvelope(t *Table, bounds []schedule.Bounds) {
	t.Columns = append(t.Columns,
		Column{Key: "start_min_seconds", Kind: Seconds, Group: "start"},
		Column{Key: "start_max_seconds", Kind: Seconds, Group: "start"},
		Column{Key: "wait_min_seconds", Kind: Seconds, Group: "wait"},
		Column{Key: "wait_max_seconds", Kind: Seconds, Group: "wait"},
	)
	width := len(t.Columns) - 4
	t.Columns[2].Spare = 1 // the envelope asked for says more than the plain wait: keep it longer
	growRows(t, len(bounds), width)
	for i := range t.Rows {
		if i >= len(bounds) {
			t.Rows[i] = append(t.Rows[i], nullCells(4)...)
			continue
		}
		b := bounds[i]
		noWait := b.NoWait
		t.Rows[i] = append(t.Rows[i],
			Cell{Num: b.StartMin}, Cell{Num: b.StartMax},
			Cell{Num: b.WaitMin, Null: noWait}, Cell{Num: b.WaitMax, Null: noWait})
	}
	t.Notes = append(t.Notes, Message{Key: "note.envelope"})
}

// growRows adds rows up to n, for rows some draws reach and the table's own draws do not: the
// attempt number, then width-1 empty cells.
func growRows(t *Table, n, width int) {
	for i := len(t.Rows); i < n; i++ {
		t.Rows = append(t.Rows, append([]Cell{{Num: float64(i + 1)}}, nullCells(width-1)...))
	}
}

// nullCells is n empty cells.
func nullCells(n int) []Cell {
	out := make([]Cell, n)
	for i := range out {
		out[i].Null = true
	}
	return out
}
