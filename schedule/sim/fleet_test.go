package sim

import (
	"math"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

func prFleet() FleetConfig {
	return FleetConfig{Runners: 3, Capacity: 60, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 5 * time.Minute, Duration: time.Hour, Seed: 1}
}

// PR #822's situation, 3 runners x capacity 60, as the code runs it.
func TestFleetPR822(t *testing.T) {
	c := prFleet()
	want := map[Design]struct {
		pollers, conns int
		idle           float64 // closed form: 3 x 60/2s; 180 x 60/5s; 3 x 60/5s
	}{
		SharedLimiter: {180, 3, 90},
		PerWorker:     {180, 180, 2160},
		Semaphore:     {3, 3, 36},
	}
	for _, d := range Designs {
		res := SimulateFleet(c, d)
		w := want[d]
		if res.PollersIdle != w.pollers || res.ConnectionsIdle != w.conns {
			t.Errorf("%v: pollers %d conns %d, want %d %d", d, res.PollersIdle, res.ConnectionsIdle, w.pollers, w.conns)
		}
		if got := c.IdleRateClosedForm(d); got != w.idle {
			t.Errorf("%v: closed form %v, want %v", d, got, w.idle)
		}
		// The simulation agrees with the closed form within jitter noise.
		if rel := math.Abs(res.IdleRPCsPerMinute-w.idle) / w.idle; rel > 0.01 {
			t.Errorf("%v: simulated idle %v/min, closed form %v (off by %.2f%%)", d, res.IdleRPCsPerMinute, w.idle, rel*100)
		}
		// Every design stops polling when all slots are busy: busy goroutines run their task.
		if res.FullLoadRPCsPerMinute != 0 {
			t.Errorf("%v: full load %v RPCs/min, want 0", d, res.FullLoadRPCsPerMinute)
		}
	}
}

// The shared limiter has no jitter, so it can be counted by hand: one fetch every 2 s per runner
// whatever the capacity, 300 in 10 minutes, 150 of them in the second half.
func TestFleetSharedLimiterExact(t *testing.T) {
	c := FleetConfig{Runners: 1, Capacity: 4, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: time.Minute, Duration: 10 * time.Minute, Seed: 1}
	r := newFleetRun(c, SharedLimiter, scenarioIdle)
	r.run()
	if r.rpcs != 300 || r.steadyRPCs != 150 {
		t.Errorf("fetches %d (steady %d), want 300 (150): one per 2 s over 10 min", r.rpcs, r.steadyRPCs)
	}
	// Saturated: the limiter hands one token per 2 s, so 4 slots fill at 0, 2, 4, 6 s and polling stops.
	s := newFleetRun(c, SharedLimiter, scenarioSaturated)
	s.run()
	if s.rpcs != 4 || s.picked != 4 {
		t.Errorf("saturated: %d fetches, %d picked, want 4 and 4", s.rpcs, s.picked)
	}
}

// A semaphore poller with 2 slots and tasks always queued fetches twice at t=0 and blocks; a
// per-worker runner's goroutines each fetch once.
func TestFleetSaturatedFill(t *testing.T) {
	c := FleetConfig{Runners: 2, Capacity: 2, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: time.Minute, Duration: 10 * time.Minute, Seed: 1}
	for _, d := range []Design{PerWorker, Semaphore} {
		r := newFleetRun(c, d, scenarioSaturated)
		r.run()
		if r.rpcs != 4 || r.picked != 4 {
			t.Errorf("%v: %d fetches, %d picked, want 4 and 4", d, r.rpcs, r.picked)
		}
	}
}

// With arrivals, every arrived task is picked up or still waiting, latencies are non-negative, and
// the same seed gives the same numbers.
func TestFleetArrivalsDeterministic(t *testing.T) {
	c := prFleet()
	c.ArrivalRate = 6
	for _, d := range Designs {
		a, b := SimulateFleet(c, d), SimulateFleet(c, d)
		if a != b && !(math.IsNaN(a.PickupP50) && math.IsNaN(b.PickupP50)) {
			t.Errorf("%v: two runs differ: %+v vs %+v", d, a, b)
		}
		if a.Arrived < 300 || a.Arrived > 420 { // 6/min for an hour: 360 ± 3 sigma
			t.Errorf("%v: %d arrivals, want about 360", d, a.Arrived)
		}
		if a.Picked > a.Arrived || a.PickupP50 < 0 || a.PickupP95 < a.PickupP50 {
			t.Errorf("%v: inconsistent %+v", d, a)
		}
	}
	// The trade-off: one backed-off poller per runner picks tasks up later than 60 goroutines do.
	sem, pw := SimulateFleet(c, Semaphore), SimulateFleet(c, PerWorker)
	if !(sem.PickupP50 > pw.PickupP50) || !(sem.IdleRPCsPerMinute < pw.IdleRPCsPerMinute/10) {
		t.Errorf("semaphore p50 %v vs per-worker %v; idle %v vs %v", sem.PickupP50, pw.PickupP50, sem.IdleRPCsPerMinute, pw.IdleRPCsPerMinute)
	}
}

func TestHistogramQuantiles(t *testing.T) {
	var h histogram
	for v := int64(1); v <= 1000; v++ {
		h.add(v * 1e6)
	}
	for _, c := range []struct {
		p    float64
		want float64
	}{{0.5, 500e6}, {0.95, 950e6}, {1, 1000e6}} {
		got := float64(h.quantile(c.p))
		if math.Abs(got-c.want)/c.want > 0.008 {
			t.Errorf("p%v = %v, want %v within 0.8%%", c.p, got, c.want)
		}
	}
	for v := int64(0); v < 100000; v += 7 {
		b := bucketOf(v)
		if mid := bucketMid(b); math.Abs(float64(mid-v)) > math.Max(1, float64(v)/128) {
			t.Fatalf("value %d in bucket %d with middle %d", v, b, mid)
		}
	}
}

// Hand-computed with the middle draw (u = 0.5 gives zero jitter): an idle per-worker goroutine
// fetches at 0, 2, 6, then every 5 s: 11, 16, ..., 56 within a minute: 13 fetches, 6 of them at
// 30 s or later.
func TestFleetPerWorkerIdleByHand(t *testing.T) {
	c := FleetConfig{Runners: 1, Capacity: 1, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		Duration: time.Minute, JitterDraw: draw.Fixed(0.5)}
	for _, d := range []Design{PerWorker, Semaphore} {
		r := newFleetRun(c, d, scenarioIdle)
		r.run()
		if r.rpcs != 13 || r.steadyRPCs != 6 {
			t.Errorf("%v: %d fetches (%d steady), want 13 (6)", d, r.rpcs, r.steadyRPCs)
		}
	}
}

// Hand-computed pickups: tasks arrive at 3 s and 4 s, one runner with 2 slots, 10 s tasks, zero
// jitter.
//   - shared limiter: fetches at 0, 2, 4, 6: A at 4 (1 s), B at 6 (2 s).
//   - per worker: both goroutines fetch at 0 and 2, back off 4 s, and fetch at 6: A (3 s), B (2 s).
//   - semaphore: the poller fetches at 0, 2, then 6: A (3 s) and at once B (2 s); both slots busy.
func TestFleetPickupByHand(t *testing.T) {
	c := FleetConfig{Runners: 1, Capacity: 2, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 10 * time.Second, Duration: 30 * time.Second, JitterDraw: draw.Fixed(0.5),
		ArrivalTimes: []time.Duration{3 * time.Second, 4 * time.Second}}
	want := map[Design][2]float64{SharedLimiter: {1, 2}, PerWorker: {3, 2}, Semaphore: {3, 2}}
	for d, lat := range want {
		r := newFleetRun(c, d, scenarioArrivals)
		r.run()
		if r.picked != 2 {
			t.Fatalf("%v: picked %d, want 2", d, r.picked)
		}
		lo, hi := math.Min(lat[0], lat[1]), math.Max(lat[0], lat[1])
		if p50, p100 := float64(r.latency.quantile(0.5))/1e9, float64(r.latency.quantile(1))/1e9; math.Abs(p50-lo) > lo/100 || math.Abs(p100-hi) > hi/100 {
			t.Errorf("%v: latencies p50 %v max %v, want %v and %v", d, p50, p100, lo, hi)
		}
	}
	// Semaphore after both tasks finish at 16 s: fetches at 16, 18, 22, 27: with 0, 2, 6 before,
	// and 6 twice, 8 fetches by 30 s.
	r := newFleetRun(c, Semaphore, scenarioArrivals)
	r.run()
	if r.rpcs != 8 {
		t.Errorf("semaphore: %d fetches, want 8", r.rpcs)
	}
}

// Start phases, shared limiter, 3 runners with idle slots: a task waits for the next fetch of any
// runner. Aligned, the three grids coincide: uniform on [0, I), p50 0.5 I, p95 0.95 I. At random
// offsets (pooled over seeds) P(wait > x) = (1-x)^3: p50 1-0.5^(1/3) = 0.206 I, p95 0.632 I. Even,
// uniform on [0, I/3): p50 0.167 I, p95 0.317 I.
func TestFleetStartPhases(t *testing.T) {
	for _, c := range []struct {
		phases   StartPhases
		seeds    int
		p50, p95 float64 // in fetch intervals
	}{
		{PhasesAligned, 1, 0.5, 0.95},
		{PhasesRandom, 150, 0.206, 0.632},
		{PhasesEven, 1, 1.0 / 6, 0.95 / 3},
	} {
		var pooled histogram
		for seed := 0; seed < c.seeds; seed++ {
			cfg := FleetConfig{Runners: 3, Capacity: 10, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
				TaskDuration: time.Second, Duration: 2 * time.Hour, ArrivalRate: 3, Seed: int64(seed), StartPhases: c.phases}
			if c.seeds == 1 {
				cfg.Duration = 24 * time.Hour
			}
			r := newFleetRun(cfg, SharedLimiter, scenarioArrivals)
			r.run()
			for b, n := range r.latency.counts {
				pooled.counts[b] += n
			}
			pooled.n += r.latency.n
		}
		p50 := float64(pooled.quantile(0.5)) / 2e9
		p95 := float64(pooled.quantile(0.95)) / 2e9
		if math.Abs(p50-c.p50) > 0.03 || math.Abs(p95-c.p95) > 0.03 {
			t.Errorf("%v: pickup p50 %.3f p95 %.3f intervals, want %.3f and %.3f (within 0.03)", c.phases, p50, p95, c.p50, c.p95)
		}
	}
}

// Connections: the shared limiter spaces the starts of calls, so with an answer time a runner has
// min(capacity, floor(answer / interval) + 1) calls in flight: the starts in a closed window of
// length answer, so a call ending exactly when the next starts counts (act_runner's poller.go
// reaches 3 per runner with a 40ms answer and a 20ms interval).
func TestFleetConnections(t *testing.T) {
	for _, c := range []struct {
		capacity                int
		interval, answer        time.Duration
		shared, perWorker, sema int
	}{
		{60, 2 * time.Second, 0, 3, 180, 3},
		{60, 2 * time.Second, time.Second, 3, 180, 3},
		{60, 2 * time.Second, 2*time.Second - 1, 3, 180, 3},
		{60, 2 * time.Second, 2 * time.Second, 6, 180, 3},
		{60, 2 * time.Second, 2*time.Second + 1, 6, 180, 3},
		{60, 2 * time.Second, 4 * time.Second, 9, 180, 3},
		{60, 2 * time.Second, 7 * time.Second, 12, 180, 3},
		{60, 20 * time.Millisecond, 40 * time.Millisecond, 9, 180, 3},
		{2, 2 * time.Second, 7 * time.Second, 6, 6, 3},
		{2, 2 * time.Second, 2 * time.Second, 6, 6, 3},
		{1, 2 * time.Second, time.Minute, 3, 3, 3},
	} {
		cfg := FleetConfig{Runners: 3, Capacity: c.capacity, FetchInterval: c.interval, AnswerTime: c.answer}
		got := [3]int{cfg.Connections(SharedLimiter), cfg.Connections(PerWorker), cfg.Connections(Semaphore)}
		if got != [3]int{c.shared, c.perWorker, c.sema} {
			t.Errorf("capacity %d interval %v answer %v: connections %v, want %v", c.capacity, c.interval, c.answer, got, [3]int{c.shared, c.perWorker, c.sema})
		}
	}
}

// Answer time, by hand (one runner, zero jitter, 2 s interval, 5 s max, answer 1 s):
//   - shared limiter, capacity 2: the grid holds (2 goroutines cover a 1 s answer): 15 fetches in
//     30 s; capacity 1 with a 3 s answer: one call at a time, every 3 s: 10 fetches.
//   - per-worker and semaphore, capacity 1: each empty fetch waits 1 s for its answer, then sleeps
//     2, 4, 5, 5, ...: fetches at 0, 3, 8, 14, 20, 26: 6.
//   - pickup: a task queued at 4.5 s is taken by the shared limiter's fetch at 6 s (1.5 s) and
//     starts at 7 s; it runs 10 s, so with capacity 1 the goroutine is back at 17 s.
func TestFleetAnswerTimeByHand(t *testing.T) {
	base := FleetConfig{Runners: 1, Capacity: 2, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		Duration: 30 * time.Second, JitterDraw: draw.Fixed(0.5), AnswerTime: time.Second}
	count := func(c FleetConfig, d Design) int64 {
		r := newFleetRun(c, d, scenarioIdle)
		r.run()
		return r.rpcs
	}
	if n := count(base, SharedLimiter); n != 15 {
		t.Errorf("shared limiter, capacity 2, answer 1s: %d fetches, want 15", n)
	}
	c := base
	c.Capacity, c.AnswerTime = 1, 3*time.Second
	if n := count(c, SharedLimiter); n != 10 {
		t.Errorf("shared limiter, capacity 1, answer 3s: %d fetches, want 10", n)
	}
	if got := c.IdleRateClosedForm(SharedLimiter); got != 20 {
		t.Errorf("closed form %v/min, want 20 (one per 3 s)", got)
	}
	c = base
	c.Capacity = 1
	for _, d := range []Design{PerWorker, Semaphore} {
		if n := count(c, d); n != 6 {
			t.Errorf("%v, answer 1s: %d fetches, want 6", d, n)
		}
	}
	c = base
	c.Capacity, c.TaskDuration, c.ArrivalTimes = 1, 10*time.Second, []time.Duration{4500 * time.Millisecond}
	r := newFleetRun(c, SharedLimiter, scenarioArrivals)
	r.run()
	// Fetches at 0, 2, 4 (empty), 6 (the task; back at 17), then 17, 19, ..., 29: 4 + 7 = 11.
	if lat := float64(r.latency.quantile(1)) / 1e9; math.Abs(lat-1.5) > 0.015 || r.rpcs != 11 {
		t.Errorf("pickup %v s (want 1.5), %d fetches (want 11)", lat, r.rpcs)
	}
}

// The size cap counts what a run walks: a shared limiter on a fixed grid with capacity 1 counts
// its fetches in closed form (runLimiter never falls back then), with capacity 2 and arrivals it
// may walk them, and calls that overlap (capacity 2, answers longer than the interval) are walked.
func TestEstimatedFetchesFollowShortcuts(t *testing.T) {
	c := FleetConfig{Runners: 1000, Capacity: 1, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		ArrivalRate: 100, TaskDuration: 5 * time.Minute, Duration: 72 * time.Hour}
	walk := float64(c.Runners) * (float64(c.Duration)/float64(c.FetchInterval) + 1)
	if got := c.EstimatedFetches(SharedLimiter); got != 1000 {
		t.Errorf("capacity 1 with arrivals: %v, want the runners (1000)", got)
	}
	c.Capacity = 2
	if got := c.EstimatedFetches(SharedLimiter); got != walk {
		t.Errorf("capacity 2 with arrivals: %v, want the walk's %v", got, walk)
	}
	c.ArrivalRate, c.AnswerTime = 0, 3*time.Second
	if got := c.EstimatedFetches(SharedLimiter); got != walk {
		t.Errorf("capacity 2, answers past the interval: %v, want the walk's %v", got, walk)
	}
	c.AnswerTime = time.Second
	if got := c.EstimatedFetches(SharedLimiter); got != 1000 {
		t.Errorf("idle on a grid: %v, want the runners", got)
	}
}
