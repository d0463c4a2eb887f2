package presets

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// queueUnits hands out the given u's in order, for vectors whose draws are known.
type queueUnits struct {
	u []float64
	i int
}

func (q *queueUnits) Unit() float64 { v := q.u[q.i]; q.i++; return v }

func (q *queueUnits) Intn(n int64) int64 { return draw.ScaleDiscrete(q.Unit(), n) }

// riverRun is one real run of river v0.51.1's DefaultClientRetryPolicy.NextRetry (Go 1.26,
// linux/amd64), from scratch-river/river_test.go: the policy ran inside a
// testing/synctest bubble, where time.Now is frozen, so NextRetry(job) - now is the exact delay in
// nanoseconds for a job with k-1 recorded errors. River's draw is the global math/rand/v2, which
// cannot be seeded, so the scratch program also found a u (walking ulps from the inverse) for
// which the formula gives that delay; the test checks the preset maps each u to the real delay.
var riverRun = []struct {
	k  int
	ns int64
	u  float64
}{
	{1, 1027725839, 0.6386291950000003},
	{2, 16488392521, 0.6526226628125005},
	{3, 86585121469, 0.844760584506173},
	{4, 246835801681, 0.3210117515820311},
	{5, 580229268472, 0.14183414777599948},
	{6, 1332032071279, 0.6390126206751552},
	{7, 2433996595264, 0.568714275851729},
	{8, 3939996947249, 0.3095665859973147},
	{9, 6135077692303, 0.175413574381192},
	{10, 9353221020429, 0.17661051021450005},
	{11, 14890716923161, 0.5852800092756645},
	{12, 20484090931150, 0.43925803702498056},
	{13, 26466440043118, 0.13331816867721738},
	{14, 42219141347065, 0.9949944485455282},
	{15, 47112464536460, 0.15308291718123437},
	{16, 62590054416471, 0.27524218875663764},
	{17, 88961016551146, 0.8256675896568528},
	{18, 101063150316116, 0.31363122600003857},
	{19, 130218228150169, 0.4960569727890747},
	{20, 171992287758926, 0.8747589924664374},
	{21, 204318467645809, 0.752915905559129},
	{22, 234382920938571, 0.5027090221503612},
	{23, 268628747731522, 0.2996674492215585},
	{24, 320553861549750, 0.3308777842542866},
	{100, 91699917167919584, 0.08499585839597937},
	{308, 9105906643181119488, 0.5592988277922024},
	// 309^4 s is under the cap, but this run's +1.2 % jitter pushed it over: the cap.
	{309, 9223372036854775807, 0.5585472795390218},
	// From 310 the cap whatever the draw (the real runs drew anything; any u gives it).
	{310, 9223372036854775807, 0.49359085329666386},
	{1000, 9223372036854775807, 0},
	{99999, 9223372036854775807, 0.999},
}

func TestRiverRealRun(t *testing.T) {
	for _, v := range riverRun {
		if got := riverDelayNanos(v.k, v.u); got != v.ns {
			t.Errorf("attempt %d, u %v: %d ns, River scheduled %d ns", v.k, v.u, got, v.ns)
		}
	}
}

// The first 24 waits of the run, walked as a schedule: each row's wait is the real delay in
// seconds, and the 25th attempt has none.
func TestRiverSchedule(t *testing.T) {
	var us []float64
	for _, v := range riverRun[:24] {
		us = append(us, v.u)
	}
	rows := NewRiver(River{MaxAttempts: 25}).Fill(&queueUnits{u: us}, nil)
	if len(rows) != 25 || rows[24].HasWait {
		t.Fatalf("%d rows, last has wait %v; want 25 rows, no wait after the last", len(rows), rows[24].HasWait)
	}
	for i, v := range riverRun[:24] {
		if want := float64(v.ns) / 1e9; rows[i].Wait != want {
			t.Errorf("row %d: wait %v, want %v", i+1, rows[i].Wait, want)
		}
	}
}

// Saturation: River's cap is the largest time.Duration, 9223372036.854775807 s; no Inf, no
// negative wait, starts keep growing.
func TestRiverSaturates(t *testing.T) {
	rows := NewRiver(River{MaxAttempts: 100000}).Fill(draw.Upper{}, nil)
	last := rows[len(rows)-2]
	if last.Wait != math.MaxInt64/1e9 || math.IsInf(rows[len(rows)-1].Start, 0) {
		t.Fatalf("wait %v start %v", last.Wait, rows[len(rows)-1].Start)
	}
	for i := 1; i < len(rows); i++ {
		if rows[i].Start < rows[i-1].Start || rows[i-1].Wait < 0 {
			t.Fatalf("row %d: start %v after %v", i+1, rows[i].Start, rows[i-1].Start)
		}
	}
	// The envelope of the first wait: [0.9 s, 1.1 s].
	b := schedule.Envelope(NewRiver(River{MaxAttempts: 2}))
	if b[0].WaitMin != 0.9 || b[0].WaitMax != 1.1 {
		t.Errorf("first wait in [%v, %v], want [0.9, 1.1]", b[0].WaitMin, b[0].WaitMax)
	}
}

func ExampleRiverDelay() {
	for _, k := range []int{1, 2, 3, 10, 25} {
		fmt.Println(k, RiverDelay(k, 0), RiverDelay(k, 0.5))
	}
	// Output:
	// 1 0.9 1
	// 2 14.4 16
	// 3 72.9 81
	// 10 9000 10000
	// 25 351562.5 390625
}

// TestRiverCapAttempts derives, in exact integers, the first attempt whose jittered wait can pass
// 2^63-1 ns (k^4 s x 1.1) and the first whose unjittered k^4 s does, and checks the constants,
// the delays on either side of them and the texts that name them.
func TestRiverCapAttempts(t *testing.T) {
	maxNs := new(big.Int).SetUint64(1<<63 - 1)
	first := func(num, den int64) int { // least k with k^4 * 1e9 * num/den > 2^63-1
		for k := int64(1); ; k++ {
			v := new(big.Int).Exp(big.NewInt(k), big.NewInt(4), nil)
			v.Mul(v, big.NewInt(1e9*num))
			if v.Cmp(new(big.Int).Mul(maxNs, big.NewInt(den))) > 0 {
				return int(k)
			}
		}
	}
	jitterFrom, capFrom := first(11, 10), first(1, 1)
	if jitterFrom != 303 || capFrom != 310 {
		t.Fatalf("derived %d and %d, want 303 and 310", jitterFrom, capFrom)
	}
	if RiverJitterCapFrom != jitterFrom || RiverCapFrom != capFrom {
		t.Errorf("RiverJitterCapFrom %d, RiverCapFrom %d; derived %d, %d", RiverJitterCapFrom, RiverCapFrom, jitterFrom, capFrom)
	}
	top := math.Nextafter(1, 0) // the largest rand.Float64()
	capped := func(k int, u float64) bool { return riverDelayNanos(k, u) == math.MaxInt64 }
	if capped(jitterFrom-1, top) {
		t.Errorf("attempt %d reaches the cap", jitterFrom-1)
	}
	if !capped(jitterFrom, top) {
		t.Errorf("attempt %d with u near 1 does not reach the cap", jitterFrom)
	}
	if capped(capFrom-1, 0) {
		t.Errorf("attempt %d with u = 0 reaches the cap", capFrom-1)
	}
	if !capped(capFrom, 0) {
		t.Errorf("attempt %d with u = 0 is not the cap", capFrom)
	}
	found := false
	for _, n := range (River{MaxAttempts: 400}).notes(NewRiver(River{MaxAttempts: 400}).Fill(draw.Upper{}, nil)) {
		if n.Key == "note.river.capped" {
			found = true
			if n.Args[0] != jitterFrom || n.Args[1] != capFrom {
				t.Errorf("note args %v, want %d and %d", n.Args, jitterFrom, capFrom)
			}
		}
	}
	if !found {
		t.Error("no note.river.capped for 400 attempts")
	}
}
