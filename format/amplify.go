package format

import (
	"strconv"

	"github.com/backoffctl/backoffctl/schedule/amplify"
)

// AmplifySettings are amplify's inputs, shown as the table's parameters.
type AmplifySettings struct {
	Policies     []string
	FailureRates []float64
	Simulate     bool
	Run          amplify.Run
	Notes        []string // the closed forms' assumptions, one line per policy
	Wide         bool     // one row per failure rate, one work column per policy
}

// AmplifyTable is amplify's table. The long form (CSV and JSON) has one row per
// policy and failure rate; the wide form (terminal and markdown) has one row per failure rate and one work
// column per policy, like a chart of work against failure rate read as a table, with each
// policy's threshold and burst in the notes.
func AmplifyTable(s AmplifySettings, rows []amplify.Row) *Table {
	t := &Table{
		Head: []Field{{Name: "analysis", Value: "amplify"}},
		Parameters: []Field{
			{Name: "policies", Value: s.Policies},
			{Name: "failure_rates", Value: s.FailureRates},
			{Name: "simulate", Value: s.Simulate},
		},
	}
	if s.Simulate {
		t.Parameters = append(t.Parameters, Field{Name: "requests", Value: s.Run.Requests}, Field{Name: "seed", Value: s.Run.Seed})
	}
	if s.Run.Rate > 0 {
		t.Parameters = append(t.Parameters, Field{Name: "request_rate_per_second", Value: s.Run.Rate})
	}
	if s.Wide {
		amplifyWide(t, s, rows)
	} else {
		amplifyLong(t, rows)
	}
	t.Notes = append(t.Notes, Message{Key: "note.amplify.columns"})
	if s.Simulate {
		t.Notes = append(t.Notes, Message{Key: "note.amplify.simulated", Args: []any{s.Run.Requests - s.Run.Requests/2, s.Run.Requests}})
	} else {
		t.Notes = append(t.Notes, Message{Key: "note.amplify.closed_form"})
	}
	for _, n := range s.Notes {
		t.Notes = append(t.Notes, Message{Key: "note.amplify.policy", Args: []any{n}})
	}
	return t
}

func amplifyLong(t *Table, rows []amplify.Row) {
	t.Columns = []Column{
		{Key: "policy", Kind: Text, User: true},
		{Key: "failure_rate", Kind: Number},
		{Key: "work", Kind: Number},
		{Key: "success", Kind: Number},
		{Key: "threshold_x", Kind: Number},
		{Key: "burst_retries", Kind: Integer},
		{Key: "source", Kind: Text},
	}
	for _, r := range rows {
		t.Rows = append(t.Rows, []Cell{
			{Text: r.Policy},
			{Num: r.FailureRate},
			{Num: r.Work},
			{Num: r.Success},
			NumOrNull(r.Threshold, r.HasThreshold),
			NumOrNull(float64(r.Burst), r.HasBurst),
			{Text: amplifySource(r)},
		})
	}
}

func amplifySource(r amplify.Row) string {
	if r.Simulated {
		return "simulated"
	}
	return "closed-form"
}

// amplifyWide lays the rows out with one row per failure rate.
func amplifyWide(t *Table, s AmplifySettings, rows []amplify.Row) {
	t.Columns = []Column{{Key: "failure_rate", Kind: Number}}
	n := len(s.FailureRates)
	for i := 0; i*n < len(rows); i++ {
		r := rows[i*n]
		t.Columns = append(t.Columns, Column{Key: "work_" + strconv.Itoa(i+1), Kind: Number, Title: r.Policy, User: true})
		if !r.HasThreshold && !r.HasBurst && !r.Simulated {
			continue
		}
		x, burst := "-", "-"
		if r.HasThreshold {
			x = strconv.FormatFloat(r.Threshold, 'f', 4, 64)
		}
		if r.HasBurst {
			burst = strconv.Itoa(r.Burst)
		}
		t.Notes = append(t.Notes, Message{Key: "note.amplify.wide_policy", Args: []any{r.Policy, x, burst, amplifySource(r)}})
	}
	for j, x := range s.FailureRates {
		row := []Cell{{Num: x}}
		for i := 0; i*n < len(rows); i++ {
			row = append(row, Cell{Num: rows[i*n+j].Work})
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append([]Message{{Key: "note.amplify.wide"}}, t.Notes...)
}
