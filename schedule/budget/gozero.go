package budget

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const gozeroSource = "zeromicro/go-zero v1.10.3 core/breaker/googlebreaker.go, bucket.go, core/collection/rollingwindow.go"

// GoZero is go-zero's googleBreaker (v1.10.3, core/breaker/googlebreaker.go, accept at lines
// 53-80, history at 133-152) over its RollingWindow (core/collection/rollingwindow.go), as
// doReq drives it: every attempt asks accept; a rejection is markDrop; a reply is markSuccess
// when acceptable and markFailure otherwise (zrpc's codes.Acceptable refuses Unavailable,
// DeadlineExceeded and ResourceExhausted, so F, T and H all fail). Constants: window 10 s in 40
// buckets of 250 ms, k 1.5, minK 1.1, protection 5, forcePassDuration 1 s.
//
//	history over the window: accepts = Σ Success, total = Σ Sum (drops included),
//	  workingBuckets = newest run of buckets with successes and no failures,
//	  failingBuckets = newest run with failures and no successes (empty buckets neither break
//	  nor extend a run)
//	w = k − (k − minK)·failingBuckets/buckets; weightedAccepts = max(w, minK)·accepts
//	dropRatio = (float64(total − protection) − weightedAccepts) / float64(total + 1)
//	dropRatio ≤ 0: pass (lastPass untouched)
//	a pass has happened and now − lastPass > 1 s: pass, lastPass = now (the forced pass)
//	dropRatio ×= float64(buckets − workingBuckets)/buckets; drop iff Float64() < dropRatio;
//	  otherwise lastPass = now
//
// The window moves on Add only: span = ⌊(now − lastTime)/interval⌋ buckets are reset and
// lastTime is aligned down to the interval grid started when the breaker was made; a read
// skips the span oldest buckets and includes the current one.
type GoZero struct{ spec string }

func (z GoZero) New() Gate      { return &gozeroGate{} }
func (z GoZero) Spec() string   { return "go-zero" }
func (z GoZero) Source() string { return gozeroSource }

const (
	gozeroWindow     = 10 * time.Second
	gozeroBuckets    = 40
	gozeroForcePass  = time.Second
	gozeroK          = 1.5
	gozeroMinK       = 1.1
	gozeroProtection = 5
)

// gozeroBucket is breaker.bucket.
type gozeroBucket struct{ sum, success, failure, drop int64 }

const (
	gozeroSuccess = iota
	gozeroFail
	gozeroDrop
)

type gozeroGate struct {
	buckets  [gozeroBuckets]gozeroBucket
	offset   int
	lastTime int64
	lastPass int64
	passed   bool // lastPass > 0: set by the first probabilistic pass
	ratio    float64
}

const gozeroInterval = int64(gozeroWindow) / gozeroBuckets

func (g *gozeroGate) span(now int64) int {
	off := int((now - g.lastTime) / gozeroInterval)
	if 0 <= off && off < gozeroBuckets {
		return off
	}
	return gozeroBuckets
}

func (g *gozeroGate) add(now int64, v int) {
	if span := g.span(now); span > 0 {
		for i := 0; i < span; i++ {
			g.buckets[(g.offset+i+1)%gozeroBuckets] = gozeroBucket{}
		}
		g.offset = (g.offset + span) % gozeroBuckets
		g.lastTime = now - (now-g.lastTime)%gozeroInterval
	}
	b := &g.buckets[g.offset]
	b.sum++
	switch v {
	case gozeroFail:
		b.failure++
	case gozeroDrop:
		b.drop++
	default:
		b.success++
	}
}

type gozeroHistory struct{ accepts, total, failingBuckets, workingBuckets int64 }

func (g *gozeroGate) history(now int64) gozeroHistory {
	var r gozeroHistory
	span := g.span(now)
	diff := gozeroBuckets - span
	if diff <= 0 {
		return r
	}
	offset := (g.offset + span + 1) % gozeroBuckets
	for i := 0; i < diff; i++ {
		b := g.buckets[(offset+i)%gozeroBuckets]
		r.accepts += b.success
		r.total += b.sum
		if b.failure > 0 {
			r.workingBuckets = 0
		} else if b.success > 0 {
			r.workingBuckets++
		}
		if b.success > 0 {
			r.failingBuckets = 0
		} else if b.failure > 0 {
			r.failingBuckets++
		}
	}
	return r
}

func (g *gozeroGate) Admit(now float64, attempt int, u float64) Admission {
	ns := clockNanos(now)
	h := g.history(ns)
	w := gozeroK - (gozeroK-gozeroMinK)*float64(h.failingBuckets)/gozeroBuckets
	if w < gozeroMinK {
		w = gozeroMinK // mathx.AtLeast
	}
	weightedAccepts := w * float64(h.accepts)
	dropRatio := (float64(h.total-gozeroProtection) - weightedAccepts) / float64(h.total+1)
	g.ratio = 0
	if dropRatio <= 0 {
		return Admission{Allowed: true}
	}
	if g.passed && ns-g.lastPass > int64(gozeroForcePass) {
		g.lastPass = ns
		return Admission{Allowed: true}
	}
	dropRatio *= float64(gozeroBuckets-h.workingBuckets) / gozeroBuckets
	g.ratio = dropRatio
	if u < dropRatio {
		g.add(ns, gozeroDrop)
		return Admission{Allowed: false}
	}
	g.lastPass, g.passed = ns, true
	return Admission{Allowed: true}
}

func (g *gozeroGate) Record(now float64, attempt int, o Outcome) {
	if o == Success {
		g.add(clockNanos(now), gozeroSuccess)
	} else {
		g.add(clockNanos(now), gozeroFail)
	}
}

func (g *gozeroGate) Retry(now float64, attempt int, o Outcome) bool { return true }
func (g *gozeroGate) Done(now float64, attempts int, ok bool)        {}

// Level is the scaled drop ratio the last attempt met (0 when it passed without a draw).
func (g *gozeroGate) Level() float64 { return g.ratio }

func gozeroDef() Def {
	return Def{
		Name:     "go-zero",
		Throttle: true,
		Summary:  "go-zero's googleBreaker: K = 1.5 (down to 1.1 while failing), 10 s in 40 buckets, protection 5, a forced pass each second",
		Source:   gozeroSource,
		Make: func(string, map[string]param.Value) (Layer, error) {
			return GoZero{}, nil
		},
	}
}
