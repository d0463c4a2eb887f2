package presets

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Vectors from grpc-go v1.85.0 (a run of the real library). Jitter 0: the real
// internal/backoff Exponential.Backoff through go:linkname (scratch-grpc/expo). Seeded: the
// library's formula with its global rand.Float64 swapped for a seeded ChaCha8 (scratch-grpc/seeded),
// asserted there equal to the real code at Jitter 0.
func TestGRPCMatchesLibrary(t *testing.T) {
	s := time.Second
	cases := []struct {
		name string
		g    GRPC
		d    schedule.Draws
		want []int64
	}{
		{"default, jitter 0", GRPC{BaseDelay: s, Multiplier: 1.6, MaxDelay: 120 * s, Attempts: 16}, draw.Fixed(0.5),
			[]int64{1000000000, 1600000000, 2560000000, 4096000000, 6553600000, 10485760000, 16777216000, 26843545600, 42949672960, 68719476736, 109951162777, 120000000000, 120000000000, 120000000000, 120000000000}},
		{"100ms x2 max 5s", GRPC{BaseDelay: 100 * time.Millisecond, Multiplier: 2, MaxDelay: 5 * s, Attempts: 10}, draw.Fixed(0.5),
			[]int64{100000000, 200000000, 400000000, 800000000, 1600000000, 3200000000, 5000000000, 5000000000, 5000000000}},
		{"1s x1.3 max 3s", GRPC{BaseDelay: s, Multiplier: 1.3, MaxDelay: 3 * s, Attempts: 8}, draw.Fixed(0.5),
			[]int64{1000000000, 1300000000, 1690000000, 2197000000, 2856100000, 3000000000, 3000000000}},
		{"1s x0.5 max 3s", GRPC{BaseDelay: s, Multiplier: 0.5, MaxDelay: 3 * s, Attempts: 6}, draw.Fixed(0.5),
			[]int64{1000000000, 500000000, 250000000, 125000000, 62500000}},
		{"base above max", GRPC{BaseDelay: 5 * s, Multiplier: 1.6, MaxDelay: 3 * s, Attempts: 5}, draw.Fixed(0.5),
			[]int64{5000000000, 3000000000, 3000000000, 3000000000}},
		{"default seed 1", GRPC{BaseDelay: s, Multiplier: 1.6, Jitter: 0.2, MaxDelay: 120 * s, Attempts: 15}, newChaCha(1),
			[]int64{1000000000, 1474789809, 2641830298, 3710629048, 6084207215, 8970668909, 16208512675, 28570920327, 41867672666, 65264397805, 111169243022, 99947222860, 123127920930, 125703275452}},
		{"default seed 42", GRPC{BaseDelay: s, Multiplier: 1.6, Jitter: 0.2, MaxDelay: 120 * s, Attempts: 15}, newChaCha(42),
			[]int64{1000000000, 1763269262, 3058759930, 4605889959, 7130255256, 10435137228, 15544491621, 27628164440, 49438693580, 65577450136, 120015562507, 141824237674, 103351239994, 136400198114}},
		{"100ms x2 j0.5 max 2s seed 1", GRPC{BaseDelay: 100 * time.Millisecond, Multiplier: 2, Jitter: 0.5, MaxDelay: 2 * s, Attempts: 9}, newChaCha(1),
			[]int64{100000000, 160871815, 431964960, 611830589, 1313505380, 1277548270, 1830513201, 2321748615}},
		{"100ms x2 j0.5 max 2s seed 42", GRPC{BaseDelay: 100 * time.Millisecond, Multiplier: 2, Jitter: 0.5, MaxDelay: 2 * s, Attempts: 9}, newChaCha(42),
			[]int64{100000000, 251021644, 594828098, 1048969706, 1951962436, 1975861181, 1632619506, 2146146647}},
	}
	for _, c := range cases {
		equalNS(t, c.name, waitsNS(c.g.Strategy(nil, 0), c.d), c.want)
	}
}

// The default's waits reach MaxDelay*(1+Jitter) = 144 s; Jitter above 1 clamps at 0.
func TestGRPCJitterBounds(t *testing.T) {
	g := GRPC{BaseDelay: time.Second, Multiplier: 1.6, Jitter: 0.2, MaxDelay: 120 * time.Second, Attempts: 14}
	if got := waitsNS(g.Strategy(nil, 0), draw.Upper{}); got[12] != 144e9 || got[0] != 1e9 {
		t.Errorf("supremum waits %v: want 1 s first and 144 s once capped", got)
	}
	g = GRPC{BaseDelay: time.Second, Multiplier: 1, Jitter: 2, MaxDelay: 3 * time.Second, Attempts: 3}
	if got := waitsNS(g.Strategy(nil, 0), draw.Fixed(0)); got[1] != 0 {
		t.Errorf("Jitter 2 at u = 0: %v, want 0 after the first wait", got)
	}
}

// Multiplier 0 or below 1 over 100000 attempts stays linear-time, and the largest inputs saturate.
func TestGRPCOverflow(t *testing.T) {
	huge := 36500 * 24 * time.Hour
	for _, g := range []GRPC{
		{BaseDelay: huge, Multiplier: 1000, Jitter: 10, MaxDelay: huge, Attempts: schedule.MaxAttempts},
		{BaseDelay: time.Second, Multiplier: 0.5, Jitter: 0.2, MaxDelay: huge, Attempts: schedule.MaxAttempts},
		{BaseDelay: time.Second, Multiplier: 0, Jitter: 0.2, MaxDelay: huge, Attempts: 1000},
	} {
		rows := g.Strategy(nil, 0).Fill(draw.Upper{}, nil)
		sane(t, fmt.Sprintf("%+v", g), rows)
		if w := rows[1].Wait; w > float64(math.MaxInt64)/1e9 {
			t.Errorf("%+v: wait %v past MaxInt64 ns", g, w)
		}
	}
}

func ExampleGRPC() {
	g := GRPC{BaseDelay: time.Second, Multiplier: 1.6, Jitter: 0.2, MaxDelay: 120 * time.Second, Attempts: 5}
	for _, r := range g.Strategy(nil, 0).Fill(draw.Fixed(0.5), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 1
	// 2 1 1.6
	// 3 2.6 2.56
	// 4 5.16 4.096
	// 5 9.256 0
}

// RPC mode. grpc-go's csAttempt.shouldRetry is a method of an unexported type over a live stream,
// so no program can call it alone: these vectors come from stream.go lines 875-890 of v1.85.0
// copied verbatim with rand.Float64() replaced by a fixed u (scratch-grpc-rpc/vec), and the seeded
// ones from a run of the real library (scratch-grpc/seeded, the same lines with a ChaCha8
// Float64), which the real client matched end to end in spread (scratch-grpc/rpcretry).
func TestGRPCRPCMatchesLibrary(t *testing.T) {
	s, ms := time.Second, time.Millisecond
	cases := []struct {
		name string
		g    GRPCRPC
		d    schedule.Draws
		want []int64
	}{
		{"defaults u 0.5", GRPCRPC{100 * ms, s, 2, 4}, draw.Fixed(0.5), []int64{100000000, 200000000, 400000000}},
		{"100ms x2 max 1s, 5, u 0", GRPCRPC{100 * ms, s, 2, 5}, draw.Fixed(0), []int64{80000000, 160000000, 320000000, 640000000}},
		{"1s x3 max 10s, 5, u 0.75", GRPCRPC{s, 10 * s, 3, 5}, draw.Fixed(0.75), []int64{1100000000, 3300000000, 9900000000, 11000000000}},
		{"1s x3 max 10s, 9 clamped to 5, u 0.25", GRPCRPC{s, 10 * s, 3, 9}, draw.Fixed(0.25), []int64{900000000, 2700000000, 8100000000, 9000000000}},
		// math.Pow then truncation: 1e9 * 1.7^2 = 2889999999.9999995, where a loop on the backoff gives 2890000000.
		{"1s x1.7 max 1h, 5, u 0.5", GRPCRPC{s, time.Hour, 1.7, 5}, draw.Fixed(0.5), []int64{1000000000, 1700000000, 2889999999, 4912999999}},
		{"1.5s x1.7 max 1h, 5, u 0.25", GRPCRPC{1500 * ms, time.Hour, 1.7, 5}, draw.Fixed(0.25), []int64{1350000000, 2295000000, 3901499999, 6632549999}},
		{"333ms x1.1 max 400ms, 5, u 0", GRPCRPC{333 * ms, 400 * ms, 1.1, 5}, draw.Fixed(0), []int64{266400000, 293040000, 320000000, 320000000}},
		{"1s x0.5 max 10s, 5, u 0.75", GRPCRPC{s, 10 * s, 0.5, 5}, draw.Fixed(0.75), []int64{1100000000, 550000000, 275000000, 137500000}},
		{"1ns x1 max 1ns, 3, u 0.25", GRPCRPC{1, 1, 1, 3}, draw.Fixed(0.25), []int64{0, 0}},
		{"1s x3 max 10s, 5, seed 1", GRPCRPC{s, 10 * s, 3, 5}, newChaCha(1), []int64{921743630, 3095894881, 8153237654, 9283763451}},
		{"1s x3 max 10s, 5, seed 42", GRPCRPC{s, 10 * s, 3, 5}, newChaCha(42), []int64{1102043289, 3584484294, 10120363681, 10879906092}},
		{"100ms x2 max 1s, 5, seed 1", GRPCRPC{100 * ms, s, 2, 5}, newChaCha(1), []int64{92174363, 206392992, 362366117, 742701076}},
		{"100ms x2 max 1s, 5, seed 42", GRPCRPC{100 * ms, s, 2, 5}, newChaCha(42), []int64{110204328, 238965619, 449793941, 870392487}},
	}
	for _, c := range cases {
		equalNS(t, c.name, waitsNS(c.g.Strategy(nil, 0), c.d), c.want)
	}
}

// The cap comes before the jitter (waits reach 1.2*maxBackoff); the largest inputs stay far from
// int64's end; maxAttempts above 5 is noted.
func TestGRPCRPCBounds(t *testing.T) {
	g := GRPCRPC{time.Second, 10 * time.Second, 3, 5}
	if got := waitsNS(g.Strategy(nil, 0), draw.Upper{}); got[3] != 12e9 {
		t.Errorf("supremum waits %v: want 12 s after call 4", got)
	}
	huge := 36500 * 24 * time.Hour
	g = GRPCRPC{huge, huge, 1000, schedule.MaxAttempts}
	rows := g.Strategy(nil, 0).Fill(draw.Upper{}, nil)
	sane(t, "huge", rows)
	// At the largest rand.Float64, 1-2^-53, the factor rounds to 1.2 (u = 1 itself, never drawn, gives 1.2000000000000002).
	if got := g.backoff(3, draw.Fixed(1-1.0/(1<<53))); len(rows) != GRPCMaxCallAttempts || got != 3784320000000000000 {
		t.Errorf("huge: %d rows, wait after call 4 %d ns; want 5 rows and 1.2 x 100 years (scratch-grpc-rpc/vec)", len(rows), got)
	}
	g = GRPCRPC{time.Second, 10 * time.Second, 3, 9}
	var keys []string
	for _, n := range g.Strategy(nil, 0).Notes(rows) {
		keys = append(keys, n.Key)
	}
	if want := "[note.grpc.rpc.calls note.grpc.rpc.clamped note.grpc.rpc.capped note.grpc.rpc.pushback]"; fmt.Sprint(keys) != want {
		t.Errorf("notes %v, want %s", keys, want)
	}
}

func ExampleGRPCRPC() {
	g := GRPCRPC{InitialBackoff: time.Second, MaxBackoff: 10 * time.Second, BackoffMultiplier: 3, MaxAttempts: 9}
	for _, r := range g.Strategy(nil, 0).Fill(draw.Fixed(0.5), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 1
	// 2 1 3
	// 3 4 9
	// 4 13 10
	// 5 23 0
}
