package sim

import (
	"testing"
	"time"
)

// BenchmarkFleetDay is 1000 idle runners (capacity 1, default intervals) for a simulated day, all
// three designs, idle and saturated runs.
func BenchmarkFleetDay(b *testing.B) {
	c := FleetConfig{Runners: 1000, Capacity: 1, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 5 * time.Minute, Duration: 24 * time.Hour, Seed: 1}
	for b.Loop() {
		for _, d := range Designs {
			SimulateFleet(c, d)
		}
	}
}

// BenchmarkFleetDayArrivals adds 100 tasks a minute to the day.
func BenchmarkFleetDayArrivals(b *testing.B) {
	c := FleetConfig{Runners: 1000, Capacity: 1, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 5 * time.Minute, Duration: 24 * time.Hour, Seed: 1, ArrivalRate: 100}
	for b.Loop() {
		for _, d := range Designs {
			SimulateFleet(c, d)
		}
	}
}

// BenchmarkFleetDayArrivalsRandom is the same day with the command's default start phases
// (random): no two runners' fetches share a time.
func BenchmarkFleetDayArrivalsRandom(b *testing.B) {
	c := FleetConfig{Runners: 1000, Capacity: 1, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 5 * time.Minute, Duration: 24 * time.Hour, Seed: 1, ArrivalRate: 100, StartPhases: PhasesRandom}
	for b.Loop() {
		for _, d := range Designs {
			SimulateFleet(c, d)
		}
	}
}

// dayOfArrivals is the command's big example: 1000 runners, capacity 1, a day, 100 tasks a
// minute, random start phases.
func dayOfArrivals() FleetConfig {
	return FleetConfig{Runners: 1000, Capacity: 1, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 5 * time.Minute, Duration: 24 * time.Hour, Seed: 1, ArrivalRate: 100, StartPhases: PhasesRandom}
}

// BenchmarkFleetCommandDay is what `simulate fleet --runners 1000 --duration 24h --arrival-rate
// 100` simulates: every design, concurrently, the semaphore's run shared with per-worker.
func BenchmarkFleetCommandDay(b *testing.B) {
	c := dayOfArrivals()
	for b.Loop() {
		SimulateFleets(c, Designs, nil)
	}
}

// The day's single runs with arrivals: the shared limiter's shortcut (runLimiter), the backoff
// shortcut (runBackoff, per-worker), and, for comparison, the walk (run) each stands in for.
func BenchmarkFleetLimiterArrivals(b *testing.B) { benchRun(b, SharedLimiter, scenarioArrivals, false) }
func BenchmarkFleetLimiterArrivalsWalk(b *testing.B) {
	benchRun(b, SharedLimiter, scenarioArrivals, true)
}
func BenchmarkFleetBackoffArrivals(b *testing.B)     { benchRun(b, PerWorker, scenarioArrivals, false) }
func BenchmarkFleetBackoffArrivalsWalk(b *testing.B) { benchRun(b, PerWorker, scenarioArrivals, true) }

// BenchmarkFleetBackoffIdle is the day's idle per-worker run: each poller walked alone
// (walkBackoff), 17 million fetches.
func BenchmarkFleetBackoffIdle(b *testing.B) { benchRun(b, PerWorker, scenarioIdle, false) }

func benchRun(b *testing.B, d Design, s scenario, walk bool) {
	c := dayOfArrivals()
	for b.Loop() {
		if walk {
			reference(c, d, s)
		} else if _, shortcut := simulateBy(c, d, s); !shortcut && s == scenarioArrivals {
			b.Fatal("the shortcut gave up")
		}
	}
}

// BenchmarkCapacityMillion drains 10^6 items on 100 slots (1 s jobs, 1% failures).
func BenchmarkCapacityMillion(b *testing.B) {
	c := CapacityConfig{MaxRunningJobs: 100, Backlog: 1000000, JobDuration: time.Second, FailureRate: 0.01,
		CronInterval: time.Minute, Horizon: 30 * 24 * time.Hour, Seed: 1}
	for b.Loop() {
		SimulateCapacity(c)
	}
}
