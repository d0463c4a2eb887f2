package sim

import "github.com/backoffctl/backoffctl/schedule/budget"

// burstRetries is Part 4's burst_retries for the herd's budget: the retries a fresh (full) state
// grants under total failure to requests of the strategy's attempts (budget.Burst; a strategy
// whose count depends on the draws, or that retries until success, counts as one request of
// schedule.MaxAttempts attempts). -1 without a budget, or when the rule never refuses.
func burstRetries(cfg *HerdConfig) int {
	if cfg.Budget == nil {
		return -1
	}
	m := scheduleAttempts(cfg.Strategy)
	if m == 0 {
		m = 100000
	}
	n, capped := budget.Burst(cfg.Budget, m)
	if capped {
		return -1
	}
	return n
}
