package sim

import (
	"fmt"
	"testing"
)

// Two OCC clients make exactly 3 calls in every run: both read version 0, one write lands, the
// other fails, re-reads version 1 and lands (the AWS simulator's model, whatever the backoff).
// With network none every read happens at t = 0; with Net(10ms, 2ms) a read would have to
// arrive after the other client's whole read-and-write, three delays against one (about five
// standard deviations), which none of these seeds draws.
func TestHerdTwoOCCClientsMakeThreeCalls(t *testing.T) {
	strategies := []string{
		"exponential --base 10ms --cap 2s --jitter full --attempts 100000",
		"exponential --base 10ms --cap 2s --attempts 100000",
		"exponential --base 10ms --cap 2s --jitter equal --attempts 3",
		"decorrelated --base 5ms --cap 2s --attempts 100000",
		"constant --wait 0 --attempts 2",
	}
	networks := []Network{{}, {Kind: NetNormal, Mean: 0.01, SD: 0.002}}
	for _, s := range strategies {
		for _, net := range networks {
			t.Run(s+"/"+net.String(), func(t *testing.T) {
				cfg := herdBase(t, s)
				cfg.Clients, cfg.Server, cfg.Network, cfg.Bucket = 2, Server{Kind: ServerOCC}, net, 0.01
				for seed := int64(0); seed < 200; seed++ {
					cfg.Seed = seed
					res, err := RunHerd(cfg)
					if err != nil {
						t.Fatal(err)
					}
					if res.Summary.TotalCalls != 3 || res.Summary.SuccessRate != 1 {
						t.Fatalf("seed %d: %v calls, success %v; want 3 and 1", seed, res.Summary.TotalCalls, res.Summary.SuccessRate)
					}
				}
			})
		}
	}
}

// With one attempt allowed, the loser of the two writes gives up: 2 calls, half the requests
// succeed.
func TestHerdOCCOneAttempt(t *testing.T) {
	cfg := herdBase(t, "constant --wait 0 --attempts 1")
	cfg.Clients, cfg.Server = 2, Server{Kind: ServerOCC}
	res, err := RunHerd(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Summary.TotalCalls != 2 || res.Summary.SuccessRate != 0.5 {
		t.Fatalf("%v calls, success %v; want 2 and 0.5", res.Summary.TotalCalls, res.Summary.SuccessRate)
	}
}

// Without backoff and without network delays, N OCC clients succeed one per round: round r has
// N − r + 1 writers, so calls = N(N+1)/2.
func TestHerdOCCNoBackoffRounds(t *testing.T) {
	for _, n := range []int{1, 2, 3, 10, 50} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cfg := herdBase(t, "constant --wait 0 --attempts 100000")
			cfg.Clients, cfg.Server = n, Server{Kind: ServerOCC}
			res, err := RunHerd(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if want := float64(n * (n + 1) / 2); res.Summary.TotalCalls != want {
				t.Fatalf("%v calls, want %v", res.Summary.TotalCalls, want)
			}
		})
	}
}
