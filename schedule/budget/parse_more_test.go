package budget

import (
	"strings"
	"testing"
)

// Every rule of this set parses at its defaults to the canonical spelling, and that spelling
// parses back to itself.
func TestCanonicalSpecs(t *testing.T) {
	for _, c := range []struct {
		in       string
		throttle bool
		want     string
	}{
		{"envoy", false, "envoy:20%,min=3"},
		{"envoy:0.25", false, "envoy:25%,min=3"},
		{"ratio:10%", false, "ratio:10%,ttl=10s,min=0/s"},
		{"finagle", false, "finagle:20%,ttl=10s,min=10/s"},
		{"tower", false, "tower:20%,ttl=10s,min=10/s"},
		{"tower:0.3,min=600/m", false, "tower:30%,ttl=10s,min=10/s"},
		{"dotnet", false, "dotnet:ratio=10%,window=10s,min-throughput=10"},
		{"bucket", false, "bucket:fill=0.1,cap=5,cost=1,need-more-than=1"},
		{"breaker", false, "breaker:ratio=10%"},
		{"gax-breaker", false, "gax-breaker:tokens=100,min=50,cost=10"},
		{"sre", true, "sre:k=2,window=2m0s,min=0,protection=0"},
		{"kratos", true, "kratos:success=0.6,request=100,window=3s,bucket=10"},
		{"go-zero", true, "go-zero"},
		{"gax-adaptive", true, "gax-adaptive:k=2"},
	} {
		l := mustParse(t, c.in, c.throttle)
		if l.Spec() != c.want {
			t.Errorf("%s: spec %q, want %q", c.in, l.Spec(), c.want)
		}
		if again := mustParse(t, l.Spec(), c.throttle); again.Spec() != l.Spec() {
			t.Errorf("%s does not parse back to itself: %q", l.Spec(), again.Spec())
		}
		if l.Source() == "" {
			t.Errorf("%s has no source", c.in)
		}
	}
}

// Bad input is one line naming the range (or the accepted words).
func TestParseErrorsMore(t *testing.T) {
	for _, c := range []struct {
		in       string
		throttle bool
		want     string
	}{
		{"envoy:120%", false, "[0%, 100%]"},
		{"envoy:min=-1", false, "[0, 4294967295]"},
		{"envoy:20", false, "[0%, 100%]"},
		{"ratio:10%,ttl=61s", false, "[1s, 1m0s]"},
		{"ratio:10%,ttl=500ms", false, "[1s, 1m0s]"},
		{"ratio:-5%", false, "percentage"},
		{"finagle:min=2.5/s", false, "whole rate"},
		{"tower:2000", false, "[0%, 100000%]"},
		{"tower:min=5/fortnight", false, "rate like 10/s"},
		{"dotnet:ratio=1.5", false, "[0%, 100%]"},
		{"dotnet:min-throughput=0", false, "[1, 2147483647]"},
		{"dotnet:window=2d", false, "[1s, 1d]"},
		{"bucket:cap=-1", false, "[0, 1e+09]"},
		{"gax-breaker:cost=x", false, "integer"},
		{"bucket:cost=2", false, "must not exceed need-more-than"},
		{"kratos:bucket=0", true, "[1, 10000]"},
		{"go-zero:k=1", true, "key"},
		{"sre", false, "unknown budget"},
		{"envoy", true, "unknown throttle"},
		{"finagle@2", false, "no versions"},
	} {
		_, err := Parse(c.in, c.throttle)
		if err == nil {
			t.Errorf("%s: no error", c.in)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q, want one line containing %q", c.in, msg, c.want)
		}
	}
}
