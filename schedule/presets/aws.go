package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
)

// AWS is the standard retryer of aws-sdk-go-v2 (module github.com/aws/aws-sdk-go-v2,
// aws/retry/standard.go and aws/retry/jitter_backoff.go; the attempt loop in
// aws/retry/middleware.go), at two versions:
//
//   - v1.48.0 (2026-11-10) and later: the 2026 formula is the only one NewStandard builds
//     (standard.go: newRetries2026 and the AWS_NEW_RETRIES_2026 check removed). The middleware
//     passes the number k of the call that failed (RetryDelay(attemptNum, err)), and
//     backoffDelay2026 takes i = max(k-1, 0) itself.
//   - v1.47.7: the legacy formula unless AWS_NEW_RETRIES_2026=true (since v1.42.0), under which the
//     middleware passed k-1 and backoffDelay2026 used it as is.
//
// The 2026 formula, the same at both (same i, same code after it): the wait after call k is
// u * min(x * 2^(k-1), MaxBackoff) with x = BaseDelay (0: 50ms), or 1 s for a throttling error;
// the cap applies before the jitter, and every wait draws. Nothing else in the wait changed in
// v1.48.0: DefaultMaxAttempts 3, DefaultMaxBackoff 20s, BaseDelay default 50ms and the 1 s
// throttling base are as in v1.47.7 (v1.48.0 also counts an unmodeled HTTP 429 as a throttling
// error, and changed retry-quota costs, which decide whether a retry happens, not its wait). With
// the defaults and every draw at u = 0.5:
//
//	attempt  start   wait    wait range
//	1        0s      25ms    [0s, 50ms)    u * 50ms
//	2        25ms    50ms    [0s, 100ms)   u * 100ms
//	3        75ms    -                     MaxAttemptsError: 3 calls in all
//
// Legacy formula (backoffDelayLegacy, v1.47.7 without the variable; at v1.48.0 still what
// StandardOptions.Backoff = retry.NewExponentialJitterBackoff(MaxBackoff) gives, with the same k),
// for the wait after call k: k > int(log2(MaxBackoff/1s)) gives MaxBackoff itself, unjittered and
// without a draw; otherwise u * 2^k seconds, truncated to the nanosecond. With 20s that is u*2,
// u*4, u*8, u*16 s, then exactly 20 s from the wait after call 5 on (never anything in (16 s, 20 s)).
//
// u is internal/rand.CryptoRandFloat64: crypto/rand.Int(reader, 1<<53) / 2^53, 7 bytes a draw.
type AWS struct {
	MaxAttempts int           // calls, the first included
	MaxBackoff  time.Duration // MaxBackoff
	Retries2026 bool          // the 2026 formula: v1.48.0, or v1.47.7 with AWS_NEW_RETRIES_2026=true
	Version     string        // the SDK version the notes name: "1.48.0" (default) or "1.47.7"
	BaseDelay   time.Duration // StandardOptions.BaseDelay, 2026 formula only; 0: 50ms
	Throttle    bool          // the error is a throttling error (2026 formula: base 1 s)
}

// Delay is RetryDelay after the failure of call attemptNum (1-based), drawing from d.
func (a AWS) Delay(attemptNum int, d schedule.Draws) time.Duration {
	if a.Retries2026 {
		// v1.47.7 middleware.go: if newRetries2026() { attempt = attemptNum - 1 };
		// v1.48.0 jitter_backoff.go backoffDelay2026: i := attempt - 1 (0 if negative).
		return a.delay2026(attemptNum-1, d)
	}
	return a.delayLegacy(attemptNum, d)
}

// CapFrom is the first call after whose failure the legacy formula returns MaxBackoff unjittered.
func (a AWS) CapFrom() int {
	// NewExponentialJitterBackoff: maxBackoffAttempts = math.Log2(float64(maxBackoff) / float64(time.Second)),
	// converted with int() at use. For MaxBackoff 0 the log is -Inf, which int() turns into
	// MinInt64 on amd64: every wait is MaxBackoff.
	l := math.Log2(float64(a.MaxBackoff) / float64(time.Second))
	if math.IsInf(l, -1) || l < 0 {
		return 1
	}
	return int(l) + 1
}

func (a AWS) delayLegacy(attempt int, d schedule.Draws) time.Duration {
	// jitter_backoff.go: if attempt > int(j.maxBackoffAttempts) { return j.maxBackoff, nil }: no draw.
	if attempt >= a.CapFrom() {
		return a.MaxBackoff
	}
	b := d.Unit()
	ri := int64(1 << uint64(attempt)) // attempt <= log2(MaxDuration) < 32
	// timeconv.FloatSecondsDur(b * float64(ri)): time.Duration(v * float64(time.Second)), truncated.
	return time.Duration(b * float64(ri) * float64(time.Second))
}

func (a AWS) delay2026(attempt int, d schedule.Draws) time.Duration {
	x := a.BaseDelay
	if x == 0 {
		x = 50 * time.Millisecond // standard.go: if baseDelay == 0 { baseDelay = 50 * time.Millisecond }
	}
	if a.Throttle {
		x = time.Second // jitter_backoff.go: IsErrorThrottle(err) == aws.TrueTernary -> x = time.Second
	}
	b := d.Unit() // drawn before the cap: every wait draws
	ri := math.Pow(2, float64(attempt))
	delaySeconds := float64(x) / float64(time.Second) * ri // +Inf for huge attempts, then capped
	maxBackoffSeconds := float64(a.MaxBackoff) / float64(time.Second)
	if delaySeconds > maxBackoffSeconds {
		delaySeconds = maxBackoffSeconds // cap before jitter
	}
	return time.Duration(b * delaySeconds * float64(time.Second))
}

// formula2026 names where the 2026 formula comes from: v1.48.0's default, or the variable.
func (a AWS) formula2026() string {
	if a.Version == "1.47.7" {
		return "v1.47.7 with AWS_NEW_RETRIES_2026=true"
	}
	return "v1.48.0"
}

// Policy is the waits as a schedule policy (without the attempt count).
func (a AWS) Policy() schedule.Policy {
	return schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		return seconds(a.Delay(s.Attempt, d)), true
	})
}

// Strategy is the preset as a table: MaxAttempts calls, the waits between them.
func (a AWS) Strategy(params []schedule.Param, job float64) schedule.Strategy {
	return schedule.Compose(schedule.Composed{
		ID: "aws", Parameters: params, Waits: a.Policy(), Attempts: a.MaxAttempts, JobDuration: job,
		Explain: a.notes,
	})
}

func (a AWS) notes(rows []schedule.Row) []schedule.Note {
	last := len(rows)
	notes := []schedule.Note{{Key: "note.aws.attempts", Args: []any{last}}}
	if a.Retries2026 {
		base := a.BaseDelay
		if base == 0 {
			base = 50 * time.Millisecond
		}
		if a.Throttle {
			base = time.Second
		}
		return append(notes, schedule.Note{Key: "note.aws.2026", Args: []any{a.formula2026(), schedule.Duration(seconds(base)), schedule.Duration(seconds(a.MaxBackoff))}})
	}
	if k := a.CapFrom(); k < last {
		notes = append(notes, schedule.Note{Key: "note.aws.legacy_cap", Args: []any{k, schedule.Duration(seconds(a.MaxBackoff))}})
	}
	return notes
}
