package presets

import (
	"fmt"
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// envoyIntervals are worked by hand from JitteredExponentialBackOffStrategy::nextBackOffMs
// (envoyproxy/envoy main, source/common/common/backoff_strategy.cc; doubling_limit_ =
// max_interval_ / 2 in backoff_strategy.h), not produced by running Envoy: no Envoy build was
// available, and its random() (BoringSSL RAND_bytes) cannot be seeded. Each list is the backoff
// of retries 1, 2, ... in ms.
var envoyIntervals = []struct {
	base, most int64
	want       []int64
}{
	// The defaults: 25 ms, max 10 x 25. 200 is not under 250/2 = 125, so the next is 250.
	{25, 250, []int64{25, 50, 100, 200, 250, 250, 250}},
	// Odd max: 1 is not under 3/2 = 1, so the interval jumps to 3, never 2.
	{1, 3, []int64{1, 3, 3}},
	{1, 1, []int64{1, 1, 1}},
	{100, 1000, []int64{100, 200, 400, 800, 1000}},
	// max = base: no doubling at all.
	{25, 25, []int64{25, 25, 25}},
	// 10 x base at the largest duration the flags take: no overflow, the cap after four doublings.
	{3153600000000, 31536000000000, []int64{3153600000000, 6307200000000, 12614400000000, 25228800000000, 31536000000000}},
}

func TestEnvoyIntervals(t *testing.T) {
	for _, v := range envoyIntervals {
		for i, w := range v.want {
			if got := EnvoyInterval(v.base, v.most, i+1); got != w {
				t.Errorf("base %d max %d retry %d: interval %d ms, want %d", v.base, v.most, i+1, got, w)
			}
		}
	}
	if got := EnvoyInterval(1, math.MaxInt64, 100000); got != math.MaxInt64 {
		t.Errorf("interval after 100000 retries %d, want the max", got)
	}
}

// random() % backoff read as floor(u * backoff): retry 1 at the defaults waits 12 ms at u = 0.5,
// and its envelope is [0, 24] ms; retry 5 reaches the cap, [0, 249] ms.
func TestEnvoySchedule(t *testing.T) {
	e := NewEnvoy(Envoy{NumRetries: 6, BaseMs: 25, MaxMs: 250})
	rows := e.Fill(draw.Fixed(0.5), nil)
	want := []float64{0.012, 0.025, 0.05, 0.1, 0.125, 0.125}
	if len(rows) != 7 || rows[6].HasWait {
		t.Fatalf("%d rows; want 7 tries, the last without a wait", len(rows))
	}
	for i, w := range want {
		if rows[i].Wait != w {
			t.Errorf("retry %d: wait %v, want %v", i+1, rows[i].Wait, w)
		}
	}
	b := schedule.Envelope(e)
	if b[0].WaitMin != 0 || b[0].WaitMax != 0.024 || b[4].WaitMax != 0.249 || b[5].WaitMax != 0.249 {
		t.Errorf("envelope %+v", b)
	}
}

// Saturation: 100000 tries at the largest base and max the flags allow stay finite and ordered.
func TestEnvoySaturates(t *testing.T) {
	rows := NewEnvoy(Envoy{NumRetries: 99999, BaseMs: 3153600000000, MaxMs: 31536000000000}).Fill(draw.Upper{}, nil)
	for i := 1; i < len(rows); i++ {
		if w := rows[i-1].Wait; w < 0 || w >= 31536000000 || rows[i].Start < rows[i-1].Start || math.IsInf(rows[i].Start, 0) {
			t.Fatalf("row %d: wait %v, start %v after %v", i, w, rows[i].Start, rows[i-1].Start)
		}
	}
}

func ExampleEnvoyInterval() {
	for n := 1; n <= 6; n++ {
		fmt.Print(EnvoyInterval(25, 250, n), " ")
	}
	fmt.Println()
	// Output:
	// 25 50 100 200 250 250
}
