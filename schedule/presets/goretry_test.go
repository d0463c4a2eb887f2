package presets

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

func goRetry(t *testing.T, backoff string, base time.Duration, with string, limit int) GoRetry {
	t.Helper()
	ms, err := ParseMiddlewares(with)
	if err != nil {
		t.Fatal(err)
	}
	return GoRetry{Backoff: backoff, Base: base, With: ms, Limit: limit}
}

// Vectors from the real go-retry v0.5.0 (a run of the real library): deterministic ones from
// scratch-goretry (go run .), seeded ones from the library's own source with only its
// "math/rand/v2" import swapped for a seeded ChaCha8 (go run ./seeded). The report writes
// "base | a | b" for b(a(base)); --with lists the same outermost first: "b,a".
func TestGoRetryMatchesLibrary(t *testing.T) {
	s := time.Second
	cases := []struct {
		backoff, with string
		d             schedule.Draws
		want          []int64
	}{
		{"constant", "max-retries=4", draw.Fixed(0.5), []int64{1e9, 1e9, 1e9, 1e9}},
		{"exponential", "max-retries=8", draw.Fixed(0.5), []int64{1e9, 2e9, 4e9, 8e9, 16e9, 32e9, 64e9, 128e9}},
		{"exponential", "capped-duration=30s,max-retries=8", draw.Fixed(0.5), []int64{1e9, 2e9, 4e9, 8e9, 16e9, 30e9, 30e9, 30e9}},
		{"fibonacci", "max-retries=8", draw.Fixed(0.5), []int64{1e9, 2e9, 3e9, 5e9, 8e9, 13e9, 21e9, 34e9}},
		{"fibonacci", "max-retries=10,capped-duration=30s", draw.Fixed(0.5), []int64{1e9, 2e9, 3e9, 5e9, 8e9, 13e9, 21e9, 30e9, 30e9, 30e9}},
		{"exponential", "max-retries=0", draw.Fixed(0.5), nil},
		// retry.Do in a synctest bubble: the clock advances by each sleep.
		{"exponential", "max-retries=4", draw.Fixed(0.5), []int64{1e9, 2e9, 4e9, 8e9}},
		{"exponential", "max-duration=20s", draw.Fixed(0.5), []int64{1e9, 2e9, 4e9, 8e9, 5e9}},
		{"fibonacci", "max-duration=10s,capped-duration=4s", draw.Fixed(0.5), []int64{1e9, 2e9, 3e9, 4e9}},
		// Seeded.
		{"exponential", "jitter-percent=10,max-retries=6", newChaCha(1), []int64{1080000000, 2100000000, 4240000000, 7439999999, 15200000000, 30720000000}},
		{"exponential", "jitter-percent=10,max-retries=6", newChaCha(42), []int64{929999999, 2120000000, 4200000000, 7360000000, 15200000000, 35200000000}},
		{"exponential", "capped-duration=10s,jitter=500ms,max-retries=8", newChaCha(1),
			[]int64{609035331, 1780556597, 3704719134, 8364414521, 10000000000, 10000000000, 10000000000, 10000000000}},
		{"exponential", "capped-duration=10s,jitter=500ms,max-retries=8", newChaCha(42),
			[]int64{1353396048, 1705560092, 3766997662, 8406601551, 10000000000, 10000000000, 10000000000, 10000000000}},
		{"exponential", "jitter=500ms,capped-duration=10s,max-retries=8", newChaCha(1),
			[]int64{609035331, 1780556597, 3704719134, 8364414521, 10291083385, 10216511355, 9540850036, 9571014169}},
		{"exponential", "jitter=500ms,capped-duration=10s,max-retries=8", newChaCha(42),
			[]int64{1353396048, 1705560092, 3766997662, 8406601551, 10278070278, 9535798979, 9879674352, 10322694194}},
		{"fibonacci", "full-jitter,max-retries=6", newChaCha(1), []int64{109035331, 561113195, 614157404, 4322072609, 6328667086, 9314647624}},
		{"fibonacci", "full-jitter,max-retries=6", newChaCha(42), []int64{853396048, 411120185, 800992986, 4533007755, 6224562228, 465386731}},
	}
	for _, c := range cases {
		g := goRetry(t, c.backoff, s, c.with, schedule.MaxAttempts)
		equalNS(t, c.backoff+" "+c.with, waitsNS(g.Strategy(nil, 0), c.d), c.want)
	}
}

// The ranges of the random middlewares, as the real library's value sets over 20000 draws: the
// least draw and the greatest.
func TestGoRetryRanges(t *testing.T) {
	cases := []struct {
		base     time.Duration
		with     string
		lo, hi   time.Duration
		loD, hiD schedule.Draws
	}{
		{10, "jitter=2ns", 8, 11, draw.Fixed(0), draw.Upper{}},          // never +j
		{3, "jitter=5ns", 0, 7, draw.Fixed(0), draw.Upper{}},            // clamped at 0
		{100, "jitter-percent=3", 98, 103, draw.Upper{}, draw.Fixed(0)}, // -2% .. +3%
		{10, "jitter-percent=250", 0, 20, draw.Upper{}, draw.Fixed(0)},  // clamped to 100
		{4, "full-jitter", 0, 3, draw.Fixed(0), draw.Upper{}},
		{math.MaxInt64, "jitter=1ns", math.MaxInt64 - 1, math.MaxInt64, draw.Fixed(0), draw.Upper{}},
	}
	for _, c := range cases {
		g := goRetry(t, "constant", c.base, c.with, 2)
		if v, _ := g.next(1, 0, g.bases(1), c.loD); v != c.lo {
			t.Errorf("%v %s: least %d, want %d", c.base, c.with, v, c.lo)
		}
		if v, _ := g.next(1, 0, g.bases(1), c.hiD); v != c.hi {
			t.Errorf("%v %s: greatest %d, want %d", c.base, c.with, v, c.hi)
		}
	}
	// Truncation: 1s at -7% is 929999999 ns (top = 7 of [-100, 99]: the draw 107 of 200).
	g := goRetry(t, "constant", time.Second, "jitter-percent=100", 2)
	if v, _ := g.next(1, 0, g.bases(1), draw.Fixed(107.5/200)); v != 929999999 {
		t.Errorf("1s at -7%%: %d, want 929999999", v)
	}
}

// Exponential and Fibonacci saturate at MaxInt64 and stay there.
func TestGoRetrySaturation(t *testing.T) {
	max := time.Duration(math.MaxInt64)
	cases := []struct {
		backoff string
		base    time.Duration
		from    int
		want    []time.Duration
	}{
		{"exponential", 100 * time.Millisecond, 36, []time.Duration{3435973836800000000, 6871947673600000000, max, max, max}},
		{"exponential", time.Second, 31, []time.Duration{1073741824000000000, 2147483648000000000, 4294967296000000000, 8589934592000000000, max, max}},
		{"exponential", 1, 62, []time.Duration{2305843009213693952, 4611686018427387904, max}},
		{"fibonacci", time.Second, 85, []time.Duration{max, max}},
	}
	for _, c := range cases {
		g := GoRetry{Backoff: c.backoff, Base: c.base, Limit: 200}
		b := g.bases(schedule.MaxAttempts)
		for i, w := range c.want {
			if v, ok := g.next(c.from+i, 0, b, draw.Fixed(0.5)); !ok || v != w {
				t.Errorf("%s %v Next #%d = %d, want %d", c.backoff, c.base, c.from+i, v, w)
			}
		}
	}
	huge := goRetry(t, "exponential", time.Second, "jitter=36500d,jitter-percent=100", schedule.MaxAttempts)
	for _, d := range []schedule.Draws{draw.Upper{}, draw.Fixed(0), draw.NewSplitMix(3, 0)} {
		sane(t, "huge", huge.Strategy(nil, 0).Fill(d, nil))
	}
}

func ExampleGoRetry() {
	ms, _ := ParseMiddlewares("max-retries=5,jitter-percent=10,capped-duration=10s")
	g := GoRetry{Backoff: "fibonacci", Base: time.Second, With: ms, Limit: 100}
	fmt.Println(g.GoExpr())
	for _, r := range g.Strategy(nil, 0).Fill(draw.Fixed(0.5), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// WithMaxRetries(5, WithJitterPercent(10, WithCappedDuration(10s, NewFibonacci(1s))))
	// 1 0 1
	// 2 1 2
	// 3 3 3
	// 4 6 5
	// 5 11 8
	// 6 19 0
}
