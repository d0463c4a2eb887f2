package amplify

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

// The gates below are the rules of SPEC Part 4 written out plainly for the tests, apart from the
// catalog's: the closed forms are derived from these rules, and the simulation drives them.

type testLayer struct{ make func() budget.Gate }

func (l testLayer) New() budget.Gate { return l.make() }
func (testLayer) Spec() string       { return "test" }
func (testLayer) Source() string     { return "test" }

// awsGate: a bucket of size tokens; a retry takes cost, refused iff cost > tokens; v1.48 refunds
// a successful retry's cost and adds inc on a first-try success; v1.47 also adds inc on every
// successful attempt.
type awsGate struct {
	tokens, size, cost, inc float64
	legacy                  bool
}

func (g *awsGate) Admit(float64, int, float64) budget.Admission {
	return budget.Admission{Allowed: true}
}
func (g *awsGate) Record(_ float64, attempt int, o budget.Outcome) {
	if o != budget.Success {
		return
	}
	if attempt > 1 {
		g.tokens = math.Min(g.size, g.tokens+g.cost)
	}
	if attempt == 1 || g.legacy {
		g.tokens = math.Min(g.size, g.tokens+g.inc)
	}
}
func (g *awsGate) Retry(float64, int, budget.Outcome) bool {
	if g.cost > g.tokens {
		return false
	}
	g.tokens -= g.cost
	return true
}
func (g *awsGate) Done(float64, int, bool) {}
func (g *awsGate) Level() float64          { return g.tokens }

func awsLayer(legacy bool) budget.Layer {
	cost := 14.0
	if legacy {
		cost = 5
	}
	return testLayer{func() budget.Gate { return &awsGate{tokens: 500, size: 500, cost: cost, inc: 1, legacy: legacy} }}
}

// grpcGate: tokens start at max; a failed attempt takes 1, a success adds ratio, in [0, max]; a
// retry is allowed while tokens > max/2.
type grpcGate struct{ tokens, max, ratio float64 }

func (g *grpcGate) Admit(float64, int, float64) budget.Admission {
	return budget.Admission{Allowed: true}
}
func (g *grpcGate) Record(_ float64, _ int, o budget.Outcome) {
	if o == budget.Success {
		g.tokens = math.Min(g.max, g.tokens+g.ratio)
	} else {
		g.tokens = math.Max(0, g.tokens-1)
	}
}
func (g *grpcGate) Retry(float64, int, budget.Outcome) bool { return g.tokens > g.max/2 }
func (g *grpcGate) Done(float64, int, bool)                 {}
func (g *grpcGate) Level() float64                          { return g.tokens }

func grpcLayer(max, ratio float64) budget.Layer {
	return testLayer{func() budget.Gate { return &grpcGate{tokens: max, max: max, ratio: ratio} }}
}

// ratioGate: each logical request deposits p, a retry withdraws 1 when the balance holds it; the
// balance starts at reserve and never expires.
type ratioGate struct{ balance, p float64 }

func (g *ratioGate) Admit(_ float64, attempt int, _ float64) budget.Admission {
	if attempt == 1 {
		g.balance += g.p
	}
	return budget.Admission{Allowed: true}
}
func (g *ratioGate) Record(float64, int, budget.Outcome) {}
func (g *ratioGate) Retry(float64, int, budget.Outcome) bool {
	if g.balance < 1 {
		return false
	}
	g.balance--
	return true
}
func (g *ratioGate) Done(float64, int, bool) {}
func (g *ratioGate) Level() float64          { return g.balance }

func ratioLayer(p, reserve float64) budget.Layer {
	return testLayer{func() budget.Gate { return &ratioGate{balance: reserve, p: p} }}
}

// successGate: each successful attempt deposits q, a retry withdraws 1 when the balance holds it.
type successGate struct{ balance, q float64 }

func (g *successGate) Admit(float64, int, float64) budget.Admission {
	return budget.Admission{Allowed: true}
}
func (g *successGate) Record(_ float64, _ int, o budget.Outcome) {
	if o == budget.Success {
		g.balance += g.q
	}
}
func (g *successGate) Retry(float64, int, budget.Outcome) bool {
	if g.balance < 1 {
		return false
	}
	g.balance--
	return true
}
func (g *successGate) Done(float64, int, bool) {}
func (g *successGate) Level() float64          { return g.balance }

// breakerGate: no retry while failed attempts / first tries > ratio, counted since the start.
type breakerGate struct{ calls, failures, ratio float64 }

func (g *breakerGate) Admit(_ float64, attempt int, _ float64) budget.Admission {
	if attempt == 1 {
		g.calls++
	}
	return budget.Admission{Allowed: true}
}
func (g *breakerGate) Record(_ float64, _ int, o budget.Outcome) {
	if o != budget.Success {
		g.failures++
	}
}
func (g *breakerGate) Retry(float64, int, budget.Outcome) bool { return g.failures/g.calls <= g.ratio }
func (g *breakerGate) Done(float64, int, bool)                 {}
func (g *breakerGate) Level() float64                          { return g.failures / g.calls }
