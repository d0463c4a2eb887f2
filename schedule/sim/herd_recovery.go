package sim

import "math"

// TriggerEnd is when the disturbance ends: the latest of the load's trigger and the outage's end.
func (c *HerdConfig) TriggerEnd() float64 {
	t := c.Load.TriggerEnd()
	if c.Server.HasOutage() {
		t = math.Max(t, c.Server.OutageEnd)
	}
	return t
}

// recovery finds the first bucket starting at or after the trigger's end from which
// successes ≥ 0.95 × first_tries holds for RecoverWindow buckets in a row; the time is that
// bucket's start minus the trigger's end. A bucket without first tries holds when nothing in it
// failed or timed out. Under a load that keeps arriving the window must lie before Duration (the
// drain proves nothing); a one-shot herd has no arrivals after t = 0, so it has recovered at the
// first bucket from which every remaining row holds, the window shortened to the rows left.
func recovery(rows []HerdRow, cfg *HerdConfig) (float64, bool) {
	end := cfg.TriggerEnd()
	first := max(0, int(math.Ceil(end/cfg.Bucket-1e-9)))
	oneShot := cfg.oneShot()
	last := len(rows)
	if !oneShot {
		last = min(last, int(math.Ceil(cfg.Duration/cfg.Bucket-1e-9)))
	}
	run := 0
	for b := first; b < last; b++ {
		if !holds(rows[b]) {
			run = 0
			continue
		}
		run++
		if run == cfg.RecoverWindow {
			return math.Max(0, float64(b-run+1)*cfg.Bucket-end), true
		}
	}
	if oneShot && run > 0 {
		return math.Max(0, float64(last-run)*cfg.Bucket-end), true
	}
	return 0, false
}

// holds: successes ≥ 0.95 × first_tries, or no first tries and nothing failed.
func holds(r HerdRow) bool {
	if r[ColFirstTries] == 0 {
		return r[ColFailures]+r[ColTimeouts]+r[ColBudgetDenied]+r[ColThrottled] == 0
	}
	return r[ColSuccesses] >= 0.95*r[ColFirstTries]
}
