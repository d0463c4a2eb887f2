package budget

import "github.com/backoffctl/backoffctl/schedule/param"

// GaxAdaptive is google-cloud-rust gax's AdaptiveThrottler (src/gax/src/retry_throttler.rs at
// 4084332, AdaptiveThrottler::throttle and its RetryThrottler impl) as retry_loop_internal.rs
// calls it. Two f64 counters, cumulative (no window):
//
//	every failed attempt, the first one too (on_retry_failure, Continue or Exhausted): requests += 1
//	every successful attempt (on_success): requests += 1, accepts += 1
//	before each retry, never the first attempt (throttle_retry_attempt):
//	  p = (requests − factor·accepts) / (requests + 1), negative p is 0
//	  throttled iff rng.random_range(0.0..=1.0) <= p
//
// The comparison is <=, so a draw of exactly 0 throttles even when p is 0. A throttled retry
// is not counted (no on_retry_failure): the loop treats it as an error of the retry policy and
// sleeps again; here it is a local rejection, as the Gate contract has it.
type GaxAdaptive struct {
	factor float64
	spec   string
}

func (a GaxAdaptive) New() Gate      { return &gaxAdaptiveGate{a: a} }
func (a GaxAdaptive) Spec() string   { return a.spec }
func (a GaxAdaptive) Source() string { return gaxSource }

type gaxAdaptiveGate struct {
	a                 GaxAdaptive
	requests, accepts float64
}

func (g *gaxAdaptiveGate) probability() float64 {
	p := (g.requests - g.a.factor*g.accepts) / (g.requests + 1.0)
	if p < 0.0 {
		return 0
	}
	return p
}

func (g *gaxAdaptiveGate) Admit(now float64, attempt int, u float64) Admission {
	if attempt == 1 {
		return Admission{Allowed: true}
	}
	return Admission{Allowed: !(u <= g.probability())}
}

func (g *gaxAdaptiveGate) Record(now float64, attempt int, o Outcome) {
	g.requests += 1.0
	if o == Success {
		g.accepts += 1.0
	}
}

func (g *gaxAdaptiveGate) Retry(now float64, attempt int, o Outcome) bool { return true }
func (g *gaxAdaptiveGate) Done(now float64, attempts int, ok bool)        {}

// Level is the rejection probability a retry would meet now.
func (g *gaxAdaptiveGate) Level() float64 { return g.probability() }

func gaxAdaptiveDef() Def {
	d := Def{
		Name:     "gax-adaptive",
		Throttle: true,
		Summary:  "the SRE formula on retries only, cumulative counts (google-cloud-rust gax AdaptiveThrottler)",
		Source:   gaxSource,
		Keys:     []param.Spec{floatKey("k", 2, 0, 1e6, "factor: accepts weigh factor requests")},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		return GaxAdaptive{factor: v["k"].Num, spec: spec(d, v)}, nil
	}
	return d
}
