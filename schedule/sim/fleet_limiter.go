package sim

import "github.com/backoffctl/backoffctl/schedule/draw"

// limiterShortcut reports whether runLimiter can stand in for the walk: the shared limiter with
// arrivals, whose idle runners fetch on a fixed grid (gridPeriod: answer time D at most one
// fetch interval, or capacity 1).
//
// With such a D, no call of a runner is in flight when it fetches (sharedNext has popped every
// answer), so a fetch that takes a task leaves the runner's other goroutines free as with no
// answer time, and D only delays the start (and so the end) of the task. With capacity 1 and D >
// fetch_interval the runner blocks on the task and comes back at its end, t + D + task duration,
// later than its token t + fetch_interval, so at the end as with no answer time.
func (r *fleetRun) limiterShortcut() bool {
	return r.design == SharedLimiter && r.scenario == scenarioArrivals && r.grid > 0
}

// runLimiter is run for the shared limiter with arrivals (see limiterShortcut), without walking
// the empty fetches. It reports false, having done part of the run, when two runners fetch at the
// same time while a task waits and they are not interchangeable (see below); the caller then runs
// the walk on a fresh fleetRun.
//
// Where it comes from: a runner with a free goroutine fetches on the grid phase + k x period
// (gridPeriod: fetch_interval, or the answer time for a one-goroutine runner that waits longer
// than that) fixed by its first Wait, or the end of a task when all its goroutines were busy,
// and the grid does not drift while it polls, whether the fetches come back empty or bring tasks
// (a fetch that leaves a goroutine free takes the next token, one period later). So, in the event
// loop of run:
//
//   - while no task is queued, fetches are empty and affect nothing: the loop jumps from event
//     (arrival or completion) to event, and each runner's empty fetches are counted in closed form
//     (countGrid, the arithmetic of advanceEmpty) from its first uncounted fetch when it next
//     takes a task, blocks, or at the end;
//   - while a task is queued, the next fetch is the least, over the runners with a free goroutine,
//     of each one's first grid point at or after the current time: the runners whose phase comes
//     first after the current time modulo the period, found in a phaseCircle of phase groups.
//
// Why it is exact: events are taken in run's order (a completion, then an arrival, then a fetch
// at equal times), every fetch that takes a task is at the time run's queue would pop, and the
// counts are sums, which do not depend on the order they are added in. Which runner fetches
// first when several share a phase, run decides by push order, which this does not keep. It
// does not matter when none of them is running a task: each is then just a grid with every
// goroutine free, they are interchangeable, and taking one or another gives the same fleet up to
// the runners' names, so the same counts and latencies (with capacity 1 this is always so). When
// one of them is running a task, the shortcut gives up.
func (r *fleetRun) runLimiter() bool {
	grid := r.grid
	l := newLimiterGroups(r, len(r.idle))
	phases := draw.NewSplitMix(r.c.Seed, 3)
	for i := range l.next {
		l.next[i] = r.c.phase(i, phases)
		l.add(int32(i))
	}
	// from is the earliest time the next fetch can have, the time of the last event: runners that
	// fetched then and still have a free goroutine wait in deferred (their next fetch is a
	// period on) until time moves on, or nothing else can fetch.
	var from int64
	var deferred []int32
	for {
		keep := deferred[:0] // back in their groups once time has moved on
		for _, id := range deferred {
			if l.next[id]-grid < from {
				l.add(id)
			} else {
				keep = append(keep, id)
			}
		}
		deferred = keep
		if len(deferred) > 0 && l.circle.n == 0 { // they fetched at from, and nothing else can fetch
			from++
			for _, id := range deferred {
				l.add(id)
			}
			deferred = deferred[:0]
		}
		nextDone := never
		if !r.completes.empty() {
			nextDone = r.completes.peek()
		}
		nextFetch, id := never, int32(-1)
		if r.pending() {
			if e, ok := l.circle.next(from % grid); ok {
				g := &l.groups[e.id]
				if len(g.members) > 1 && g.partial > 0 {
					return false // runners with running tasks share the phase: push order decides
				}
				nextFetch, id = from+(e.ph-from%grid+grid)%grid, g.members[len(g.members)-1]
			}
		}
		t := min(nextDone, r.nextArrival, nextFetch)
		if t >= r.end {
			break
		}
		from = t
		switch {
		case t == nextDone:
			_, id := r.completes.pop()
			switch {
			case r.blocked[id]: // back on a grid fixed by the later of the task's end and its token
				r.idle[id]++
				r.blocked[id] = false
				l.next[id] = max(t, r.token[id])
				l.add(id)
			case l.isDeferred(id): // added when time moves on
				r.idle[id]++
			default: // in a group, which counts its runners with tasks running
				l.remove(id)
				r.idle[id]++
				l.add(id)
			}
		case t == r.nextArrival:
			r.arrived++
			r.nextArrival = r.interArrival(r.arrivals, t, r.arrived)
		default:
			r.countGrid(l.next[id], t) // the empty fetches before this one
			r.countRPC(t)
			r.take(t)
			if done := r.taskEnd(t); done != never {
				r.completes.push(done, id)
			}
			l.remove(id)
			r.idle[id]--
			l.next[id] = t + grid
			if r.idle[id] == 0 { // every goroutine runs a task: the limiter waits for one
				r.blocked[id] = true
				r.token[id] = t + int64(r.base)
			} else {
				deferred = append(deferred, id)
			}
		}
	}
	for i := range l.next {
		if !r.blocked[i] {
			r.countGrid(l.next[i], r.end)
		}
	}
	return true
}
