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
	backoff := nominal * (1 + g.Jitter*(d.Unit()*2-1)) // cap before jitter: up to MaxDelay*(1+Jitter)
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
