package sim

import "github.com/backoffctl/backoffctl/schedule/budget"

// maxBurst bounds burstRetries' probe.
const maxBurst = 1000000

// burstRetries is how many retries one fresh budget state grants in a row under total failure,
// all at one instant: one logical request retrying without limit until the budget's first
// refusal (Part 4's burst_retries, measured on the rule itself). -1 without a budget, or when
// the budget grants more than 10^6.
func burstRetries(cfg *HerdConfig) int {
	if cfg.Budget == nil {
		return -1
	}
	g := cfg.Budget.New()
	g.Admit(0, 1, 0.5)
	for k := 1; k <= maxBurst; k++ {
		g.Record(0, k, budget.Failure)
		if !g.Retry(0, k, budget.Failure) {
			g.Done(0, k, false)
			return k - 1
		}
		g.Admit(0, k+1, 0.5)
	}
	return -1
}
