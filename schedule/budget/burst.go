package budget

// BurstCap bounds the attempts Burst drives: a rule that never refuses (aws-cubic, a zero cost)
// reports the cap instead of running forever.
const BurstCap = 1_000_000

// Burst is the retries a fresh (full) state grants under total failure: requests of maxAttempts
// attempts that all fail (F) are driven through the Gate at time 0, one after another, until a
// retry is refused or BurstCap attempts have been made; capped reports the latter. An attempt
// that Admit rejects counts as made and failed.
func Burst(l Layer, maxAttempts int) (retries int, capped bool) {
	if maxAttempts < 2 {
		return 0, false
	}
	g := l.New()
	made := 0
	for made < BurstCap {
		for attempt := 1; ; attempt++ {
			made++
			if g.Admit(0, attempt, 0.5).Allowed {
				g.Record(0, attempt, Failure)
			}
			if attempt >= maxAttempts {
				g.Done(0, attempt, false)
				break
			}
			if made >= BurstCap {
				return retries, true
			}
			if !g.Retry(0, attempt, Failure) {
				g.Done(0, attempt, false)
				return retries, false
			}
			retries++
		}
	}
	return retries, true
}
