// Command budgetvectors drives go-kratos/aegis v0.2.0's SRE breaker and go-zero v1.10.3's
// google breaker with scripted outcomes and prints every decision, with the uniform draw the
// library made for it, for schedule/budget's tests to pin. Both libraries seed math/rand from the
// clock; the program swaps in a seeded source it records. Both read time.Now: the script runs in
// phases that sleep to the middle of chosen buckets, and prints each phase's measured offset
// from the breaker's creation, so the test can replay the phase at that time.
//
// Run: cd testdata/budgetvectors-more && go run . > vectors.txt
package main

import (
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"time"
	"unsafe"

	"github.com/go-kratos/aegis/circuitbreaker/sre"
	"github.com/zeromicro/go-zero/core/breaker"
	"github.com/zeromicro/go-zero/core/logx"
)

// recorder is a rand.Source that remembers how many values were drawn and the last one.
type recorder struct {
	src  rand.Source
	n    int
	last int64
}

func (r *recorder) Int63() int64 { r.n++; r.last = r.src.Int63(); return r.last }
func (r *recorder) Seed(s int64) { r.src.Seed(s) }

// draw reports the Float64 the library drew since mark (math/rand: Int63 / 2^63).
func (r *recorder) draw(mark int) (float64, bool) {
	if r.n == mark {
		return 0, false
	}
	if r.n != mark+1 {
		fail("more than one draw")
	}
	return float64(r.last) / (1 << 63), true
}

func setField(v reflect.Value, x any) {
	reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem().Set(reflect.ValueOf(x))
}

func fail(msg string) { fmt.Fprintln(os.Stderr, msg); os.Exit(1) }

// phase is one step of a script: at offset (seconds after creation, the middle of a bucket) it
// makes one attempt per letter: each asks the breaker first (a rejection is marked as the
// library's middleware marks it), and an admitted attempt is then marked a success (S) or a
// failure (F), or left unmarked (P, a probe).
type phase struct {
	at       float64
	attempts string
}

type lib struct {
	name  string
	rec   *recorder
	start time.Time
	allow func() (mark func(success bool), ok bool)
}

func run(l lib, phases []phase) {
	fmt.Printf("lib %s\n", l.name)
	for _, p := range phases {
		time.Sleep(time.Until(l.start.Add(time.Duration(p.at * float64(time.Second)))))
		from := time.Since(l.start)
		for _, c := range p.attempts {
			n := l.rec.n
			mark, ok := l.allow()
			u, drew := l.rec.draw(n)
			fmt.Printf("try %c %v %v %v\n", c, drew, u, ok)
			if ok && c != 'P' {
				mark(c == 'S')
			}
		}
		to := time.Since(l.start)
		fmt.Printf("phase %v %d %d\n", p.at, from.Nanoseconds(), to.Nanoseconds())
	}
}

func kratos(phases []phase) {
	rec := &recorder{src: rand.NewSource(1)}
	start := time.Now()
	b := sre.NewBreaker().(*sre.Breaker)
	setField(reflect.ValueOf(b).Elem().FieldByName("r"), rand.New(rec))
	run(lib{name: "kratos", rec: rec, start: start,
		allow: func() (func(bool), bool) {
			if err := b.Allow(); err != nil {
				b.MarkFailed() // the middleware marks a local rejection
				return nil, false
			}
			return func(s bool) {
				if s {
					b.MarkSuccess()
				} else {
					b.MarkFailed()
				}
			}, true
		},
	}, phases)
}

func gozero(phases []phase) {
	rec := &recorder{src: rand.NewSource(1)}
	start := time.Now()
	cb := breaker.NewBreaker()
	g := reflect.ValueOf(cb).Elem().FieldByName("throttle").Elem().FieldByName("internalThrottle").Elem().Elem()
	setField(g.FieldByName("proba").Elem().FieldByName("r"), rand.New(rec))
	run(lib{name: "go-zero", rec: rec, start: start,
		allow: func() (func(bool), bool) {
			p, err := cb.Allow() // a rejection is marked as a drop inside
			if err != nil {
				return nil, false
			}
			return func(s bool) {
				if s {
					p.Accept()
				} else {
					p.Reject("unavailable")
				}
			}, true
		},
	}, phases)
}

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

func main() {
	logx.Disable()
	// kratos: 300 ms buckets, 10 of them; 100 requests before any drop.
	kratos([]phase{
		{at: 0.15, attempts: repeat("F", 60) + repeat("S", 40) + repeat("P", 40)},
		{at: 1.05, attempts: repeat("F", 30) + repeat("P", 40)},
		{at: 3.15, attempts: repeat("P", 20)},
		{at: 3.45, attempts: repeat("S", 10) + repeat("P", 20)},
	})
	// go-zero: 250 ms buckets, 40 of them; protection 5; a forced pass after 1 s.
	gozero([]phase{
		{at: 0.125, attempts: repeat("S", 5) + repeat("F", 20) + repeat("P", 30)},
		{at: 0.375, attempts: repeat("F", 10) + repeat("P", 30)},
		{at: 1.625, attempts: repeat("S", 3) + repeat("P", 10)},
		{at: 2.875, attempts: repeat("F", 5) + repeat("P", 5)},
		{at: 3.125, attempts: repeat("S", 20) + repeat("F", 10) + repeat("P", 20)},
	})
}
