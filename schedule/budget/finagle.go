package budget

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const finagleSource = "finagle 24.5.0 finagle-core/.../service/RetryBudget.scala (TokenRetryBudget), util 24.5.0 util-core/.../util/TokenBucket.scala (newLeakyBucket), WindowedAdder.scala"

// Finagle is Finagle's default retry budget, RetryBudget(ttl, minRetriesPerSec, percentCanRetry)
// (finagle 24.5.0, finagle-core/src/main/scala/com/twitter/finagle/service/RetryBudget.scala,
// lines 140-172), a TokenRetryBudget over TokenBucket.newLeakyBucket(ttl, reserve) (util 24.5.0,
// util-core/src/main/scala/com/twitter/util/TokenBucket.scala). In integers scaled by
// ScaleFactor = 1000.0:
//
//	deposit    = 1000 (0 when percentCanRetry is 0)
//	withdrawal = (1000.0 / percentCanRetry).toInt (1 when it is 0): 0.3 withdraws 3333
//	reserve    = minRetriesPerSec * ttl.inSeconds * withdrawal (Int arithmetic, which wraps)
//	count      = windowed sum of deposits and withdrawals over ttl in 10 slices + reserve
//	tryWithdraw: count >= withdrawal, then add −withdrawal
//
// RetryFilter deposits once per logical request (apply) and withdraws before each retry. A
// withdrawal is written into the current slice, so it expires with that slice: when the deposits
// it spent expire first the windowed sum goes below zero, and balance (count / withdrawal) with
// it; Level shows the retries available now, at least 0. With minRetriesPerSec 0 and
// percentCanRetry 0 the budget is RetryBudget.Empty: no retry ever.
type Finagle struct {
	name       string
	ttlMs      int64
	deposit    int64
	withdrawal int64
	reserve    int64
	empty      bool
	spec       string
}

// New starts the budget at time 0, as the client is created when the run starts.
func (f Finagle) New() Gate      { return &finagleGate{f: f, w: newWindowedAdder(f.ttlMs, 10, 0)} }
func (f Finagle) Spec() string   { return f.spec }
func (f Finagle) Source() string { return finagleSource }

type finagleGate struct {
	f    Finagle
	w    *windowedAdder
	last int64
}

func (g *finagleGate) adder(now float64) (*windowedAdder, int64) {
	g.last = millis(now)
	return g.w, g.last
}

func (g *finagleGate) Admit(now float64, attempt int, u float64) Admission {
	if attempt == 1 && !g.f.empty {
		w, ms := g.adder(now)
		w.add(ms, g.f.deposit)
	}
	return Admission{Allowed: true}
}

func (g *finagleGate) Record(now float64, attempt int, o Outcome) {}

func (g *finagleGate) Retry(now float64, attempt int, o Outcome) bool {
	if g.f.empty {
		return false
	}
	w, ms := g.adder(now)
	if w.sum(ms)+g.f.reserve >= g.f.withdrawal {
		w.add(ms, -g.f.withdrawal)
		return true
	}
	return false
}

func (g *finagleGate) Done(now float64, attempts int, ok bool) {}

// Level is TokenRetryBudget.balance (count / withdrawal), at least 0, as of the last call.
func (g *finagleGate) Level() float64 {
	if g.f.empty {
		return 0
	}
	count := g.f.reserve + g.w.sum(g.last)
	return math.Max(0, float64(count/g.f.withdrawal))
}

// newFinagle is RetryBudget.apply(ttl, minRetriesPerSec, percentCanRetry).
func newFinagle(name string, ttl time.Duration, minPerSec int32, percent float64, spec string) Finagle {
	f := Finagle{name: name, ttlMs: ttl.Milliseconds(), spec: spec}
	if minPerSec == 0 && percent == 0 {
		f.empty = true
		return f
	}
	const scale = 1000.0
	f.deposit, f.withdrawal = 0, 1
	if percent != 0 {
		f.deposit, f.withdrawal = int64(javaDoubleToInt(scale)), int64(javaDoubleToInt(scale/percent))
	}
	inSeconds := int32(ttl / time.Second)
	f.reserve = int64(minPerSec * inSeconds * int32(f.withdrawal))
	return f
}

// javaDoubleToInt is the JVM's d2i: truncation toward zero, saturating, NaN to 0.
func javaDoubleToInt(d float64) int32 {
	switch {
	case d != d:
		return 0
	case d >= math.MaxInt32:
		return math.MaxInt32
	case d <= math.MinInt32:
		return math.MinInt32
	}
	return int32(d)
}

func ratioKeys(percent string, minPerSec float64) []param.Spec {
	return []param.Spec{
		percentKey("", percent, 0, 1000, "percentCanRetry: retries per deposit (per logical request)"),
		durationKey("ttl", 10*time.Second, time.Second, 60*time.Second, "how long a deposit lasts"),
		rateKey("min", minPerSec, math.MaxInt32, true, "minRetriesPerSec: the reserve, min × ttl retries"),
	}
}

func makeFinagle(d *Def) func(string, map[string]param.Value) (Layer, error) {
	return func(_ string, v map[string]param.Value) (Layer, error) {
		return newFinagle(d.Name, param.Dur(v["ttl"].Num), int32(v["min"].Num), v[""].Num, spec(*d, v)), nil
	}
}

func ratioDef() Def {
	d := Def{
		Name:    "ratio",
		Summary: "each request deposits, a retry withdraws 1/P of a deposit; deposits expire after ttl (Finagle's RetryBudget)",
		Source:  finagleSource,
		Keys:    ratioKeys("20%", 0),
	}
	d.Make = makeFinagle(&d)
	return d
}

func finagleDef() Def {
	d := Def{
		Name:    "finagle",
		Summary: "Finagle's default RetryBudget(): ratio:20%,ttl=10s,min=10/s",
		Source:  finagleSource,
		Keys:    ratioKeys("20%", 10),
	}
	d.Make = makeFinagle(&d)
	return d
}
