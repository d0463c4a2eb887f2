package sim

import "github.com/backoffctl/backoffctl/schedule/draw"

// limiterShortcut reports whether runLimiter can stand in for the walk: the shared limiter with
// arrivals, and an answer time of at most one fetch interval.
//
// With answer time D <= fetch_interval, every call of a runner is back by the time its next
// token is due (t + D <= t + fetch_interval), so sharedNext always returns the token's time and
// leaves no call in flight; the runner's goroutines then behave as with no answer time, and D
// only delays the start (and so the end) of a task it fetched.
func (r *fleetRun) limiterShortcut() bool {
	return r.design == SharedLimiter && r.scenario == scenarioArrivals && r.c.AnswerTime <= r.c.FetchInterval
}

// runLimiter is run for the shared limiter with arrivals (see limiterShortcut), without walking
// the empty fetches. It reports false, having done part of the run, when two active runners'
// grids coincide; the caller then runs the walk on a fresh fleetRun.
//
// Where it comes from: a runner with a free goroutine fetches on the grid phase + k x
// fetch_interval fixed by its last token (its first Wait, or the end of a task when all its
// goroutines were busy), and the grid does not drift while it polls, whether the fetches come
// back empty or bring tasks (a fetch that leaves a goroutine free takes the next token, one
// interval later). So, in the event loop of run:
//
//   - while no task is queued, fetches are empty and affect nothing: the loop jumps from event
//     (arrival or completion) to event, and each runner's empty fetches are counted in closed form
//     (countGrid, the arithmetic of advanceEmpty) from its first uncounted fetch when it next
//     takes a task, blocks, or at the end;
//   - while a task is queued, the next fetch is the least, over the runners with a free goroutine,
//     of each one's first grid point at or after the current time: the runner whose phase comes
//     first after the current time modulo fetch_interval, found in a phaseCircle.
//
// Why it is exact: events are taken in run's order (a completion, then an arrival, then a fetch
// at equal times), every fetch that takes a task is the one run's queue would pop, and the
// counts are sums, which do not depend on the order they are added in. The one thing run decides
// that this does not model is the order of fetches at equal times (last pushed first): two
// runners' fetches can only share a time when their phases are equal, so an insertion that meets
// an equal phase abandons the shortcut.
func (r *fleetRun) runLimiter() bool {
	base := int64(r.base)
	n := len(r.idle)
	next := make([]int64, n) // a runner's first fetch not yet counted (its next fetch when active)
	circle := newPhaseCircle(base, n)
	phases := draw.NewSplitMix(r.c.Seed, 3)
	for i := range n {
		next[i] = r.c.phase(i, phases)
		if !circle.insert(next[i]%base, int32(i)) {
			return false
		}
	}
	// from is the earliest time the next fetch can have: the time of the last event, or just
	// after it when it was a fetch (the fetching runner's next grid point is an interval later,
	// and no other runner shares its phase).
	var from int64
	for {
		nextDone := never
		if !r.completes.empty() {
			nextDone = r.completes.peek()
		}
		nextFetch, id := never, int32(-1)
		if r.pending() {
			if e, ok := circle.next(from % base); ok {
				nextFetch, id = from+(e.ph-from%base+base)%base, e.id
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
			r.idle[id]++
			if r.blocked[id] { // back on a grid fixed by the later of the task's end and its token
				r.blocked[id] = false
				next[id] = max(t, r.token[id])
				if !circle.insert(next[id]%base, id) {
					return false
				}
			}
		case t == r.nextArrival:
			r.arrived++
			r.nextArrival = r.interArrival(r.arrivals, t, r.arrived)
		default:
			r.countGrid(next[id], t) // the empty fetches before this one
			r.countRPC(t)
			r.take(t)
			from = t + 1
			if done := r.taskEnd(t); done != never {
				r.completes.push(done, id)
			}
			r.idle[id]--
			next[id] = t + base
			if r.idle[id] == 0 { // every goroutine runs a task: the limiter waits for one
				r.blocked[id] = true
				r.token[id] = t + base
				circle.remove(t%base, id)
			}
		}
	}
	for i := range n {
		if !r.blocked[i] {
			r.countGrid(next[i], r.end)
		}
	}
	return true
}
