package amplify

import "github.com/backoffctl/backoffctl/schedule/budget"

// maxBurst bounds Burst's run: a rule that has granted this many retries under total failure
// without refusing one is taken to refuse none.
const maxBurst = 1000000

// Burst is the retries a fresh state of layer grants under total failure before it first refuses
// one: logical requests at t = 0 whose every attempt fails, each asking for up to retries
// retries. ok is false when the rule refuses none within maxBurst retries (it does not bind under
// failure alone), or when there are no retries to ask for.
func Burst(layer budget.Layer, retries int) (n int, ok bool) {
	if retries == 0 {
		return 0, false
	}
	g := layer.New()
	for n < maxBurst {
		for attempt := 1; ; attempt++ {
			if !g.Admit(0, attempt, 0.5).Allowed {
				if attempt > retries || !g.Retry(0, attempt, budget.Failure) {
					g.Done(0, attempt, false)
					return n, true
				}
				continue
			}
			g.Record(0, attempt, budget.Failure)
			if attempt > retries {
				g.Done(0, attempt, false)
				break
			}
			if !g.Retry(0, attempt, budget.Failure) {
				g.Done(0, attempt, false)
				return n, true
			}
			n++
		}
	}
	return n, false
}
