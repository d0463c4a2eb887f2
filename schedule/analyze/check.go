package analyze

import "github.com/backoffctl/backoffctl/schedule/amplify"

// AssertionNames lists check's assertions in report order.
var AssertionNames = []string{"max-window", "min-window", "max-wait", "min-first-wait", "max-work"}

// Assertions are check's limits, in seconds but for max-work (attempts per logical request); only
// the ones in Limits are checked. FailureRate is the failure rate max-work holds at.
type Assertions struct {
	Limits      map[string]float64
	FailureRate float64
}

// Result is one assertion checked.
type Result struct {
	Policy, Strategy, Draws string
	Name                    string
	Limit, Actual           float64
	OK                      bool
	// For max-work: the failure rate it was read at and the schedule's retries (its attempts
	// less the first).
	FailureRate float64
	Retries     int
}

// Work reports whether the result is a work limit (a plain number) rather than a time.
func (r Result) Work() bool { return r.Name == "max-work" }

// Check checks every given assertion: max-window and min-window bound the last start, max-wait
// every wait, min-first-wait the first one; max-work bounds the work of the schedule's retries
// without a budget, amplify.Unbudgeted(x, attempts − 1) = (1 − x^attempts)/(1 − x) attempts per
// logical request when each attempt fails independently with probability x = FailureRate.
func (a Assertions) Check(sum Summary) []Result {
	last, maxWait, firstWait := sum.Last, sum.MaxWait, sum.FirstWait
	var out []Result
	for _, n := range AssertionNames {
		limit, ok := a.Limits[n]
		if !ok {
			continue
		}
		r := Result{Name: n, Limit: limit}
		switch n {
		case "max-window":
			r.Actual, r.OK = last, last <= limit
		case "min-window":
			r.Actual, r.OK = last, last >= limit
		case "max-wait":
			r.Actual, r.OK = maxWait, maxWait <= limit
		case "min-first-wait":
			r.Actual, r.OK = firstWait, firstWait >= limit
		case "max-work":
			r.Retries, r.FailureRate = max(0, sum.Attempts-1), a.FailureRate
			r.Actual = amplify.Unbudgeted(a.FailureRate, r.Retries)
			r.OK = r.Actual <= limit
		}
		out = append(out, r)
	}
	return out
}
