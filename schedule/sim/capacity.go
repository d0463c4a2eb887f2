package sim

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// CapacityConfig describes a GitLab LimitedCapacity::Worker (app/workers/concerns/
// limited_capacity/worker.rb, current version) and its cron worker.
//
//   - Every cron tick (first at 0) perform_with_capacity enqueues max_running_jobs jobs, whatever is
//     running.
//   - A job starts PickupLatency after it is enqueued. If max_running_jobs jobs are already
//     registered in the job tracker it does nothing. Otherwise it registers and performs one unit
//     of work (a work item is taken when its job starts; with none left it returns at once).
//   - On success it re-enqueues itself at once if remaining_work_count > 0: the chain continues.
//     On failure (Sidekiq retry 0: the job goes to the dead set) it does not, and its slot stays
//     empty until the next cron tick refills it. FailureConsumes says whether the failed job used
//     up its work item (otherwise the item is still to do).
//   - StatusTracking says what the tick's JobTracker#clean_up (app/workers/concerns/
//     limited_capacity/job_tracker.rb, called by perform_with_capacity in worker.rb) does. It drops
//     every registered jid without a gitlab-sidekiq-status key; those keys exist only for workers
//     that opt in with status_expiration, which the concern's workers do not, so Untracked (GitLab's
//     code as read) empties the registered set at every tick while the jobs keep working: the
//     tick's jobs register beside them and more than max_running_jobs can work at once. A job
//     dropped from the set deregisters nothing when it ends (SREM of an absent member). Tracked
//     keeps the set equal to the working jobs.
//
// Assumptions: max_running_jobs is fixed; Sidekiq has a thread for every enqueued job (no queueing
// beyond PickupLatency, the same for every job); a job's work takes exactly JobDuration.
type CapacityConfig struct {
	MaxRunningJobs  int
	Backlog         int64 // initial remaining_work_count
	JobDuration     time.Duration
	FailureRate     float64 // 0..1
	FailureConsumes bool
	CronInterval    time.Duration
	PickupLatency   time.Duration
	Horizon         time.Duration // simulated time: stop here if the backlog has not drained
	Seed            int64
	StatusTracking  StatusTracking
}

// StatusTracking is whether the concern's jobs carry a Sidekiq status key, which decides what the
// cron tick's JobTracker#clean_up removes.
type StatusTracking int

const (
	// Untracked is GitLab's code as read: no status key, so every tick's clean_up drops every
	// registered jid, including those of jobs still working.
	Untracked StatusTracking = iota
	// Tracked: clean_up drops only jids of jobs that ended without deregistering (none in this
	// model), so the registered set is the set of working jobs.
	Tracked
)

func (s StatusTracking) String() string { return [...]string{"untracked", "tracked"}[s] }

// CapacityRow is one timeline interval [Start, Start+CronInterval): the three Prometheus gauges
// and the working jobs sampled at Start after that instant's events, and the jobs that completed or
// failed within.
type CapacityRow struct {
	Start          time.Duration
	Running        int64 // the running_jobs gauge: jids registered in the job tracker
	Working        int64 // jobs performing work, registered or not
	MaxRunning     int64
	Remaining      int64
	Completed      int64
	Failed         int64
	UtilisationPct float64 // mean working / max_running_jobs over the interval, in percent (can pass 100)
}

// CapacityResult is the timeline and the summary.
type CapacityResult struct {
	Rows            []CapacityRow
	Drained         bool
	DrainTime       time.Duration // when the last item's job completed
	MeanUtilisation float64       // mean working/max from 0 to the drain time (or the horizon), a fraction
	PeakWorking     int64         // most jobs working at once
	Completed       int64
	Failed          int64
	Lost            int64 // items used up by failed jobs (FailureConsumes)
	JobsStarted     int64 // performs, including those that found no capacity
}

// EstimatedItems bounds the events a run simulates, for the size cap.
func (c CapacityConfig) EstimatedItems() float64 {
	ticks := float64(c.Horizon)/float64(c.CronInterval) + 1
	return float64(float64(c.Backlog)/(1-math.Min(c.FailureRate, 0.999))) + float64(ticks*float64(c.MaxRunningJobs))
}

type capacityRun struct {
	c          CapacityConfig
	events     entityHeap // (time, kind): starts and completions; ids index jobs
	kinds      []int8     // per event id: start or complete
	outcome    []int8     // per event id (completions): succeeded, failed, or no item
	free       []int32    // recycled event ids
	epoch      []int32    // per event id (completions): the tracker epoch the job registered in
	running    int64      // registered in the job tracker
	working    int64      // performing work
	tracker    int32      // epoch: bumped when clean_up empties the registered set
	remaining  int64
	busyArea   float64 // integral of running over time, ns
	lastChange int64
	peak       int64
	rng        draw.SplitMix
}

const (
	evStart     int8 = iota // one job starts
	evCronBatch             // the max_running_jobs jobs of one cron tick start, one after another
	evComplete
)

const (
	doneOK int8 = iota
	doneFailed
	doneEmpty // registered with no work left: returns at once
)

// SimulateCapacity runs the worker until the backlog drains or the horizon passes.
func SimulateCapacity(c CapacityConfig) CapacityResult {
	r := &capacityRun{c: c, remaining: c.Backlog}
	r.rng.Reseed(c.Seed, 2)
	var res CapacityResult
	horizon := int64(c.Horizon)
	interval := int64(c.CronInterval)
	row := CapacityRow{MaxRunning: int64(c.MaxRunningJobs)}
	rowBusyStart := 0.0
	nextTick := int64(0)
	drainedAt := int64(-1)
	for {
		t := nextTick
		if r.events.len() > 0 && r.events.top().t < t {
			t = r.events.top().t
		}
		if drainedAt >= 0 && t > drainedAt {
			t = drainedAt // close the timeline at the drain
		}
		if t > horizon {
			break
		}
		if t == nextTick && (drainedAt < 0 || t <= drainedAt) {
			// Close the previous row, open one for this tick.
			if t > 0 {
				r.account(t)
				row.UtilisationPct = 100 * (r.busyArea - rowBusyStart) / (float64(interval) * float64(c.MaxRunningJobs))
				res.Rows = append(res.Rows, row)
				row = CapacityRow{MaxRunning: int64(c.MaxRunningJobs), Start: time.Duration(t)}
				rowBusyStart = r.busyArea
			}
			// Events at the tick's instant come first, then perform_with_capacity: clean_up, then
			// the enqueues.
			r.drainEventsAt(t, &row, &res)
			if c.StatusTracking == Untracked {
				r.tracker++ // every registered jid lacks a status key: the set is emptied
				r.running = 0
			}
			// One event for the tick's jobs: they start together, so the queue holds one item
			// per tick in flight rather than max_running_jobs.
			r.schedule(t+int64(c.PickupLatency), evCronBatch, 0)
			r.drainEventsAt(t, &row, &res)
			row.Running, row.Working, row.Remaining = r.running, r.working, r.remaining
			nextTick += interval
		} else {
			r.drainEventsAt(t, &row, &res)
		}
		if drainedAt < 0 && r.remaining == 0 && r.working == 0 {
			drainedAt = t
			res.Drained = true
			res.DrainTime = time.Duration(t)
			break
		}
	}
	end := horizon
	if res.Drained {
		end = int64(res.DrainTime)
	}
	r.account(end)
	span := float64(end - int64(row.Start))
	if span > 0 {
		row.UtilisationPct = 100 * (r.busyArea - rowBusyStart) / (span * float64(c.MaxRunningJobs))
	}
	res.Rows = append(res.Rows, row)
	res.PeakWorking = r.peak
	if end > 0 {
		res.MeanUtilisation = r.busyArea / (float64(end) * float64(c.MaxRunningJobs))
	}
	return res
}

// account adds working x elapsed time to the busy integral.
func (r *capacityRun) account(t int64) {
	r.busyArea += float64(float64(r.working) * float64(t-r.lastChange))
	r.lastChange = t
}

func (r *capacityRun) schedule(t int64, kind, outcome int8) {
	var id int32
	if n := len(r.free); n > 0 {
		id, r.free = r.free[n-1], r.free[:n-1]
		r.kinds[id], r.outcome[id], r.epoch[id] = kind, outcome, r.tracker
	} else {
		id = int32(len(r.kinds))
		r.kinds = append(r.kinds, kind)
		r.outcome = append(r.outcome, outcome)
		r.epoch = append(r.epoch, r.tracker)
	}
	r.events.push(t, id)
}

// drainEventsAt processes every event at time t (including those they schedule at t).
func (r *capacityRun) drainEventsAt(t int64, row *CapacityRow, res *CapacityResult) {
	for r.events.len() > 0 && r.events.top().t == t {
		it := r.events.pop()
		kind, outcome, epoch := r.kinds[it.id], r.outcome[it.id], r.epoch[it.id]
		r.free = append(r.free, it.id)
		switch kind {
		case evStart:
			r.start(t, res)
		case evCronBatch:
			for i := 0; i < r.c.MaxRunningJobs; i++ {
				r.start(t, res)
			}
		case evComplete:
			r.complete(t, outcome, epoch == r.tracker, row, res)
		}
	}
}

// start is perform: register if there is capacity, then take an item and work on it.
func (r *capacityRun) start(t int64, res *CapacityResult) {
	res.JobsStarted++
	if r.running >= int64(r.c.MaxRunningJobs) {
		return // job_tracker.register refused: the job does nothing
	}
	r.account(t)
	r.running++
	r.working++
	r.peak = max(r.peak, r.working)
	if r.remaining == 0 {
		r.schedule(t, evComplete, doneEmpty)
		return
	}
	r.remaining--
	outcome := doneOK
	if r.c.FailureRate > 0 && r.rng.Unit() < r.c.FailureRate {
		outcome = doneFailed
	}
	r.schedule(t+int64(r.c.JobDuration), evComplete, outcome)
}

// complete is the end of perform_registered: deregister (a no-op when clean_up already dropped
// the jid), then re-enqueue unless the job failed.
func (r *capacityRun) complete(t int64, outcome int8, registered bool, row *CapacityRow, res *CapacityResult) {
	r.account(t)
	r.working--
	if registered {
		r.running--
	}
	switch outcome {
	case doneOK:
		row.Completed++
		res.Completed++
	case doneFailed:
		row.Failed++
		res.Failed++
		if r.c.FailureConsumes {
			res.Lost++
		} else {
			r.remaining++
		}
		return // no re-enqueue: the slot waits for the next cron tick
	}
	if r.remaining > 0 {
		r.schedule(t+int64(r.c.PickupLatency), evStart, 0)
	}
}
