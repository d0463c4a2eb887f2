package presets

import (
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// The Sidekiq wiki's retry table is c^4 + 15 + 5(c+1) (rand(10) = 5 on average, version 7):
// 20, 26, 46, 116, 296, ... seconds, 1765020 s in all for 25 retries.
func TestSidekiqWikiTable(t *testing.T) {
	rows := Sidekiq{Retries: 25, Version: SidekiqVersion{Major: 7}}.Fill(draw.Fixed(0.5), nil)
	if len(rows) != 26 {
		t.Fatalf("25 retries must make 26 executions, got %d", len(rows))
	}
	equalFloats(t, "first waits", waits(rows)[:6], []float64{20, 26, 46, 116, 296, 670})
	for c, w := range waits(rows) {
		want := float64(c*c*c*c + 15 + 5*(c+1))
		if w != want {
			t.Errorf("retry %d: wait %v, want %v", c, w, want)
		}
	}
	if got := rows[25].Start; got != 1765020 {
		t.Errorf("total %v, want 1765020 (20d 10h 17m)", got)
	}
	for i, r := range rows {
		if r.Extra[0].Num != float64(i) {
			t.Errorf("row %d retry_count %v", i, r.Extra[0].Num)
		}
	}
}

func TestSidekiqJitterByVersion(t *testing.T) {
	cases := []struct {
		version SidekiqVersion
		d       schedule.Draws
		c1Wait  float64 // wait after the execution with retry_count 1: 1 + 15 + J
	}{
		{SidekiqVersion{6, 0, 0}, draw.Fixed(0.5), 16 + 15*2}, // rand(30) = 15, times 2
		{SidekiqVersion{6, 2, 1}, draw.Fixed(0.5), 16 + 15*2}, // last version with rand(30)
		{SidekiqVersion{6, 2, 2}, draw.Fixed(0.5), 16 + 5*2},  // rand(10)
		{SidekiqVersion{7, 3, 9}, draw.Fixed(0.95), 16 + 9*2}, // rand(10) = 9, times 2
		{SidekiqVersion{8, 0, 0}, draw.Fixed(0.95), 16 + 19},  // rand(20) = 19
		{SidekiqVersion{8, 0, 0}, draw.Upper{}, 16 + 19},      // largest rand(20)
		{SidekiqVersion{7, 0, 0}, draw.Upper{}, 16 + 18},      // largest rand(10) * 2
		{SidekiqVersion{6, 0, 0}, draw.Upper{}, 16 + 58},      // largest rand(30) * 2
		{SidekiqVersion{8, 1, 0}, draw.Fixed(0), 16},          // no jitter at u = 0
	}
	for _, c := range cases {
		rows := Sidekiq{Retries: 2, Version: c.version}.Fill(c.d, nil)
		if got := rows[1].Wait; got != c.c1Wait {
			t.Errorf("%v %#v: wait after retry 1 = %v, want %v", c.version, c.d, got, c.c1Wait)
		}
	}
}

func TestSidekiqNoRetries(t *testing.T) {
	rows := Sidekiq{Retries: 0, Version: SidekiqVersion{Major: 8}}.Fill(draw.Fixed(0.5), nil)
	if len(rows) != 1 || rows[0].HasWait {
		t.Fatalf("retry 0 must be one execution without a wait, got %+v", rows)
	}
}
