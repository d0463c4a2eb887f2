package strategy

import (
	"errors"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// The SDK version picks the formula. At u = 1 (as the SDK's own tests fix it) v1.48.0, whose
// NewStandard always builds the 2026 formula (aws/retry/standard.go, retry2026_test.go
// TestRetry2026StandardMode: 50ms then 100ms for the default), waits x*2^(k-1) with x = 50ms;
// v1.47.7 without AWS_NEW_RETRIES_2026 waits u*2^k s (backoffDelayLegacy): 2 s then 4 s.
func TestAWSVersions(t *testing.T) {
	for _, c := range []struct {
		args string
		want []float64
	}{
		{"", []float64{0.05, 0.1}},
		{"--sdk-version 1.48.0", []float64{0.05, 0.1}},
		{"--sdk-version 1.47.7", []float64{2, 4}},
		{"--sdk-version 1.47.7 --retries-2026 true", []float64{0.05, 0.1}}, // the variable set on v1.47.7
		{"--retries-2026 true", []float64{0.05, 0.1}},
		{"--retries-2026 false", []float64{2, 4}},
		{"--throttle true", []float64{1, 2}},
	} {
		rows := build(t, "aws", c.args).Fill(draw.Fixed(1), nil)
		if len(rows) != 3 || rows[0].Wait != c.want[0] || rows[1].Wait != c.want[1] {
			t.Errorf("aws %s: waits %v, %v, want %v", c.args, rows[0].Wait, rows[1].Wait, c.want)
		}
	}
}

// The old switch resolves to a version in the printed parameters, and is not printed itself;
// v1.48.0 has no variable to unset, and the legacy formula has no base delay.
func TestAWSVersionParams(t *testing.T) {
	for args, want := range map[string]string{"--retries-2026 true": "1.48.0", "--retries-2026 false": "1.47.7", "": "1.48.0"} {
		var got string
		for _, p := range build(t, "aws", args).Params() {
			if p.Name == "retries_2026" {
				t.Errorf("aws %s: prints the deprecated retries_2026", args)
			}
			if p.Name == "sdk_version" {
				got, _ = p.Value.(string)
			}
		}
		if got != want {
			t.Errorf("aws %s: sdk_version %q, want %q", args, got, want)
		}
	}
	def, _ := Find("aws")
	for _, set := range [][2][2]string{
		{{"sdk-version", "1.48.0"}, {"retries-2026", "false"}},
		{{"sdk-version", "1.47.7"}, {"throttle", "true"}},
		{{"sdk-version", "1.47.7"}, {"base-delay", "25ms"}},
	} {
		v := def.Defaults()
		for _, kv := range set {
			if err := v.SetText(kv[0], kv[1]); err != nil {
				t.Fatal(err)
			}
		}
		var in *param.InputError
		if _, err := def.Build(v); !errors.As(err, &in) {
			t.Errorf("aws %v: err %v, want bad input", set, err)
		}
	}
	if _, err := def.Defaults().Spec("sdk-version"); !err {
		t.Fatal("no --sdk-version")
	}
	if err := def.Defaults().SetText("sdk-version", "1.47"); err == nil {
		t.Error("--sdk-version 1.47 accepted")
	}
}
