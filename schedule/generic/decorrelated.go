package generic

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
)

// Decorrelated is AWS's "decorrelated jitter" (Marc Brooker, "Exponential Backoff And Jitter",
// AWS Architecture Blog, 2015): sleep = min(cap, random_between(base, sleep * 3)), starting from
// sleep = base. Each wait is drawn between base and three times the previous wait, so its range
// depends on the previous draw; with u = 0 every wait is base, as u -> 1 the waits triple up to
// the cap. random_between(a, b) is a + u*(b-a).
type Decorrelated struct {
	Base, Cap float64 // seconds; Cap > 0
}

// Policy returns the rule as a policy: the previous wait comes from the step.
func (c Decorrelated) Policy() schedule.Policy {
	return schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		prev := s.Prev
		if s.Attempt == 1 {
			prev = c.Base
		}
		hi := saturate(3 * prev)
		return math.Min(c.Cap, c.Base+float64(d.Unit()*(hi-c.Base))), true
	})
}
