package budget

import (
	"math"
	"strings"
	"testing"
)

func traceSpec(t *testing.T, spec string, throttle bool, script string, maxAttempts int) []TraceRow {
	t.Helper()
	layer, err := Parse(spec, throttle)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	return Trace(layer, s, TraceOptions{Requests: len(s), MaxAttempts: maxAttempts, Times: Every(1)})
}

// TestSpecVectors are SPEC Part 4's budget trace vectors. aws-standard: aws-sdk-go-v2 v1.48.0
// retry2026_test.go "retry eventually succeeds" (500 → 486 → 472 → 486), and the legacy v1.47.7
// rules by hand (cost 5, refund 5 plus increment 1). grpc: gRPC C-core's
// test/core/client_channel/retry_throttle_test.cc, ServerRetryThrottleData.Basic: max 4 (4000
// milli-tokens), ratio 1.6; each RecordFailure's EXPECT_TRUE/EXPECT_FALSE is a retry or a refusal
// here, and the token counts are its comments (grpc-go's float64 carries ~1e-16 more).
func TestSpecVectors(t *testing.T) {
	cases := []struct {
		spec, script string
		levels       []float64
		decisions    string
	}{
		{"aws-standard", "FFS", []float64{486, 472, 486}, "retry retry done"},
		{"aws-standard@1.48", "FFS", []float64{486, 472, 486}, "retry retry done"},
		{"aws-standard@1.47", "FFS", []float64{495, 490, 496}, "retry retry done"},
		{"aws-adaptive@1.48", "FFS", []float64{486, 472, 486}, "retry retry done"},
		{"aws-adaptive@1.47", "FFS", []float64{495, 490, 495}, "retry retry done"},
		{"grpc:max=4,ratio=1.6", "FS,FF,F,F,F,S,S,FF,S,F,S,F",
			[]float64{3, 4, 3, 2, 1, 0, 0, 1.6, 3.2, 2.2, 1.2, 2.8, 1.8, 3.4, 2.4, 1.4},
			"retry done retry refused refused refused refused done done retry refused done refused done retry refused"},
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			rows := traceSpec(t, c.spec, false, c.script, 3)
			var decisions []string
			for i, r := range rows {
				decisions = append(decisions, string(r.Decision))
				if i < len(c.levels) && math.Abs(r.Level-c.levels[i]) > 1e-9 {
					t.Errorf("attempt %d: level %v, want %v", i+1, r.Level, c.levels[i])
				}
			}
			if len(rows) != len(c.levels) || strings.Join(decisions, " ") != c.decisions {
				t.Errorf("decisions %q, want %q", strings.Join(decisions, " "), c.decisions)
			}
		})
	}
}

// TestAWSRules checks each rule on its own, by hand from the SDK's code.
func TestAWSRules(t *testing.T) {
	cases := []struct {
		name, spec, script string
		maxAttempts        int
		levels             []float64
		decisions          string
	}{
		// 1.48: a throttling error costs 5, a timeout 14 like any transient error
		{"1.48 throttle", "aws-standard", "HS", 3, []float64{495, 500}, "retry done"},
		{"1.48 timeout", "aws-standard", "TS", 3, []float64{486, 500}, "retry done"},
		// 1.47: a timeout costs 10, a throttling error 5 (RetryCost)
		{"1.47 timeout", "aws-standard@1.47", "TS", 3, []float64{490, 500}, "retry done"},
		{"1.47 throttle", "aws-standard@1.47", "HS", 3, []float64{495, 500}, "retry done"},
		// the max-attempts check comes before the quota: the last failure takes nothing
		{"last attempt free", "aws-standard", "F", 3, []float64{486, 472, 472}, "retry retry max-attempts"},
		// a failed retry loses its cost; the first-try success after it adds 1
		{"lost cost", "aws-standard:tokens=30", "FF,S", 2, []float64{16, 16, 17}, "retry max-attempts done"},
		// refused when the cost is larger than what remains (cost > tokens), equal is granted
		{"refusal", "aws-standard:tokens=28", "FFF,F", 3, []float64{14, 0, 0, 0}, "retry retry max-attempts refused"},
		{"custom costs", "aws-standard:cost=100,throttle-cost=50,increment=7", "FH,S", 3, []float64{400, 350, 350, 357}, "retry retry max-attempts done"},
		{"custom 1.47", "aws-standard@1.47:timeout-cost=200,increment=0", "TS", 3, []float64{300, 500}, "retry done"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := traceSpec(t, c.spec, false, c.script, c.maxAttempts)
			var levels []float64
			var decisions []string
			for _, r := range rows {
				levels = append(levels, r.Level)
				decisions = append(decisions, string(r.Decision))
			}
			if strings.Join(decisions, " ") != c.decisions || len(levels) != len(c.levels) {
				t.Fatalf("decisions %q levels %v, want %q %v", strings.Join(decisions, " "), levels, c.decisions, c.levels)
			}
			for i := range levels {
				if levels[i] != c.levels[i] {
					t.Fatalf("levels %v, want %v", levels, c.levels)
				}
			}
		})
	}
}

// TestBurst: retries granted from a full state under total failure, by hand: 500 tokens at 14
// a retry give 35 (10 left); at 5, 100; gRPC max 10: 9, 8 granted, 7 at the last attempt, 6
// granted, 5 refused (5 <= 10/2): 3.
func TestBurst(t *testing.T) {
	cases := []struct {
		spec        string
		throttle    bool
		maxAttempts int
		want        int
		capped      bool
	}{
		{"aws-standard", false, 3, 35, false},
		{"aws-standard@1.47", false, 3, 100, false},
		{"aws-adaptive", false, 3, 35, false},
		{"aws-adaptive@1.47", false, 3, 100, false},
		{"aws-standard", false, 1, 0, false},
		{"aws-standard:cost=0", false, 3, BurstCap / 3 * 2, true},
		{"grpc", false, 3, 3, false},
		{"grpc:max=4,ratio=1.6", false, 3, 1, false},
		{"grpc:max=1000", false, 2, 250, false}, // each request takes 2: granted while 1000 − (2k−1) > 500
		{"aws-cubic", true, 3, BurstCap / 3 * 2, true},
	}
	for _, c := range cases {
		layer, err := Parse(c.spec, c.throttle)
		if err != nil {
			t.Fatal(err)
		}
		got, capped := Burst(layer, c.maxAttempts)
		if got != c.want || capped != c.capped {
			t.Errorf("Burst(%s, %d) = %d %v, want %d %v", c.spec, c.maxAttempts, got, capped, c.want, c.capped)
		}
	}
}

func TestParseSpecs(t *testing.T) {
	good := map[string]string{
		"aws-standard":                 "aws-standard@1.48:tokens=500,cost=14,throttle-cost=5,increment=1",
		"aws-standard@1.47":            "aws-standard@1.47:tokens=500,cost=5,timeout-cost=10,increment=1",
		"aws-adaptive@1.47:tokens=100": "aws-adaptive@1.47:tokens=100,cost=5,timeout-cost=10,increment=1",
		"aws-adaptive:throttle-cost=0": "aws-adaptive@1.48:tokens=500,cost=14,throttle-cost=0,increment=1",
		"grpc":                         "grpc:max=10,ratio=0.1",
		"grpc:max=4,ratio=1.6":         "grpc:max=4,ratio=1.6",
		"grpc:ratio=0.125,max=1000":    "grpc:max=1000,ratio=0.125",
	}
	for spec, want := range good {
		l, err := Parse(spec, false)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if l.Spec() != want {
			t.Errorf("%s: Spec() = %s, want %s", spec, l.Spec(), want)
		}
		if l.Source() == "" {
			t.Errorf("%s: no source", spec)
		}
	}
	if l, err := Parse("aws-cubic", true); err != nil || l.Spec() != "aws-cubic" {
		t.Errorf("aws-cubic: %v", err)
	}
	bad := map[string]string{
		"aws-standrd":                       `did you mean "aws-standard"`,
		"aws-standard@1.46":                 "1.48, 1.47",
		"aws-standard@1.47:throttle-cost=3": "throttle-cost is a key of aws-standard@1.48",
		"aws-standard:timeout-cost=3":       "timeout-cost is a key of aws-standard@1.47",
		"aws-standard:tokens=-1":            "[0, 1000000000]",
		"aws-standard:cost=x":               "[0, 1000000000]",
		"aws-standard:bogus=1":              "key",
		"grpc:max=0":                        "max must be in (0, 1000], got 0",
		"grpc:max=1001":                     "max must be in (0, 1000], got 1001",
		"grpc:ratio=0":                      "ratio must be in (0, 1000] with at most 3 decimals, got 0",
		"grpc:ratio=0.0001":                 "at most 3 decimals",
		"aws-cubic":                         "unknown budget",
		"grpc:max=ten":                      `max must be a number in (0, 1000], got "ten"`,
	}
	for spec, want := range bad {
		_, err := Parse(spec, false)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line containing %q", spec, err, want)
		}
	}
	if _, err := Parse("aws-standard", true); err == nil {
		t.Error("aws-standard is no throttle")
	}
}

func TestParseScript(t *testing.T) {
	good := map[string]int{"FFS": 1, "FFS,S": 2, "3*F,S": 4, " S , F ": 2, "HTFS": 1}
	for s, n := range good {
		got, err := ParseScript(s)
		if err != nil || len(got) != n {
			t.Errorf("%q: %d requests, %v; want %d", s, len(got), err, n)
		}
	}
	bad := map[string]string{
		"":            "--script is empty",
		"  ":          "--script is empty",
		"FFS,":        "the request is empty",
		"FX":          `'X' is not an outcome`,
		"fs":          `'f' is not an outcome`,
		"SF":          "nothing may follow S",
		"0*S":         "[1, 100000]",
		"x*S":         "[1, 100000]",
		"100001*S":    "[1, 100000]",
		"99999*S,2*F": "more than 100000 requests",
	}
	for s, want := range bad {
		_, err := ParseScript(s)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "S (success), F (failure), T (timeout), H (throttling)") && want != "more than 100000 requests" {
			t.Errorf("%q: error %v, want %q and the accepted letters", s, err, want)
		}
	}
}
