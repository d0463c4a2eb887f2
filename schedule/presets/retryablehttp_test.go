package presets

import (
	"fmt"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Vectors from the real go-retryablehttp v0.7.8 Client.Do with an in-memory transport inside a
// testing/synctest bubble (clock at nanosecond 0, advancing only by the sleeps), and
// LinearJitterBackoff called at a fixed Nanosecond(): a run of the real library,
// scratch-retryablehttp (go test -count=1 -v .).
func TestRetryableHTTPMatchesLibrary(t *testing.T) {
	s := time.Second
	cases := []struct {
		name string
		r    RetryableHTTP
		d    schedule.Draws
		want []int64
	}{
		{"default", RetryableHTTP{"default", s, 30 * s, 4}, draw.Fixed(0.5), []int64{1e9, 2e9, 4e9, 8e9}},
		{"default retry-max 8", RetryableHTTP{"default", s, 30 * s, 8}, draw.Fixed(0.5), []int64{1e9, 2e9, 4e9, 8e9, 16e9, 30e9, 30e9, 30e9}},
		{"default 300ms..10s", RetryableHTTP{"default", 300 * time.Millisecond, 10 * s, 7}, draw.Fixed(0.5),
			[]int64{300000000, 600000000, 1200000000, 2400000000, 4800000000, 9600000000, 10000000000}},
		{"default min above max", RetryableHTTP{"default", 5 * s, 2 * s, 3}, draw.Fixed(0.5), []int64{2e9, 2e9, 2e9}},
		{"linear-jitter synctest", RetryableHTTP{"linear-jitter", s, 30 * s, 4}, draw.NewNanoClockRand(0),
			[]int64{28410688329, 5619356228, 32634920679, 69372077068}},
		{"linear-jitter 800ms..1200ms synctest", RetryableHTTP{"linear-jitter", 800 * time.Millisecond, 1200 * time.Millisecond, 6}, draw.NewNanoClockRand(0),
			[]int64{1178078459, 1698296216, 3518501232, 3255054052, 4167124800, 6070298808}},
		{"linear-jitter min = max", RetryableHTTP{"linear-jitter", s, s, 4}, draw.Fixed(0.5), []int64{1e9, 2e9, 3e9, 4e9}},
	}
	for _, c := range cases {
		equalNS(t, c.name, waitsNS(c.r.Strategy(nil, 0), c.d), c.want)
	}
	// A fixed Nanosecond(): the library's waits at attemptNum 0..3.
	r := RetryableHTTP{"linear-jitter", s, 30 * s, 4}
	for ns, want := range map[int64][]time.Duration{
		1:  {18535148351, 37070296702, 55605445053, 74140593404},
		42: {11817822470, 23635644940, 35453467410, 47271289880},
		0:  {28410688329, 56821376658, 85232064987, 113642753316},
	} {
		for i, w := range want {
			if got := r.Delay(i, 0, draw.NewNanoClockRand(ns)); got != w {
				t.Errorf("Nanosecond() %d, attempt %d: %d, want %d", ns, i, got, w)
			}
		}
	}
}

// Overflow: 2^i * min past int64 is max; the linear product saturates where Go would wrap.
func TestRetryableHTTPOverflow(t *testing.T) {
	huge := 36500 * 24 * time.Hour
	for _, r := range []RetryableHTTP{
		{"default", huge, huge, schedule.MaxAttempts - 1},
		{"linear-jitter", huge / 2, huge, schedule.MaxAttempts - 1},
		{"linear-jitter", huge, huge, 10000},
	} {
		for _, d := range []schedule.Draws{draw.Upper{}, draw.Fixed(0.3)} {
			rows := r.Strategy(nil, 0).Fill(d, nil)
			sane(t, fmt.Sprintf("%+v", r), rows)
		}
	}
	sane(t, "clock", RetryableHTTP{"linear-jitter", huge / 2, huge, 1000}.Strategy(nil, 0).Fill(draw.NewNanoClockRand(5), nil))
	if got := (RetryableHTTP{"linear-jitter", huge, huge, 0}).Delay(99998, 0, draw.Fixed(0)); got != 1<<63-1 {
		t.Errorf("saturated product = %d", got)
	}
}

func ExampleRetryableHTTP() {
	r := RetryableHTTP{Backoff: "linear-jitter", Min: time.Second, Max: 30 * time.Second, RetryMax: 4}
	for _, row := range r.Strategy(nil, 0).Fill(draw.Fixed(0.5), nil) {
		fmt.Println(row.Attempt, row.Start, row.Wait)
	}
	// Output:
	// 1 0 15.5
	// 2 15.5 31
	// 3 46.5 46.5
	// 4 93 62
	// 5 155 0
}
