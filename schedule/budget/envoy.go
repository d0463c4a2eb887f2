package budget

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// envoySource is the file and version the envoy budget reproduces.
const envoySource = "envoyproxy/envoy (commit 01c2c1f) source/common/upstream/resource_manager_impl.h RetryBudgetImpl, source/common/router/retry_state_impl.cc shouldRetry"

// Envoy is the cluster circuit breaker's retry budget (envoy source/common/upstream/
// resource_manager_impl.h, RetryBudgetImpl::max and canCreate; source/common/router/
// retry_state_impl.cc, RetryStateImpl::shouldRetry and resetRetry). It holds fleet-wide counts:
//
//	max()       = std::max<uint64_t>(budget_percent / 100.0 * (requests + pending), min_retry_concurrency)
//	canCreate() = retries < max()
//
// The product is a double converted to uint64_t, so it truncates (⌊P·active⌋) before the
// maximum with the minimum; the comparison is strict. A granted retry holds the retries resource
// (inc) from the decision until the retry's own response is judged (resetRetry at the next
// shouldRetry) or the request ends; the attempts on the wire are the cluster's active requests.
// A response with headers (a 5xx: F, or a 429: H) is judged while its upstream request is still
// open, so it counts as active at its own retry decision; a per-try timeout resets the stream
// first (Filter::onPerTryTimeoutCommon), so a T attempt no longer counts.
type Envoy struct {
	percent float64 // budget_percent as Envoy reads it: 20 for 20 %
	min     uint64  // min_retry_concurrency
	spec    string
}

func (e Envoy) New() Gate      { return &envoyGate{e: e} }
func (e Envoy) Spec() string   { return e.spec }
func (e Envoy) Source() string { return envoySource }

type envoyGate struct {
	e       Envoy
	active  uint64 // attempts sent and not yet ended (requests + pending requests)
	held    uint64 // F/H attempts ended but still open until their retry decision
	retries uint64 // granted retries whose response is not judged yet
}

// max is RetryBudgetImpl::max with the budget in use.
func (g *envoyGate) max() uint64 {
	current := g.active + g.held
	return max(floatToUint64(g.e.percent/100.0*float64(current)), g.e.min)
}

// release ends the held attempts when no retry decision followed their response.
func (g *envoyGate) release() { g.held = 0 }

func (g *envoyGate) Admit(now float64, attempt int, u float64) Admission {
	g.release()
	g.active++
	return Admission{Allowed: true}
}

func (g *envoyGate) Record(now float64, attempt int, o Outcome) {
	g.release()
	if g.active > 0 {
		g.active--
	}
	if attempt > 1 && g.retries > 0 {
		g.retries-- // resetRetry: the retry's response is being judged
	}
	if o == Failure || o == Throttling {
		g.held++
	}
}

func (g *envoyGate) Retry(now float64, attempt int, o Outcome) bool {
	ok := g.retries < g.max()
	g.release()
	if ok {
		g.retries++
	}
	return ok
}

func (g *envoyGate) Done(now float64, attempts int, ok bool) { g.release() }

// Level is the headroom: retries the budget would still grant now.
func (g *envoyGate) Level() float64 {
	m := g.max()
	if g.retries >= m {
		return 0
	}
	return float64(m - g.retries)
}

// floatToUint64 is C++'s double to uint64_t conversion for the values a budget produces: it
// truncates toward zero (saturating where C++ would be undefined).
func floatToUint64(f float64) uint64 {
	switch {
	case !(f > 0):
		return 0
	case f >= math.MaxUint64:
		return math.MaxUint64
	}
	return uint64(f)
}

func envoyDef() Def {
	d := Def{
		Name:    "envoy",
		Summary: "retries in flight < max(⌊P·active requests⌋, min): Envoy's cluster retry budget (fleet scope)",
		Source:  envoySource,
		Keys: []param.Spec{
			percentKey("", "20%", 0, 1, "budget_percent: the share of active requests that may be retries"),
			countKey("min", 3, 0, math.MaxUint32, "min_retry_concurrency: retries always allowed in flight"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		return Envoy{percent: param.PercentOf(v[""]), min: uint64(v["min"].Num), spec: spec(d, v)}, nil
	}
	return d
}
