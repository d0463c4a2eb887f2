package sample

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// rawSampledPresets are the presets sampled with unrounded starts, with parameters that reach
// their caps, wraps and jitter.
func rawSampledPresets() []schedule.Strategy {
	return []schedule.Strategy{
		presets.Asynq{MaxRetry: 25},
		presets.Asynq{MaxRetry: 320, JobDuration: 1.5}, // past the wrap: waits of 0
		presets.NewRiver(presets.River{MaxAttempts: 25}),
		presets.NewRiver(presets.River{MaxAttempts: 320, JobDuration: 0.25}), // past the cap
		presets.NewOban(presets.Oban{MaxAttempts: 20}),
		presets.NewOban(presets.Oban{MaxAttempts: 60, JobDuration: 3}),
		presets.NewBullMQ(presets.BullMQ{Attempts: 12, Type: "exponential", Delay: 1000, Jitter: 0.5}),
		presets.NewBullMQ(presets.BullMQ{Attempts: 8, Type: "fixed", Delay: 250, Jitter: 1, JobDuration: 0.1}),
		presets.NewEnvoy(presets.Envoy{NumRetries: 10, BaseMs: 25, MaxMs: 250}),
		// cenkalti's length depends on its draws: the elapsed-time rule ends it.
		presets.Cenkalti{Major: 4, InitialInterval: 500 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 1.5,
			MaxInterval: 60 * time.Second, MaxElapsedTime: 15 * time.Minute, MaxRetries: -1}.Strategy(nil),
		presets.Cenkalti{Major: 5, InitialInterval: 100 * time.Millisecond, RandomizationFactor: 1, Multiplier: 2,
			MaxInterval: 10 * time.Second, MaxElapsedTime: 2 * time.Minute, MaxTries: 12, JobDuration: 300 * time.Millisecond}.Strategy(nil),
	}
}

// Their sampled percentiles are the sorted samples' nearest ranks, bit for bit: every sample in
// the pilot, and (up to 25 rows) past a small pilot, through the bracket pass.
func TestRawPresetsPercentilesEqualSorting(t *testing.T) {
	percents := []float64{1, 50, 95, 100}
	const seed = 5
	for _, s := range rawSampledPresets() {
		n, pilot := 3000, pilotSize
		if len(s.Fill(draw.Fixed(0.5), nil)) <= 25 {
			n, pilot = 12000, 2048
		}
		sameQuantileBits(t, s.Name(), percentiles(s, n, seed, percents, pilot, nil), exactPercentiles(s, n, seed, percents))
	}
}

// cenkalti's rows are reached by fewer samples the later they come: its brackets are taken among
// each column's own values, so one pass settles every percentile (no histogram pass walking the
// samples again).
func TestVariableLengthRawOnePass(t *testing.T) {
	s := presets.Cenkalti{Major: 5, InitialInterval: 500 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 1.5,
		MaxInterval: 60 * time.Second, MaxElapsedTime: 15 * time.Minute}.Strategy(nil)
	const n = 300000
	var walked atomic.Int64
	PercentilesProgress(s, n, 1, []float64{50, 95, 99}, &walked)
	if walked.Load() != n {
		t.Fatalf("%d samples walked, want %d: one pass", walked.Load(), n)
	}
}
