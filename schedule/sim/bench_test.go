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

// BenchmarkCapacityMillion drains 10^6 items on 100 slots (1 s jobs, 1% failures).
func BenchmarkCapacityMillion(b *testing.B) {
	c := CapacityConfig{MaxRunningJobs: 100, Backlog: 1000000, JobDuration: time.Second, FailureRate: 0.01,
		CronInterval: time.Minute, Horizon: 30 * 24 * time.Hour, Seed: 1}
	for b.Loop() {
		SimulateCapacity(c)
	}
}
