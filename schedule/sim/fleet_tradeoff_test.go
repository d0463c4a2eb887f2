package sim

import "testing"

func TestWeighTradeoff(t *testing.T) {
	results := func(pwIdle, semIdle, pwP95, semP95 float64, picked int64) []FleetResult {
		r := make([]FleetResult, len(Designs))
		r[PerWorker] = FleetResult{Design: PerWorker, IdleRPCsPerMinute: pwIdle, PickupP95: pwP95, Picked: picked}
		r[Semaphore] = FleetResult{Design: Semaphore, IdleRPCsPerMinute: semIdle, PickupP95: semP95, Picked: picked}
		return r
	}
	cases := []struct {
		name     string
		capacity int
		results  []FleetResult
		want     Tradeoff
		ok       bool
	}{
		{"capacity 1 is one loop", 1, results(36, 36, 1, 1, 5), Tradeoff{SameLoop: true}, true},
		// 3 runners x 60 slots at 5 s (2160/min) against 3 pollers (36/min): 60 times fewer.
		{"fewer calls, later pickups", 60, results(2160, 36, 0.5, 2.5, 10), Tradeoff{IdleRatio: 60, Later: true, SemaphoreP95: 2.5, PerWorkerP95: 0.5}, true},
		{"fewer calls, pickups as soon", 60, results(2160, 36, 2.5, 2.5, 10), Tradeoff{IdleRatio: 60, SemaphoreP95: 2.5, PerWorkerP95: 2.5}, true},
		// 105/100 = 1.05 is just enough; 104/100 is not.
		{"5% fewer", 2, results(105, 100, 1, 1, 3), Tradeoff{IdleRatio: 1.05, SemaphoreP95: 1, PerWorkerP95: 1}, true},
		{"4% fewer", 2, results(104, 100, 1, 1, 3), Tradeoff{}, false},
		{"nothing picked", 60, results(2160, 36, 0, 0, 0), Tradeoff{}, false},
		{"no idle calls", 60, results(2160, 0, 1, 1, 3), Tradeoff{}, false},
	}
	for _, c := range cases {
		got, ok := WeighTradeoff(FleetConfig{Capacity: c.capacity}, c.results)
		if ok != c.ok || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
