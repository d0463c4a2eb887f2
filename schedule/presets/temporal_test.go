package presets

import (
	"fmt"
	"testing"
	"time"
)

// temporalReal are delays in ns printed by the real server code: go.temporal.io/server v1.30.0's
// backoff.ExponentialBackoffAlgorithm and retrypolicy.EnsureDefaults, run by
// scratch-temporal/main_test.go (out.txt; Go 1.26.8), with nextBackoffInterval's
// cap lines quoted (the function is unexported). v1.32.2, which the preset cites, needs Go >=
// 1.26.10 and could not be built here; its nextBackoffInterval is identical and its
// ExponentialBackoffAlgorithm differs only past the int64 range (it saturates explicitly, v1.30.0
// relied on the conversion), where the cap applies anyway.
var temporalReal = []struct {
	t    Temporal
	want []int64
}{
	{Temporal{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 100 * time.Second},
		[]int64{1000000000, 2000000000, 4000000000, 8000000000, 16000000000, 32000000000, 64000000000, 100000000000, 100000000000}},
	{Temporal{InitialInterval: 1500 * time.Millisecond, BackoffCoefficient: 1.7, MaximumInterval: 150 * time.Second},
		[]int64{1500000000, 2550000000, 4334999999, 7369499999, 12528149999, 21297854999, 36206353499, 61550800949, 104636361614, 150000000000, 150000000000}},
	{Temporal{InitialInterval: 333 * time.Millisecond, BackoffCoefficient: 1.1, MaximumInterval: 10 * time.Second},
		[]int64{333000000, 366300000, 402930000, 443223000, 487545300, 536299830, 589929813, 648922794, 713815073, 785196581, 863716239}},
	{Temporal{InitialInterval: time.Nanosecond, BackoffCoefficient: 1.5, MaximumInterval: 100}, []int64{1, 1, 2, 3, 5}},
	// Overflow: 1e6^4 s is past the int64 range: saturated, then capped.
	{Temporal{InitialInterval: time.Second, BackoffCoefficient: 1e6, MaximumInterval: 100 * time.Second},
		[]int64{1000000000, 100000000000, 100000000000, 100000000000, 100000000000}},
}

func TestTemporalMatchesServer(t *testing.T) {
	for _, c := range temporalReal {
		for k, w := range c.want {
			if got := TemporalInterval(c.t, k+1); int64(got) != w {
				t.Errorf("%v x %v: attempt %d: %d ns, server %d", c.t.InitialInterval, c.t.BackoffCoefficient, k+1, got, w)
			}
		}
		c.t.Rows = len(c.want) + 1
		rows := NewTemporal(c.t).Fill(nil, nil)
		for k, w := range c.want {
			if rows[k].Wait != time.Duration(w).Seconds() {
				t.Errorf("row %d wait %v, want %v", k+1, rows[k].Wait, time.Duration(w).Seconds())
			}
		}
		if len(rows) != c.t.Rows || rows[len(rows)-1].HasWait {
			t.Errorf("%d rows, want %d", len(rows), c.t.Rows)
		}
	}
	// Past the int64 range even uncapped: the largest time.Duration, never negative.
	if got := TemporalInterval(Temporal{InitialInterval: time.Second, BackoffCoefficient: 1000}, 50); got != time.Duration(1<<63-1) {
		t.Errorf("saturated interval %d", got)
	}
}

// The expiration: no retry is scheduled past ScheduleToClose (the server's now.Add(interval).After).
func TestTemporalExpiration(t *testing.T) {
	tp := Temporal{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 100 * time.Second, Rows: 20, Expiration: 600}
	rows := NewTemporal(tp).Fill(nil, nil)
	if len(rows) != 12 || rows[11].Start != 527 {
		t.Errorf("%d rows, last starts at %v; want 12, 527 s", len(rows), rows[len(rows)-1].Start)
	}
}

func ExampleTemporalInterval() {
	t := Temporal{InitialInterval: 1500 * time.Millisecond, BackoffCoefficient: 1.7, MaximumInterval: 150 * time.Second}
	for k := 1; k <= 4; k++ {
		fmt.Println(k, TemporalInterval(t, k))
	}
	// Output:
	// 1 1.5s
	// 2 2.55s
	// 3 4.334999999s
	// 4 7.369499999s
}
