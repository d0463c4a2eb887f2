package format

import (
	"math"
	"strconv"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

// BudgetTrace is budget trace's result: the rule, the script's settings and one row per attempt.
type BudgetTrace struct {
	Spec, Source string
	Throttle     bool
	Script       string
	Requests     int
	MaxAttempts  int
	Times        string
	Rows         []budget.TraceRow
	StateNames   []string // the rule's Observer columns; nil for rules without
	Rule         BudgetRule
}

// BudgetRule is what a rule implies before anything runs: its burst and threshold for requests
// of MaxAttempts attempts.
type BudgetRule struct {
	Spec, Source string
	Throttle     bool
	MaxAttempts  int
	Burst        int
	BurstCapped  bool
	Threshold    float64
	HasThreshold bool
}

// BudgetTraceTable is budget trace's table: request, attempt, outcome, decision, tokens_after,
// and for a rule with a rate limiter the send time, the delay and the limiter's state.
func BudgetTraceTable(tr BudgetTrace) *Table {
	kind := "budget"
	if tr.Throttle {
		kind = "throttle"
	}
	t := &Table{
		Head: []Field{{Name: kind, Value: tr.Spec}, {Name: "source", Value: tr.Source}},
		Parameters: []Field{
			{Name: "script", Value: tr.Script}, {Name: "requests", Value: tr.Requests},
			{Name: "max_attempts", Value: tr.MaxAttempts}, {Name: "times", Value: tr.Times},
		},
		Columns: []Column{
			{Key: "request", Kind: Integer},
			{Key: "attempt", Kind: Integer},
			{Key: "outcome", Kind: Text},
			{Key: "decision", Kind: Text},
			{Key: "tokens_after", Kind: Number},
		},
	}
	limiter := tr.StateNames != nil
	if limiter {
		t.Columns = append(t.Columns, Column{Key: "sent_seconds", Kind: Number}, Column{Key: "delay_seconds", Kind: Number})
		for _, name := range tr.StateNames {
			k := Number
			if name == "limiter_enabled" {
				k = Bool
			}
			t.Columns = append(t.Columns, Column{Key: name, Kind: k, Group: "limiter"})
		}
	}
	for _, r := range tr.Rows {
		outcome := r.Outcome.String()
		if r.Rejected {
			outcome = "rejected"
		}
		row := []Cell{
			{Num: float64(r.Request)}, {Num: float64(r.Attempt)}, {Text: outcome}, {Text: string(r.Decision)},
			NumOrNull(r.Level, !math.IsNaN(r.Level)),
		}
		if limiter {
			row = append(row, Cell{Num: r.Sent}, Cell{Num: r.Delay})
			for _, v := range r.State {
				row = append(row, NumOrNull(v, !math.IsNaN(v)))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(BudgetNotes(tr.Rule), Message{Key: "note.budget.script"})
	return t
}

// BudgetNotes are the notes that name a rule: its canonical spec and source, the retries it
// grants from a full state under total failure, and its threshold x* where one exists in closed
// form.
func BudgetNotes(r BudgetRule) []Message {
	kind := "--budget"
	if r.Throttle {
		kind = "--throttle"
	}
	notes := []Message{{Key: "note.budget.source", Args: []any{kind, r.Spec, r.Source}}}
	switch {
	case r.MaxAttempts < 2:
		notes = append(notes, Message{Key: "note.budget.no_retries"})
	case r.BurstCapped:
		notes = append(notes, Message{Key: "note.budget.burst_capped", Args: []any{r.MaxAttempts, r.Burst}})
	default:
		notes = append(notes, Message{Key: "note.budget.burst", Args: []any{r.MaxAttempts, r.Burst}})
	}
	if r.HasThreshold {
		notes = append(notes, Message{Key: "note.budget.threshold", Args: []any{strconv.FormatFloat(r.Threshold, 'g', 6, 64), r.MaxAttempts}})
	}
	return notes
}

// BudgetScopeNote says what --budget-scope means for the table: "client" or "fleet".
func BudgetScopeNote(scope string) Message {
	if scope == "fleet" {
		return Message{Key: "note.budget.scope_fleet"}
	}
	return Message{Key: "note.budget.scope_client"}
}
