package amplify

import (
	"math"
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

// TestThresholdOfSpecs: x* through RuleFor for the catalog's specs, against gRPC's R/(1+R) and
// the roots of the AWS drifts computed apart by bisection in Python: (1−x) − 14(x²+x³) and
// (1−x³) − 5(x²+x³) for 3 attempts.
func TestThresholdOfSpecs(t *testing.T) {
	cases := []struct {
		spec    string
		retries int
		want    float64
		ok      bool
	}{
		{"grpc", 2, 0.1 / 1.1, true},
		{"grpc:max=4,ratio=1.6", 4, 1.6 / 2.6, true},
		{"aws-standard", 2, 0.21485630389110388, true},
		{"aws-adaptive@1.48", 2, 0.21485630389110388, true},
		{"aws-standard@1.47", 2, 0.3718722766016547, true},
		{"aws-adaptive@1.47", 2, 0, true},
		{"aws-standard:increment=0", 2, 0, true},
		{"aws-standard", 0, 0, false},
		{"aws-standard:cost=0", 2, 0, false},
	}
	for _, c := range cases {
		s, err := budget.Resolve(c.spec, false)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := RuleFor(s, 0).Threshold(c.retries)
		if ok != c.ok || (ok && math.Abs(got-c.want) > 1e-15) {
			t.Errorf("%s, %d retries: x* %v %v, want %v %v", c.spec, c.retries, got, ok, c.want, c.ok)
		}
	}
}
