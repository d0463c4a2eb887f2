package sim

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// scenario is what a run feeds the fleet.
type scenario int

const (
	scenarioIdle      scenario = iota // no task ever arrives
	scenarioSaturated                 // a task is always waiting, and none finishes within the run
	scenarioArrivals                  // Poisson arrivals at ArrivalRate
)

// never is a time no event reaches.
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

	heap      *calendar // entities' next fetches
	token     []int64   // shared limiter: when a blocked runner's next token is available
	empty     []int64   // consecutive empty fetches per entity
	rng       []draw.SplitMix
	idle      []int32   // shared limiter: goroutines per runner not running a task
	running   []int32   // semaphore: tasks running per runner
	blocked   []bool    // entity waiting for a slot or an idle goroutine
	inflight  [][]int64 // shared limiter with an answer time: when each runner's empty fetches return
	completes fifo

	base, maxI time.Duration
	grid       int64        // shared limiter: the period of an idle runner's fetches when fixed (see gridPeriod), else 0
	steps      backoffSteps // sleeps by empty count, for walkBackoff
	// reference makes advanceEmpty walk through sleepAfterEmpty, as the model is written, for tests
	// that hold the shortcuts to it.
	reference bool
	fast      *bucketQueue // runBackoff's queue, which fetch and complete then push to

	arrivals    *draw.SplitMix // arrival process
	replay      *draw.SplitMix // the same stream, behind: arrival times of queued tasks
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
	r.steps = newBackoffSteps(int64(c.FetchInterval), int64(c.FetchIntervalMax))
	r.grid = c.gridPeriod(d)
	n := c.Runners
	if d == PerWorker {
		n = c.Runners * c.Capacity
	}
	// An entity's next fetch is at most a jittered plateau sleep (1.2 x plateau) and an answer
	// away, or a fetch interval for the limiter.
	r.heap = newCalendar(int64(c.plateau())*6/5+int64(c.AnswerTime)+int64(c.FetchInterval), n)
	r.token = make([]int64, n)
	r.empty = make([]int64, n)
	r.blocked = make([]bool, n)
	r.rng = make([]draw.SplitMix, n)
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
	if d == SharedLimiter && c.AnswerTime > 0 {
		r.inflight = make([][]int64, n)
	}
	r.startPhases(r.heap.push)
	if s == scenarioArrivals {
		r.arrivals = draw.NewSplitMix(c.Seed, 1)
		r.replay = draw.NewSplitMix(c.Seed, 1)
		r.nextArrival = r.interArrival(r.arrivals, 0, 0)
	}
	return r
}

// startPhases pushes every entity's first fetch, in id order: every loop of a runner starts
// with its first fetch, at the runner's start phase.
func (r *fleetRun) startPhases(push func(t int64, id int32)) {
	phases := draw.NewSplitMix(r.c.Seed, 3)
	per := 1
	if r.design == PerWorker {
		per = r.c.Capacity
	}
	for i := 0; i < r.c.Runners; i++ {
		at := r.c.phase(i, phases)
		for j := 0; j < per; j++ {
			push(at, int32(i*per+j))
		}
	}
}

// interArrival returns arrival number k (0-based), which follows the arrival at t: from the
// scripted list, or a Poisson draw from g.
func (r *fleetRun) interArrival(g *draw.SplitMix, t int64, k int64) int64 {
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
	interval := presets.ActRunnerInterval(r.base, r.maxI, r.empty[id])
	var d schedule.Draws = &r.rng[id]
	if r.c.JitterDraw != nil {
		d = r.c.JitterDraw
	}
	return int64(presets.ActRunnerJitter(d, interval))
}

// advanceEmpty runs entity id's empty fetches from t until limit without touching anything
// shared (no task is queued before limit, so every fetch comes back empty) and returns the time of
// its first fetch at or after limit.
func (r *fleetRun) advanceEmpty(id int32, t, limit int64) int64 {
	// Goroutines wait for answers. When an idle runner's fetches are a fixed grid (gridPeriod) and
	// no call is in flight, the walk below is that grid, counted by countGrid. Otherwise, walk.
	if r.design == SharedLimiter && r.inflight != nil && (r.reference || r.grid == 0 || len(r.inflight[id]) > 0) {
		for t < limit {
			r.countRPC(t)
			r.idle[id]--
			r.inflight[id] = append(r.inflight[id], t+int64(r.c.AnswerTime))
			t, _ = r.sharedNext(id, t+int64(r.base)) // a fetch is in flight: never blocked
		}
		return t
	}
	if r.design == SharedLimiter { // a fixed interval: count the fetches instead of walking them
		return r.countGrid(t, limit)
	}
	if r.c.JitterDraw == nil && !r.reference {
		return r.walkBackoff(id, t, limit)
	}
	for t < limit {
		r.countRPC(t)
		t += int64(r.c.AnswerTime) + r.sleepAfterEmpty(id)
	}
	return t
}

// push queues entity id's next fetch at t.
func (r *fleetRun) push(t int64, id int32) {
	if r.fast != nil {
		r.fast.push(t, id)
		return
	}
	r.heap.push(t, id)
}

// countGrid counts a shared-limiter runner's fetches at t, t + grid, t + 2 grid, ... before
// limit, and returns the first at or after limit.
func (r *fleetRun) countGrid(t, limit int64) int64 {
	if t >= limit {
		return t
	}
	n := (limit - t + r.grid - 1) / r.grid
	r.rpcs += n
	if last := t + (n-1)*r.grid; last >= r.half {
		first := max(t, r.half)
		k := (first - t + r.grid - 1) / r.grid // index of the first fetch >= half
		r.steadyRPCs += n - k
	}
	return t + n*r.grid
}

// gridPeriod is the period of a shared-limiter runner's fetches while it is idle, when they form
// a fixed grid: fetch_interval with answer time D <= fetch_interval (each answer is back by the
// next token, t + D <= t + fetch_interval, so sharedNext pops it, frees the goroutine and returns
// the token's time, leaving no call in flight); D with capacity 1 and D > fetch_interval (the one
// goroutine is still waiting when the token comes, so sharedNext returns its answer's time, t +
// D, again leaving no call in flight). Otherwise 0: calls overlap and the walk follows them.
func (c FleetConfig) gridPeriod(d Design) int64 {
	switch {
	case d != SharedLimiter:
		return 0
	case c.AnswerTime <= c.FetchInterval:
		return int64(c.FetchInterval)
	case c.Capacity == 1:
		return int64(c.AnswerTime)
	}
	return 0
}

// sharedNext is a shared-limiter runner's next fetch after one at cand - fetch_interval, when
// its goroutines wait for answers: at cand if a goroutine is free by then, else when the first
// in-flight fetch returns (the limiter has banked its token); ok is false when every goroutine is
// running a task.
func (r *fleetRun) sharedNext(id int32, cand int64) (next int64, ok bool) {
	q := r.inflight[id]
	for len(q) > 0 && q[0] <= cand {
		q = q[1:]
		r.idle[id]++
	}
	if r.idle[id] == 0 && len(q) > 0 {
		cand = q[0]
		q = q[1:]
		r.idle[id]++
	}
	r.inflight[id] = q
	return cand, r.idle[id] > 0
}

// fetch is entity id's FetchTask at time t when a task may be queued.
func (r *fleetRun) fetch(id int32, t int64) {
	r.countRPC(t)
	answer := int64(r.c.AnswerTime)
	if !r.pending() {
		if r.inflight != nil {
			r.idle[id]--
			r.inflight[id] = append(r.inflight[id], t+answer)
			next, _ := r.sharedNext(id, t+int64(r.base))
			r.push(next, id)
			return
		}
		r.push(t+answer+r.sleepAfterEmpty(id), id)
		return
	}
	r.take(t)
	r.empty[id] = 0
	done := r.taskEnd(t)
	switch r.design {
	case SharedLimiter:
		r.idle[id]--
		if done != never {
			r.completes.push(done, id)
		}
		next, ok := t+int64(r.base), r.idle[id] > 0
		if r.inflight != nil {
			next, ok = r.sharedNext(id, next)
		}
		if ok {
			r.push(next, id)
		} else {
			r.blocked[id] = true
			r.token[id] = next // the next token, for when a goroutine returns
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
			r.push(t+answer, id) // acquire the next slot and fetch again once answered
		} else {
			r.blocked[id] = true
			r.token[id] = t + answer // it reaches the semaphore when the answer arrives
		}
	}
}

// taskEnd is when the task a fetch at t takes ends: an answer time and the task's duration later
// (never when saturated, or past the clock).
func (r *fleetRun) taskEnd(t int64) int64 {
	if r.scenario == scenarioSaturated || int64(r.c.TaskDuration)+int64(r.c.AnswerTime) >= never-t {
		return never
	}
	return t + int64(r.c.AnswerTime) + int64(r.c.TaskDuration)
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
			r.push(max(t, r.token[id]), id)
		}
	case PerWorker:
		r.blocked[id] = false
		r.push(t, id) // counters were reset: fetch again at once
	case Semaphore:
		r.running[id]--
		if r.blocked[id] {
			r.blocked[id] = false
			r.push(max(t, r.token[id]), id)
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
		if !r.event(t, nextDone) {
			r.fetch(r.heap.pop().id, t)
		}
	}
}

// event handles what happens at t when it is the next completion (nextDone) or arrival, in that
// order at equal times, and reports false when t is neither: the next event is a fetch.
func (r *fleetRun) event(t, nextDone int64) bool {
	switch t {
	case nextDone:
		_, id := r.completes.pop()
		r.complete(t, id)
	case r.nextArrival:
		r.arrived++
		r.nextArrival = r.interArrival(r.arrivals, t, r.arrived)
	default:
		return false
	}
	return true
}
