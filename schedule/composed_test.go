package schedule

import (
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// tenToTwenty waits 10 s * (1 + u): a wait in [10, 20) that grows with its draw.
var tenToTwenty = PolicyFunc(func(_ Step, d Draws) (float64, bool) { return 10 * (1 + d.Unit()), true })

// elapsedLimited is ten attempts of tenToTwenty under a 35 s elapsed-time limit: at u = 0 it has
// four rows (0, 10, 20, 30; the fifth would start at 40), at u -> 1 two (0, 20; then 40).
func elapsedLimited() *Composed {
	return Compose(Composed{ID: "test", Waits: tenToTwenty, Attempts: 10, MaxElapsed: 35})
}

// TestWalkStorage: the rows do not depend on the storage Walk is given: none, too little (filled
// first, the rest laid out after it), or enough (reused in place). Extra is always zero: a
// strategy with columns writes its own.
func TestWalkStorage(t *testing.T) {
	c := Compose(Composed{ID: "test", Waits: tenToTwenty, Attempts: 1000, JobDuration: 0.25})
	want := c.Fill(draw.NewSplitMix(7, 0), nil)
	if len(want) != 1000 {
		t.Fatalf("%d rows, want 1000", len(want))
	}
	for i, r := range want {
		if r.Attempt != i+1 || r.HasWait != (i < 999) || r.Extra != (Row{}).Extra {
			t.Fatalf("row %d: %+v", i, r)
		}
	}
	marked := Row{Extra: [MaxExtra]Value{{Text: "old"}}}
	for _, n := range []int{0, 1, 300, 999, 1000, 4000} {
		buf := make([]Row, n)
		for i := range buf {
			buf[i] = marked
		}
		got := c.Fill(draw.NewSplitMix(7, 0), buf[:min(n, 5)])
		if len(got) != len(want) {
			t.Fatalf("cap %d: %d rows", n, len(got))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("cap %d, row %d: %+v, want %+v", n, i, got[i], want[i])
			}
		}
		if n >= 1000 && &got[0] != &buf[0] {
			t.Errorf("cap %d: storage not reused", n)
		}
		if n < 1000 && cap(got) < 2*n {
			t.Errorf("cap %d: grown to %d, less than twice", n, cap(got))
		}
	}
}

func TestWalkEndsOnElapsedTime(t *testing.T) {
	for _, c := range []struct {
		u      draw.Draws
		starts []float64
	}{
		{draw.Fixed(0), []float64{0, 10, 20, 30}},
		{draw.Fixed(0.5), []float64{0, 15, 30}},
		{draw.Upper{}, []float64{0, 20}},
	} {
		rows := elapsedLimited().Fill(c.u, nil)
		var got []float64
		for _, r := range rows {
			got = append(got, r.Start)
		}
		if !slices.Equal(got, c.starts) {
			t.Errorf("%v: starts %v, want %v", c.u, got, c.starts)
		}
		if rows[len(rows)-1].HasWait {
			t.Errorf("%v: the last row has a wait", c.u)
		}
	}
}

func TestWrappersInOrder(t *testing.T) {
	// Capped outside WithMaxElapsed and inside WithAttempts: every wait is 12 s.
	p := WithAttempts(Capped(tenToTwenty, 12), 4)
	rows := Walk(p, 1, draw.Fixed(0.9), nil)
	want := []float64{0, 13, 26, 39}
	for i, r := range rows {
		if r.Start != want[i] {
			t.Fatalf("row %d starts at %v, want %v", i+1, r.Start, want[i])
		}
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4", len(rows))
	}
	// WithAttempts asks nothing after the last attempt: no draw is consumed.
	asked := 0
	counting := PolicyFunc(func(Step, Draws) (float64, bool) { asked++; return 1, true })
	Walk(WithAttempts(counting, 3), 0, draw.Fixed(0), nil)
	if asked != 2 {
		t.Errorf("inner policy asked %d times for 3 attempts, want 2", asked)
	}
}

func TestEnvelopeUnderElapsedLimit(t *testing.T) {
	// Row k exists when the fastest run reaches it by 35 s; its greatest start is capped at 35
	// (w1+w2 can be anything in [20, 40)); its greatest wait still lets the next start by 35.
	want := []Bounds{
		{StartMin: 0, StartMax: 0, WaitMin: 10, WaitMax: 20},
		{StartMin: 10, StartMax: 20, WaitMin: 10, WaitMax: 20},
		{StartMin: 20, StartMax: 35, WaitMin: 10, WaitMax: 15},
		{StartMin: 30, StartMax: 35, NoWait: true},
	}
	got := Envelope(elapsedLimited())
	if !slices.Equal(got, want) {
		t.Errorf("envelope\n got %+v\nwant %+v", got, want)
	}
}
