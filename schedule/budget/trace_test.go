package budget

import (
	"strconv"
	"strings"
	"testing"
)

// traceRow is one attempt of a scripted run: its decision and the gate's level after it.
type traceRow struct {
	decision string
	level    float64
}

func (r traceRow) String() string {
	return r.decision + ":" + strconv.FormatFloat(r.level, 'g', -1, 64)
}

// runScript drives a gate the way budget trace does: requests separated by commas, one letter
// per attempt (S, F, T, H); at most maxAttempts attempts; every call at time at(request,
// attempt) (0 when at is nil); the draw u for Admit is 0.5. A local rejection ends the request.
func runScript(g Gate, script string, maxAttempts int, at func(req, attempt int) float64) []traceRow {
	var rows []traceRow
	for r, req := range strings.Split(script, ",") {
		attempts := 0
		ok := false
		for i := 0; i < len(req); i++ {
			a := i + 1
			now := 0.0
			if at != nil {
				now = at(r, a)
			}
			attempts = a
			if !g.Admit(now, a, 0.5).Allowed {
				rows = append(rows, traceRow{"rejected", g.Level()})
				break
			}
			o := outcomeOf(req[i])
			g.Record(now, a, o)
			var d string
			switch {
			case o == Success:
				d, ok = "done", true
			case a >= maxAttempts:
				d = "max-attempts"
			case g.Retry(now, a, o):
				d = "retry"
			default:
				d = "refused"
			}
			rows = append(rows, traceRow{d, g.Level()})
			if d != "retry" {
				break
			}
		}
		g.Done(0, attempts, ok)
	}
	return rows
}

func outcomeOf(c byte) Outcome {
	return Outcome(strings.IndexByte("SFTH", c))
}

// joinRows prints rows as "decision:level ...", the form the vectors are written in.
func joinRows(rows []traceRow) string {
	s := make([]string, len(rows))
	for i, r := range rows {
		s[i] = r.String()
	}
	return strings.Join(s, " ")
}

func mustParse(t testing.TB, spec string, throttle bool) Layer {
	t.Helper()
	l, err := Parse(spec, throttle)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	return l
}

// Brooker's simulator: the rows printed by its own classes (retry_sim/retry_strategy.py at
// bbfe394, AdaptiveRetryStrategy(0.1, 5) and CircuitBreakerRetryStrategy(NRetriesStrategy(3),
// 0.1)) driven by python3 with these scripts; the levels are Python's repr of the floats.
func TestBrookerVectors(t *testing.T) {
	for _, c := range []struct {
		spec, script string
		max          int
		want         string
	}{
		{"bucket", "FFFFF,FF,FF,S,FF,S,S,FF,FFFF", 5,
			"retry:4 retry:3 retry:2 retry:1 max-attempts:1 retry:0.10000000000000009 refused:0.10000000000000009 " +
				"refused:0.2000000000000001 done:0.3000000000000001 refused:0.40000000000000013 done:0.5000000000000001 " +
				"done:0.6000000000000001 refused:0.7000000000000001 refused:0.8"},
		{"breaker", "S,S,S,S,S,S,S,S,S,FS,FFS,S,FFFF,FS,S,S,S,S,S,S,S,S,S,S,FFFF", 4,
			"done:0 done:0 done:0 done:0 done:0 done:0 done:0 done:0 done:0 retry:0.1 done:0.1 refused:0.18181818181818182 " +
				"done:0.16666666666666666 refused:0.23076923076923078 refused:0.2857142857142857 done:0.26666666666666666 " +
				"done:0.25 done:0.23529411764705882 done:0.2222222222222222 done:0.21052631578947367 done:0.2 " +
				"done:0.19047619047619047 done:0.18181818181818182 done:0.17391304347826086 done:0.16666666666666666 refused:0.2"},
	} {
		got := joinRows(runScript(mustParse(t, c.spec, false).New(), c.script, c.max, nil))
		if got != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.spec, c.script, got, c.want)
		}
	}
}
