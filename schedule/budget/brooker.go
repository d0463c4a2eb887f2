package budget

import (
	"fmt"
	"math"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const brookerSource = "mbrooker/simulator_example (commit bbfe394) retry_sim/retry_strategy.py"

// Bucket is Marc Brooker's AdaptiveRetryStrategy (mbrooker/simulator_example at bbfe394,
// retry_sim/retry_strategy.py, lines 25-42), generalised over its two constants:
//
//	__init__:     bucket = bucket_size (it starts full)
//	start():      bucket = min(bucket + bucket_fill_rate, bucket_size)   (each first try)
//	should_retry: if bucket > 1.0: bucket -= 1.0; True  else False
//
// need-more-than is the 1.0 of the comparison and cost the 1.0 taken; both are 1 in the
// simulator, which runs it as AdaptiveRetryFactory(0.1, 5). Here cost may not exceed
// need-more-than, so the bucket never goes below zero. The arithmetic is float64, in the same
// order.
type Bucket struct {
	fill, cap, cost, need float64
	spec                  string
}

func (b Bucket) New() Gate      { return &bucketGate{b: b, tokens: b.cap} }
func (b Bucket) Spec() string   { return b.spec }
func (b Bucket) Source() string { return brookerSource }

type bucketGate struct {
	b      Bucket
	tokens float64
}

func (g *bucketGate) Admit(now float64, attempt int, u float64) Admission {
	if attempt == 1 {
		g.tokens = math.Min(g.tokens+g.b.fill, g.b.cap)
	}
	return Admission{Allowed: true}
}

func (g *bucketGate) Record(now float64, attempt int, o Outcome) {}

func (g *bucketGate) Retry(now float64, attempt int, o Outcome) bool {
	if g.tokens > g.b.need {
		g.tokens -= g.b.cost
		return true
	}
	return false
}

func (g *bucketGate) Done(now float64, attempts int, ok bool) {}
func (g *bucketGate) Level() float64                          { return g.tokens }

// Breaker is Marc Brooker's CircuitBreakerRetryStrategy (same file, lines 52-83): two float
// counters shared by every call of the client,
//
//	start():      calls += 1.0                        (each first try)
//	should_retry: failures += 1.0
//	              if failures / calls > max_rate: False  else the N-retries rule
//
// should_retry runs on every failed attempt, the last one too, so a failure counts even when
// the retry count would have stopped anyway: here the failure is counted when the attempt ends
// (Record) and the ratio is tested when a retry is asked for. The simulator runs it as
// CircuitBreakerRetryFactory(NRetriesFactory(3), 0.1).
type Breaker struct {
	ratio float64
	spec  string
}

func (b Breaker) New() Gate      { return &breakerGate{b: b} }
func (b Breaker) Spec() string   { return b.spec }
func (b Breaker) Source() string { return brookerSource }

type breakerGate struct {
	b               Breaker
	calls, failures float64
}

func (g *breakerGate) Admit(now float64, attempt int, u float64) Admission {
	if attempt == 1 {
		g.calls += 1.0
	}
	return Admission{Allowed: true}
}

func (g *breakerGate) Record(now float64, attempt int, o Outcome) {
	if failed(o) {
		g.failures += 1.0
	}
}

func (g *breakerGate) Retry(now float64, attempt int, o Outcome) bool {
	return !(g.failures/g.calls > g.b.ratio)
}

func (g *breakerGate) Done(now float64, attempts int, ok bool) {}

// Level is the failure ratio failures / calls (0 before the first call).
func (g *breakerGate) Level() float64 {
	if g.calls == 0 {
		return 0
	}
	return g.failures / g.calls
}

func bucketDef() Def {
	d := Def{
		Name:    "bucket",
		Summary: "+fill per first try up to cap; a retry needs more than need-more-than tokens and costs cost (Brooker's simulator)",
		Source:  brookerSource,
		Keys: []param.Spec{
			floatKey("fill", 0.1, 0, 1e9, "bucket_fill_rate: tokens added by each first try"),
			floatKey("cap", 5, 0, 1e9, "bucket_size: the most tokens, and the start"),
			floatKey("cost", 1, 0, 1e9, "tokens a retry takes"),
			floatKey("need-more-than", 1, 0, 1e9, "a retry needs strictly more tokens than this"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		if v["cost"].Num > v["need-more-than"].Num {
			return nil, fmt.Errorf("cost (%s) must not exceed need-more-than (%s): the bucket would go below zero",
				param.FormatNumber(v["cost"].Num), param.FormatNumber(v["need-more-than"].Num))
		}
		return Bucket{fill: v["fill"].Num, cap: v["cap"].Num, cost: v["cost"].Num, need: v["need-more-than"].Num, spec: spec(d, v)}, nil
	}
	return d
}

func breakerDef() Def {
	d := Def{
		Name:    "breaker",
		Summary: "no retry while failed attempts / first tries > ratio, cumulative (Brooker's simulator)",
		Source:  brookerSource,
		Keys: []param.Spec{
			percentKey("ratio", "0.1", 0, 1e6, "max_rate: failed attempts per first try"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		return Breaker{ratio: v["ratio"].Num, spec: spec(d, v)}, nil
	}
	return d
}
