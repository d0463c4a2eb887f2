package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
)

// GRPC is grpc-go's connection backoff (module google.golang.org/grpc v1.85.0,
// internal/backoff/backoff.go Exponential.Backoff with backoff/backoff.go DefaultConfig, used by
// clientconn.go addrConn.resetTransportAndUnlock). With the defaults (BaseDelay 1s, Multiplier
// 1.6, Jitter 0.2, MaxDelay 120s), --attempts 15 and every draw at u = 0.5:
//
//	attempt  start           wait            wait range
//	1        0s              1s              1s exactly: Backoff(0) = BaseDelay
//	2        1s              1.6s            [1.28s, 1.92s)
//	3        2.6s            2.56s
//	4        5.16s           4.096s
//	5        9.256s          6.5536s
//	6        15.8096s        10.48576s
//	7        26.29536s       16.777216s
//	8        43.072576s      26.8435456s
//	9        69.9161216s     42.94967296s
//	10       112.86579456s   68.719476736s
//	11       181.585271296s  109.951162777s
//	12       291.536434073s  120s            [96s, 144s): capped, then jittered
//	13       411.536434073s  120s
//	14       531.536434073s  120s
//	15       651.536434073s  -               the library retries forever; --attempts ends the table
//
// The wait after attempt k is Backoff(k-1) (backoffIdx starts at 0 and grows after each failed
// connection, reset on READY): Backoff(0) is BaseDelay, unjittered and uncapped; otherwise
// BaseDelay multiplied by Multiplier once per retry in float64 (a loop, not Pow) while below
// MaxDelay, capped at MaxDelay, then times 1 + Jitter*(2u-1), negative to 0, truncated to the ns.
type GRPC struct {
	BaseDelay  time.Duration
	Multiplier float64
	Jitter     float64
	MaxDelay   time.Duration
	Attempts   int // rows to print: the library has no end
}

// nominal returns the capped, unjittered backoff for retries 0..n-1, computed as Backoff's loop
// computes it (each value continues the previous one's multiplications, so this is the same float).
func (g GRPC) nominal(n int) []float64 {
	out := make([]float64, n)
	backoff, max := float64(g.BaseDelay), float64(g.MaxDelay)
	for r := range out {
		if r > 0 && backoff < max {
			backoff *= g.Multiplier // backoff.go: for backoff < max && retries > 0 { backoff *= bc.Config.Multiplier; retries-- }
		}
		out[r] = min(backoff, max) // if backoff > max { backoff = max }
	}
	return out
}

// backoff is Exponential.Backoff(retries) from the nominal value and the draw.
func (g GRPC) backoff(retries int, nominal float64, d schedule.Draws) time.Duration {
	if retries == 0 {
		return g.BaseDelay // backoff.go: if retries == 0 { return bc.Config.BaseDelay }
	}
	backoff := nominal * (1 + float64(g.Jitter*(float64(d.Unit()*2)-1))) // cap before jitter: up to MaxDelay*(1+Jitter)
	if backoff < 0 {
		return 0 // if backoff < 0 { return 0 }: Jitter > 1
	}
	if backoff >= math.MaxInt64 {
		return math.MaxInt64 // time.Duration of a float past int64 is undefined in Go; saturate
	}
	return time.Duration(backoff)
}

// Strategy is the preset as a table of g.Attempts connection attempts.
func (g GRPC) Strategy(params []schedule.Param, job float64) schedule.Strategy {
	nom := g.nominal(max(g.Attempts-1, 0))
	waits := schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		return seconds(g.backoff(s.Attempt-1, nom[s.Attempt-1], d)), true
	})
	return schedule.Compose(schedule.Composed{
		ID: "grpc", Parameters: params, Waits: waits, Attempts: g.Attempts, JobDuration: job,
		Explain: func(rows []schedule.Row) []schedule.Note {
			notes := []schedule.Note{{Key: "note.grpc.attempts", Args: []any{len(rows)}}}
			for r := 1; r < len(rows)-1; r++ {
				if nom[r] >= float64(g.MaxDelay) {
					top := seconds(g.MaxDelay) * (1 + g.Jitter)
					notes = append(notes, schedule.Note{Key: "note.grpc.capped", Args: []any{r + 1, schedule.Duration(seconds(g.MaxDelay)), schedule.Duration(top)}})
					break
				}
			}
			return notes
		},
	})
}

// GRPCMaxCallAttempts is grpc-go's defaultMaxCallAttempts (dialoptions.go): a retryPolicy's
// maxAttempts above it becomes it (service_config.go convertRetryPolicy).
const GRPCMaxCallAttempts = 5

// GRPCRPC is grpc-go's RPC retry policy: the service config's retryPolicy (module
// google.golang.org/grpc v1.85.0, service_config.go jsonRetryPolicy, isValidRetryPolicy and
// convertRetryPolicy; the waits in stream.go csAttempt.shouldRetry, lines 875-890). grpc-go has no
// defaults: without a retryPolicy an RPC is not retried. With maxAttempts 4, initialBackoff 0.1s,
// maxBackoff 1s, backoffMultiplier 2 and every draw at u = 0.5:
//
//	call  start  wait   wait range
//	1     0s     100ms  [80ms, 120ms): min(initialBackoff*2^0, maxBackoff) * (0.8 + 0.4u)
//	2     100ms  200ms  [160ms, 240ms)
//	3     300ms  400ms  [320ms, 480ms)
//	4     700ms  -      numRetries+1 >= maxAttempts: no wait after the last call
//
// The wait after call k is min(InitialBackoff * math.Pow(BackoffMultiplier, k-1), MaxBackoff) in
// float64 nanoseconds, times 0.8+0.4u, truncated to the ns (math.Pow, not a loop: 1s x1.7 after
// call 3 is 2.889999999s). The exponent counts retries since the last server pushback; pushback and
// retry throttling are not modelled.
type GRPCRPC struct {
	InitialBackoff    time.Duration
	MaxBackoff        time.Duration
	BackoffMultiplier float64
	MaxAttempts       int // as configured; Calls clamps it
}

// Calls is the number of calls grpc-go makes: maxAttempts clamped to GRPCMaxCallAttempts
// (service_config.go: if jrp.MaxAttempts < maxAttempts { maxAttempts = jrp.MaxAttempts }).
func (g GRPCRPC) Calls() int { return min(g.MaxAttempts, GRPCMaxCallAttempts) }

// nominal is the capped, unjittered wait after call n+1, in float64 ns.
func (g GRPCRPC) nominal(n int) float64 {
	fact := math.Pow(g.BackoffMultiplier, float64(n))                 // stream.go:884 fact := math.Pow(rp.BackoffMultiplier, float64(cs.numRetriesSincePushback))
	return min(float64(g.InitialBackoff)*fact, float64(g.MaxBackoff)) // stream.go:885 cur := min(float64(rp.InitialBackoff)*fact, float64(rp.MaxBackoff))
}

// backoff is the wait after call n+1 (n retries so far, no pushback) for the draw.
func (g GRPCRPC) backoff(n int, d schedule.Draws) time.Duration {
	cur := g.nominal(n)
	cur *= 0.8 + float64(0.4*d.Unit()) // stream.go:887: the jitter after the cap, up to 1.2*maxBackoff
	return time.Duration(int64(cur))   // stream.go:888: truncated; at most 1.2*param.MaxDuration, far from int64's end
}

// Strategy is the policy as a table of g.Calls() calls.
func (g GRPCRPC) Strategy(params []schedule.Param, job float64) schedule.Strategy {
	waits := schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		return seconds(g.backoff(s.Attempt-1, d)), true
	})
	return schedule.Compose(schedule.Composed{
		ID: "grpc", Parameters: params, Waits: waits, Attempts: g.Calls(), JobDuration: job,
		Explain: func(rows []schedule.Row) []schedule.Note {
			notes := []schedule.Note{{Key: "note.grpc.rpc.calls", Args: []any{len(rows), len(rows) - 1}}}
			if g.MaxAttempts > GRPCMaxCallAttempts {
				notes = append(notes, schedule.Note{Key: "note.grpc.rpc.clamped", Args: []any{g.MaxAttempts, GRPCMaxCallAttempts}})
			}
			for n := 0; n < len(rows)-1; n++ {
				if g.nominal(n) >= float64(g.MaxBackoff) {
					top := seconds(g.MaxBackoff) * 1.2
					notes = append(notes, schedule.Note{Key: "note.grpc.rpc.capped", Args: []any{n + 1, schedule.Duration(seconds(g.MaxBackoff)), schedule.Duration(top)}})
					break
				}
			}
			return append(notes, schedule.Note{Key: "note.grpc.rpc.pushback"})
		},
	})
}
