package presets

import (
	"fmt"
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/generic"
)

// bullmqRuns are real runs of bullmq 6.7.0 (Node.js, npm install bullmq), from
// scratch-bullmq/run.js: Backoffs.calculate(Backoffs.normalize(backoff),
// attemptsMade + 1) for attemptsMade + 1 < attempts, as Job.shouldRetryJob calls it, with
// Math.random replaced by () => u. Delays in ms.
var bullmqRuns = []struct {
	typ           string
	delay, jitter float64
	attempts      int
	u             float64
	ms            []float64
}{
	{"exponential", 1000, 0, 6, 0, []float64{1000, 2000, 4000, 8000, 16000}},
	{"exponential", 1000, 0.5, 6, 0.5, []float64{750, 1500, 3000, 6000, 12000}},
	{"exponential", 1000, 0.5, 6, 0, []float64{500, 1000, 2000, 4000, 8000}},
	{"exponential", 1000, 0.5, 6, 0.9999999999999999, []float64{1000, 2000, 4000, 8000, 16000}},
	{"exponential", 333, 0.3, 6, 0.123456789, []float64{245, 490, 981, 1963, 3926}},
	{"exponential", 1.5, 0, 5, 0, []float64{2, 3, 6, 12}},
	{"fixed", 1000, 0.25, 4, 0.7, []float64{925, 925, 925}},
	{"fixed", 1000, 0, 4, 0.7, []float64{1000, 1000, 1000}},
	{"fixed", 1500.5, 0.1, 3, 0.3, []float64{1395, 1395}},
	{"exponential", 1000, 1, 4, 0.42, []float64{420, 840, 1680}},
}

func TestBullMQRealRuns(t *testing.T) {
	for _, v := range bullmqRuns {
		rows := NewBullMQ(BullMQ{Attempts: v.attempts, Type: v.typ, Delay: v.delay, Jitter: v.jitter}).Fill(draw.Fixed(v.u), nil)
		if len(rows) != v.attempts {
			t.Fatalf("%+v: %d rows", v, len(rows))
		}
		for i, ms := range v.ms {
			if got := BullMQDelay(v.typ, v.delay, v.jitter, i+1, v.u); got != ms {
				t.Errorf("%s %v jitter %v u %v, attempt %d: %v ms, BullMQ %v", v.typ, v.delay, v.jitter, v.u, i+1, got, ms)
			}
			if rows[i].Wait != ms/1000 {
				t.Errorf("%s row %d: wait %v s, want %v", v.typ, i+1, rows[i].Wait, ms/1000)
			}
		}
	}
}

// The same run with attempts 1030 printed null (JSON for Infinity) from attemptsMade 1015 on:
// 2^1015*1000 overflows. Waits saturate at generic.MaxWait long before, and stay finite.
func TestBullMQSaturates(t *testing.T) {
	if !math.IsInf(BullMQDelay("exponential", 1000, 0, 1016, 0), 1) || math.IsInf(BullMQDelay("exponential", 1000, 0, 1015, 0), 1) {
		t.Errorf("Infinity should start at attempt 1016 (attemptsMade 1015)")
	}
	b := NewBullMQ(BullMQ{Attempts: 1030, Type: "exponential", Delay: 1000, Jitter: 0.5})
	rows := b.Fill(draw.Upper{}, nil)
	if w := rows[1020].Wait; w != generic.MaxWait {
		t.Errorf("wait after attempt 1021: %v, want %v", w, generic.MaxWait)
	}
	if notes := b.Notes(rows); len(notes) != 2 || notes[1].Key != "note.bullmq.saturated" {
		t.Errorf("notes %v", notes)
	}
	// JavaScript rounds halves up: Math.round(2.5) = 3, Math.round(0.49999999999999994) = 0.
	if jsRound(2.5) != 3 || jsRound(0.49999999999999994) != 0 || jsRound(-0.5) != 0 {
		t.Error("jsRound")
	}
}

// TestBullMQDelayColumn checks delay_ms: BullMQ's own delay from the same draw as the wait, the
// exact ms past the wait column's saturation (2^32 * 1000 = 4294967296000 after attempt 33) and
// Infinity from attempt 1016, as the real run above printed null (JSON's Infinity) there.
func TestBullMQDelayColumn(t *testing.T) {
	rows := NewBullMQ(BullMQ{Attempts: 1017, Type: "exponential", Delay: 1000}).Fill(draw.Fixed(0), nil)
	if got := rows[32].Extra[0]; got.Num != 4294967296000 || got.Text != "" {
		t.Errorf("attempt 33: delay_ms %+v, want 4294967296000", got)
	}
	if rows[32].Wait != generic.MaxWait {
		t.Errorf("attempt 33: wait %v, want the saturated %v", rows[32].Wait, generic.MaxWait)
	}
	if got := rows[1014].Extra[0]; math.IsInf(got.Num, 0) || got.Text != "" {
		t.Errorf("attempt 1015: delay_ms %+v, want finite", got)
	}
	if got := rows[1015].Extra[0]; got.Text != "Infinity" || !math.IsInf(got.Num, 1) {
		t.Errorf("attempt 1016: delay_ms %+v, want Infinity", got)
	}
	if !rows[1016].Extra[0].Null {
		t.Errorf("the last row has no delay: %+v", rows[1016].Extra[0])
	}
	for _, v := range bullmqRuns {
		rows := NewBullMQ(BullMQ{Attempts: v.attempts, Type: v.typ, Delay: v.delay, Jitter: v.jitter}).Fill(draw.Fixed(v.u), nil)
		for i, ms := range v.ms {
			if rows[i].Extra[0].Num != ms {
				t.Errorf("%s %v jitter %v u %v, attempt %d: delay_ms %v, BullMQ %v", v.typ, v.delay, v.jitter, v.u, i+1, rows[i].Extra[0].Num, ms)
			}
		}
	}
}

func ExampleBullMQDelay() {
	for k := 1; k <= 4; k++ {
		fmt.Println(k, BullMQDelay("exponential", 1000, 0, k, 0), BullMQDelay("exponential", 1000, 0.5, k, 0.5), BullMQDelay("fixed", 1000, 0.25, k, 0.7))
	}
	// Output:
	// 1 1000 750 925
	// 2 2000 1500 925
	// 3 4000 3000 925
	// 4 8000 6000 925
}
