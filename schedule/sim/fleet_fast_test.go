package sim

import (
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// reference runs one scenario by the walk, the straightforward model the shortcuts must match.
func reference(c FleetConfig, d Design, s scenario) *fleetRun {
	r := newFleetRun(c, d, s)
	r.reference = true
	r.run()
	return r
}

// sameRun reports whether two runs counted, picked and timed the same.
func sameRun(a, b *fleetRun) bool {
	return a.rpcs == b.rpcs && a.steadyRPCs == b.steadyRPCs && a.arrived == b.arrived && a.picked == b.picked &&
		a.latency == b.latency
}

// randomFleet is a small random configuration: few runners, short runs, loads from idle to
// overloaded, every start-phase mode, answer times around the fetch interval, task durations that
// are and are not multiples of it.
func randomFleet(g *draw.SplitMix) FleetConfig {
	interval := time.Duration(1+g.Intn(4)) * time.Second
	if g.Intn(4) == 0 {
		interval = time.Duration(500+g.Intn(3000)) * time.Millisecond
	}
	c := FleetConfig{
		Runners:          1 + int(g.Intn(40)),
		Capacity:         1 + int(g.Intn(4)),
		FetchInterval:    interval,
		FetchIntervalMax: interval + time.Duration(g.Intn(8))*time.Second,
		TaskDuration:     []time.Duration{5 * time.Minute, 40 * time.Second, 3 * time.Second, time.Duration(1+g.Intn(90000)) * time.Millisecond}[g.Intn(4)],
		Duration:         time.Duration(5+g.Intn(30)) * time.Minute,
		Seed:             int64(g.Intn(1 << 40)),
		StartPhases:      StartPhases(g.Intn(3)),
		AnswerTime:       []time.Duration{0, 300 * time.Millisecond, interval, interval + 1, 5 * time.Second}[g.Intn(5)],
	}
	c.ArrivalRate = []float64{0.5, 5, 50, 500}[g.Intn(4)] * float64(c.Runners) / 10
	return c
}

// The shortcuts give exactly what the walk does: counts, steady counts, arrivals, pickups and
// every latency histogram bucket, on random small fleets in every scenario.
func TestFleetShortcutsMatchWalk(t *testing.T) {
	g := draw.NewSplitMix(20261123, 0)
	limiter, backoff := 0, 0
	fleets := 150
	if testing.Short() { // the first 40 of the same fleets
		fleets = 40
	}
	for k := 0; k < fleets; k++ {
		c := randomFleet(g)
		for _, d := range Designs {
			for _, s := range []scenario{scenarioIdle, scenarioSaturated, scenarioArrivals} {
				got, shortcut := simulateBy(c, d, s)
				want := reference(c, d, s)
				if !sameRun(got, want) {
					t.Fatalf("%+v %v scenario %d (shortcut %v): rpcs %d (steady %d) picked %d, walk %d (%d) %d",
						c, d, s, shortcut, got.rpcs, got.steadyRPCs, got.picked, want.rpcs, want.steadyRPCs, want.picked)
				}
				switch {
				case shortcut && d == SharedLimiter:
					limiter++
				case shortcut:
					backoff++
				}
			}
		}
	}
	t.Logf("shortcuts run to the end: limiter %d, backoff %d", limiter, backoff)
	if limiter < fleets/3 || backoff < fleets {
		t.Errorf("shortcuts run to the end: limiter %d, backoff %d", limiter, backoff)
	}
}

// Aligned start phases put every shared-limiter runner on one grid: with capacity 1 the runners
// that fetch at the same time are interchangeable and the shortcut runs; with capacity 2 a runner
// with a task running can share its phase with idle ones, and the shortcut gives up. Both match
// the walk.
func TestFleetLimiterShortcutTies(t *testing.T) {
	for _, capacity := range []int{1, 2} {
		c := FleetConfig{Runners: 5, Capacity: capacity, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
			TaskDuration: 10 * time.Second, Duration: 10 * time.Minute, ArrivalRate: 10, Seed: 1, StartPhases: PhasesAligned}
		got, shortcut := simulateBy(c, SharedLimiter, scenarioArrivals)
		if shortcut != (capacity == 1) {
			t.Errorf("capacity %d: shortcut ran %v", capacity, shortcut)
		}
		if want := reference(c, SharedLimiter, scenarioArrivals); !sameRun(got, want) {
			t.Errorf("capacity %d: %+v, want %+v", capacity, got, want)
		}
	}
}

// A task queued at t = 0 with aligned start phases finds every backoff poller fetching then: the
// shortcut breaks the ties as the calendar does (the last pushed first), and matches the walk.
func TestFleetBackoffShortcutBreaksTies(t *testing.T) {
	c := FleetConfig{Runners: 5, Capacity: 3, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 10 * time.Second, Duration: 10 * time.Minute, Seed: 1, StartPhases: PhasesAligned,
		ArrivalTimes: []time.Duration{0, 0, 0, 1500 * time.Millisecond, 2 * time.Second, time.Minute}}
	for _, d := range []Design{PerWorker, Semaphore} {
		got, shortcut := simulateBy(c, d, scenarioArrivals)
		if !shortcut {
			t.Errorf("%v: the shortcut gave up", d)
		}
		if want := reference(c, d, scenarioArrivals); !sameRun(got, want) {
			t.Errorf("%v: %+v, want %+v", d, got, want)
		}
	}
}

// The inlined jitter draws what presets.ActRunnerJitter does, from the same stream state.
func TestBackoffStepsSleep(t *testing.T) {
	g := draw.NewSplitMix(5, 0)
	for k := 0; k < 2000; k++ {
		base := time.Duration(1 + g.Intn(int64(10*time.Second)))
		if k%4 == 0 {
			base = time.Duration(1 + g.Intn(20)) // tiny intervals: ranges of 0 and 1 ns
		}
		maxI := base + time.Duration(g.Intn(int64(time.Minute)))
		steps := newBackoffSteps(int64(base), int64(maxI))
		a, b := draw.NewSplitMix(int64(k), 16), draw.NewSplitMix(int64(k), 16)
		for n := int64(1); n < 12; n++ {
			want := presets.ActRunnerJitter(a, presets.ActRunnerInterval(base, maxI, n))
			if got := steps[min(n, 6)].sleep(b); got != int64(want) {
				t.Fatalf("base %v max %v n %d: sleep %d, ActRunnerJitter %d", base, maxI, n, got, want)
			}
		}
		if *a != *b {
			t.Fatalf("base %v max %v: the streams moved differently", base, maxI)
		}
	}
}

// Nanosecond intervals make fetch times collide all the time: the shortcuts break ties as the
// calendar does or give up, and always match the walk.
func TestFleetShortcutsUnderTies(t *testing.T) {
	g := draw.NewSplitMix(99, 0)
	ran := 0
	for k := 0; k < 200; k++ {
		c := FleetConfig{Runners: 1 + int(g.Intn(6)), Capacity: 1 + int(g.Intn(3)), FetchInterval: time.Duration(10 + g.Intn(20)),
			FetchIntervalMax: time.Duration(30 + g.Intn(40)), TaskDuration: time.Duration(50 + g.Intn(500)),
			Duration: 20 * time.Microsecond, Seed: int64(k), StartPhases: StartPhases(g.Intn(3)),
			AnswerTime: time.Duration(g.Intn(3) * g.Intn(40))}
		var at time.Duration
		for range 1 + g.Intn(200) {
			at += time.Duration(g.Intn(300))
			c.ArrivalTimes = append(c.ArrivalTimes, at)
		}
		for _, d := range Designs {
			got, shortcut := simulateBy(c, d, scenarioArrivals)
			if want := reference(c, d, scenarioArrivals); !sameRun(got, want) {
				t.Fatalf("%+v %v (shortcut %v): rpcs %d picked %d, walk %d %d", c, d, shortcut, got.rpcs, got.picked, want.rpcs, want.picked)
			}
			if shortcut {
				ran++
			}
		}
	}
	t.Logf("%d of 600 runs by a shortcut", ran)
}
