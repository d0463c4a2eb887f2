package sim

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// backoffSteps are a backed-off poller's sleep parameters by empty count n = 1..6 (from 6 on
// the interval stays at the plateau), computed once per run instead of per fetch: interval I(n) =
// ActRunnerInterval(fetch_interval, fetch_interval_max, n), the jitter range R = 2/5 I(n) (as an
// integer and a float), and the shortest sleep I(n) - R/2.
type backoffSteps [7]backoffStep

type backoffStep struct {
	interval, jitterRange, shortest int64
	scale                           float64
}

func newBackoffSteps(base, maxI int64) (s backoffSteps) {
	for n := int64(1); n < int64(len(s)); n++ {
		i := int64(presets.ActRunnerInterval(time.Duration(base), time.Duration(maxI), n))
		s[n] = backoffStep{interval: i, jitterRange: i * 2 / 5, shortest: i - i*2/5/2, scale: float64(i * 2 / 5)}
	}
	return s
}

// sleep is presets.ActRunnerJitter(g, I(n)) with g's draw made directly (no interface call):
// the same arithmetic, and a draw only where ActRunnerJitter makes one (a positive range; I(n)
// <= 0 gives none). ActRunnerJitter adds floor(u x R) - R/2 to I(n), with draw.ScaleDiscrete's
// floor(u x R) clamped to R-1; u x R is not negative, so converting it to an integer, which
// truncates, is the floor.
func (st *backoffStep) sleep(g *draw.SplitMix) int64 {
	if st.jitterRange <= 0 {
		return st.interval
	}
	k := int64(g.Unit() * st.scale)
	if k >= st.jitterRange {
		k = st.jitterRange - 1
	}
	return st.shortest + k
}

// walkBackoff is advanceEmpty for a backed-off poller drawing from its own stream: the same
// fetches, counts and draws as the loop over sleepAfterEmpty, with the per-fetch work inlined.
// The fetches before half the run and those after are walked apart, so the loop does not test
// each fetch's time against half (the steady count is the second part's count).
func (r *fleetRun) walkBackoff(id int32, t, limit int64) int64 {
	g, n := &r.rng[id], r.empty[id]
	var c int64
	if t < r.half {
		t, n, c = r.steps.walk(g, n, t, min(limit, r.half), int64(r.c.AnswerTime))
		r.rpcs += c
	}
	if t < limit {
		t, n, c = r.steps.walk(g, n, t, limit, int64(r.c.AnswerTime))
		r.rpcs += c
		r.steadyRPCs += c
	}
	r.empty[id] = n
	return t
}

// stepBackoff is walkBackoff for a poller in a drain, where one fetch usually takes it past
// limit: a poller at the plateau makes its fetch at t here, and walks on only if it is still
// before limit.
func (r *fleetRun) stepBackoff(id int32, t, limit int64) int64 {
	n, st := r.empty[id], &r.steps[len(r.steps)-1]
	if n < int64(len(r.steps))-2 || st.jitterRange <= 0 { // below the plateau, or no jitter
		return r.walkBackoff(id, t, limit)
	}
	k := int64(r.rng[id].Unit() * st.scale) // st.sleep, as in walk's plateau loop
	if k >= st.jitterRange {
		k = st.jitterRange - 1
	}
	r.countRPC(t)
	r.empty[id] = n + 1
	if t += int64(r.c.AnswerTime) + st.shortest + k; t < limit {
		return r.walkBackoff(id, t, limit)
	}
	return t
}

// walk runs a poller's empty fetches from t, its empty count being n, until limit: after each
// fetch the count goes up by one and the poller waits for the answer and sleeps for that count.
// It returns the first fetch at or after limit, the count then and the fetches made. From the
// count 6 on the sleep's parameters stay those of the plateau, and a loop of its own keeps them
// in registers.
func (s *backoffSteps) walk(g *draw.SplitMix, n, t, limit, answer int64) (int64, int64, int64) {
	var c int64
	for ; t < limit && n < int64(len(s))-2; c++ { // the sleep after this fetch is s[n+1], below the plateau
		n++
		t += answer + s[n].sleep(g)
	}
	st := s[len(s)-1]
	if st.jitterRange <= 0 {
		for ; t < limit; c++ {
			n++
			t += answer + st.interval
		}
		return t, n, c
	}
	for ; t < limit; c++ { // st.sleep(g), with the plateau's constants hoisted
		n++
		k := int64(g.Unit() * st.scale)
		if k >= st.jitterRange {
			k = st.jitterRange - 1
		}
		t += answer + st.shortest + k
	}
	return t, n, c
}

// backoffShortcut reports whether runBackoff can stand in for run: a backoff design (per-worker
// or semaphore) with arrivals, each poller drawing from its own stream.
func (r *fleetRun) backoffShortcut() bool {
	return r.design != SharedLimiter && r.scenario == scenarioArrivals && r.c.JitterDraw == nil
}

// runBackoff is run with the pollers' next fetches in a bucketQueue instead of the calendar. It
// reports false, having done part of the run, when it cannot tell which of two fetches at the
// same time calendar would pop; the caller then runs the walk on a fresh fleetRun.
//
// Why it is exact: while no task is queued, run pops every fetch before the next event and walks
// its poller past it (advanceEmpty). Each poller's walk touches only its own counter and stream
// and adds to the counts, so the order the pollers are walked in changes nothing but the push
// order calendar uses to break ties between equal times; here they are walked in bucket order, a
// cheap append each, and bucketQueue keeps enough of the push order to break ties as calendar
// does, except between two pollers walked in the same drain that land on the same nanosecond (a
// coincidence of draws). While a task is queued, the fetch calendar would pop is popped, as in
// run, and events at equal times keep run's order (completion, arrival, fetch).
func (r *fleetRun) runBackoff() bool {
	q := newBucketQueue(int64(r.c.plateau())*6/5+int64(r.c.AnswerTime)+int64(r.c.FetchInterval), len(r.rng))
	r.startPhases(q.push) // pushed again, in the same order, so with the same seqs
	r.fast = q
	for !q.overflowed {
		nextDone := never
		if !r.completes.empty() {
			nextDone = r.completes.peek()
		}
		if !r.pending() {
			limit := min(r.nextArrival, nextDone, r.end)
			q.drain(limit, r)
		}
		nextFetch := never
		if q.n > 0 {
			nextFetch = q.min()
		}
		t := min(nextDone, r.nextArrival, nextFetch)
		if t >= r.end {
			return true
		}
		q.advance(t)
		if !r.event(t, nextDone) {
			it, unordered := q.popMin()
			if unordered {
				return false
			}
			r.fetch(it.id, t)
		}
	}
	return false
}
