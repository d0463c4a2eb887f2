package sim

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
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

// Connections is the most FetchTask requests a design can have in flight at once: one per runner
// where fetches are serialized (the shared limiter, the single poller), one per goroutine
// otherwise.
func (c FleetConfig) Connections(d Design) int {
	if d == PerWorker {
		return c.Runners * c.Capacity
	}
	return c.Runners
}

// plateau is the interval a backed-off poller settles at.
func (c FleetConfig) plateau() time.Duration {
	return schedule.ActRunnerInterval(c.FetchInterval, c.FetchIntervalMax, 6)
}

// IdleRateClosedForm is the steady idle FetchTask rate per minute from the loops alone: one fetch
// per fetch_interval per runner through the shared limiter; one per plateau interval per poller
// with backoff (jitter averages out).
func (c FleetConfig) IdleRateClosedForm(d Design) float64 {
	if d == SharedLimiter {
		return float64(c.Runners) * float64(time.Minute) / float64(c.FetchInterval)
	}
	return float64(c.Pollers(d)) * float64(time.Minute) / float64(c.plateau())
}

// EstimatedFetches bounds the number of fetches one run of design d walks one by one, for the
// size cap. An idle shared limiter's fetches are counted, not walked.
func (c FleetConfig) EstimatedFetches(d Design) float64 {
	every := float64(c.plateau()) * 0.8
	if d == SharedLimiter {
		if c.ArrivalRate == 0 && c.ArrivalTimes == nil {
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
// configured arrivals.
func SimulateFleet(c FleetConfig, d Design) FleetResult {
	res := FleetResult{Design: d, PollersIdle: c.Pollers(d), ConnectionsIdle: c.Connections(d)}
	minutes := c.Duration.Minutes() / 2
	idle := newFleetRun(c, d, scenarioIdle)
	idle.run()
	res.IdleRPCsPerMinute = float64(idle.steadyRPCs) / minutes
	full := newFleetRun(c, d, scenarioSaturated)
	full.run()
	res.FullLoadRPCsPerMinute = float64(full.steadyRPCs) / minutes
	res.PickupP50, res.PickupP95 = math.NaN(), math.NaN()
	if c.ArrivalRate > 0 || c.ArrivalTimes != nil {
		load := newFleetRun(c, d, scenarioArrivals)
		load.run()
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
