package budget

import "math"

// Decision is what happened after an attempt.
type Decision string

const (
	Retried     Decision = "retry"        // the rule granted a retry
	Refused     Decision = "refused"      // the rule refused the retry: the request ends failed
	MaxAttempts Decision = "max-attempts" // the last attempt failed: no retry is asked for
	Finished    Decision = "done"         // the attempt succeeded
)

// TraceRow is one attempt of a trace.
type TraceRow struct {
	Request, Attempt int
	Outcome          Outcome
	Rejected         bool    // Admit refused to send it (a throttle's local rejection)
	Sent             float64 // seconds: when it was sent, after the Admit delay
	Delay            float64 // seconds the rule held it before sending
	Decision         Decision
	Level            float64   // the rule's level after the decision (NaN where none)
	State            []float64 // Observer state after the decision, nil for other rules
}

// TraceOptions shape a trace.
type TraceOptions struct {
	Requests    int // requests to run; past the script's end its last request repeats
	MaxAttempts int // attempts per request, the first included
	// Times is when each attempt is due, in order over the whole trace (0-based); an attempt is
	// sent at the later of that and the previous attempt's send time, plus the rule's delay.
	Times func(i int) float64
}

// Trace runs a script through a fresh state of the layer, one request after another, and
// returns one row per attempt. An attempt's outcome comes from its request's letters; past the
// last letter the last one repeats (F means failing until the rule or max attempts ends it).
// Every attempt ends when it is sent (no latency), and throttles draw u = 0.5.
func Trace(l Layer, script [][]Outcome, opt TraceOptions) []TraceRow {
	g := l.New()
	obs, _ := g.(Observer)
	var rows []TraceRow
	i := 0
	clock := math.Inf(-1)
	for r := 0; r < opt.Requests && len(script) > 0; r++ {
		req := script[min(r, len(script)-1)]
		for attempt := 1; ; attempt++ {
			o := req[min(attempt-1, len(req)-1)]
			due := opt.Times(i)
			i++
			clock = math.Max(clock, due)
			adm := g.Admit(clock, attempt, 0.5)
			clock += adm.Delay
			row := TraceRow{Request: r + 1, Attempt: attempt, Outcome: o, Sent: clock, Delay: adm.Delay}
			if adm.Allowed {
				g.Record(clock, attempt, o)
			} else {
				row.Rejected, o = true, Failure
			}
			switch {
			case o == Success:
				g.Done(clock, attempt, true)
				row.Decision = Finished
			case attempt >= opt.MaxAttempts:
				g.Done(clock, attempt, false)
				row.Decision = MaxAttempts
			case g.Retry(clock, attempt, o):
				row.Decision = Retried
			default:
				g.Done(clock, attempt, false)
				row.Decision = Refused
			}
			row.Level = g.Level()
			if obs != nil {
				row.State = append([]float64(nil), obs.State()...)
			}
			rows = append(rows, row)
			if row.Decision != Retried {
				break
			}
		}
	}
	return rows
}

// Every is a Times function: attempt i is due at i·step seconds.
func Every(step float64) func(int) float64 {
	return func(i int) float64 { return float64(i) * step }
}
