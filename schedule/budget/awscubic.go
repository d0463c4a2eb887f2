package budget

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// awsCubicDef is aws-cubic: the AWS SDK for Go v2 adaptive retry mode's client rate limiter alone
// (cubicLimiter), as a throttle: it delays attempts and never refuses one.
func awsCubicDef() Def {
	return Def{
		Name:     "aws-cubic",
		Throttle: true,
		Summary:  "AWS SDK for Go v2 CUBIC client rate limiter: off until a throttling error, then delays attempts",
		Source:   "aws-sdk-go-v2 v1.48.0 aws/retry/adaptive_ratelimit.go, aws/retry/adaptive_token_bucket.go",
		Make: func(string, map[string]param.Value) (Layer, error) {
			return AWSCubic{}, nil
		},
	}
}

// AWSCubic is the layer of aws-cubic.
type AWSCubic struct{}

// New returns a limiter made at time 0, off.
func (AWSCubic) New() Gate { return &awsCubicGate{limiter: newCubicLimiter()} }

// Spec is the canonical SPEC.
func (AWSCubic) Spec() string { return "aws-cubic" }

// Source names the SDK files.
func (AWSCubic) Source() string {
	return "aws-sdk-go-v2 v1.48.0 aws/retry/adaptive_ratelimit.go, aws/retry/adaptive_token_bucket.go"
}

// limiterClock is a gate's clock for the rate limiter: the caller's times in nanoseconds, never
// earlier than the end of the last wait.
type limiterClock struct{ now int64 }

func (c *limiterClock) at(seconds float64) int64 {
	if t := nanos(seconds); t > c.now {
		c.now = t
	}
	return c.now
}

type awsCubicGate struct {
	limiter *cubicLimiter
	clock   limiterClock
	delay   int64 // the last Admit's wait, for trace rows
}

func (g *awsCubicGate) Admit(now float64, _ int, _ float64) Admission {
	t := g.clock.at(now)
	g.delay = g.limiter.wait(t)
	g.clock.now = t + g.delay
	return Admission{Allowed: true, Delay: seconds(g.delay)}
}

func (g *awsCubicGate) Record(now float64, _ int, o Outcome) {
	g.limiter.update(g.clock.at(now), o == Throttling)
}

func (g *awsCubicGate) Retry(float64, int, Outcome) bool { return true }
func (g *awsCubicGate) Done(float64, int, bool)          {}
func (g *awsCubicGate) Level() float64                   { return math.NaN() }

func (g *awsCubicGate) StateNames() []string { return cubicStateNames }
func (g *awsCubicGate) State() []float64     { return g.limiter.state() }
