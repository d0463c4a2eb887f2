package cmd

import (
	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
)

// scheduleTable turns computed rows into the format model: attempt, start_seconds and wait_seconds,
// then the strategy's own columns.
func scheduleTable(s schedule.Strategy, rows []schedule.Row, draws []format.Field) *format.Table {
	extra := s.Columns()
	t := &format.Table{
		Head: []format.Field{{Name: "strategy", Value: s.Name()}},
		Columns: append([]format.Column{
			{Key: "attempt", Kind: format.Integer},
			{Key: "start_seconds", Kind: format.Seconds},
			{Key: "wait_seconds", Kind: format.Seconds},
		}, extraColumns(extra)...),
		Rows: make([][]format.Cell, len(rows)),
	}
	t.Parameters = append(paramFields(s), draws...)
	for i, r := range rows {
		cells := make([]format.Cell, 3, 3+len(extra))
		cells[0] = format.Cell{Num: float64(r.Attempt)}
		cells[1] = format.Cell{Num: r.Start}
		cells[2] = format.Cell{Num: r.Wait, Null: !r.HasWait}
		for j := range extra {
			v := r.Extra[j]
			cells = append(cells, format.Cell{Num: v.Num, Text: v.Text, Null: v.Null})
		}
		t.Rows[i] = cells
	}
	t.Notes = messages(s.Notes(rows))
	return t
}

// paramFields lists a strategy's parameters for the JSON parameters object.
func paramFields(s schedule.Strategy) []format.Field {
	var out []format.Field
	for _, p := range s.Params() {
		out = append(out, format.Field{Name: p.Name, Value: p.Value})
	}
	return out
}

func extraColumns(cols []schedule.Column) []format.Column {
	out := make([]format.Column, len(cols))
	for i, c := range cols {
		kind := format.Number
		switch c.Kind {
		case schedule.Seconds:
			kind = format.Seconds
		case schedule.Count:
			kind = format.Integer
		case schedule.Text:
			kind = format.Text
		}
		out[i] = format.Column{Key: c.Key, Kind: kind, Spare: 2} // a strategy's own column: left out first
	}
	return out
}

// messages converts schedule notes; schedule.Duration arguments become human durations.
func messages(notes []schedule.Note) []format.Message {
	out := make([]format.Message, len(notes))
	for i, n := range notes {
		args := make([]any, len(n.Args))
		for j, a := range n.Args {
			if s, ok := a.(schedule.Duration); ok {
				a = format.Duration(s)
			}
			args[j] = a
		}
		out[i] = format.Message{Key: n.Key, Args: args}
	}
	return out
}
