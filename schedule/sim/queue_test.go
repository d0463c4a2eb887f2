package sim

import (
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// A simulation peeks at its next event and then schedules one sooner (a goroutine that finishes a
// task fetches again at once): the sooner one must pop first, at its own time.
func TestHeapPushBeforePeekedTop(t *testing.T) {
	var h entityHeap
	h.push(10, 1)
	h.push(30, 2)
	if it := h.top(); it.t != 10 {
		t.Fatalf("top %v", it)
	}
	h.pop()
	if it := h.top(); it.t != 30 { // peeking moves the heap's floor to 30
		t.Fatalf("top %v", it)
	}
	h.push(20, 3)
	h.push(15, 4)
	h.push(15, 5)
	h.push(40, 6)
	var got []heapItem
	for h.len() > 0 {
		got = append(got, h.pop())
	}
	want := []heapItem{{15, 5}, {15, 4}, {20, 3}, {30, 2}, {40, 6}}
	if len(got) != len(want) {
		t.Fatalf("popped %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("popped %v, want %v", got, want)
		}
	}
}

// Two per-worker runners of capacity 1, zero jitter, one task arriving at 3 s that runs 12 s. Both
// goroutines fetch at 0, 2 and 6; one takes the task at 6 and fetches again at once when it ends
// at 18 s, then at 20, 24, 29; the other backs off to 11, 16, 21, 26. 14 fetches by 30 s (the
// finished goroutine used to wait for the other's fetch at 21 s: 13).
func TestFleetFetchAtOnceAfterTask(t *testing.T) {
	c := FleetConfig{Runners: 2, Capacity: 1, FetchInterval: 2 * time.Second, FetchIntervalMax: 5 * time.Second,
		TaskDuration: 12 * time.Second, Duration: 30 * time.Second, JitterDraw: draw.Fixed(0.5),
		ArrivalTimes: []time.Duration{3 * time.Second}}
	r := newFleetRun(c, PerWorker, scenarioArrivals)
	r.run()
	if r.rpcs != 14 || r.picked != 1 {
		t.Errorf("%d fetches, %d picked; want 14 and 1", r.rpcs, r.picked)
	}
}
