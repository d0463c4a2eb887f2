package budget

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const kratosSource = "go-kratos/aegis v0.2.0 circuitbreaker/sre/sre.go, internal/window (policy.go, window.go)"

// Kratos is go-kratos/aegis v0.2.0's SRE breaker (circuitbreaker/sre/sre.go, Allow at lines
// 125-142) over its rolling counter (internal/window/policy.go, window.go), as kratos's client
// circuitbreaker middleware drives it: every attempt asks Allow; a local rejection is then
// MarkFailed (Add(0)) "to let the drop ratio higher"; a reply is MarkFailed for 500, 503 and 504
// (F, T) and MarkSuccess (Add(1)) otherwise, so a throttling reply (H, 429) counts as a success.
//
//	k = 1 / success (1/0.6); requests = k·accepts
//	allowed without a draw when total < request (100) or float64(total) < requests
//	dr = max(0, (float64(total) − requests) / float64(total + 1)); drop iff Float64() < dr
//
// The window is size buckets (10) of window/size (300 ms, int64 nanoseconds). An Add first
// moves the offset by timespan = ⌊(now − lastAppendTime) / bucketDuration⌋ buckets, resetting up
// to size of them, and advances lastAppendTime by whole buckets (aligned to the start); a read
// (Reduce) skips the timespan oldest buckets without moving anything. The current bucket is read
// too, so the window covers the current partial bucket and up to size − 1 earlier ones.
type Kratos struct {
	k       float64
	request int64
	size    int
	bucket  int64 // nanoseconds
	spec    string
}

func (k Kratos) New() Gate      { return &kratosGate{k: k, w: newKratosWindow(k.size, k.bucket)} }
func (k Kratos) Spec() string   { return k.spec }
func (k Kratos) Source() string { return kratosSource }

type kratosGate struct {
	k  Kratos
	w  *kratosWindow
	dr float64
}

func (g *kratosGate) Admit(now float64, attempt int, u float64) Admission {
	ns := clockNanos(now)
	accepts, total := g.w.summary(ns)
	requests := g.k.k * float64(accepts)
	g.dr = 0
	if total < g.k.request || float64(total) < requests {
		return Admission{Allowed: true}
	}
	g.dr = math.Max(0, (float64(total)-requests)/float64(total+1))
	if u < g.dr {
		g.w.add(ns, 0) // MarkFailed on a local rejection
		return Admission{Allowed: false}
	}
	return Admission{Allowed: true}
}

func (g *kratosGate) Record(now float64, attempt int, o Outcome) {
	v := 1.0
	if o == Failure || o == Timeout {
		v = 0
	}
	g.w.add(clockNanos(now), v)
}

func (g *kratosGate) Retry(now float64, attempt int, o Outcome) bool { return true }
func (g *kratosGate) Done(now float64, attempts int, ok bool)        {}

// Level is the drop ratio the last attempt met (0 when it was let through without a draw).
func (g *kratosGate) Level() float64 { return g.dr }

// kratosWindow is aegis's RollingPolicy over a Window of buckets whose single point sums the
// added values.
type kratosWindow struct {
	point          []float64
	count          []int64
	offset         int
	bucketDuration int64
	lastAppendTime int64
}

func newKratosWindow(size int, bucket int64) *kratosWindow {
	return &kratosWindow{point: make([]float64, size), count: make([]int64, size), bucketDuration: bucket}
}

func (w *kratosWindow) timespan(now int64) int {
	v := int((now - w.lastAppendTime) / w.bucketDuration)
	if v > -1 {
		return v
	}
	return len(w.point)
}

func (w *kratosWindow) add(now int64, val float64) {
	size := len(w.point)
	timespan := w.timespan(now)
	ori := timespan
	if timespan > 0 {
		start := (w.offset + 1) % size
		end := (w.offset + timespan) % size
		if timespan > size {
			timespan = size
		}
		for i := 0; i < timespan; i++ {
			j := (start + i) % size
			w.point[j], w.count[j] = 0, 0
		}
		w.offset = end
		w.lastAppendTime += int64(ori) * w.bucketDuration
	}
	if w.count[w.offset] == 0 {
		w.point[w.offset] = val
	} else {
		w.point[w.offset] += val
	}
	w.count[w.offset]++
}

// summary is Breaker.summary: the points' sum as accepts and the counts' sum as total.
func (w *kratosWindow) summary(now int64) (success, total int64) {
	size := len(w.point)
	timespan := w.timespan(now)
	count := size - timespan
	if count <= 0 {
		return 0, 0
	}
	offset := w.offset + timespan + 1
	if offset >= size {
		offset -= size
	}
	for i := 0; i < count; i++ {
		j := (offset + i) % size
		total += w.count[j]
		if w.count[j] > 0 {
			success += int64(w.point[j])
		}
	}
	return success, total
}

func kratosDef() Def {
	d := Def{
		Name:     "kratos",
		Throttle: true,
		Summary:  "go-kratos/aegis SRE breaker: K = 1/0.6 over 3 s in 10 buckets, from 100 requests",
		Source:   kratosSource,
		Keys: []param.Spec{
			floatKey("success", 0.6, 0.001, 1e6, "WithSuccess: K = 1/success"),
			countKey("request", 100, 0, math.MaxInt64>>1, "WithRequest: requests in the window before any drop"),
			durationKey("window", 3*time.Second, time.Millisecond, param.MaxDuration, "WithWindow: the statistical window"),
			countKey("bucket", 10, 1, 10000, "WithBucket: buckets in the window"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		size := int(v["bucket"].Num)
		bucket := int64(param.Dur(v["window"].Num)) / int64(size)
		if bucket <= 0 {
			return nil, errBucketTooShort
		}
		return Kratos{k: 1 / v["success"].Num, request: int64(v["request"].Num), size: size, bucket: bucket, spec: spec(d, v)}, nil
	}
	return d
}
