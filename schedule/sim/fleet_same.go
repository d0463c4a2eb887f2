package sim

import (
	"slices"
	"sync"
)

// SameLoop reports the design whose simulation design d's equals for c, and whether there is one.
//
// With capacity 1 the semaphore design (#822) and per-worker (#819) are the same loop, step by
// step, in fleetRun: both have one entity per runner (ids 0..runners-1, the same SplitMix streams
// seeded (Seed, id+16), the same start phases pushed in the same order); an empty fetch sleeps
// sleepAfterEmpty in both; a fetch that takes a task resets the empty counter, queues the same
// completion and stops the entity (per-worker: blocked, running its task; semaphore: its one slot
// is taken, so it blocks with its token at the answer's arrival, which is before the completion);
// a completion puts the entity back at the completion time in both (the semaphore's max(t, token)
// is t, since token = take + answer <= take + answer + task duration = t). So every push, pop,
// draw and count is the same, and so is the FleetResult apart from the design's name, pollers
// and connections, which are equal for capacity 1 too. (A JitterDraw shared by every run would
// be drawn from by both designs' runs in turn, so then they are simulated apart.)
func (c FleetConfig) SameLoop(d Design) (Design, bool) {
	if d == Semaphore && c.Capacity == 1 && c.JitterDraw == nil {
		return PerWorker, true
	}
	return d, false
}

// relabel is res, simulated for another design that runs the same loop (SameLoop), as design d.
func (res FleetResult) relabel(c FleetConfig, d Design) FleetResult {
	res.Design, res.PollersIdle, res.ConnectionsIdle = d, c.Pollers(d), c.Connections(d)
	return res
}

// SimulateFleets runs SimulateFleet for each design concurrently (unless they share a
// JitterDraw), simulating a design that runs the same loop as another listed one (SameLoop) only
// once. done, when set, is called once per design as its result is ready (from several
// goroutines).
func SimulateFleets(c FleetConfig, designs []Design, done func()) []FleetResult {
	results := make([]FleetResult, len(designs))
	var wg sync.WaitGroup
	for i, d := range designs {
		if _, ok := sameIndex(c, designs, d); ok {
			continue
		}
		run := func() {
			results[i] = SimulateFleet(c, d)
			if done != nil {
				done()
			}
		}
		if c.JitterDraw != nil { // one draw shared by the runs: one after another, in order
			run()
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	wg.Wait()
	for i, d := range designs {
		if j, ok := sameIndex(c, designs, d); ok {
			results[i] = results[j].relabel(c, d)
			if done != nil {
				done()
			}
		}
	}
	return results
}

// sameIndex is the index in designs of the design d runs the same loop as, if it is there.
func sameIndex(c FleetConfig, designs []Design, d Design) (int, bool) {
	same, ok := c.SameLoop(d)
	if !ok {
		return 0, false
	}
	j := slices.Index(designs, same)
	return j, j >= 0
}
