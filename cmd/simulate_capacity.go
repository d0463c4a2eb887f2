package cmd

import (
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/sim"
	"github.com/spf13/cobra"
)

func newSimulateCapacityCmd(g *globalOptions) *cobra.Command {
	var o struct {
		maxRunning                          int
		backlog                             int
		jobDuration, cron, pickup, duration float64
		failureRate                         float64
		failureConsumes                     bool
		statusTracking                      string
		seed                                int64
	}
	c := &cobra.Command{
		Use:   "capacity [flags]",
		Short: "GitLab LimitedCapacity::Worker: how fast a backlog drains",
		Long: `Simulate GitLab's LimitedCapacity::Worker (current version) and its cron worker.

Every cron tick (first at 0) enqueues --max-running-jobs jobs, whatever is running. A job that starts
when max_running_jobs are already registered does nothing. A registered job takes one work item and
works for --job-duration; on success it re-enqueues itself at once while work remains; on failure
(--failure-rate) it goes to the dead set without re-enqueueing, and its slot stays empty until the
next cron tick.

Status tracking (--status-tracking). Each tick's perform_with_capacity first calls
JobTracker#clean_up, which drops every registered jid that has no gitlab-sidekiq-status key. Those
keys exist only for workers that opt in with status_expiration, and the concern's workers do not:

  untracked  GitLab's code as read (default): every tick empties the registered set while its jobs
             keep working, so the tick's jobs register beside them and more than max_running_jobs
             jobs can work at once
  tracked    the registered set is always the set of working jobs (the model before this flag)

Read in gitlab-org/gitlab, app/workers/concerns/limited_capacity/worker.rb (perform_with_capacity,
remove_failed_jobs) and job_tracker.rb (clean_up), as mirrored in gitlabhq/gitlabhq at 1c568d83
(worker.rb) and 0b84d701 (job_tracker.rb).

The timeline has one row per cron interval: the concern's three Prometheus gauges (running_jobs is
the registered count) and the jobs working, sampled at the tick; the jobs completed and failed in
the interval; and utilisation, the mean of working / max_running_jobs over the interval in percent
(above 100 when more jobs work than the limit). Every utilisation figure is a percentage, in every
format. CSV has no summary, so it repeats the drain time in a drain_seconds column (empty when the
backlog does not drain within --duration).

Assumptions: max_running_jobs is fixed for the whole run; Sidekiq has a free thread for every job
(no queueing beyond --pickup-latency, one latency for every job); each job's work takes exactly
--job-duration.`,
		Example: `  backoffctl simulate capacity --max-running-jobs 10 --backlog 100 --job-duration 10s
  backoffctl simulate capacity --backlog 100000 --job-duration 2s --failure-rate 0.05 -o json
  backoffctl simulate capacity --backlog 1000000 --max-running-jobs 100 --job-duration 1s -o csv`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg := sim.CapacityConfig{MaxRunningJobs: o.maxRunning, Backlog: int64(o.backlog),
				JobDuration: param.Dur(o.jobDuration), FailureRate: o.failureRate, FailureConsumes: o.failureConsumes,
				CronInterval: param.Dur(o.cron), PickupLatency: param.Dur(o.pickup),
				Horizon: param.Dur(o.duration), Seed: o.seed}
			if o.statusTracking == "tracked" {
				cfg.StatusTracking = sim.Tracked
			}
			if rows := cfg.Horizon / cfg.CronInterval; rows >= schedule.MaxAttempts {
				return badInput("--duration / --cron-interval is %d timeline rows, past the cap of %d", rows+1, schedule.MaxAttempts)
			}
			if n := cfg.EstimatedItems(); n > maxSimulatedItems {
				return badInput("this run would simulate about %.3g jobs, past the cap of 1e8: lower --backlog, --failure-rate or --duration", n)
			}
			p := newProgress(g.stderr, "simulating capacity", 1)
			res := sim.SimulateCapacity(cfg)
			p.done()
			return g.emit(capacityTable(cfg, res, g.format == "csv"))
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
	durationFlag(fs, &o.duration, "duration", 30*24*time.Hour, time.Second, 365*24*time.Hour, "simulated time: stop here if the backlog has not drained")
	renamedFlag(fs, "horizon", "duration")
	enumFlag(fs, &o.statusTracking, "status-tracking", "", "untracked", []string{"untracked", "tracked"},
		"what each tick's JobTracker#clean_up removes (untracked: every registered jid, GitLab's code)")
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed for failures (same seed, same output)")
	return c
}

// capacityTable builds the timeline and summary; csv adds the drain time as a column, since CSV
// carries no summary.
func capacityTable(cfg sim.CapacityConfig, res sim.CapacityResult, csv bool) *format.Table {
	t := &format.Table{
		Head: []format.Field{{Name: "simulation", Value: "capacity"}},
		Parameters: []format.Field{
			{Name: "max_running_jobs", Value: cfg.MaxRunningJobs}, {Name: "backlog", Value: cfg.Backlog},
			{Name: "job_duration_seconds", Value: cfg.JobDuration.Seconds()}, {Name: "failure_rate", Value: cfg.FailureRate},
			{Name: "failure_consumes", Value: cfg.FailureConsumes}, {Name: "cron_interval_seconds", Value: cfg.CronInterval.Seconds()},
			{Name: "pickup_latency_seconds", Value: cfg.PickupLatency.Seconds()}, {Name: "duration_seconds", Value: cfg.Horizon.Seconds()},
			{Name: "status_tracking", Value: cfg.StatusTracking.String()}, {Name: "seed", Value: cfg.Seed},
		},
		Columns: []format.Column{
			{Key: "time_seconds", Kind: format.Seconds},
			{Key: "limited_capacity_worker_running_jobs", Kind: format.Integer},
			{Key: "working_jobs", Kind: format.Integer},
			{Key: "limited_capacity_worker_max_running_jobs", Kind: format.Integer},
			{Key: "limited_capacity_worker_remaining_work_count", Kind: format.Integer},
			{Key: "completed", Kind: format.Integer},
			{Key: "failed", Kind: format.Integer},
			{Key: "utilisation_percent", Kind: format.Number},
		},
	}
	if csv {
		t.Columns = append(t.Columns, format.Column{Key: "drain_seconds", Kind: format.Seconds})
	}
	for _, r := range res.Rows {
		row := []format.Cell{
			{Num: r.Start.Seconds()}, {Num: float64(r.Running)}, {Num: float64(r.Working)}, {Num: float64(r.MaxRunning)},
			{Num: float64(r.Remaining)}, {Num: float64(r.Completed)}, {Num: float64(r.Failed)}, {Num: r.UtilisationPct},
		}
		if csv {
			row = append(row, format.NumOrNull(res.DrainTime.Seconds(), res.Drained))
		}
		t.Rows = append(t.Rows, row)
	}
	var drain any
	if res.Drained {
		drain = format.Duration(res.DrainTime.Seconds())
	}
	t.SummaryTable = true
	t.Summary = []format.Field{
		{Name: "drain_seconds", Value: drain},
		{Name: "drained", Value: res.Drained},
		{Name: "mean_utilisation_percent", Value: 100 * res.MeanUtilisation},
		{Name: "peak_working_jobs", Value: res.PeakWorking},
		{Name: "completed", Value: res.Completed},
		{Name: "failed", Value: res.Failed},
		{Name: "lost", Value: res.Lost},
		{Name: "jobs_started", Value: res.JobsStarted},
	}
	if res.Drained {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.drained", Args: []any{format.Duration(res.DrainTime.Seconds())}})
	} else {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.undrained_duration", Args: []any{format.Duration(cfg.Horizon.Seconds())}})
	}
	if cfg.StatusTracking == sim.Untracked {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.untracked"})
		if res.PeakWorking > int64(cfg.MaxRunningJobs) {
			t.Notes = append(t.Notes, format.Message{Key: "note.capacity.over_limit", Args: []any{res.PeakWorking, cfg.MaxRunningJobs}})
		}
	} else {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.tracked"})
	}
	if cfg.FailureRate > 0 {
		t.Notes = append(t.Notes, format.Message{Key: "note.capacity.failures"})
	}
	return t
}
