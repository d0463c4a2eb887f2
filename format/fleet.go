package format

import (
	"math"
	"strconv"

	"github.com/backoffctl/backoffctl/schedule/sim"
)

// FleetTable is simulate fleet's table: one row per poller design with its pollers, connections
// and RPC rates (and with arrivals its pickups), the run's settings in the parameters, and notes
// that read the numbers: the start phases, overload, and the semaphore's trade-off.
func FleetTable(cfg sim.FleetConfig, results []sim.FleetResult) *Table {
	t := &Table{
		Head: []Field{{Name: "simulation", Value: "fleet"}},
		Parameters: []Field{
			{Name: "runners", Value: cfg.Runners}, {Name: "capacity", Value: cfg.Capacity},
			{Name: "fetch_interval_seconds", Value: cfg.FetchInterval.Seconds()},
			{Name: "fetch_interval_max_seconds", Value: cfg.FetchIntervalMax.Seconds()},
			{Name: "arrival_rate_per_minute", Value: cfg.ArrivalRate},
			{Name: "task_duration_seconds", Value: cfg.TaskDuration.Seconds()},
			{Name: "duration_seconds", Value: cfg.Duration.Seconds()},
			{Name: "start_phases", Value: cfg.StartPhases.String()},
			{Name: "answer_time_seconds", Value: cfg.AnswerTime.Seconds()}, {Name: "seed", Value: cfg.Seed},
		},
		Columns: []Column{
			{Key: "design", Kind: Text},
			{Key: "pollers_idle", Kind: Integer},
			{Key: "connections_idle", Kind: Integer},
			{Key: "idle_rpcs_per_minute", Kind: Number},
			{Key: "idle_rpcs_per_minute_closed_form", Kind: Number},
			{Key: "full_load_rpcs_per_minute", Kind: Number},
		},
	}
	arrivals := cfg.ArrivalRate > 0
	if arrivals {
		t.Columns = append(t.Columns,
			Column{Key: "tasks_arrived", Kind: Integer},
			Column{Key: "tasks_picked", Kind: Integer},
			Column{Key: "rpcs_per_minute", Kind: Number},
			Column{Key: "rpcs_per_task", Kind: Number},
			Column{Key: "pickup_p50_seconds", Kind: Seconds},
			Column{Key: "pickup_p95_seconds", Kind: Seconds},
		)
	}
	for _, r := range results {
		row := []Cell{
			{Text: r.Design.String()},
			{Num: float64(r.PollersIdle)},
			{Num: float64(r.ConnectionsIdle)},
			{Num: r.IdleRPCsPerMinute},
			{Num: cfg.IdleRateClosedForm(r.Design)},
			{Num: r.FullLoadRPCsPerMinute},
		}
		if arrivals {
			row = append(row,
				Cell{Num: float64(r.Arrived)},
				Cell{Num: float64(r.Picked)},
				Cell{Num: r.RPCsPerMinute},
				NumOrNull(r.RPCsPerTask, r.Picked > 0),
				NumOrNull(r.PickupP50, !math.IsNaN(r.PickupP50)),
				NumOrNull(r.PickupP95, !math.IsNaN(r.PickupP95)),
			)
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = []Message{
		{Key: "note.fleet.pr"},
		{Key: "note.fleet.connections_answer", Args: []any{Duration(cfg.AnswerTime.Seconds())}},
		{Key: "note.fleet.window"},
		fleetPhaseNote(cfg),
	}
	if cfg.AnswerTime > 0 {
		t.Notes = append(t.Notes, Message{Key: "note.fleet.answer", Args: []any{Duration(cfg.AnswerTime.Seconds())}})
	}
	if arrivals {
		addFleetLoad(t, cfg, results)
	}
	return t
}

// addFleetLoad adds what arrivals tell: the fleet's throughput and whether the arrivals overload
// it, in the summary and a note, and the semaphore's trade-off.
func addFleetLoad(t *Table, cfg sim.FleetConfig, results []sim.FleetResult) {
	throughput := cfg.TasksPerMinute()
	overloaded := cfg.ArrivalRate >= throughput
	t.Summary = []Field{
		{Name: "fleet_tasks_per_minute", Value: throughput},
		{Name: "overloaded", Value: overloaded},
	}
	if overloaded {
		var picked int64
		for _, r := range results {
			picked = max(picked, r.Picked)
		}
		t.Notes = append(t.Notes, Message{Key: "note.fleet.overloaded", Args: []any{
			shortNumber(cfg.ArrivalRate), shortNumber(throughput), results[0].Arrived, picked}})
	}
	if tr, ok := sim.WeighTradeoff(cfg, results); ok {
		t.Notes = append(t.Notes, tradeoffNote(tr))
	}
}

// fleetPhaseNote names the start phases.
func fleetPhaseNote(cfg sim.FleetConfig) Message {
	m := Message{Key: "note.fleet.phases." + cfg.StartPhases.String()}
	if cfg.StartPhases == sim.PhasesEven {
		m.Args = []any{Duration(cfg.FetchInterval.Seconds() / float64(cfg.Runners))}
	}
	return m
}

// tradeoffNote says the semaphore design's trade-off in words that match the numbers: with
// capacity 1 the designs are the same loop; otherwise the idle RPC ratio (one decimal, whole from
// 10), and whether the semaphore picks tasks up later (p95) or not.
func tradeoffNote(tr sim.Tradeoff) Message {
	if tr.SameLoop {
		return Message{Key: "note.fleet.same_loop"}
	}
	key := "note.fleet.tradeoff_later"
	if !tr.Later {
		key = "note.fleet.tradeoff_not_later"
	}
	text := strconv.FormatFloat(tr.IdleRatio, 'f', 1, 64)
	if tr.IdleRatio >= 10 {
		text = strconv.FormatFloat(tr.IdleRatio, 'f', 0, 64)
	}
	return Message{Key: key, Args: []any{text, Duration(tr.SemaphoreP95), Duration(tr.PerWorkerP95)}}
}

// shortNumber prints a rate for a note: at most three decimals, no trailing zeros.
func shortNumber(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

// NumOrNull is a number cell, or an empty one when ok is false.
func NumOrNull(v float64, ok bool) Cell {
	if !ok {
		return Cell{Null: true}
	}
	return Cell{Num: v}
}
