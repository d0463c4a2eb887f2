// Package budget holds the retry budgets and throttles that libraries run beside their backoff:
// a budget decides whether a retry may be sent; a throttle decides whether any attempt may be
// sent, or when. Each rule is one small type holding the library's state and update rules at a
// named version; its doc comment cites the file it reproduces. Strategies never see them: the
// callers (budget trace, amplify --simulate, simulate herd) drive a Gate beside the schedule.
package budget

// Outcome is how one attempt ended, as budget trace scripts spell it.
type Outcome uint8

const (
	Success    Outcome = iota // S
	Failure                   // F: a transient, retryable error
	Timeout                   // T: the attempt timed out
	Throttling                // H: the server said slow down (a throttling error)
)

// Letter is the outcome's script letter.
func (o Outcome) Letter() byte { return "SFTH"[o] }

// String is the outcome's name in trace rows.
func (o Outcome) String() string {
	return [...]string{"success", "failure", "timeout", "throttling"}[o]
}

// Admission is a Gate's answer before an attempt is sent.
type Admission struct {
	// Allowed false: the attempt is not sent (a throttle rejected it locally).
	Allowed bool
	// Delay is how long a rate limiter holds the attempt before sending it, in seconds.
	Delay float64
}

// Gate is one budget's or throttle's state (one per client, or one per fleet). Times are seconds
// since the start of the run and never decrease between calls. For each logical request the
// caller calls, in this order:
//
//	Admit(now, 1, u)            before the first try (u: a uniform draw in [0,1) for throttles
//	                            that reject with a probability; budgets ignore it)
//	Record(now, attempt, o)     when the attempt ends, whatever its outcome
//	Retry(now, attempt, o)      only when the attempt failed and the strategy wants another and
//	                            has attempts left: true means the retry is granted (and its cost
//	                            is taken); false ends the request as refused
//	Admit(now, attempt+1, u)    before the retry is sent (after its wait)
//	Done(now, attempts, ok)     when the request ends: succeeded, refused, max attempts, rejected
//
// A local rejection by Admit ends the attempt without Record; the caller treats it as a failed
// attempt that never reached the server.
type Gate interface {
	Admit(now float64, attempt int, u float64) Admission
	Record(now float64, attempt int, o Outcome)
	Retry(now float64, attempt int, o Outcome) bool
	Done(now float64, attempts int, ok bool)
	// Level is the budget's current level (tokens, balance) for trace rows and herd columns;
	// NaN where the rule has none.
	Level() float64
}

// Layer is a parsed --budget or --throttle SPEC: it makes fresh states and says what the rule
// implies for a policy before anything runs.
type Layer interface {
	// New returns a fresh state, as a new client (or the fleet) starts with.
	New() Gate
	// Spec is the canonical spelling, with every default filled in.
	Spec() string
	// Source names the library file (and version) the rule reproduces.
	Source() string
}
