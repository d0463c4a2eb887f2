package sim

import (
	"testing"
	"time"
)

// 10 slots, 100 items of 10 s, no failures: ten rounds of ten, drained at 100 s.
func TestCapacityDrainsByHand(t *testing.T) {
	res := SimulateCapacity(CapacityConfig{MaxRunningJobs: 10, Backlog: 100, JobDuration: 10 * time.Second,
		CronInterval: time.Minute, Horizon: 30 * 24 * time.Hour, Seed: 1, StatusTracking: Tracked})
	if !res.Drained || res.DrainTime != 100*time.Second {
		t.Fatalf("drained %v at %v, want at 100s", res.Drained, res.DrainTime)
	}
	if res.Completed != 100 || res.Failed != 0 {
		t.Errorf("completed %d failed %d", res.Completed, res.Failed)
	}
	// 10 cron jobs at 0, 90 re-enqueued chain links, 10 cron jobs at 60 s that find every slot taken.
	if res.JobsStarted != 110 {
		t.Errorf("jobs started %d, want 110", res.JobsStarted)
	}
	if res.MeanUtilisation != 1 {
		t.Errorf("utilisation %v, want 1 (every slot busy until the drain)", res.MeanUtilisation)
	}
	// Rows: [0, 60) with completions at 10..50 s, then [60, 100] with 60..100 s; gauges at 0 after
	// the tick: 10 running, 90 left; at 60 s the chains have taken 70 items: 10 running, 30 left.
	if len(res.Rows) != 2 {
		t.Fatalf("%d rows: %+v", len(res.Rows), res.Rows)
	}
	r0, r1 := res.Rows[0], res.Rows[1]
	if r0.Running != 10 || r0.Remaining != 90 || r0.Completed != 50 || r1.Completed != 50 || r1.Start != time.Minute || r1.Running != 10 || r1.Remaining != 30 {
		t.Errorf("rows %+v", res.Rows)
	}
}

// Failures leave slots empty until the next cron tick. Every job fails: at 0 ten jobs take ten
// items and fail at 10 s; nothing re-enqueues; the tick at 60 s takes ten more. With the items
// not consumed, the backlog never shrinks.
func TestCapacityFailuresWaitForCron(t *testing.T) {
	c := CapacityConfig{MaxRunningJobs: 10, Backlog: 100, JobDuration: 10 * time.Second, FailureRate: 1,
		CronInterval: time.Minute, Horizon: 3 * time.Minute, Seed: 1, StatusTracking: Tracked}
	res := SimulateCapacity(c)
	if res.Drained {
		t.Fatal("cannot drain when every job fails")
	}
	for i, row := range res.Rows[:3] {
		if row.Failed != 10 || row.Completed != 0 {
			t.Errorf("row %d: failed %d completed %d, want 10 and 0", i, row.Failed, row.Completed)
		}
		if row.Remaining != 90 || row.Running != 10 {
			t.Errorf("row %d: gauges %d running %d remaining, want 10 and 90", i, row.Running, row.Remaining)
		}
	}
	// Busy 10 s of every 60: one sixth.
	if u := res.MeanUtilisation; u < 0.166 || u > 0.167 {
		t.Errorf("utilisation %v, want 1/6", u)
	}
	c.FailureConsumes = true
	c.Horizon = time.Hour
	res = SimulateCapacity(c)
	if !res.Drained || res.Lost != 100 || res.DrainTime != 9*time.Minute+10*time.Second {
		t.Errorf("consuming failures: drained %v at %v, lost %d; want at 9m10s, 100 lost", res.Drained, res.DrainTime, res.Lost)
	}
}

func TestCapacityPickupLatency(t *testing.T) {
	// 1 slot, 3 items of 10 s, 5 s from enqueue to start: starts at 5, 20, 35; drained at 45 s.
	res := SimulateCapacity(CapacityConfig{MaxRunningJobs: 1, Backlog: 3, JobDuration: 10 * time.Second,
		PickupLatency: 5 * time.Second, CronInterval: time.Minute, Horizon: time.Hour, StatusTracking: Tracked})
	if !res.Drained || res.DrainTime != 45*time.Second {
		t.Errorf("drained %v at %v, want 45s", res.Drained, res.DrainTime)
	}
}

func TestCapacityDeterministicAndSteady(t *testing.T) {
	c := CapacityConfig{MaxRunningJobs: 25, Backlog: 100000, JobDuration: 2 * time.Second, FailureRate: 0.01,
		CronInterval: time.Minute, Horizon: 30 * 24 * time.Hour, Seed: 7, StatusTracking: Tracked}
	a, b := SimulateCapacity(c), SimulateCapacity(c)
	if a.DrainTime != b.DrainTime || a.Failed != b.Failed || len(a.Rows) != len(b.Rows) {
		t.Fatal("same seed, different results")
	}
	// Closed form: each slot's chain runs for a geometric number of jobs (mean 1/p = 100, 200 s)
	// and then waits for the next tick (the rest of the minute), so the drain takes about
	// 100000 / 25 jobs x 2 s / utilisation.
	if !a.Drained || a.MeanUtilisation < 0.5 || a.MeanUtilisation > 1 {
		t.Errorf("drained %v utilisation %v", a.Drained, a.MeanUtilisation)
	}
	ideal := time.Duration(100000/25) * 2 * time.Second
	if got := float64(a.DrainTime) * a.MeanUtilisation; got < float64(ideal)*0.99 || got > float64(ideal)*1.01 {
		t.Errorf("drain %v x utilisation %v = %v, want the ideal %v", a.DrainTime, a.MeanUtilisation, time.Duration(got), ideal)
	}
}

// GitLab's code as read: every tick's clean_up empties the registered set, so the tick's jobs
// register beside the ones still working. Figures checked against the real Ruby files with a real
// Redis.
func TestCapacityUntracked(t *testing.T) {
	for _, c := range []struct {
		name        string
		backlog     int64
		job         time.Duration
		drain       time.Duration // tracked: 100 s and 30000 s
		peakWorking int64
	}{
		// 60 items done at 0..50 s; at 60 s the chains' 10 and the tick's 10 work at once.
		{"100 x 10s", 100, 10 * time.Second, 90 * time.Second, 20},
		// Each tick adds 10 workers while the 300 s jobs run: 50 work at once against a limit of 10.
		{"1000 x 300s", 1000, 300 * time.Second, 6240 * time.Second, 50},
	} {
		res := SimulateCapacity(CapacityConfig{MaxRunningJobs: 10, Backlog: c.backlog, JobDuration: c.job,
			CronInterval: time.Minute, Horizon: 30 * 24 * time.Hour, Seed: 1, StatusTracking: Untracked})
		if !res.Drained || res.DrainTime != c.drain || res.Completed != c.backlog {
			t.Errorf("%s: drained %v at %v (%d completed), want at %v", c.name, res.Drained, res.DrainTime, res.Completed, c.drain)
		}
		if res.PeakWorking != c.peakWorking {
			t.Errorf("%s: peak working %d, want %d", c.name, res.PeakWorking, c.peakWorking)
		}
		for _, r := range res.Rows {
			if r.Running > 10 || r.Working < r.Running {
				t.Errorf("%s: row %+v: registered past the limit or above working", c.name, r)
			}
		}
	}
	// The 300 s run: at 60 s the registered set was emptied, the tick's 10 jobs registered beside
	// the 10 still working; utilisation (working / max_running_jobs) passes 100%.
	res := SimulateCapacity(CapacityConfig{MaxRunningJobs: 10, Backlog: 1000, JobDuration: 300 * time.Second,
		CronInterval: time.Minute, Horizon: 30 * 24 * time.Hour, Seed: 1})
	if r := res.Rows[1]; r.Running != 10 || r.Working != 20 || r.UtilisationPct != 200 {
		t.Errorf("row at 60 s: %+v, want 10 registered, 20 working, 200%% over [60, 120) s", r)
	}
	if res.MeanUtilisation <= 1 {
		t.Errorf("mean utilisation %v, want above 1", res.MeanUtilisation)
	}
}
