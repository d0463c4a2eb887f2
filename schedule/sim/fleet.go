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
	Waiting       int64 // queued at the end
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
		res.Waiting = load.arrived - load.picked
		res.RPCsPerMinute = float64(load.rpcs) / c.Duration.Minutes()
		if load.picked > 0 {
			res.RPCsPerTask = float64(load.rpcs) / float64(load.picked)
			res.PickupP50 = float64(load.latency.quantile(0.50)) / 1e9
			res.PickupP95 = float64(load.latency.quantile(0.95)) / 1e9
		}
	}
	return res
}

type scenario int

const (
	scenarioIdle      scenario = iota // no task ever arrives
	scenarioSaturated                 // a task is always waiting, and none finishes within the run
	scenarioArrivals                  // Poisson arrivals at ArrivalRate
)

const never = int64(math.MaxInt64)

// fleetRun is one simulation. Entities are what polls: a runner's limiter chain (shared limiter),
// a goroutine (per worker) or a runner's single poller (semaphore). Each entity has its own draw
// stream, so its jitter does not depend on the order events are processed in.
type fleetRun struct {
	c        FleetConfig
	design   Design
	scenario scenario
	end      int64
	half     int64

	heap      entityHeap
	token     []int64 // shared limiter: when a blocked runner's next token is available
	empty     []int64 // consecutive empty fetches per entity
	rng       []schedule.SplitMix
	idle      []int32 // shared limiter: goroutines per runner not running a task
	running   []int32 // semaphore: tasks running per runner
	blocked   []bool  // entity waiting for a slot or an idle goroutine
	completes fifo

	base, maxI time.Duration

	arrivals    *schedule.SplitMix // arrival process
	replay      *schedule.SplitMix // the same stream, behind: arrival times of queued tasks
	nextArrival int64
	replayAt    int64
	arrived     int64
	picked      int64

	rpcs       int64
	steadyRPCs int64
	latency    histogram
}

func newFleetRun(c FleetConfig, d Design, s scenario) *fleetRun {
	r := &fleetRun{c: c, design: d, scenario: s, end: int64(c.Duration), half: int64(c.Duration) / 2,
		base: c.FetchInterval, maxI: c.FetchIntervalMax, nextArrival: never}
	n := c.Runners
	if d == PerWorker {
		n = c.Runners * c.Capacity
	}
	r.token = make([]int64, n)
	r.empty = make([]int64, n)
	r.blocked = make([]bool, n)
	r.rng = make([]schedule.SplitMix, n)
	for i := range r.rng {
		r.rng[i].Reseed(c.Seed, uint64(i)+16)
	}
	switch d {
	case SharedLimiter:
		r.idle = make([]int32, n)
		for i := range r.idle {
			r.idle[i] = int32(c.Capacity)
		}
	case Semaphore:
		r.running = make([]int32, n)
	}
	for i := 0; i < n; i++ {
		r.heap.push(0, int32(i)) // every loop starts by fetching at t = 0
	}
	if s == scenarioArrivals {
		r.arrivals = schedule.NewSplitMix(c.Seed, 1)
		r.replay = schedule.NewSplitMix(c.Seed, 1)
		r.nextArrival = r.interArrival(r.arrivals, 0, 0)
	}
	return r
}

// interArrival returns arrival number k (0-based), which follows the arrival at t: from the
// scripted list, or a Poisson draw from g.
func (r *fleetRun) interArrival(g *schedule.SplitMix, t int64, k int64) int64 {
	if r.c.ArrivalTimes != nil {
		if k >= int64(len(r.c.ArrivalTimes)) {
			return never
		}
		return int64(r.c.ArrivalTimes[k])
	}
	perNs := r.c.ArrivalRate / float64(time.Minute)
	gap := -math.Log1p(-g.Unit()) / perNs
	if gap > float64(never-t) {
		return never
	}
	return t + int64(gap)
}

// pending reports whether a task is queued at time t.
func (r *fleetRun) pending() bool {
	return r.scenario == scenarioSaturated || r.arrived > r.picked
}

func (r *fleetRun) countRPC(t int64) {
	r.rpcs++
	if t >= r.half {
		r.steadyRPCs++
	}
}

// sleepAfterEmpty is the wait before an entity's next fetch after an empty one.
func (r *fleetRun) sleepAfterEmpty(id int32) int64 {
	if r.design == SharedLimiter {
		return int64(r.base) // the limiter's next token; idle goroutines are already waiting for it
	}
	r.empty[id]++
	interval := schedule.ActRunnerInterval(r.base, r.maxI, r.empty[id])
	var d schedule.Draws = &r.rng[id]
	if r.c.JitterDraw != nil {
		d = r.c.JitterDraw
	}
	return int64(schedule.ActRunnerJitter(d, interval))
}

// advanceEmpty runs entity id's empty fetches from t until limit without touching anything
// shared (no task is queued before limit, so every fetch comes back empty) and returns the time of
// its first fetch at or after limit.
func (r *fleetRun) advanceEmpty(id int32, t, limit int64) int64 {
	if r.design == SharedLimiter { // a fixed interval: count the fetches instead of walking them
		n := (limit - t + int64(r.base) - 1) / int64(r.base)
		r.rpcs += n
		if last := t + (n-1)*int64(r.base); last >= r.half {
			first := max(t, r.half)
			k := (first - t + int64(r.base) - 1) / int64(r.base) // index of the first fetch >= half
			r.steadyRPCs += n - k
		}
		return t + n*int64(r.base)
	}
	for t < limit {
		r.countRPC(t)
		t += r.sleepAfterEmpty(id)
	}
	return t
}

// fetch is entity id's FetchTask at time t when a task may be queued.
func (r *fleetRun) fetch(id int32, t int64) {
	r.countRPC(t)
	if !r.pending() {
		r.heap.push(t+r.sleepAfterEmpty(id), id)
		return
	}
	r.take(t)
	r.empty[id] = 0
	done := never
	if r.scenario != scenarioSaturated && int64(r.c.TaskDuration) < never-t {
		done = t + int64(r.c.TaskDuration)
	}
	switch r.design {
	case SharedLimiter:
		r.idle[id]--
		if done != never {
			r.completes.push(done, id)
		}
		if r.idle[id] > 0 {
			r.heap.push(t+int64(r.base), id)
		} else {
			r.blocked[id] = true
			r.token[id] = t + int64(r.base) // the next token, for when a goroutine returns
		}
	case PerWorker:
		r.blocked[id] = true // running its task, not polling
		if done != never {
			r.completes.push(done, id)
		}
	case Semaphore:
		r.running[id]++
		if done != never {
			r.completes.push(done, id)
		}
		if r.running[id] < int32(r.c.Capacity) {
			r.heap.push(t, id) // acquire the next slot and fetch again at once
		} else {
			r.blocked[id] = true
		}
	}
}

// take hands the oldest queued task to a fetch at time t.
func (r *fleetRun) take(t int64) {
	if r.scenario == scenarioArrivals {
		r.replayAt = r.interArrival(r.replay, r.replayAt, r.picked)
		r.latency.add(t - r.replayAt)
	}
	r.picked++
}

// complete frees what a finished task held.
func (r *fleetRun) complete(t int64, id int32) {
	switch r.design {
	case SharedLimiter:
		r.idle[id]++
		if r.blocked[id] {
			r.blocked[id] = false
			r.heap.push(max(t, r.token[id]), id)
		}
	case PerWorker:
		r.blocked[id] = false
		r.heap.push(t, id) // counters were reset: fetch again at once
	case Semaphore:
		r.running[id]--
		if r.blocked[id] {
			r.blocked[id] = false
			r.heap.push(t, id)
		}
	}
}

// run processes events in time order until the end. While no task is queued, entities cannot
// affect each other before the next arrival or completion, so their empty fetches are walked per
// entity without the heap; that keeps idle fleets cheap.
func (r *fleetRun) run() {
	for {
		nextDone := never
		if !r.completes.empty() {
			nextDone = r.completes.peek()
		}
		if !r.pending() {
			limit := min(r.nextArrival, nextDone, r.end)
			for r.heap.len() > 0 && r.heap.top().t < limit {
				it := r.heap.pop()
				// Now at or past limit: this loop will not meet it again.
				r.heap.push(r.advanceEmpty(it.id, it.t, limit), it.id)
			}
		}
		nextFetch := never
		if r.heap.len() > 0 {
			nextFetch = r.heap.top().t
		}
		t := min(nextDone, r.nextArrival, nextFetch)
		if t >= r.end {
			return
		}
		switch {
		case t == nextDone:
			_, id := r.completes.pop()
			r.complete(t, id)
		case t == r.nextArrival:
			r.arrived++
			r.nextArrival = r.interArrival(r.arrivals, t, r.arrived)
		default:
			r.fetch(r.heap.pop().id, t)
		}
	}
}
