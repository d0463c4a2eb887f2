package sim

import "testing"

// BenchmarkHerdPoisson is the speed figure's second case: 100 clients, Poisson 100/s for an hour,
// fail:0.3, 4 attempts.
func BenchmarkHerdPoisson(b *testing.B) {
	cfg := herdBase(b, "exponential --base 100ms --cap 10s --jitter full --attempts 4")
	cfg.Load, cfg.Duration, cfg.Server = Load{Kind: LoadPoisson, Rate: 100}, 3600, Server{Kind: ServerFail, FailRate: 0.3}
	for i := 0; i < b.N; i++ {
		if _, err := RunHerd(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHerdOCC is the first case: 10,000 clients herding on an OCC server, full jitter, the
// AWS simulator's network.
func BenchmarkHerdOCC(b *testing.B) {
	cfg := herdBase(b, "exponential --base 10ms --cap 2s --jitter full --attempts 100000")
	cfg.Clients, cfg.Server, cfg.Network = 10000, Server{Kind: ServerOCC}, Network{Kind: NetNormal, Mean: 0.01, SD: 0.002}
	for i := 0; i < b.N; i++ {
		if _, err := RunHerd(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
