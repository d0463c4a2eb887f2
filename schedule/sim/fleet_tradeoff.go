package sim

// Tradeoff is the semaphore design (#822) weighed against per-worker (#819): how many times
// fewer FetchTask calls it makes at idle, and whether it picks tasks up later for it.
type Tradeoff struct {
	// SameLoop: at capacity 1 the two designs are the same loop, and nothing else is set.
	SameLoop bool
	// IdleRatio is per-worker's idle RPCs per minute over the semaphore's.
	IdleRatio float64
	// Later: the semaphore's p95 pickup latency is greater than per-worker's.
	Later bool
	// SemaphoreP95 and PerWorkerP95 are the two p95 pickup latencies in seconds.
	SemaphoreP95, PerWorkerP95 float64
}

// minTradeoffRatio is the least IdleRatio worth a word: below it the semaphore's saving is noise.
const minTradeoffRatio = 1.05

// WeighTradeoff weighs results (indexed by Design, as SimulateFleets returns them for Designs)
// run under c. ok is false when there is nothing to say: a design picked no task, a design made no
// idle call, or the semaphore saves less than 5% of per-worker's idle calls.
func WeighTradeoff(c FleetConfig, results []FleetResult) (t Tradeoff, ok bool) {
	if c.Capacity == 1 {
		return Tradeoff{SameLoop: true}, true
	}
	sem, pw := results[Semaphore], results[PerWorker]
	if sem.Picked == 0 || pw.Picked == 0 || pw.IdleRPCsPerMinute <= 0 || sem.IdleRPCsPerMinute <= 0 {
		return Tradeoff{}, false
	}
	ratio := pw.IdleRPCsPerMinute / sem.IdleRPCsPerMinute
	if ratio < minTradeoffRatio {
		return Tradeoff{}, false
	}
	return Tradeoff{IdleRatio: ratio, Later: sem.PickupP95 > pw.PickupP95,
		SemaphoreP95: sem.PickupP95, PerWorkerP95: pw.PickupP95}, true
}
