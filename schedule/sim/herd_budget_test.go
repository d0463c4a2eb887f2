package sim

import (
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

// fakeLayer is a budget that grants `tokens` retries in all per state and records the order of
// the calls it gets, to pin the Gate call order of budget.go.
type fakeLayer struct {
	tokens int
	states []*fakeGate
	reject bool // Admit rejects every attempt after the first
}

func (l *fakeLayer) New() budget.Gate {
	g := &fakeGate{tokens: l.tokens, reject: l.reject}
	l.states = append(l.states, g)
	return g
}
func (l *fakeLayer) Spec() string   { return "fake" }
func (l *fakeLayer) Source() string { return "test" }

type fakeGate struct {
	tokens int
	reject bool
	calls  []string
}

func (g *fakeGate) Admit(now float64, attempt int, u float64) budget.Admission {
	g.calls = append(g.calls, "admit")
	return budget.Admission{Allowed: !g.reject || attempt == 1}
}
func (g *fakeGate) Record(now float64, attempt int, o budget.Outcome) {
	g.calls = append(g.calls, "record:"+o.String())
}
func (g *fakeGate) Retry(now float64, attempt int, o budget.Outcome) bool {
	g.calls = append(g.calls, "retry")
	if g.tokens == 0 {
		return false
	}
	g.tokens--
	return true
}
func (g *fakeGate) Done(now float64, attempts int, ok bool) {
	g.calls = append(g.calls, "done")
}
func (g *fakeGate) Level() float64 { return float64(g.tokens) }

// Against total failure with 5 attempts allowed, a fleet budget of 7 retries grants 7 and refuses
// one per request after: 10 clients make 10 first tries and 7 retries, 10 refusals... except the
// requests still holding retries: each request ends either refused or at its 5th attempt.
func TestHerdBudgetFleetScope(t *testing.T) {
	l := &fakeLayer{tokens: 7}
	cfg := herdBase(t, "constant --wait 1s --attempts 5")
	cfg.Clients, cfg.Server, cfg.Budget, cfg.FleetScope = 10, Server{Kind: ServerFail, FailRate: 1}, l, true
	res := runHerdT(t, cfg)
	if len(l.states) != 2 { // one for the run, one for the burst probe
		t.Fatalf("%d states", len(l.states))
	}
	var firsts, retries, denied float64
	for _, r := range res.Rows {
		firsts += r[ColFirstTries]
		retries += r[ColRetries]
		denied += r[ColBudgetDenied]
	}
	// all 10 fail at 0 and ask: 7 granted, 3 refused; the 7 fail again at 1 s: all refused
	if firsts != 10 || retries != 7 || denied != 10 || res.Summary.SuccessRate != 0 {
		t.Fatalf("first tries %v, retries %v, denied %v, success %v", firsts, retries, denied, res.Summary.SuccessRate)
	}
	if res.Rows[0][ColTokens] != 0 || !res.Summary.TokensKnown {
		t.Fatalf("tokens %v", res.Rows[0][ColTokens])
	}
	if res.Summary.BurstRetries != 7 {
		t.Fatalf("burst retries %d, want 7", res.Summary.BurstRetries)
	}
}

// Per-client states: the call order of budget.go for one request that fails twice then succeeds
// on a server failing... here fail:1 with 3 attempts and a budget of 1 retry: admit, record,
// retry (granted), admit, record, retry (refused), done.
func TestHerdBudgetCallOrder(t *testing.T) {
	l := &fakeLayer{tokens: 1}
	cfg := herdBase(t, "constant --wait 1s --attempts 3")
	cfg.Clients, cfg.Server, cfg.Budget = 1, Server{Kind: ServerFail, FailRate: 1}, l
	res := runHerdT(t, cfg)
	want := []string{"admit", "record:failure", "retry", "admit", "record:failure", "retry", "done"}
	got := l.states[0].calls
	if len(got) != len(want) {
		t.Fatalf("calls %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("calls %v, want %v", got, want)
		}
	}
	if res.Summary.TotalCalls != 2 {
		t.Fatalf("calls %v", res.Summary.TotalCalls)
	}
}

// A throttle that rejects retries locally: the retry never reaches the server, counts as
// throttled, and the request goes on to its next attempt (the strategy's stop rule ends it).
func TestHerdThrottleRejects(t *testing.T) {
	l := &fakeLayer{tokens: 100, reject: true}
	cfg := herdBase(t, "constant --wait 1s --attempts 3")
	cfg.Clients, cfg.Server, cfg.Throttle = 4, Server{Kind: ServerFail, FailRate: 1}, l
	res := runHerdT(t, cfg)
	var throttled float64
	for _, r := range res.Rows {
		throttled += r[ColThrottled]
	}
	if res.Summary.TotalCalls != 4 || throttled != 8 || res.Summary.BurstRetries != -1 {
		t.Fatalf("calls %v, throttled %v, burst %d", res.Summary.TotalCalls, throttled, res.Summary.BurstRetries)
	}
	// each client's throttle state took one token in its Retry after the failure at t = 0
	if res.Rows[0][ColTokens] != 99 || math.IsNaN(res.Rows[0][ColTokens]) {
		t.Fatalf("tokens %v, want 99: the throttle's level shows when there is no budget", res.Rows[0][ColTokens])
	}
}

// The real aws-standard quota (v1.48: 500 tokens, a retry costs 14): its burst is ⌊500/14⌋ = 35
// retries, and under total failure a fleet-wide quota grants exactly those 35 retries to the
// whole herd, then refuses every other.
func TestHerdAWSStandardQuota(t *testing.T) {
	layer, err := budget.Parse("aws-standard", false)
	if err != nil {
		t.Skip("aws-standard is not in this build's catalog:", err)
	}
	cfg := herdBase(t, "constant --wait 1s --attempts 3")
	cfg.Clients, cfg.Server, cfg.Budget, cfg.FleetScope = 100, Server{Kind: ServerFail, FailRate: 1}, layer, true
	res := runHerdT(t, cfg)
	if res.Summary.BurstRetries != 35 {
		t.Errorf("burst retries %d, want 35", res.Summary.BurstRetries)
	}
	if res.Summary.TotalCalls != 135 {
		t.Errorf("calls %v, want 100 first tries + 35 retries", res.Summary.TotalCalls)
	}
	if got := res.Rows[0][ColTokens]; got != 500-35*14 {
		t.Errorf("tokens at the end of bucket 0: %v, want %d", got, 500-35*14)
	}
}
