package sim

import (
	"math"
	"sync"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// Design is one of the act_runner poller loops, as the code ran (a busy goroutine runs its task
// synchronously and does not poll).
type Design int

const (
	// SharedLimiter is the loop before #819: capacity goroutines share one
	// rate.Limiter(every fetch_interval, burst 1); no backoff, no jitter.
	SharedLimiter Design = iota
	// PerWorker is #819: capacity goroutines, each with its own empty/error counters and a jittered
	// backoff sleep after an empty fetch; a task resets the counters and runs in the goroutine.
	PerWorker
	// Semaphore is #822: one poller per runner acquires a slot (blocking when all are busy),
	// fetches, releases the slot and backs off on an empty fetch, and runs a task in a goroutine
	// that releases the slot when done; after a task it polls again at once.
	Semaphore
)

// Designs lists the designs in report order.
var Designs = []Design{SharedLimiter, PerWorker, Semaphore}

func (d Design) String() string {
	return [...]string{"shared-limiter", "per-worker", "semaphore"}[d]
}

// StartPhases is when each runner starts polling, within the first fetch interval.
type StartPhases int

const (
	// PhasesAligned starts every runner at t = 0: the worst case for the shared limiter, whose
	// grid of fetches is fixed by each runner's first Wait and never drifts while it is idle.
	PhasesAligned StartPhases = iota
	// PhasesRandom starts each runner at an independent uniform offset in [0, FetchInterval),
	// drawn from the seed.
	PhasesRandom
	// PhasesEven starts runner i at i x FetchInterval / Runners.
	PhasesEven
)

func (p StartPhases) String() string { return [...]string{"aligned", "random", "even"}[p] }

// FleetConfig describes a fleet of act_runner runners and the work that reaches it.
type FleetConfig struct {
	Runners          int
	Capacity         int
	FetchInterval    time.Duration // effective (defaults applied)
	FetchIntervalMax time.Duration // effective (at least FetchInterval)
	ArrivalRate      float64       // tasks per minute for the whole fleet (Poisson)
	TaskDuration     time.Duration
	Duration         time.Duration // simulated time
	Seed             int64
	StartPhases      StartPhases
	// AnswerTime is how long the server holds each FetchTask. The task a fetch gets is assigned
	// when the server receives the request, so pickup latency ends at the fetch's start; the runner
	// learns of the task, and starts it, AnswerTime later. A goroutine (or the semaphore's poller)
	// waits for the answer before it sleeps or fetches again; the shared limiter spaces the starts
	// of calls, so other goroutines of the runner can fetch meanwhile.
	AnswerTime time.Duration
	// ArrivalTimes, when set, replaces the Poisson arrivals with these times (ascending): scripted
	// scenarios and hand-checked tests.
	ArrivalTimes []time.Duration
	// JitterDraw, when set, is the draw every jittered sleep uses instead of the seeded streams.
	JitterDraw schedule.Draws
}

// Pollers is the number of polling loops of a design: capacity goroutines per runner before #822,
// one per runner after.
func (c FleetConfig) Pollers(d Design) int {
	if d == Semaphore {
		return c.Runners
	}
	return c.Runners * c.Capacity
}

// Connections is the most FetchTask requests a design can have in flight at once. The shared
// limiter spaces the starts of calls, not their ends, so a runner has up to min(capacity,
// floor(AnswerTime / FetchInterval) + 1) calls in flight: a call that ends exactly when the next
// one starts still counts (real timers fire late, never early, so act_runner's runners reach it);
// per-worker one per goroutine; the semaphore's single poller waits for each answer: one per
// runner.
func (c FleetConfig) Connections(d Design) int {
	switch d {
	case PerWorker:
		return c.Runners * c.Capacity
	case SharedLimiter:
		return c.Runners * c.limiterInFlight()
	}
	return c.Runners
}

// limiterInFlight is min(capacity, floor(AnswerTime / FetchInterval) + 1): the starts at 0,
// fetch_interval, 2 fetch_interval, ... that fall in a closed window of length AnswerTime.
func (c FleetConfig) limiterInFlight() int {
	k := int64(1)
	if c.AnswerTime > 0 && c.FetchInterval > 0 {
		k = int64(c.AnswerTime)/int64(c.FetchInterval) + 1
	}
	return int(min(int64(c.Capacity), k))
}

// TasksPerMinute is the most tasks the fleet can run per minute: every slot busy, each task
// holding it for AnswerTime + TaskDuration.
func (c FleetConfig) TasksPerMinute() float64 {
	return float64(c.Runners*c.Capacity) * float64(time.Minute) / float64(c.TaskDuration+c.AnswerTime)
}

// phase returns when runner i starts polling; g is the phase stream (PhasesRandom), drawn once
// per runner in order.
func (c FleetConfig) phase(i int, g *draw.SplitMix) int64 {
	switch c.StartPhases {
	case PhasesRandom:
		return int64(g.Unit() * float64(c.FetchInterval))
	case PhasesEven:
		return int64(i) * int64(c.FetchInterval) / int64(c.Runners)
	}
	return 0
}

// plateau is the interval a backed-off poller settles at.
func (c FleetConfig) plateau() time.Duration {
	return presets.ActRunnerInterval(c.FetchInterval, c.FetchIntervalMax, 6)
}

// IdleRateClosedForm is the steady idle FetchTask rate per minute from the loops alone: one fetch
// per fetch_interval per runner through the shared limiter; one per plateau interval per poller
// with backoff (jitter averages out).
// A goroutine waits for each answer: with AnswerTime D the shared limiter's runner fetches every
// max(fetch_interval, D / capacity), and a backed-off poller every plateau + D.
func (c FleetConfig) IdleRateClosedForm(d Design) float64 {
	if d == SharedLimiter {
		every := max(float64(c.FetchInterval), float64(c.AnswerTime)/float64(c.Capacity))
		return float64(c.Runners) * float64(time.Minute) / every
	}
	return float64(c.Pollers(d)) * float64(time.Minute) / float64(c.plateau()+c.AnswerTime)
}

// EstimatedFetches bounds the number of fetches one run of design d walks one by one, for the
// size cap. A shared limiter whose idle runners fetch on a fixed grid (gridPeriod) has its fetches
// counted, not walked, idle or with arrivals (runLimiter; with capacity 1 it never falls back to
// the walk, runners sharing a phase being interchangeable); its arrivals are capped apart.
func (c FleetConfig) EstimatedFetches(d Design) float64 {
	every := float64(c.plateau()+c.AnswerTime) * 0.8
	if d == SharedLimiter {
		idle := c.ArrivalRate == 0 && c.ArrivalTimes == nil
		if idle && c.AnswerTime == 0 || c.gridPeriod(d) > 0 && (idle || c.Capacity == 1) {
			return float64(c.Runners)
		}
		return float64(c.Runners) * (float64(c.Duration)/float64(c.FetchInterval) + 1)
	}
	return float64(c.Pollers(d)) * (float64(c.Duration)/every + 6)
}

// FleetResult is what one design does.
type FleetResult struct {
	Design                Design
	PollersIdle           int
	ConnectionsIdle       int
	IdleRPCsPerMinute     float64 // measured over the second half of an idle run
	FullLoadRPCsPerMinute float64 // measured over the second half of a run with every slot busy
	// With arrivals (ArrivalRate > 0):
	Arrived       int64
	Picked        int64
	RPCsPerMinute float64
	RPCsPerTask   float64
	PickupP50     float64 // seconds; NaN without pickups
	PickupP95     float64
}

// SimulateFleet runs design d three ways: idle, saturated (every slot busy), and with the
// configured arrivals. The runs share nothing, so they run concurrently (unless they share a
// JitterDraw).
func SimulateFleet(c FleetConfig, d Design) FleetResult {
	res := FleetResult{Design: d, PollersIdle: c.Pollers(d), ConnectionsIdle: c.Connections(d)}
	scenarios := []scenario{scenarioIdle, scenarioSaturated}
	if c.ArrivalRate > 0 || c.ArrivalTimes != nil {
		scenarios = append(scenarios, scenarioArrivals)
	}
	runs := make([]*fleetRun, len(scenarios))
	var wg sync.WaitGroup
	for i, s := range scenarios {
		if c.JitterDraw != nil { // one draw shared by the runs: one after another, in order
			runs[i] = simulate(c, d, s)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[i] = simulate(c, d, s)
		}()
	}
	wg.Wait()
	minutes := c.Duration.Minutes() / 2
	res.IdleRPCsPerMinute = float64(runs[0].steadyRPCs) / minutes
	res.FullLoadRPCsPerMinute = float64(runs[1].steadyRPCs) / minutes
	res.PickupP50, res.PickupP95 = math.NaN(), math.NaN()
	if len(runs) > 2 {
		load := runs[2]
		res.Arrived = load.arrived
		res.Picked = load.picked
		res.RPCsPerMinute = float64(load.rpcs) / c.Duration.Minutes()
		if load.picked > 0 {
			res.RPCsPerTask = float64(load.rpcs) / float64(load.picked)
			res.PickupP50 = float64(load.latency.quantile(0.50)) / 1e9
			res.PickupP95 = float64(load.latency.quantile(0.95)) / 1e9
		}
	}
	return res
}

// simulate runs one scenario of design d to the end: by a shortcut where one applies (see
// runLimiter and runBackoff), else by the walk (run).
func simulate(c FleetConfig, d Design, s scenario) *fleetRun {
	r, _ := simulateBy(c, d, s)
	return r
}

// simulateBy is simulate, also saying whether a shortcut ran the whole run.
func simulateBy(c FleetConfig, d Design, s scenario) (r *fleetRun, shortcut bool) {
	r = newFleetRun(c, d, s)
	if r.limiterShortcut() && r.runLimiter() || r.backoffShortcut() && r.runBackoff() {
		return r, true
	}
	r = newFleetRun(c, d, s) // a shortcut gave up part way: start again
	r.run()
	return r, false
}
