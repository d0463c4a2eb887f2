package budget

import (
	"math"
	"testing"
)

// moreRules are the specs the fuzz target drives: every rule of this set, at defaults and at
// settings that make them bind quickly.
var moreRules = []struct {
	spec     string
	throttle bool
	// cap bounds the level given the requests and attempts so far.
	cap func(requests, attempts int) float64
}{
	{"envoy:20%,min=3", false, func(r, a int) float64 { return math.Max(float64(a), 3) }},
	{"ratio:20%,ttl=1s,min=2/s", false, func(r, a int) float64 { return 2 + 0.2*float64(r) + 1 }},
	{"finagle", false, func(r, a int) float64 { return 100 + 0.2*float64(r) + 1 }},
	{"tower:0.5,ttl=1s,min=1/s", false, func(r, a int) float64 { return 2 + float64(r) }},
	{"tower:250%,ttl=2s,min=0", false, func(r, a int) float64 { return 1000 * float64(r) }},
	{"dotnet:ratio=20%,window=2s,min-throughput=3", false, func(r, a int) float64 { return math.Max(1, 0.2*float64(r)) }},
	{"bucket", false, func(r, a int) float64 { return 5 }},
	{"bucket:fill=0.5,cap=2,cost=1.5,need-more-than=1.5", false, func(r, a int) float64 { return 2 }},
	{"breaker:ratio=30%", false, func(r, a int) float64 { return float64(a) }},
	{"gax-breaker:tokens=30,min=10,cost=7", false, func(r, a int) float64 { return 30 }},
	{"sre:k=1.5,window=3s,min=3,protection=1", true, func(r, a int) float64 { return 1 }},
	{"kratos:request=5,window=1s,bucket=4", true, func(r, a int) float64 { return 1 }},
	{"kratos", true, func(r, a int) float64 { return 1 }},
	{"go-zero", true, func(r, a int) float64 { return 1 }},
	{"gax-adaptive:k=1.2", true, func(r, a int) float64 { return 1 }},
}

// steps are the time increments a fuzz byte chooses between attempts.
var steps = [...]float64{0, 0, 0.001, 0.01, 0.05, 0.12, 0.25, 0.3, 0.5, 0.9, 1, 1.05, 2.5, 7, 30, 1000}

type fuzzRow struct {
	allowed, granted bool
	level            float64
}

// drive runs one byte script through a fresh gate: each byte is one attempt, its low two bits
// the outcome, the next four the time step, the top two how many attempts a request may have
// (2 to 5); u for Admit comes from the byte too. Every invariant failure is reported.
func drive(t *testing.T, i int, data []byte) []fuzzRow {
	r := moreRules[i]
	g := mustParse(t, r.spec, r.throttle).New()
	var rows []fuzzRow
	now, requests, attempts, attempt := 0.0, 0, 0, 1
	maxAttempts := 2
	for k, b := range data {
		now += steps[(b>>2)&15]
		if attempt == 1 {
			requests++
			maxAttempts = 2 + int(b>>6)
		}
		attempts++
		u := float64((int(b)*131+k*29)%256) / 256
		adm := g.Admit(now, attempt, u)
		if adm.Delay != 0 || (attempt == 1 && !r.throttle && !adm.Allowed) {
			t.Fatalf("%s byte %d: admission %+v", r.spec, k, adm)
		}
		row := fuzzRow{allowed: adm.Allowed}
		o := Outcome(b & 3)
		if adm.Allowed {
			g.Record(now, attempt, o)
		} else {
			o = Failure
		}
		next := 1
		if o != Success && attempt < maxAttempts {
			row.granted = g.Retry(now, attempt, o)
			if row.granted {
				next = attempt + 1
			}
		}
		if next == 1 {
			g.Done(now, attempt, o == Success)
		}
		attempt = next
		row.level = g.Level()
		if math.IsNaN(row.level) || row.level < 0 || row.level > r.cap(requests, attempts) {
			t.Fatalf("%s byte %d (t=%v, %d requests, %d attempts): level %v out of [0, %v]",
				r.spec, k, now, requests, attempts, row.level, r.cap(requests, attempts))
		}
		if r.throttle && row.level >= 1 {
			t.Fatalf("%s byte %d: probability %v ≥ 1", r.spec, k, row.level)
		}
		rows = append(rows, row)
	}
	return rows
}

// FuzzMoreRules: random scripts of outcomes and times through every rule of this set: levels
// never negative nor above the rule's cap, admissions well-formed (budgets never hold nor refuse
// a first attempt, nothing here delays), and the same input gives the same result.
func FuzzMoreRules(f *testing.F) {
	f.Add(uint8(0), []byte{1, 1, 1, 0, 5, 9, 200, 17, 33, 1, 1, 1, 1})
	f.Add(uint8(12), []byte("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\x00\x00"))
	f.Add(uint8(13), []byte("\x01\x05\x09\x0d\x11\x15\x19\x1d\x21\x25\x29\x2d\x31\x35\x39\x3d\x41\x45\x49\x4d\x51\x55\x59\x5d"))
	for i := range moreRules {
		f.Add(uint8(i), []byte{0xff, 0x41, 0x81, 0xc1, 0x05, 0x45, 0x85, 0xc5, 0x00, 0x3d, 0x7d, 0xbd})
	}
	f.Fuzz(func(t *testing.T, rule uint8, data []byte) {
		if len(data) > 4000 {
			data = data[:4000]
		}
		i := int(rule) % len(moreRules)
		a, b := drive(t, i, data), drive(t, i, data)
		for k := range a {
			if a[k] != b[k] && !(math.IsNaN(a[k].level) && math.IsNaN(b[k].level)) {
				t.Fatalf("%s: byte %d differs between two runs: %+v, %+v", moreRules[i].spec, k, a[k], b[k])
			}
		}
	})
}
