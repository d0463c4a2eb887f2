package format

import (
	"math"
	"strconv"

	"github.com/backoffctl/backoffctl/schedule/sim"
)

// HerdTable is simulate herd's table: one row per time bucket (t_seconds, then the counts, the
// attempts in flight and the mean budget level; with --percentiles a <column>_pNN column after
// each), the summary, and notes with the model's closed forms. strategy is the spec as given.
func HerdTable(cfg sim.HerdConfig, res sim.HerdResult, strategy string) *Table {
	t := &Table{
		Head:         []Field{{Name: "simulation", Value: "herd"}},
		Parameters:   herdParameters(cfg, strategy),
		SummaryTable: true,
	}
	t.Columns = append(t.Columns, Column{Key: "t_seconds", Kind: Seconds})
	unused := herdUnusedColumns(cfg)
	for _, name := range sim.HerdColumnNames {
		off := unused[name]
		t.Columns = append(t.Columns, Column{Key: name, Kind: Number, Group: name, Machine: off})
		for _, p := range cfg.Percentiles {
			t.Columns = append(t.Columns, Column{Key: name + "_p" + strconv.FormatFloat(p, 'f', -1, 64), Kind: Number, Group: name, Spare: 1, Machine: off})
		}
	}
	for b, row := range res.Rows {
		cells := []Cell{{Num: float64(b) * cfg.Bucket}}
		for c := range row {
			cells = append(cells, herdCell(row[c]))
			for i := range cfg.Percentiles {
				cells = append(cells, herdCell(res.Quantiles[i][b][c]))
			}
		}
		t.Rows = append(t.Rows, cells)
	}
	s := res.Summary
	var recover, burst any
	if s.Recovered {
		recover = Duration(s.TimeToRecover)
	}
	if s.BurstRetries >= 0 {
		burst = s.BurstRetries
	}
	t.Summary = []Field{
		{Name: "total_calls", Value: s.TotalCalls},
		{Name: "logical_requests", Value: s.LogicalRequests},
		{Name: "work", Value: s.Work},
		{Name: "success_rate", Value: s.SuccessRate},
		{Name: "peak_load_multiplier", Value: s.PeakLoadMultiplier},
		{Name: "mean_load_multiplier", Value: s.MeanLoadMultiplier},
		{Name: "completion_seconds", Value: Duration(s.CompletionSeconds)},
		{Name: "time_to_recover_seconds", Value: recover},
		{Name: "recovered", Value: s.Recovered},
		{Name: "collapsed_runs", Value: s.CollapsedRuns},
		{Name: "burst_retries", Value: burst},
	}
	t.Notes = herdNotes(cfg, res)
	return t
}

// herdUnusedColumns are the columns of what the command line did not ask for: timeouts without
// --timeout, the budget's refusals without --budget, throttled without --throttle, the level
// without either.
// They stay in CSV and JSON (every column, always); the terminal and markdown leave them out.
func herdUnusedColumns(cfg sim.HerdConfig) map[string]bool {
	return map[string]bool{
		"timeouts":      cfg.Timeout == 0,
		"budget_denied": cfg.Budget == nil,
		"throttled":     cfg.Throttle == nil,
		"tokens":        cfg.Budget == nil && cfg.Throttle == nil,
	}
}

func herdCell(v float64) Cell {
	if math.IsNaN(v) {
		return Cell{Null: true}
	}
	return Cell{Num: v}
}

func herdParameters(cfg sim.HerdConfig, strategy string) []Field {
	var budget, throttle, think any
	if cfg.Budget != nil {
		budget = cfg.Budget.Spec()
	}
	if cfg.Throttle != nil {
		throttle = cfg.Throttle.Spec()
	}
	if cfg.Repeat {
		think = cfg.Think
	}
	scope := "client"
	if cfg.FleetScope {
		scope = "fleet"
	}
	var timeout any
	if cfg.Timeout > 0 {
		timeout = cfg.Timeout
	}
	return []Field{
		{Name: "clients", Value: cfg.Clients}, {Name: "mode", Value: cfg.Mode.String()},
		{Name: "load", Value: cfg.Load.String()}, {Name: "think_seconds", Value: think},
		{Name: "strategy", Value: strategy}, {Name: "network", Value: cfg.Network.String()},
		{Name: "server", Value: cfg.Server.String()}, {Name: "service_seconds", Value: cfg.Service},
		{Name: "timeout_seconds", Value: timeout}, {Name: "budget", Value: budget},
		{Name: "throttle", Value: throttle}, {Name: "budget_scope", Value: scope},
		{Name: "bucket_seconds", Value: cfg.Bucket}, {Name: "duration_seconds", Value: cfg.Duration},
		{Name: "runs", Value: cfg.Runs}, {Name: "seed", Value: cfg.Seed},
		{Name: "recover_window", Value: cfg.RecoverWindow},
	}
}

// herdNotes say how to read the rows, the closed forms that hold, and what stopped a run early.
func herdNotes(cfg sim.HerdConfig, res sim.HerdResult) []Message {
	notes := []Message{{Key: "note.herd.model"}}
	if cfg.Timeout == 0 || cfg.Budget == nil || cfg.Throttle == nil {
		notes = append(notes, Message{Key: "note.herd.unused"})
	}
	if cfg.Server.Kind == sim.ServerOCC {
		notes = append(notes, Message{Key: "note.herd.occ"})
	}
	if res.ClosedForm {
		x, n := cfg.Server.FailRate, res.Attempts-1
		w, s := sim.FailClosedForm(x, n)
		notes = append(notes, Message{Key: "note.herd.closed_form", Args: []any{
			strconv.FormatFloat(x, 'f', -1, 64), n, n + 1, n + 1, shortNumber(w), shortNumber(s),
			shortNumber(res.Summary.Work), shortNumber(res.Summary.SuccessRate)}})
	}
	if cfg.Runs > 1 {
		notes = append(notes, Message{Key: "note.herd.runs", Args: []any{cfg.Runs}})
	}
	if res.Summary.InFlightAtHorizon > 0 {
		notes = append(notes, Message{Key: "note.herd.horizon", Args: []any{sim.MaxHerdBuckets, shortNumber(res.Summary.InFlightAtHorizon)}})
	}
	return notes
}
