package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// RetryableHTTP is hashicorp/go-retryablehttp's Client (module github.com/hashicorp/go-retryablehttp
// v0.7.8, client.go: Client.Do, DefaultBackoff, LinearJitterBackoff). With the defaults
// (RetryWaitMin 1s, RetryWaitMax 30s, RetryMax 4, Backoff DefaultBackoff):
//
//	attempt  start  wait
//	1        0s     1s     DefaultBackoff(min, max, 0): min * 2^0
//	2        1s     2s
//	3        3s     4s
//	4        7s     8s
//	5        15s    -      RetryMax 4: 4 retries, 5 calls; Do returns the error
//
// Do loops for i := 0; ; i++ and, after a failed call i, gives up when RetryMax - i <= 0, else
// sleeps Backoff(min, max, i, resp): the attempt number Backoff sees is 0-based.
// DefaultBackoff: time.Duration(2^i * min) (float64), and max when that is not exact or exceeds
// max; a 429 or 503 with Retry-After waits the header's time instead, uncapped (not modelled).
// LinearJitterBackoff: (trunc(u*(max-min)) + min) * (i+1) in int64, not capped (min and max bound
// the step), u the first Float64 of math/rand.New(math/rand.NewSource(time.Now().Nanosecond())).
type RetryableHTTP struct {
	Backoff  string // default or linear-jitter
	Min, Max time.Duration
	RetryMax int
}

// clock is a draw that knows the wall clock (draw.NanoClockRand).
type clock interface {
	At(elapsed time.Duration) float64
}

// Delay is Backoff(min, max, attemptNum, nil) for the 0-based attemptNum, at elapsed time e.
func (r RetryableHTTP) Delay(attemptNum int, e time.Duration, d schedule.Draws) time.Duration {
	if r.Backoff == "default" {
		mult := math.Pow(2, float64(attemptNum)) * float64(r.Min)
		if mult >= math.MaxInt64 {
			return r.Max // sleep := time.Duration(mult); if float64(sleep) != mult || sleep > max { sleep = max }
		}
		sleep := time.Duration(mult)
		if float64(sleep) != mult || sleep > r.Max {
			sleep = r.Max
		}
		return sleep
	}
	n := int64(attemptNum) + 1 // attemptNum++
	if r.Max <= r.Min {
		return satMul(int64(r.Min), n) // if max <= min { return min * time.Duration(attemptNum) }
	}
	u := d.Unit()
	if c, ok := d.(clock); ok {
		u = c.At(e) // a fresh source seeded with time.Now().Nanosecond() on every call
	}
	jitter := u * float64(r.Max-r.Min)
	jitterMin := int64(jitter) + int64(r.Min)
	return satMul(jitterMin, n) // time.Duration(jitterMin * int64(attemptNum)): wraps in Go; saturated here
}

// satMul is a*b for non-negative a and b, saturating at MaxInt64 where Go's int64 would wrap.
func satMul(a, b int64) time.Duration {
	if b != 0 && a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return time.Duration(a * b)
}

// Strategy is the preset as a table of RetryMax+1 calls.
func (r RetryableHTTP) Strategy(params []schedule.Param, job float64) schedule.Strategy {
	p := schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		return seconds(r.Delay(s.Attempt-1, param.Dur(s.Elapsed), d)), true
	})
	return schedule.Compose(schedule.Composed{
		ID: "retryablehttp", Parameters: params, Waits: p, Attempts: r.RetryMax + 1, JobDuration: job,
		Explain: func(rows []schedule.Row) []schedule.Note {
			notes := []schedule.Note{{Key: "note.retryablehttp.retries", Args: []any{len(rows), r.RetryMax}}}
			if r.Backoff == "default" {
				return append(notes, schedule.Note{Key: "note.retryablehttp.default"})
			}
			return append(notes, schedule.Note{Key: "note.retryablehttp.linear", Args: []any{schedule.Duration(seconds(r.Max) * float64(len(rows)-1))}})
		},
	})
}
