package amplify

import (
	"github.com/backoffctl/backoffctl/schedule/budget"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Run is a one-client simulation's settings.
type Run struct {
	Requests int     // logical requests; the second half is measured
	Seed     int64   // seeds the attempts' outcomes
	Rate     float64 // logical requests per second (request k starts at k/Rate); 0: all at t = 0
}

// Measured is what a simulation counts over the measured half.
type Measured struct {
	Work, Success float64
	Requests      int
}

// Simulate runs one client's logical requests through a fresh Gate of layer (nil: no budget): each
// attempt fails independently with probability x, drawn from the tool's SplitMix64 stream seeded
// with (Seed, stream); a request ends at its first success, after retries+1 attempts, or when the
// gate refuses a retry. Retries are sent at once (a schedule's waits change no rule that counts
// requests; windowed rules see the request's start time). The gate is called in the order
// budget.Gate documents. It measures attempts and successes over the second half of the
// requests: the steady state, once the first burst is spent.
func Simulate(layer budget.Layer, retries int, x float64, run Run, stream uint64) Measured {
	rng := draw.NewSplitMix(run.Seed, stream)
	var g budget.Gate
	if layer != nil {
		g = layer.New()
	}
	from := run.Requests / 2
	var attempts, successes int
	for k := 0; k < run.Requests; k++ {
		now := 0.0
		if run.Rate > 0 {
			now = float64(k) / run.Rate
		}
		sent, ok := request(g, retries, x, now, rng)
		if k >= from {
			attempts += sent
			if ok {
				successes++
			}
		}
	}
	n := run.Requests - from
	return Measured{Work: float64(attempts) / float64(n), Success: float64(successes) / float64(n), Requests: n}
}

// request runs one logical request and returns the attempts sent and whether it succeeded. An
// attempt the gate rejects locally is not sent: it counts as a failed attempt for the retry
// decision and not as work.
func request(g budget.Gate, retries int, x, now float64, rng *draw.SplitMix) (sent int, ok bool) {
	for attempt := 1; ; attempt++ {
		u := rng.Unit()
		admitted := true
		if g != nil {
			admitted = g.Admit(now, attempt, rng.Unit()).Allowed
		}
		failed := true
		if admitted {
			sent++
			failed = u < x
			o := budget.Success
			if failed {
				o = budget.Failure
			}
			if g != nil {
				g.Record(now, attempt, o)
			}
		}
		if !failed {
			if g != nil {
				g.Done(now, attempt, true)
			}
			return sent, true
		}
		if attempt > retries || (g != nil && !g.Retry(now, attempt, budget.Failure)) {
			if g != nil {
				g.Done(now, attempt, false)
			}
			return sent, false
		}
	}
}
