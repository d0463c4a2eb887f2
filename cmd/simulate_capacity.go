package cmd

import (
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/sim"
	"github.com/spf13/cobra"
)

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
	boolFlag(fs, &o.failureConsumes, "failure-consumes", "a failed job used up its work item (default: the item is still to do)")
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
		{Name: "jobs_started", Value: res.JobsStarted},
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
