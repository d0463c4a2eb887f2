package format

import (
	"github.com/backoffctl/backoffctl/schedule"
)

// ScheduleTable is a strategy's computed rows as a table: attempt, start_seconds and
// wait_seconds, then the strategy's own columns; its parameters followed by draws (how the rows
// were drawn) in the parameters, its notes on the rows in the notes. AddEnvelope and
// AddPercentiles add columns to it.
func ScheduleTable(s schedule.Strategy, rows []schedule.Row, draws []Field) *Table {
	extra := s.Columns()
	t := &Table{
		Head: []Field{{Name: "strategy", Value: s.Name()}},
		Columns: append([]Column{
			{Key: "attempt", Kind: Integer},
			{Key: "start_seconds", Kind: Seconds, Group: "start"},
			{Key: "wait_seconds", Kind: Seconds, Group: "wait"},
		}, extraColumns(extra)...),
		Rows: make([][]Cell, len(rows)),
	}
	t.Parameters = append(ParamFields(s), draws...)
	for i, r := range rows {
		cells := make([]Cell, 3, 3+len(extra))
		cells[0] = Cell{Num: float64(r.Attempt)}
		cells[1] = Cell{Num: r.Start}
		cells[2] = Cell{Num: r.Wait, Null: !r.HasWait}
		for j := range extra {
			v := r.Extra[j]
			cells = append(cells, Cell{Num: v.Num, Text: v.Text, Null: v.Null})
		}
		t.Rows[i] = cells
	}
	t.Notes = Messages(s.Notes(rows))
	return t
}

// ParamFields lists a strategy's parameters for the JSON parameters object.
func ParamFields(s schedule.Strategy) []Field {
	var out []Field
	for _, p := range s.Params() {
		out = append(out, Field{Name: p.Name, Value: p.Value})
	}
	return out
}

// extraColumns are a strategy's own columns, each left out first when a table does not fit.
func extraColumns(cols []schedule.Column) []Column {
	out := make([]Column, len(cols))
	for i, c := range cols {
		kind := Number
		switch c.Kind {
		case schedule.Seconds:
			kind = Seconds
		case schedule.Count:
			kind = Integer
		case schedule.Text:
			kind = Text
		}
		out[i] = Column{Key: c.Key, Kind: kind, Spare: 2} // a strategy's own column: left out first
	}
	return out
}

// Messages converts a strategy's notes; schedule.Duration arguments become human durations.
func Messages(notes []schedule.Note) []Message {
	out := make([]Message, len(notes))
	for i, n := range notes {
		args := make([]any, len(n.Args))
		for j, a := range n.Args {
			if s, ok := a.(schedule.Duration); ok {
				a = Duration(s)
			}
			args[j] = a
		}
		out[i] = Message{Key: n.Key, Args: args}
	}
	return out
}
