package cmd

import (
	"math"
	"strconv"
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
	"github.com/backoffctl/backoffctl/schedule/sim"
	"github.com/spf13/cobra"
)

func newSimulateFleetCmd(g *globalOptions) *cobra.Command {
	var o struct {
		runners, capacity                        int
		interval, intervalMax, taskDuration, dur float64
		answer                                   float64
		rate                                     float64
		phases                                   string
		seed                                     int64
	}
	c := &cobra.Command{
		Use:   "fleet [flags]",
		Short: "act_runner poller designs: pollers, FetchTask load and pickup latency",
		Long: `Simulate a fleet of Gitea act_runner runners under the three poller designs, as their code ran:

  shared-limiter  before #819: capacity goroutines share one rate.Limiter (burst 1); no backoff
  per-worker      #819: capacity goroutines, each with its own backoff and jitter
  semaphore       #822: one poller per runner, a slot semaphore, backoff and jitter

A goroutine that fetched a task runs it before it polls again. One row per design: pollers at idle,
FetchTask requests that can be in flight at once, RPCs per minute at steady idle and with every
slot busy, and with --arrival-rate the RPCs per task and the pickup latency.

Start phases (--start-phases): when each runner starts polling. aligned starts them all at t = 0, the
worst case for the shared limiter, whose grid of fetches is fixed by each runner's first Wait and
never drifts while idle; random (default) draws an independent offset in [0, fetch_interval) per
runner from --seed; even starts runner i at i x fetch_interval / runners (idle pickups by the shared
limiter are then uniform on [0, fetch_interval / runners)).

Answer time (--answer-time): how long the server holds each FetchTask. The limiter spaces the starts
of calls, not their ends, so the shared limiter has up to runners x min(capacity, max(1,
ceil(answer / fetch_interval))) calls in flight; per-worker up to runners x capacity; the semaphore's
poller waits for each answer, one per runner. The server assigns a task when it receives the
request, so pickup latency runs from a task being queued to the start of the FetchTask that gets it;
the runner learns of the task and starts it one answer time later.`,
		Example: `  backoffctl simulate fleet --runners 3 --capacity 60
  backoffctl simulate fleet --runners 3 --capacity 60 --arrival-rate 6 --task-duration 5m
  backoffctl simulate fleet --runners 1000 --duration 24h -o json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			base, maxI := presets.ActRunner{FetchInterval: o.interval, FetchIntervalMax: o.intervalMax}.Intervals()
			cfg := sim.FleetConfig{Runners: o.runners, Capacity: o.capacity, FetchInterval: base, FetchIntervalMax: maxI,
				ArrivalRate: o.rate, TaskDuration: param.Dur(o.taskDuration), Duration: param.Dur(o.dur), Seed: o.seed,
				AnswerTime: param.Dur(o.answer)}
			switch o.phases {
			case "aligned":
				cfg.StartPhases = sim.PhasesAligned
			case "random":
				cfg.StartPhases = sim.PhasesRandom
			case "even":
				cfg.StartPhases = sim.PhasesEven
			}
			if pollers := o.runners * o.capacity; pollers > maxPollers {
				return badInput("--runners x --capacity is %d polling goroutines, past the cap of %d", pollers, maxPollers)
			}
			for _, d := range sim.Designs {
				if n := cfg.EstimatedFetches(d); n > maxSimulatedItems {
					return badInput("the %s design would simulate about %.3g FetchTask calls, past the cap of 1e8: lower --runners, --capacity or --duration", d, n)
				}
			}
			if n := o.rate * cfg.Duration.Minutes(); n > maxSimulatedItems {
				return badInput("--arrival-rate x --duration is about %.3g tasks, past the cap of 1e8", n)
			}
			p := newProgress(g.stderr, "simulating fleet", len(sim.Designs))
			results := sim.SimulateFleets(cfg, sim.Designs, p.step)
			p.done()
			return g.emit(fleetTable(cfg, results))
		},
	}
	fs := c.Flags()
	fs.SortFlags = false
	intFlag(fs, &o.runners, "runners", 1, 1, 100000, "number of runners")
	intFlag(fs, &o.capacity, "capacity", 1, 1, 10000, "runner.capacity: tasks a runner runs at once")
	fetchIntervalFlags(fs, &o.interval, &o.intervalMax)
	floatFlag(fs, &o.rate, "arrival-rate", 0, 0, 1e6, false, "tasks per minute for the whole fleet, Poisson (0: idle)")
	durationFlag(fs, &o.taskDuration, "task-duration", 5*time.Minute, time.Millisecond, 30*24*time.Hour, "how long each task runs")
	durationFlag(fs, &o.dur, "duration", time.Hour, time.Minute, 30*24*time.Hour, "simulated time")
	enumFlag(fs, &o.phases, "start-phases", "", "random", []string{"aligned", "random", "even"}, "when each runner starts polling")
	durationFlag(fs, &o.answer, "answer-time", 0, 0, time.Hour, "how long the server holds each FetchTask call")
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed for arrivals, jitter and random start phases (same seed, same output)")
	return c
}

// maxPollers caps runners x capacity: the per-worker design keeps state for each goroutine.
const maxPollers = 1000000

func fleetTable(cfg sim.FleetConfig, results []sim.FleetResult) *format.Table {
	t := &format.Table{
		Head: []format.Field{{Name: "simulation", Value: "fleet"}},
		Parameters: []format.Field{
			{Name: "runners", Value: cfg.Runners}, {Name: "capacity", Value: cfg.Capacity},
			{Name: "fetch_interval_seconds", Value: cfg.FetchInterval.Seconds()},
			{Name: "fetch_interval_max_seconds", Value: cfg.FetchIntervalMax.Seconds()},
			{Name: "arrival_rate_per_minute", Value: cfg.ArrivalRate},
			{Name: "task_duration_seconds", Value: cfg.TaskDuration.Seconds()},
			{Name: "duration_seconds", Value: cfg.Duration.Seconds()},
			{Name: "start_phases", Value: cfg.StartPhases.String()},
			{Name: "answer_time_seconds", Value: cfg.AnswerTime.Seconds()}, {Name: "seed", Value: cfg.Seed},
		},
		Columns: []format.Column{
			{Key: "design", Kind: format.Text},
			{Key: "pollers_idle", Kind: format.Integer},
			{Key: "connections_idle", Kind: format.Integer},
			{Key: "idle_rpcs_per_minute", Kind: format.Number},
			{Key: "idle_rpcs_per_minute_closed_form", Kind: format.Number},
			{Key: "full_load_rpcs_per_minute", Kind: format.Number},
		},
	}
	arrivals := cfg.ArrivalRate > 0
	if arrivals {
		t.Columns = append(t.Columns,
			format.Column{Key: "tasks_arrived", Kind: format.Integer},
			format.Column{Key: "tasks_picked", Kind: format.Integer},
			format.Column{Key: "rpcs_per_minute", Kind: format.Number},
			format.Column{Key: "rpcs_per_task", Kind: format.Number},
			format.Column{Key: "pickup_p50_seconds", Kind: format.Seconds},
			format.Column{Key: "pickup_p95_seconds", Kind: format.Seconds},
		)
	}
	for _, r := range results {
		row := []format.Cell{
			{Text: r.Design.String()},
			{Num: float64(r.PollersIdle)},
			{Num: float64(r.ConnectionsIdle)},
			{Num: r.IdleRPCsPerMinute},
			{Num: cfg.IdleRateClosedForm(r.Design)},
			{Num: r.FullLoadRPCsPerMinute},
		}
		if arrivals {
			row = append(row,
				format.Cell{Num: float64(r.Arrived)},
				format.Cell{Num: float64(r.Picked)},
				format.Cell{Num: r.RPCsPerMinute},
				numOrNull(r.RPCsPerTask, r.Picked > 0),
				numOrNull(r.PickupP50, !math.IsNaN(r.PickupP50)),
				numOrNull(r.PickupP95, !math.IsNaN(r.PickupP95)),
			)
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = []format.Message{
		{Key: "note.fleet.pr"},
		{Key: "note.fleet.connections_answer", Args: []any{format.Duration(cfg.AnswerTime.Seconds())}},
		{Key: "note.fleet.window"},
		phaseNote(cfg),
	}
	if cfg.AnswerTime > 0 {
		t.Notes = append(t.Notes, format.Message{Key: "note.fleet.answer", Args: []any{format.Duration(cfg.AnswerTime.Seconds())}})
	}
	if arrivals {
		throughput := cfg.TasksPerMinute()
		overloaded := cfg.ArrivalRate >= throughput
		t.Summary = []format.Field{
			{Name: "fleet_tasks_per_minute", Value: throughput},
			{Name: "overloaded", Value: overloaded},
		}
		if overloaded {
			var picked int64
			for _, r := range results {
				picked = max(picked, r.Picked)
			}
			t.Notes = append(t.Notes, format.Message{Key: "note.fleet.overloaded", Args: []any{
				shortNumber(cfg.ArrivalRate), shortNumber(throughput), results[0].Arrived, picked}})
		}
		if n := tradeoffNote(cfg, results); n != nil {
			t.Notes = append(t.Notes, *n)
		}
	}
	return t
}

// phaseNote names the start phases.
func phaseNote(cfg sim.FleetConfig) format.Message {
	m := format.Message{Key: "note.fleet.phases." + cfg.StartPhases.String()}
	if cfg.StartPhases == sim.PhasesEven {
		m.Args = []any{format.Duration(cfg.FetchInterval.Seconds() / float64(cfg.Runners))}
	}
	return m
}

// tradeoffNote compares the semaphore design with per-worker in words that match the numbers:
// with capacity 1 they are the same loop; otherwise the idle RPC ratio, and whether the semaphore
// picks tasks up later (p95) or not.
func tradeoffNote(cfg sim.FleetConfig, results []sim.FleetResult) *format.Message {
	sem, pw := results[sim.Semaphore], results[sim.PerWorker]
	if cfg.Capacity == 1 {
		return &format.Message{Key: "note.fleet.same_loop"}
	}
	if sem.Picked == 0 || pw.Picked == 0 || pw.IdleRPCsPerMinute <= 0 || sem.IdleRPCsPerMinute <= 0 {
		return nil
	}
	ratio := pw.IdleRPCsPerMinute / sem.IdleRPCsPerMinute
	if ratio < 1.05 { // not "fewer" in any sense worth a note
		return nil
	}
	key := "note.fleet.tradeoff_later"
	if !(sem.PickupP95 > pw.PickupP95) {
		key = "note.fleet.tradeoff_not_later"
	}
	text := strconv.FormatFloat(ratio, 'f', 1, 64)
	if ratio >= 10 {
		text = strconv.FormatFloat(ratio, 'f', 0, 64)
	}
	return &format.Message{Key: key, Args: []any{text, format.Duration(sem.PickupP95), format.Duration(pw.PickupP95)}}
}

// shortNumber prints a rate for a note: at most three decimals, no trailing zeros.
func shortNumber(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

func numOrNull(v float64, ok bool) format.Cell {
	if !ok {
		return format.Cell{Null: true}
	}
	return format.Cell{Num: v}
}
