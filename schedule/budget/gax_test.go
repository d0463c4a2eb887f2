package budget

import "testing"

// gax's own unit test `circuit_breaker` (src/gax/src/retry_throttler.rs at 4084332) with the
// default CircuitBreaker::clamp(100, 50, 10): four failures leave retries open, two more close
// them (40 tokens), ten successes keep them closed (50 ≤ 50), the eleventh opens them (51).
func TestGaxBreakerLibraryTest(t *testing.T) {
	g := mustParse(t, "gax-breaker", false).New()
	throttled := func() bool { return !g.Retry(0, 1, Failure) }
	if throttled() {
		t.Fatal("throttled at the start")
	}
	for i := 0; i < 4; i++ {
		g.Record(0, 1, Failure)
		if throttled() {
			t.Fatalf("throttled after %d failures", i+1)
		}
	}
	g.Record(0, 1, Failure)
	g.Record(0, 1, Failure)
	if !throttled() || g.Level() != 40 {
		t.Fatalf("after 6 failures: throttled %v, tokens %v; want true, 40", throttled(), g.Level())
	}
	for i := 0; i < 10; i++ {
		g.Record(0, 1, Success)
		if !throttled() {
			t.Fatalf("open after %d successes", i+1)
		}
	}
	g.Record(0, 1, Success)
	if throttled() || g.Level() != 51 {
		t.Fatalf("after 11 successes: throttled %v, tokens %v; want false, 51", throttled(), g.Level())
	}
}

// Hand-checked: tokens saturate at 0 (saturating_sub) and at the initial count; min is clamped
// to tokens (CircuitBreaker::clamp), so gax-breaker:tokens=5,min=9 refuses at ≤ 5 from the start.
func TestGaxBreakerBounds(t *testing.T) {
	g := mustParse(t, "gax-breaker:tokens=25,min=0,cost=10", false).New()
	want := []float64{15, 5, 0, 0}
	for i, w := range want {
		g.Record(0, 1, Timeout)
		if g.Level() != w {
			t.Fatalf("failure %d: tokens %v, want %v", i+1, g.Level(), w)
		}
	}
	if g.Retry(0, 1, Failure) {
		t.Fatal("retry granted at 0 tokens with min 0")
	}
	for i := 0; i < 40; i++ {
		g.Record(0, 1, Success)
	}
	if g.Level() != 25 {
		t.Fatalf("tokens %v after 40 successes, want the cap 25", g.Level())
	}
	if c := mustParse(t, "gax-breaker:tokens=5,min=9", false).New(); c.Retry(0, 1, Failure) {
		t.Fatal("min above tokens is not clamped to tokens")
	}
}

// gax's own unit test `adaptive`: after one failed attempt requests = 1, accepts = 0, so
// p = (1 − 2·0)/(1 + 1) = 0.5; a draw of 0.0 throttles and a draw above 0.5 does not; with
// factor 100 and one success p is negative, so 0, and only a draw of exactly 0 throttles (the
// <= comparison). The first attempt is never throttled.
func TestGaxAdaptiveLibraryTest(t *testing.T) {
	g := mustParse(t, "gax-adaptive", true).New()
	if g.Level() != 0 || !g.Admit(0, 2, 0.1).Allowed || g.Admit(0, 2, 0).Allowed {
		t.Fatal("fresh throttler: want p 0, a draw of 0.1 passes and a draw of exactly 0 is throttled")
	}
	g.Record(0, 1, Failure)
	if g.Level() != 0.5 {
		t.Fatalf("p = %v after one failure, want 0.5", g.Level())
	}
	for _, c := range []struct {
		attempt int
		u       float64
		allowed bool
	}{{2, 0, false}, {2, 0.5, false}, {2, 0.75, true}, {1, 0, true}} {
		if got := g.Admit(0, c.attempt, c.u).Allowed; got != c.allowed {
			t.Errorf("attempt %d, u %v: allowed %v, want %v", c.attempt, c.u, got, c.allowed)
		}
	}
	h := mustParse(t, "gax-adaptive:k=100", true).New()
	h.Record(0, 1, Success)
	if h.Level() != 0 || !h.Admit(0, 2, 1e-9).Allowed || h.Admit(0, 2, 0).Allowed {
		t.Fatal("factor 100 after one success: want p 0, a positive draw passes, a draw of 0 is throttled")
	}
	// SRE book arithmetic by hand: 10 failures and 2 successes give (12 − 2·2)/13 = 8/13.
	k := mustParse(t, "gax-adaptive", true).New()
	for i := 0; i < 10; i++ {
		k.Record(0, 1, Failure)
	}
	k.Record(0, 1, Success)
	k.Record(0, 2, Success)
	if k.Level() != 8.0/13 {
		t.Fatalf("p = %v, want 8/13", k.Level())
	}
}
