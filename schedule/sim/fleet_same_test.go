package sim

import (
	"math"
	"testing"
	"time"
)

// sameResult compares two results field by field, NaN equal to NaN.
func sameResult(a, b FleetResult) bool {
	eq := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
	return a.Design == b.Design && a.PollersIdle == b.PollersIdle && a.ConnectionsIdle == b.ConnectionsIdle &&
		eq(a.IdleRPCsPerMinute, b.IdleRPCsPerMinute) && eq(a.FullLoadRPCsPerMinute, b.FullLoadRPCsPerMinute) &&
		a.Arrived == b.Arrived && a.Picked == b.Picked && eq(a.RPCsPerMinute, b.RPCsPerMinute) &&
		eq(a.RPCsPerTask, b.RPCsPerTask) && eq(a.PickupP50, b.PickupP50) && eq(a.PickupP95, b.PickupP95)
}

// With capacity 1, simulating the semaphore design the long way gives per-worker's result under
// the semaphore's name (and the two designs' walks count, pick and time the same), for every
// seed, start-phase mode, answer time and load tried; and SimulateFleets, which simulates it
// once, gives what simulating every design does.
func TestFleetSameLoopCapacityOne(t *testing.T) {
	for seed := int64(0); seed < 4; seed++ {
		for _, phases := range []StartPhases{PhasesAligned, PhasesRandom, PhasesEven} {
			for _, answer := range []time.Duration{0, 300 * time.Millisecond, 5 * time.Second} {
				for _, rate := range []float64{0, 3, 40} {
					c := FleetConfig{Runners: 1 + int(seed)*5, Capacity: 1, FetchInterval: 2 * time.Second,
						FetchIntervalMax: 5 * time.Second, TaskDuration: 20 * time.Second, Duration: 20 * time.Minute,
						ArrivalRate: rate, Seed: seed, StartPhases: phases, AnswerTime: answer}
					pw, sem := SimulateFleet(c, PerWorker), SimulateFleet(c, Semaphore)
					if same, ok := c.SameLoop(Semaphore); !ok || same != PerWorker {
						t.Fatalf("capacity 1: SameLoop(semaphore) = %v, %v", same, ok)
					}
					if got := pw.relabel(c, Semaphore); !sameResult(got, sem) {
						t.Errorf("%+v:\nsemaphore  %+v\nper-worker %+v", c, sem, pw)
					}
					for _, s := range []scenario{scenarioIdle, scenarioSaturated, scenarioArrivals} {
						if a, b := reference(c, PerWorker, s), reference(c, Semaphore, s); !sameRun(a, b) {
							t.Errorf("%+v scenario %d: the walks differ", c, s)
						}
					}
					all := SimulateFleets(c, Designs, nil)
					for i, d := range Designs {
						if want := SimulateFleet(c, d); !sameResult(all[i], want) {
							t.Errorf("%+v %v: SimulateFleets %+v, SimulateFleet %+v", c, d, all[i], want)
						}
					}
				}
			}
		}
	}
	if _, ok := (FleetConfig{Capacity: 2}).SameLoop(Semaphore); ok {
		t.Error("capacity 2: the semaphore and per-worker loops differ")
	}
}
