package budget

import (
	"fmt"
	"math"
	"reflect"
	"testing"
)

// fuzzSpecs are the rules the fuzz target drives, with their caps (NaN: no level).
var fuzzSpecs = []struct {
	spec     string
	throttle bool
	cap      float64
}{
	{"aws-standard", false, 500},
	{"aws-standard@1.47", false, 500},
	{"aws-standard:tokens=40,cost=3,throttle-cost=1,increment=2", false, 40},
	{"aws-adaptive", false, 500},
	{"aws-adaptive@1.47:tokens=20", false, 20},
	{"grpc", false, 10},
	{"grpc:max=4,ratio=1.6", false, 4},
	{"grpc:max=0.5,ratio=0.001", false, 0.5},
	{"aws-cubic", true, math.NaN()},
}

// FuzzTraceInvariants: for any script, every rule's level stays in [0, cap], a limiter's rates
// stay finite and non-negative and its waits too, and the same script gives the same rows.
func FuzzTraceInvariants(f *testing.F) {
	for _, s := range []string{"FFS", "F", "H", "HS,TS,FFFS", "3*HHH,S", "50*S,HS,40*S", "T,T,T,S"} {
		f.Add(s, uint8(3), uint8(0), 0.1)
	}
	f.Fuzz(func(t *testing.T, script string, attempts, which uint8, step float64) {
		s, err := ParseScript(script)
		if err != nil || len(s) > 2000 {
			return
		}
		if math.IsNaN(step) || math.IsInf(step, 0) || step < 0 || step > 1e6 {
			step = 0.1
		}
		spec := fuzzSpecs[int(which)%len(fuzzSpecs)]
		layer, err := Parse(spec.spec, spec.throttle)
		if err != nil {
			t.Fatal(err)
		}
		opt := TraceOptions{Requests: len(s) + 3, MaxAttempts: 1 + int(attempts)%8, Times: Every(step)}
		rows := Trace(layer, s, opt)
		for _, r := range rows {
			if !math.IsNaN(spec.cap) && !(r.Level >= 0 && r.Level <= spec.cap) {
				t.Fatalf("%s %q: level %v outside [0, %v]", spec.spec, script, r.Level, spec.cap)
			}
			if !(r.Delay >= 0) || math.IsInf(r.Delay, 0) {
				t.Fatalf("%s %q: delay %v", spec.spec, script, r.Delay)
			}
			for k, v := range r.State {
				if !(v >= 0) || math.IsInf(v, 0) {
					t.Fatalf("%s %q: %s = %v", spec.spec, script, cubicStateNames[k], v)
				}
			}
			if r.Attempt > opt.MaxAttempts {
				t.Fatalf("%s %q: attempt %d past max %d", spec.spec, script, r.Attempt, opt.MaxAttempts)
			}
		}
		again := Trace(layer, s, opt)
		if !reflect.DeepEqual(fmt.Sprint(rows), fmt.Sprint(again)) {
			t.Fatalf("%s %q: two runs differ", spec.spec, script)
		}
	})
}
