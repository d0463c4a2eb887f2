package amplify

import (
	"testing"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

// The catalog's own rules (schedule/budget), driven by Simulate, against their closed forms:
// within 1 % at failure rates on both sides of each threshold (a bucket the size of a few retries
// blurs the corner at x*, so the rates keep a little away from it).
func TestCatalogAgainstClosedForms(t *testing.T) {
	for _, c := range []struct {
		spec  string
		rate  float64
		rates []float64
	}{
		{"ratio", 0, []float64{0, 0.1, 0.3, 0.6, 0.9, 1}},
		{"ratio:30%", 0, []float64{0.1, 0.5, 1}},
		{"finagle", 0, []float64{0, 0.1, 0.3, 0.9}},
		{"finagle", 100, []float64{0.1, 0.3, 0.6, 0.9}}, // 0.2 + 10/100 retries per request
		{"tower", 0, []float64{0, 0.1, 0.3, 0.6, 0.9, 1}},
		{"dotnet", 0, []float64{0, 0.05, 0.2, 0.5, 0.9}},
		{"bucket", 0, []float64{0, 0.05, 0.2, 0.5, 0.9}},
		{"breaker", 0, []float64{0, 0.05, 0.2, 0.5, 0.9}},
		{"gax-breaker", 0, []float64{0, 0.03, 0.2, 0.5, 0.9}},
	} {
		s, err := budget.Resolve(c.spec, false)
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		rule := RuleFor(s, c.rate)
		if rule == nil {
			t.Fatalf("%s: no closed form", c.spec)
		}
		run := Run{Requests: 200000, Seed: 3, Rate: c.rate}
		for i, x := range c.rates {
			want := rule.Work(x, 3)
			got := Simulate(s.Layer, 3, x, run, uint64(i)).Work
			if !near(got, want, 0.01) {
				t.Errorf("%s at %v/s, x = %v: simulated %v, closed form %v", c.spec, c.rate, x, got, want)
			}
		}
	}
}

// Rules the catalog has but that have no closed form are simulated: the table says so.
func TestEnvoyIsSimulated(t *testing.T) {
	s, err := budget.Resolve("envoy", false)
	if err != nil {
		t.Fatal(err)
	}
	if RuleFor(s, 0) != nil {
		t.Fatal("envoy has a closed form")
	}
	p, err := ParsePolicy("budget envoy", 0)
	if err != nil {
		t.Fatal(err)
	}
	rows := Evaluate([]Policy{p}, []float64{0.5}, false, Run{Requests: 1000})
	if !rows[0].Simulated {
		t.Error("envoy's row is not marked simulated")
	}
}
