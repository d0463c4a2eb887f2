package budget

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const gaxSource = "googleapis/google-cloud-rust (commit 4084332) src/gax/src/retry_throttler.rs, retry_loop_internal.rs"

// GaxBreaker is google-cloud-rust gax's CircuitBreaker retry throttler (src/gax/src/
// retry_throttler.rs at 4084332, CircuitBreaker::clamp and its RetryThrottler impl), as the
// retry loop (retry_loop_internal.rs, retry_loop) calls it, in u64 tokens:
//
//	start: cur = max = tokens; min_tokens clamped to ≤ tokens
//	every failed attempt, the first one too (on_retry_failure with Continue or Exhausted):
//	  cur = cur.saturating_sub(error_cost)
//	every successful attempt (on_success): cur = min(max, cur + 1)
//	before each retry (throttle_retry_attempt): throttled iff cur <= min_tokens
//
// The struct's doc says completed requests add 1; the code adds 1 only on success (or on a
// permanent error, which scripts do not have): a request that ends failed adds nothing. In the
// library the check is made after the backoff sleep, and a throttled retry counts as an error
// for the retry policy while the loop sleeps and asks again until the policy's time runs out;
// here the check is made when the attempt fails and a throttled retry ends the request as
// refused. One client's tokens do not change during its own sleep, so only a shared (fleet)
// state can tell the two apart.
type GaxBreaker struct {
	tokens, min, cost uint64
	spec              string
}

func (b GaxBreaker) New() Gate      { return &gaxBreakerGate{b: b, cur: b.tokens} }
func (b GaxBreaker) Spec() string   { return b.spec }
func (b GaxBreaker) Source() string { return gaxSource }

type gaxBreakerGate struct {
	b   GaxBreaker
	cur uint64
}

func (g *gaxBreakerGate) Admit(now float64, attempt int, u float64) Admission {
	return Admission{Allowed: true}
}

func (g *gaxBreakerGate) Record(now float64, attempt int, o Outcome) {
	if failed(o) {
		if g.cur < g.b.cost {
			g.cur = 0
		} else {
			g.cur -= g.b.cost
		}
		return
	}
	if g.cur < math.MaxUint64 {
		g.cur = min(g.b.tokens, g.cur+1)
	}
}

func (g *gaxBreakerGate) Retry(now float64, attempt int, o Outcome) bool {
	return !(g.cur <= g.b.min)
}

func (g *gaxBreakerGate) Done(now float64, attempts int, ok bool) {}
func (g *gaxBreakerGate) Level() float64                          { return float64(g.cur) }

func gaxBreakerDef() Def {
	d := Def{
		Name:    "gax-breaker",
		Summary: "−cost per failed attempt, +1 per success; no retry at ≤ min tokens (google-cloud-rust gax CircuitBreaker)",
		Source:  gaxSource,
		Keys: []param.Spec{
			countKey("tokens", 100, 0, 1<<53, "the initial and largest token count"),
			countKey("min", 50, 0, 1<<53, "min_tokens: retries stop at or below this (clamped to ≤ tokens)"),
			countKey("cost", 10, 0, 1<<53, "error_cost: tokens a failed attempt takes"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		t := uint64(v["tokens"].Num)
		return GaxBreaker{tokens: t, min: min(uint64(v["min"].Num), t), cost: uint64(v["cost"].Num), spec: spec(d, v)}, nil
	}
	return d
}
