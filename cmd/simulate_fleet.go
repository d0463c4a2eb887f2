package cmd

import (
	"math"
	"sync"
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/sim"
	"github.com/spf13/cobra"
)

func newSimulateFleetCmd(g *globalOptions) *cobra.Command {
	var o struct {
		runners, capacity                        int
		interval, intervalMax, taskDuration, dur float64
		rate                                     float64
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
slot busy, and with --arrival-rate the RPCs per task and the pickup latency (from a task being
queued to a runner fetching it).`,
		Example: `  backoffctl simulate fleet --runners 3 --capacity 60
  backoffctl simulate fleet --runners 3 --capacity 60 --arrival-rate 6 --task-duration 5m
  backoffctl simulate fleet --runners 1000 --duration 24h -o json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			base, maxI := schedule.ActRunner{FetchInterval: o.interval, FetchIntervalMax: o.intervalMax}.Intervals()
			cfg := sim.FleetConfig{Runners: o.runners, Capacity: o.capacity, FetchInterval: base, FetchIntervalMax: maxI,
				ArrivalRate: o.rate, TaskDuration: secondsToDuration(o.taskDuration), Duration: secondsToDuration(o.dur), Seed: o.seed}
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
			results := make([]sim.FleetResult, len(sim.Designs))
			p := newProgress(g.stderr, "simulating fleet", len(sim.Designs))
			var wg sync.WaitGroup
			for i, d := range sim.Designs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					results[i] = sim.SimulateFleet(cfg, d)
					p.step()
				}()
			}
			wg.Wait()
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
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed for arrivals and jitter (same seed, same output)")
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
			{Name: "duration_seconds", Value: cfg.Duration.Seconds()}, {Name: "seed", Value: cfg.Seed},
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
		{Key: "note.fleet.connections"},
		{Key: "note.fleet.window"},
	}
	if arrivals {
		sem, pw := results[sim.Semaphore], results[sim.PerWorker]
		if sem.Picked > 0 && pw.Picked > 0 && pw.IdleRPCsPerMinute > 0 && sem.IdleRPCsPerMinute > 0 {
			t.Notes = append(t.Notes, format.Message{Key: "note.fleet.tradeoff", Args: []any{
				pw.IdleRPCsPerMinute / sem.IdleRPCsPerMinute, format.Duration(sem.PickupP95), format.Duration(pw.PickupP95)}})
		}
	}
	return t
}

func numOrNull(v float64, ok bool) format.Cell {
	if !ok {
		return format.Cell{Null: true}
	}
	return format.Cell{Num: v}
}

func secondsToDuration(s float64) time.Duration { return time.Duration(math.Round(s * 1e9)) }
