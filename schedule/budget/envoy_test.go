package budget

import "testing"

// Envoy's own ResourceManagerImplTest.RetryBudgetOverrideGauge: budget_percent 20, min 5, no
// requests: max() is 5. Then hand-checked rounds of max() = max(⌊P/100.0 × active⌋, min) with
// attempts in flight (Admit without Record) and failed requests asking to retry while their
// granted retries are not yet back:
//   - 24 in flight, F (still open at its decision): ⌊0.2 × 25⌋ = 5 retries, the 6th refused;
//   - 24 in flight, T (stream reset first): ⌊0.2 × 24⌋ = ⌊4.8⌋ = 4;
//   - 29 % of 100 active: 29/100.0 × 100 = 28.999999999999996, truncated to 28, not 29;
//   - few requests: the minimum (3) holds.
func TestEnvoy(t *testing.T) {
	if g := mustParse(t, "envoy:20%,min=5", false).New(); g.Level() != 5 {
		t.Errorf("RetryBudgetOverrideGauge: max %v, want 5", g.Level())
	}
	for _, c := range []struct {
		spec     string
		inFlight int
		outcome  Outcome
		granted  int
	}{
		{"envoy:20%,min=3", 24, Failure, 5},
		{"envoy:0.2,min=3", 24, Throttling, 5},
		{"envoy:20%,min=3", 24, Timeout, 4},
		{"envoy:29%,min=0", 99, Failure, 28},
		{"envoy:30%,min=0", 99, Failure, 30},
		{"envoy:20%,min=3", 2, Failure, 3},
		{"envoy:0%,min=0", 50, Failure, 0},
	} {
		g := mustParse(t, c.spec, false).New()
		for i := 0; i < c.inFlight; i++ {
			g.Admit(0, 1, 0)
		}
		granted := 0
		for i := 0; i < c.granted+3; i++ {
			g.Admit(0, 1, 0)
			g.Record(0, 1, c.outcome)
			if g.Retry(0, 1, c.outcome) {
				granted++
			}
		}
		if granted != c.granted {
			t.Errorf("%s with %d in flight, %s: %d retries granted, want %d", c.spec, c.inFlight, c.outcome, granted, c.granted)
		}
	}
}

// A granted retry holds the budget until its own response is judged (resetRetry): with min 1
// and nothing else in flight, a second request's retry waits for the first's retry to end.
func TestEnvoyRetryHeldUntilItsResponse(t *testing.T) {
	g := mustParse(t, "envoy:20%,min=1", false).New()
	g.Admit(0, 1, 0)
	g.Record(1, 1, Failure)
	if !g.Retry(1, 1, Failure) {
		t.Fatal("first retry refused")
	}
	g.Admit(2, 1, 0)
	g.Record(2, 1, Failure)
	if g.Retry(2, 1, Failure) {
		t.Fatal("second retry granted while the first is out")
	}
	g.Admit(3, 2, 0) // the first request's retry is sent ...
	g.Record(4, 2, Success)
	g.Done(4, 2, true) // ... and answered
	g.Admit(5, 1, 0)
	g.Record(5, 1, Failure)
	if !g.Retry(5, 1, Failure) {
		t.Fatal("retry refused after the outstanding one ended")
	}
}
