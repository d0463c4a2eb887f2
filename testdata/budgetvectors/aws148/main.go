// Command aws148 drives aws-sdk-go-v2's retry middleware, standard retryer, retry quota and
// adaptive rate limiter with scripted attempt outcomes on a model clock, and prints what they
// hold after every attempt. Its output is the expectation of schedule/budget's AWS tests.
//
// The same file builds against v1.48.0 (this module) and v1.47.7 (../aws147, which links it).
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"time"
	_ "unsafe" // go:linkname

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/smithy-go"
	smithymiddle "github.com/aws/smithy-go/middleware"
)

// The SDK reads its clock and sleeps through these variables of internal/sdk; its own tests set
// them (sdk.TestingUseReferenceTime). From outside the module they are reached by name.

//go:linkname nowTime github.com/aws/aws-sdk-go-v2/internal/sdk.NowTime
var nowTime func() time.Time

//go:linkname sleepWithContext github.com/aws/aws-sdk-go-v2/internal/sdk.SleepWithContext
var sleepWithContext func(context.Context, time.Duration) error

var clock time.Duration // since the Unix epoch

type transient struct{}

func (transient) Error() string        { return "transient" }
func (transient) RetryableError() bool { return true }

type timeout struct{}

func (timeout) Error() string        { return "timeout" }
func (timeout) Timeout() bool        { return true }
func (timeout) RetryableError() bool { return true }

func outcome(c byte) error {
	switch c {
	case 'S':
		return nil
	case 'F':
		return transient{}
	case 'T':
		return timeout{}
	case 'H':
		return &smithy.GenericAPIError{Code: "Throttling", Message: "slow down"}
	}
	panic("letter " + string(c))
}

type row struct {
	request, attempt int
	letter           byte
	tokens           uint
	limiter          []float64
	sent             time.Duration
}

// run drives one retryer over the requests (each a string of outcomes). A row's state is read
// when the attempt has been judged: in the retry delay's sleep (after the tokens are released and
// the retry token is taken), or when the operation returns. Backoff is zero.
func run(r aws.Retryer, rl *ratelimit.TokenRateLimit, requests []string, adaptive *retry.AdaptiveMode, step time.Duration) []row {
	var rows []row
	n := 0
	for ri, req := range requests {
		m := retry.NewAttemptMiddleware(r, func(i interface{}) interface{} { return i })
		attempt := 0
		var pending *row
		judged := false // the attempt in flight has returned: the next sleep is the retry delay
		snapshot := func() {
			pending.tokens = rl.Remaining()
			if adaptive != nil {
				pending.limiter = limiterState(adaptive)
			}
			rows = append(rows, *pending)
		}
		next := smithymiddle.FinalizeHandlerFunc(func(ctx context.Context, in smithymiddle.FinalizeInput) (smithymiddle.FinalizeOutput, smithymiddle.Metadata, error) {
			c := req[min(attempt, len(req)-1)]
			attempt++
			pending = &row{request: ri + 1, attempt: attempt, letter: c, sent: clock}
			judged = true
			return smithymiddle.FinalizeOutput{}, smithymiddle.Metadata{}, outcome(c)
		})
		// a retry is due at its own slot in the stream: the middleware sleeps 0 (zero backoff)
		// before it, and the clock moves to the slot there
		slot := n
		sleepWithContext = func(_ context.Context, d time.Duration) error {
			if judged { // the retry delay
				judged = false
				snapshot()
				slot++
				if t := time.Duration(slot) * step; t > clock {
					clock = t
				}
				return nil
			}
			// the rate limiter's wait, truncated to whole nanoseconds: a wait of 0 is slept as
			// 1 ns, since a real clock moves between two tries and a model clock that did not
			// would have AcquireToken refuse forever
			clock += max(d, 1)
			return nil
		}
		if t := time.Duration(n) * step; t > clock {
			clock = t
		}
		_, _, _ = m.HandleFinalize(context.Background(), smithymiddle.FinalizeInput{Request: struct{}{}}, next)
		snapshot()
		n += attempt
	}
	return rows
}

// limiterState reads the adaptive rate limiter's fields (unexported) by reflection.
func limiterState(a *retry.AdaptiveMode) []float64 {
	rl := reflect.ValueOf(a).Elem().FieldByName("rateLimit").Elem()
	f := func(name string) float64 { return rl.FieldByName(name).Float() }
	on := 0.0
	if rl.FieldByName("tokenBucketEnabled").Bool() {
		on = 1
	}
	tb := rl.FieldByName("tokenBucket").Elem()
	return []float64{on, f("fillRate"), f("measuredTxRate"), f("calculatedRate"), f("lastMaxRate"), f("timeWindow"), tb.FieldByName("remainingTokens").Float()}
}

func zeroBackoff(o *retry.StandardOptions) {
	o.Backoff = retry.BackoffDelayerFunc(func(int, error) (time.Duration, error) { return 0, nil })
}

func standard(requests []string) {
	rl := ratelimit.NewTokenRateLimit(500)
	r := retry.NewStandard(zeroBackoff, func(o *retry.StandardOptions) { o.RateLimiter = rl })
	for _, x := range run(r, rl, requests, nil, 0) {
		fmt.Printf("%d %d %c %d\n", x.request, x.attempt, x.letter, x.tokens)
	}
}

// adaptiveRun sends attempt i (0-based, over all requests) at i*step, later when the limiter
// makes it wait, and prints the quota, the send time and the limiter after every attempt.
func adaptiveRun(requests []string, step time.Duration) {
	rl := ratelimit.NewTokenRateLimit(500)
	a := retry.NewAdaptiveMode(func(o *retry.AdaptiveModeOptions) {
		o.StandardOptions = append(o.StandardOptions, zeroBackoff, func(so *retry.StandardOptions) { so.RateLimiter = rl })
	})
	for _, x := range run(a, rl, requests, a, step) {
		fmt.Printf("%d %d %c %d %.17g", x.request, x.attempt, x.letter, x.tokens, x.sent.Seconds())
		for _, v := range x.limiter {
			fmt.Printf(" %.17g", v)
		}
		fmt.Println()
	}
}

func main() {
	nowTime = func() time.Time { return time.Unix(0, 0).Add(clock) }
	sleepWithContext = func(context.Context, time.Duration) error { return nil }
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: aws148 standard|adaptive SCRIPT [STEP]")
		os.Exit(2)
	}
	requests := expand(os.Args[2])
	switch os.Args[1] {
	case "standard":
		standard(requests)
	case "adaptive":
		step := time.Second
		if len(os.Args) > 3 {
			var err error
			if step, err = time.ParseDuration(os.Args[3]); err != nil {
				panic(err)
			}
		}
		adaptiveRun(requests, step)
	default:
		panic(errors.New("mode"))
	}
}

// expand reads "FFS,50*S,H": comma-separated requests, N*P repeating P N times.
func expand(script string) []string {
	var out []string
	for _, item := range strings.Split(script, ",") {
		count := 1
		if k, p, ok := strings.Cut(item, "*"); ok {
			fmt.Sscan(k, &count)
			item = p
		}
		for i := 0; i < count; i++ {
			out = append(out, item)
		}
	}
	return out
}
