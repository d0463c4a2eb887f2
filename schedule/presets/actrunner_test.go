package presets

import (
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

func TestActRunnerIntervals(t *testing.T) {
	cases := []struct {
		name      string
		base, max time.Duration
		want      []time.Duration // I(1), I(2), ...
	}{
		{"defaults since v0.6.1", 2 * time.Second, 5 * time.Second, []time.Duration{2e9, 4e9, 5e9, 5e9, 5e9, 5e9, 5e9}},
		{"v0.4.0-v0.6.0 max 60s", 2 * time.Second, 60 * time.Second, []time.Duration{2e9, 4e9, 8e9, 16e9, 32e9, 60e9, 60e9, 60e9}},
		{"multiplier stops at 32", time.Second, time.Hour, []time.Duration{1e9, 2e9, 4e9, 8e9, 16e9, 32e9, 32e9, 32e9}},
	}
	for _, c := range cases {
		for i, want := range c.want {
			if got := ActRunnerInterval(c.base, c.max, int64(i+1)); got != want {
				t.Errorf("%s: I(%d) = %v, want %v", c.name, i+1, got, want)
			}
		}
	}
	if got := ActRunnerInterval(30*24*time.Hour, 30*24*time.Hour, 1<<62); got != 30*24*time.Hour {
		t.Errorf("huge n: %v", got)
	}
}

func TestActRunnerJitter(t *testing.T) {
	// R = 2s*2/5 = 800ms: sleep = 2s + floor(u*800ms) - 400ms.
	cases := []struct {
		d    schedule.Draws
		want time.Duration
	}{
		{draw.Fixed(0.5), 2 * time.Second},
		{draw.Fixed(0), 1600 * time.Millisecond},
		{draw.Upper{}, 2400*time.Millisecond - 1},
		{draw.Fixed(0.25), 1800 * time.Millisecond},
	}
	for _, c := range cases {
		if got := ActRunnerJitter(c.d, 2*time.Second); got != c.want {
			t.Errorf("%#v: %v, want %v", c.d, got, c.want)
		}
	}
	for _, tiny := range []time.Duration{0, 1, 2} {
		if got := ActRunnerJitter(draw.Upper{}, tiny); got != tiny {
			t.Errorf("I = %d ns must have no jitter, got %v", tiny, got)
		}
	}
	if got := ActRunnerJitter(draw.Upper{}, 3); got != 3 { // R = 1: rand.Int64N(1) = 0, minus 0
		t.Errorf("I = 3 ns: %v", got)
	}
}

func TestActRunnerIdlePoller(t *testing.T) {
	rows := ActRunner{FetchInterval: 2, FetchIntervalMax: 5, Polls: 5}.Fill(draw.Fixed(0.5), nil)
	equalFloats(t, "starts", starts(rows), []float64{0, 2, 6, 11, 16})
	// 0 or less means the default; a max below the interval is raised to it.
	rows = ActRunner{Polls: 3}.Fill(draw.Fixed(0.5), nil)
	equalFloats(t, "defaults", waits(rows), []float64{2, 4})
	rows = ActRunner{FetchInterval: 10, FetchIntervalMax: 5, Polls: 3}.Fill(draw.Fixed(0.5), nil)
	equalFloats(t, "raised", waits(rows), []float64{10, 10})
	// A sleep can exceed max by 20% because jitter comes after the cap.
	rows = ActRunner{FetchInterval: 2, FetchIntervalMax: 5, Polls: 4}.Fill(draw.Upper{}, nil)
	if w := rows[2].Wait; w <= 5.999 || w >= 6 {
		t.Errorf("max sleep at the cap = %v, want just under 6", w)
	}
}
