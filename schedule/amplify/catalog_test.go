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
		{"aws-standard", 0, []float64{0, 0.1, 0.3, 0.5, 0.8, 1}},
		{"aws-standard@1.47", 0, []float64{0, 0.2, 0.45, 0.6, 0.9, 1}},
		{"aws-adaptive@1.47", 0, []float64{0, 0.1, 0.5, 1}},
		{"aws-adaptive@1.48", 0, []float64{0, 0.1, 0.5, 0.9}},
		{"grpc", 0, []float64{0, 0.03, 0.2, 0.5, 1}},
		{"grpc:max=100,ratio=0.5", 0, []float64{0, 0.2, 0.5, 1}},
		{"ratio", 0, []float64{0, 0.1, 0.3, 0.6, 0.9, 1}},
		{"ratio:30%", 0, []float64{0.1, 0.5, 1}},
		{"finagle", 0, []float64{0, 0.1, 0.3, 0.9}},
		{"finagle", 100, []float64{0.1, 0.3, 0.6, 0.9}}, // 0.2 + 10/100 retries per request
		{"tower", 0, []float64{0, 0.1, 0.3, 0.6, 0.9, 1}},
		{"tower", 50, []float64{0, 0.1, 0.6, 0.9, 1}}, // (1 + (10/1.1)/50)/(1 − 0.2(1 − x))
		{"dotnet", 50, []float64{0, 0.5, 0.9}},
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
		run := Run{Requests: 100000, Seed: 3, Rate: c.rate}
		for i, x := range c.rates {
			n := DefaultRetries(s.Name)
			want := rule.Work(x, n)
			got := Simulate(s.Layer, n, x, run, uint64(i)).Work
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

// The thresholds agree with the catalog's own (budget.Threshold, written from the rules apart
// from this package), where it has one.
func TestThresholdsAgreeWithCatalog(t *testing.T) {
	for _, spec := range []string{"aws-standard", "aws-standard@1.47", "aws-adaptive@1.47", "aws-adaptive@1.48", "grpc", "grpc:max=4,ratio=1.6"} {
		s, err := budget.Resolve(spec, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 3, 5} {
			want, ok := budget.Threshold(s.Layer, n+1)
			if !ok {
				t.Fatalf("%s: the catalog has no threshold", spec)
			}
			got, ok := RuleFor(s, 0).Threshold(n)
			if !ok || !near(got, want, 1e-12) {
				t.Errorf("%s, %d retries: x* %v, catalog %v", spec, n, got, want)
			}
		}
	}
}
