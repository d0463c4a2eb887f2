package sim

import (
	"fmt"
	"testing"
)

// Same seed, same result whatever the number of workers (runs are folded in run order), and a
// different seed gives different rows.
func TestHerdDeterministicAcrossWorkers(t *testing.T) {
	cfg := herdBase(t, "exponential --base 100ms --cap 10s --jitter full --attempts 4")
	cfg.Clients, cfg.Mode, cfg.Load, cfg.Duration = 50, Open, Load{Kind: LoadPoisson, Rate: 200}, 5
	cfg.Server = Server{Kind: ServerFail, FailRate: 0.4}
	cfg.Network = Network{Kind: NetNormal, Mean: 0.01, SD: 0.002}
	cfg.Runs, cfg.Seed, cfg.Percentiles = 13, 42, []float64{50, 95}
	var first HerdResult
	for i, w := range []int{1, 4, 3} {
		cfg.Workers = w
		res := runHerdT(t, cfg)
		if i == 0 {
			first = res
			continue
		}
		if fmt.Sprintf("%#v", res) != fmt.Sprintf("%#v", first) { // NaN tokens: compare the printed values
			t.Fatalf("workers %d differ from workers 1", w)
		}
	}
	cfg.Seed = 43
	if res := runHerdT(t, cfg); fmt.Sprint(res.Rows) == fmt.Sprint(first.Rows) {
		t.Fatal("seed 43 gives the rows of seed 42")
	}
}

// Percentiles over runs bracket the mean, and p100 is the largest run's value: with runs that
// differ only in their failures, the 100th percentile of successes is at least the mean.
func TestHerdPercentilesBracketMean(t *testing.T) {
	cfg := herdBase(t, "constant --wait 0 --attempts 1")
	cfg.Clients, cfg.Server, cfg.Runs, cfg.Percentiles = 200, Server{Kind: ServerFail, FailRate: 0.5}, 20, []float64{1, 100}
	res := runHerdT(t, cfg)
	lo, hi, mean := res.Quantiles[0][0][ColSuccesses], res.Quantiles[1][0][ColSuccesses], res.Rows[0][ColSuccesses]
	if !(lo <= mean && mean <= hi) || lo == hi {
		t.Fatalf("p1 %v, mean %v, p100 %v", lo, mean, hi)
	}
	if res.Rows[0][ColFirstTries] != 200 || res.Quantiles[0][0][ColFirstTries] != 200 {
		t.Fatalf("first tries %v", res.Rows[0][ColFirstTries])
	}
}
