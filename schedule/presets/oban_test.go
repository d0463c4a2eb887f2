package presets

import (
	"fmt"
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// obanVectors are worked by hand from sorentwo/oban v2.18.3 (lib/oban/worker.ex backoff/1,
// lib/oban/backoff.ex exponential/2 and jitter/2), not produced by running Oban: no Erlang/Elixir
// toolchain was available, and :rand cannot be seeded from outside the job process anyway. Each
// line is clamped = attempt (max_attempts <= 20) or round(attempt / max_attempts * 20), time =
// 15 + 2^clamped, wait = time + trunc(u * 0.1 * time).
var obanVectors = []struct {
	k, m    int
	u       float64
	clamped int
	wait    float64
}{
	{1, 20, 0, 1, 17},         // 15 + 2
	{1, 20, 0.5, 1, 17},       // trunc(0.05 * 17 = 0.85) = 0
	{1, 20, 0.999, 1, 18},     // trunc(1.6983) = 1
	{5, 20, 0.5, 5, 49},       // 47 + trunc(2.35)
	{10, 20, 0.5, 10, 1090},   // 1039 + trunc(51.95)
	{19, 20, 0, 19, 524303},   // 15 + 2^19: the wait before the 20th attempt, about 6 days
	{19, 20, 0.5, 19, 550518}, // 524303 + trunc(26215.15)
	{2, 25, 0, 2, 19},         // round(1.6) = 2
	{3, 25, 0, 2, 19},         // round(2.4) = 2: two attempts share a wait
	{1, 41, 0, 0, 16},         // round(0.4878) = 0: 15 + 2^0
	{1, 40, 0, 1, 17},         // round(0.5) = 1, halves away from zero (not to even)
	{3, 40, 0, 2, 19},         // round(1.5) = 2
	{5, 40, 0, 3, 23},         // round(2.5) = 3
	{39, 40, 0, 20, 1048591},  // round(19.5) = 20: 15 + 2^20
	{99999, 100000, 0, 20, 1048591},
	{99999, 100000, 0.5, 20, 1101020}, // 1048591 + trunc(52429.55)
}

func TestObanVectors(t *testing.T) {
	for _, v := range obanVectors {
		if c := ObanClamped(v.k, v.m); c != v.clamped {
			t.Errorf("attempt %d of %d: clamped %d, want %d", v.k, v.m, c, v.clamped)
		}
		if w := ObanDelay(v.k, v.m, v.u); w != v.wait {
			t.Errorf("attempt %d of %d, u %v: wait %v, want %v", v.k, v.m, v.u, w, v.wait)
		}
	}
}

// The default schedule: 20 executions, 19 waits, the last attempt without one.
func TestObanSchedule(t *testing.T) {
	rows := NewOban(Oban{MaxAttempts: 20}).Fill(draw.Fixed(0), nil)
	if len(rows) != 20 || rows[19].HasWait {
		t.Fatalf("%d rows; want 20, no wait after the last", len(rows))
	}
	// At u = 0: sum of 15 + 2^k for k = 1..19 = 285 + 2^20 - 2 s, about 12.1 days, not 25.
	if rows[19].Start != 1048859 || rows[18].Wait != 524303 {
		t.Errorf("last start %v, last wait %v; want 1048859 and 524303", rows[19].Start, rows[18].Wait)
	}
}

// The supremum of the jitter (u -> 1) is trunc(0.1 * time) for every exponent Oban can reach:
// 0.1 * (15 + 2^c) is never a whole number, so the largest draw below 1 gives the same.
func TestObanEnvelopeIsTheSupremum(t *testing.T) {
	below := math.Nextafter(1, 0)
	for c := 0; c <= 20; c++ {
		if a, b := ObanDelay(c, 20, 1), ObanDelay(c, 20, below); c > 0 && a != b {
			t.Errorf("exponent %d: %v at u = 1, %v just below", c, a, b)
		}
	}
	b := schedule.Envelope(NewOban(Oban{MaxAttempts: 20}))
	if b[18].WaitMin != 524303 || b[18].WaitMax != 576733 {
		t.Errorf("wait before the 20th in [%v, %v], want [524303, 576733]", b[18].WaitMin, b[18].WaitMax)
	}
}

// Saturation: however large max_attempts is, the exponent stays at most 20, so no wait passes
// 15 + 2^20 + trunc(0.1 * that) s and the starts stay finite and ordered.
func TestObanSaturates(t *testing.T) {
	rows := NewOban(Oban{MaxAttempts: 100000}).Fill(draw.Upper{}, nil)
	const most = 1048591 + 104859
	for i := 1; i < len(rows); i++ {
		w := rows[i-1].Wait
		if w < 16 || w > most || rows[i].Start < rows[i-1].Start || math.IsInf(rows[i].Start, 0) {
			t.Fatalf("row %d: wait %v, start %v after %v", i, w, rows[i].Start, rows[i-1].Start)
		}
	}
	if n := len(NewOban(Oban{MaxAttempts: 100000}).Notes(rows)); n != 2 {
		t.Errorf("%d notes, want discarded and clamped", n)
	}
}

func ExampleObanDelay() {
	for _, k := range []int{1, 2, 3, 10, 19} {
		fmt.Println(k, ObanDelay(k, 20, 0), ObanDelay(k, 20, 0.5))
	}
	// Output:
	// 1 17 17
	// 2 19 19
	// 3 23 24
	// 10 1039 1090
	// 19 524303 550518
}
