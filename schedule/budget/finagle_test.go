package budget

import (
	"fmt"
	"testing"
)

// Finagle's own RetryBudgetTest (finagle 24.5.0) with time frozen: 10000 requests, each a
// deposit then one withdrawal attempt; the test accepts (nReqs × percent).toInt + minRetries ± 1
// retries and a zero balance after every refusal. The exact counts are the scaled integer rules
// (deposit 1000, withdrawal (1000.0/p).toInt) run by hand in python3; 0.75 withdraws 1333, so
// one retry more than 7500; 0.9999 withdraws 1000 (1000.0/0.9999 = 1000.1), so 10000.
func TestFinagleLibraryTest(t *testing.T) {
	for _, c := range []struct {
		ttl             string
		min             int
		percent         string
		libraryExpected int
		exact           int
	}{
		{"60s", 0, "0.1", 1000, 1000},
		{"60s", 0, "0.5", 5000, 5000},
		{"60s", 0, "0.25", 2500, 2500},
		{"60s", 0, "0.75", 7500, 7501},
		{"60s", 0, "0.99", 9900, 9900},
		{"60s", 0, "0.999", 9990, 9990},
		{"60s", 0, "0.9999", 9999, 10000},
		{"60s", 0, "0.01", 100, 100},
		{"60s", 0, "0.001", 10, 10},
		{"60s", 0, "0.0001", 1, 1},
		{"1s", 10, "0", 10, 10},
		{"2s", 5, "0", 10, 10},
		{"1s", 10, "0.1", 1010, 1010},
		{"2s", 5, "0.5", 5010, 5010},
	} {
		spec := fmt.Sprintf("ratio:%s,ttl=%s,min=%d/s", c.percent, c.ttl, c.min)
		g := mustParse(t, spec, false).New()
		ttl := map[string]int{"60s": 60, "1s": 1, "2s": 2}[c.ttl]
		if got := g.Level(); got != float64(ttl*c.min) {
			t.Errorf("%s: initial balance %v, want %d", spec, got, ttl*c.min)
		}
		retried := 0
		for i := 0; i < 10000; i++ {
			g.Admit(0, 1, 0)
			if g.Retry(0, 1, Failure) {
				retried++
			} else if g.Level() != 0 {
				t.Fatalf("%s: request %d refused with balance %v", spec, i, g.Level())
			}
		}
		if d := retried - c.libraryExpected; d < -1 || d > 1 || retried != c.exact {
			t.Errorf("%s: %d retries, want %d (the library's test: %d ± 1)", spec, retried, c.exact, c.libraryExpected)
		}
	}
	// "apply minRetries=0 maxPercentOver greater than 1.0": 10000 deposits at 2.0 → balance 20000.
	g := mustParse(t, "ratio:200%,ttl=60s,min=0", false).New()
	if g.Retry(0, 1, Failure) {
		t.Error("withdrew from an empty budget")
	}
	for i := 0; i < 10000; i++ {
		g.Admit(0, 1, 0)
	}
	if g.Level() != 20000 {
		t.Errorf("balance %v after 10000 deposits at 200%%, want 20000", g.Level())
	}
	// "minRetriesPerSec=0 maxPercentOver=0 should be empty".
	e := mustParse(t, "ratio:0,min=0", false).New()
	e.Admit(0, 1, 0)
	if e.Retry(0, 1, Failure) || e.Level() != 0 {
		t.Error("the empty budget granted a retry")
	}
}

// Hand-checked WindowedAdder expiry at ttl 1 s (10 slices of 100 ms, 9 kept): a deposit at 0
// (1000, percent 100 %: withdrawal 1000). At 0.95 s the sum commits it to buf(0), skips
// min(950/100 − 1, 9) = 8 slices and lands on i = (1 + 8) % 9 = 0 with old = 950: still 1000, so
// a withdrawal at 0.95 s is granted. Without it, at 1.05 s (now − old = 100) the writer overwrites
// buf(0): the deposit lived 1.05 s and the withdrawal is refused.
func TestFinagleWindow(t *testing.T) {
	g := mustParse(t, "ratio:100%,ttl=1s,min=0", false).New()
	g.Admit(0, 1, 0)
	if g.Retry(0.95, 1, Failure) != true {
		t.Error("the deposit expired before 0.95 s")
	}
	fg := mustParse(t, "ratio:100%,ttl=1s,min=0", false).New().(*finagleGate)
	fg.Admit(0, 1, 0)
	if s := fg.w.sum(950); s != 1000 || fg.w.i != 0 || fg.w.old != 950 {
		t.Fatalf("at 950 ms: sum %d, i %d, old %d; want 1000, 0, 950", s, fg.w.i, fg.w.old)
	}
	if fg.Retry(1.05, 1, Failure) {
		t.Error("the deposit outlived 1.05 s")
	}
	// A withdrawal outlives the deposit it spent: deposit at 0; at 0.5 s buf(0) = 1000, slices
	// 1..4 zeroed, i = 5, and the withdrawal goes to the writer; at 1.0 s buf(5) = −1000, the
	// skip of 4 zeroes slices 6, 7, 8 and 0: sum −1000, and the balance shown is 0, not −1.
	h := mustParse(t, "ratio:100%,ttl=1s,min=0", false).New().(*finagleGate)
	h.Admit(0, 1, 0)
	h.Retry(0.5, 1, Failure)
	if h.Retry(1.0, 1, Failure) || h.w.sum(1000) != -1000 || h.Level() != 0 {
		t.Fatalf("after the deposit expired: sum %d, level %v", h.w.sum(1000), h.Level())
	}
}
