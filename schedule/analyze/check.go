package analyze

// AssertionNames lists check's assertions in report order.
var AssertionNames = []string{"max-window", "min-window", "max-wait", "min-first-wait"}

// Assertions are check's limits in seconds; only the ones in Set are checked.
type Assertions struct {
	Limits map[string]float64
}

// Result is one assertion checked.
type Result struct {
	Policy, Strategy, Draws string
	Name                    string
	Limit, Actual           float64
	OK                      bool
}

// Check checks every given assertion: max-window and min-window bound the last start, max-wait
// every wait, min-first-wait the first one.
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
		}
		out = append(out, r)
	}
	return out
}
