package cmd

import (
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/sim"
	"github.com/spf13/cobra"
)

// maxSimulatedItems caps a simulation's size: fetches per run for fleets, jobs for capacity.
const maxSimulatedItems = 1e8

func newSimulateCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "simulate KIND",
		Short: "Simulate fleets: act_runner poller designs, GitLab limited-capacity workers",
		Long: `Discrete-event simulations of fleet behaviour, seeded and deterministic:

  fleet      act_runner poller designs (shared limiter, per-worker backoff, semaphore): pollers,
             FetchTask RPCs per minute at idle and at full load, and task pickup latency
  capacity   GitLab's LimitedCapacity::Worker: how fast a backlog drains`,
		Args: cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("simulate needs a kind: fleet or capacity")
			}
			return badInput("unknown simulation %q: choose fleet or capacity", args[0])
		},
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
	}
	c.AddCommand(newSimulateFleetCmd(g), newSimulateCapacityCmd(g))
	return c
}

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
	durationFlag(fs, &o.interval, "fetch-interval", schedule.ActRunnerFetchInterval, 0, maxFetchInterval, "runner.fetch_interval (0: the default)")
	durationFlag(fs, &o.intervalMax, "fetch-interval-max", schedule.ActRunnerFetchIntervalMax, 0, maxFetchInterval, "runner.fetch_interval_max (0: the default)")
	floatFlag(fs, &o.rate, "arrival-rate", 0, 0, 1e6, false, "tasks per minute for the whole fleet, Poisson (0: idle)")
	durationFlag(fs, &o.taskDuration, "task-duration", 5*time.Minute, time.Millisecond, 30*24*time.Hour, "how long each task runs")
	durationFlag(fs, &o.dur, "duration", time.Hour, time.Minute, 30*24*time.Hour, "simulated time")
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed for arrivals and jitter (same seed, same output)")
	return c
}

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

func newSimulateCapacityCmd(g *globalOptions) *cobra.Command {
	var o struct {
		maxRunning                         int
		backlog                            int
		jobDuration, cron, pickup, horizon float64
		failureRate                        float64
		failureConsumes                    bool
		seed                               int64
	}
	c := &cobra.Command{
		Use:   "capacity [flags]",
		Short: "GitLab LimitedCapacity::Worker: how fast a backlog drains",
		Long: `Simulate GitLab's LimitedCapacity::Worker (current version) and its cron worker.

Every cron tick (first at 0) enqueues --max-running-jobs jobs, whatever is running. A job that starts
when max_running_jobs are already registered does nothing. A registered job takes one work item and
works for --job-duration; on success it re-enqueues itself at once while work remains; on failure
(--failure-rate) it goes to the dead set without re-enqueueing, and its slot stays empty until the
next cron tick. The timeline has one row per cron interval with the concern's three Prometheus
gauges (sampled at the tick), plus the jobs completed and failed in the interval.`,
		Example: `  backoffctl simulate capacity --max-running-jobs 10 --backlog 100 --job-duration 10s
  backoffctl simulate capacity --backlog 100000 --job-duration 2s --failure-rate 0.05 -o json
  backoffctl simulate capacity --backlog 1000000 --max-running-jobs 100 --job-duration 1s -o csv`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg := sim.CapacityConfig{MaxRunningJobs: o.maxRunning, Backlog: int64(o.backlog),
				JobDuration: secondsToDuration(o.jobDuration), FailureRate: o.failureRate, FailureConsumes: o.failureConsumes,
				CronInterval: secondsToDuration(o.cron), PickupLatency: secondsToDuration(o.pickup),
				Horizon: secondsToDuration(o.horizon), Seed: o.seed}
			if rows := cfg.Horizon / cfg.CronInterval; rows >= schedule.MaxAttempts {
				return badInput("--horizon / --cron-interval is %d timeline rows, past the cap of %d", rows+1, schedule.MaxAttempts)
			}
			if n := cfg.EstimatedItems(); n > maxSimulatedItems {
				return badInput("this run would simulate about %.3g jobs, past the cap of 1e8: lower --backlog, --failure-rate or --horizon", n)
			}
			p := newProgress(g.stderr, "simulating capacity", 1)
			res := sim.SimulateCapacity(cfg)
			p.done()
			return g.emit(capacityTable(cfg, res))
		},
	}
	fs := c.Flags()
	fs.SortFlags = false
	intFlag(fs, &o.maxRunning, "max-running-jobs", 10, 1, 100000, "max_running_jobs")
	intFlag(fs, &o.backlog, "backlog", 100, 0, 100000000, "initial remaining_work_count")
	durationFlag(fs, &o.jobDuration, "job-duration", 10*time.Second, time.Millisecond, 24*time.Hour, "time one perform_work takes")
	floatFlag(fs, &o.failureRate, "failure-rate", 0, 0, 1, false, "probability that a job fails")
	fs.BoolVar(&o.failureConsumes, "failure-consumes", false, "a failed job used up its work item (default: the item is still to do)")
	durationFlag(fs, &o.cron, "cron-interval", time.Minute, time.Second, 24*time.Hour, "interval of the cron worker that calls perform_with_capacity")
	durationFlag(fs, &o.pickup, "pickup-latency", 0, 0, time.Hour, "time from enqueue to a Sidekiq thread starting the job")
	durationFlag(fs, &o.horizon, "horizon", 30*24*time.Hour, time.Second, 365*24*time.Hour, "stop here if the backlog has not drained")
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed for failures (same seed, same output)")
	return c
}

func capacityTable(cfg sim.CapacityConfig, res sim.CapacityResult) *format.Table {
	t := &format.Table{
		Head: []format.Field{{Name: "simulation", Value: "capacity"}},
		Parameters: []format.Field{
			{Name: "max_running_jobs", Value: cfg.MaxRunningJobs}, {Name: "backlog", Value: cfg.Backlog},
			{Name: "job_duration_seconds", Value: cfg.JobDuration.Seconds()}, {Name: "failure_rate", Value: cfg.FailureRate},
			{Name: "failure_consumes", Value: cfg.FailureConsumes}, {Name: "cron_interval_seconds", Value: cfg.CronInterval.Seconds()},
			{Name: "pickup_latency_seconds", Value: cfg.PickupLatency.Seconds()}, {Name: "horizon_seconds", Value: cfg.Horizon.Seconds()},
			{Name: "seed", Value: cfg.Seed},
		},
		Columns: []format.Column{
			{Key: "time_seconds", Kind: format.Seconds},
			{Key: "limited_capacity_worker_running_jobs", Kind: format.Integer},
			{Key: "limited_capacity_worker_max_running_jobs", Kind: format.Integer},
			{Key: "limited_capacity_worker_remaining_work_count", Kind: format.Integer},
			{Key: "completed", Kind: format.Integer},
			{Key: "failed", Kind: format.Integer},
			{Key: "utilisation_percent", Kind: format.Number},
		},
	}
	for _, r := range res.Rows {
		t.Rows = append(t.Rows, []format.Cell{
			{Num: r.Start.Seconds()}, {Num: float64(r.Running)}, {Num: float64(r.MaxRunning)},
			{Num: float64(r.Remaining)}, {Num: float64(r.Completed)}, {Num: float64(r.Failed)}, {Num: r.UtilisationPct},
		})
	}
	var drain any
	if res.Drained {
		drain = format.Duration(res.DrainTime.Seconds())
	}
	t.Summary = []format.Field{
		{Name: "drain_seconds", Value: drain},
		{Name: "drained", Value: res.Drained},
		{Name: "mean_utilisation", Value: res.MeanUtilisation},
		{Name: "completed", Value: res.Completed},
		{Name: "failed", Value: res.Failed},
		{Name: "lost", Value: res.Lost},
	}
	if res.Drained {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.drained", Args: []any{format.Duration(res.DrainTime.Seconds())}})
	} else {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.undrained", Args: []any{format.Duration(cfg.Horizon.Seconds())}})
	}
	if cfg.FailureRate > 0 {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.failures"})
	}
	return t
}

// progress reports long simulations on stderr when it is a terminal, and says nothing when piped.
type progress struct {
	mu              sync.Mutex
	w               io.Writer
	label           string
	total, finished int
	on              bool
	start           time.Time
}

func newProgress(w io.Writer, label string, total int) *progress {
	p := &progress{w: w, label: label, total: total, on: isTerminal(w), start: time.Now()}
	if p.on {
		fmt.Fprintf(w, "\r%s: 0/%d", label, total)
	}
	return p
}

func (p *progress) step() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finished++
	if p.on {
		fmt.Fprintf(p.w, "\r%s: %d/%d (%.1fs)", p.label, p.finished, p.total, time.Since(p.start).Seconds())
	}
}

func (p *progress) done() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
