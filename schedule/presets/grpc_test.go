package presets

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Vectors from grpc-go v1.85.0 (/work/research/grpc-go.md). Jitter 0: the real
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
