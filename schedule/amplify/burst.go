package amplify

import "github.com/backoffctl/backoffctl/schedule/budget"

// Burst is the retries a fresh state of layer grants under total failure before it first refuses
// one, for requests of retries+1 attempts: budget.Burst, which drives the rule's Gate. ok is false
// when the rule refuses none within budget.BurstCap attempts (it does not bind under failure
// alone), or when there are no retries to ask for.
func Burst(layer budget.Layer, retries int) (n int, ok bool) {
	if retries == 0 {
		return 0, false
	}
	n, capped := budget.Burst(layer, retries+1)
	return n, !capped
}
