package generic

import (
	"github.com/backoffctl/backoffctl/schedule"
)

// Jitter models, as the anchors name them. U(a, b) is a + u*(b-a) for the draw u in [0, 1), so
// u = 0.5 is the middle of every range and u -> 1 its supremum.
const (
	None  = "none"  // d
	Full  = "full"  // U(0, d): AWS "full jitter"
	Equal = "equal" // d/2 + U(0, d/2): AWS "equal jitter"
	Sym   = "sym"   // d * U(1-f, 1+f): cenkalti, gRPC, resilience4j
	Add   = "add"   // d * U(1, 1+f): ActiveJob, k8s
	Band  = "band"  // d * U(1-f, 1): BullMQ
)

// Models lists the jitter models in help order.
var Models = []string{None, Full, Equal, Sym, Add, Band}

// TakesFactor reports whether a model has a jitter factor f.
func TakesFactor(model string) bool { return model == Sym || model == Add || model == Band }

// FactorMax is the largest jitter factor a model accepts: sym and band keep the wait
// non-negative only for f <= 1.
func FactorMax(model string) float64 {
	if model == Add {
		return 100
	}
	return 1
}

// Exceeds reports whether a model can make a wait longer than its nominal value, so a cap applied
// before it can be exceeded.
func Exceeds(model string) bool { return model == Sym || model == Add }

// Jittered applies model with factor f to the nominal wait d, with one draw (none for "none").
func Jittered(model string, f, d float64, draws schedule.Draws) float64 {
	switch model {
	case Full:
		return uniform(0, d, draws.Unit())
	case Equal:
		half := float64(d / 2)
		return half + uniform(0, half, draws.Unit())
	case Sym:
		return d * uniform(1-f, 1+f, draws.Unit())
	case Add:
		return d * uniform(1, 1+f, draws.Unit())
	case Band:
		return d * uniform(1-f, 1, draws.Unit())
	}
	return d
}

// uniform is U(a, b) = a + u*(b-a).
func uniform(a, b, u float64) float64 { return a + float64(u*(b-a)) }

// WithJitter wraps p: every wait p gives is jittered by model.
func WithJitter(p schedule.Policy, model string, f float64) schedule.Policy {
	if model == None {
		return p
	}
	return schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		w, ok := p.Next(s, d)
		if !ok {
			return 0, false
		}
		return saturate(Jittered(model, f, w, d)), true
	})
}
