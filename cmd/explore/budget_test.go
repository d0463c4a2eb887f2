package explore

import (
	"strings"
	"testing"
)

// The budget line: exponential's default 10 attempts are 9 retries; by hand, the AWS quota
// (1.48) grants ⌊500/14⌋ = 35 retries from full and gRPC's (max 10) 3 in the first request
// (tokens 9, 8, 7 after its failures), none in the second (5 is not above 5) with 3 retries;
// the thresholds are amplify's: 0.1/1.1 for gRPC.
func TestBudgetLine(t *testing.T) {
	for _, c := range []struct {
		spec, attempts, want string
	}{
		{"aws-standard", "3", "budget  aws-standard@1.48 with 2 retries: threshold x* 0.2149 · burst 35 retries"},
		{"grpc", "4", "budget  grpc with 3 retries: threshold x* 0.0909 · burst 3 retries"},
		{"grpc:max=4,ratio=1.6", "4", "budget  grpc:max=4,ratio=1.6 with 3 retries: threshold x* 0.6154 · burst 1 retries"},
		{"envoy", "4", "budget  envoy with 3 retries: threshold x* no closed form · burst "},
	} {
		o := options(t, "exponential")
		if err := o.Values.SetText("attempts", c.attempts); err != nil {
			t.Fatal(err)
		}
		o.Budget = c.spec
		m := New(o)
		got, ok := m.budgetLine()
		if !ok || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.spec, got, c.want)
		}
		if !strings.Contains(m.View(), c.want[:30]) {
			t.Errorf("%s: the screen does not show the budget line", c.spec)
		}
	}
}

// b steps from no budget through every budget and back to none.
func TestBudgetKey(t *testing.T) {
	m := New(options(t, "polynomial"))
	if _, ok := m.budgetLine(); ok {
		t.Fatal("a budget line without a budget")
	}
	m = press(m, runes("b"))
	if got, _ := m.budgetLine(); !strings.HasPrefix(got, "budget  aws-adaptive@1.48 with 4 retries") {
		t.Errorf("after b: %q", got)
	}
	for i := 1; i < len(m.budgets); i++ {
		m = press(m, runes("b"))
	}
	if _, ok := m.budgetLine(); ok || m.status != "no budget" {
		t.Errorf("b did not come back to no budget: %q", m.status)
	}
}
