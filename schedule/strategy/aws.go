package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func aws() Def {
	return Def{
		Name:    "aws",
		Group:   Library,
		Summary: "aws-sdk-go-v2 standard retryer: u*min(50ms*2^(k-1), MaxBackoff) (v1.48.0), or v1.47.7's u*2^k s",
		Library: "aws-sdk-go-v2",
		Version: "v1.48.0",
		Brief:   "Go standard retryer",
		Source: "github.com/aws/aws-sdk-go-v2 v1.48.0 and v1.47.7, aws/retry/jitter_backoff.go (backoffDelay2026, " +
			"backoffDelayLegacy), aws/retry/standard.go (NewStandard) and aws/retry/middleware.go. v1.48.0 (the default) " +
			"always builds the 2026 formula and removed AWS_NEW_RETRIES_2026: the wait after call k is u*min(x*2^(k-1), " +
			"MaxBackoff), x = BaseDelay (50ms) or 1s for throttling errors (v1.48.0 also counts an unmodeled HTTP 429 as " +
			"one), capped before the jitter, one draw every wait. v1.47.7 (--sdk-version 1.47.7) uses the legacy formula: " +
			"u*2^k s truncated to the ns, and MaxBackoff itself, unjittered and without a draw, once k > " +
			"int(log2(MaxBackoff/1s)) (k >= 5 for 20s); at v1.48.0 the same formula is what Backoff = " +
			"retry.NewExponentialJitterBackoff(MaxBackoff) gives. MaxAttempts 3 counts calls at both, so the default is 3 " +
			"calls and 2 waits. u = crypto/rand.Int(reader, 2^53)/2^53.",
		Example: `  backoffctl table aws
  backoffctl table aws --throttle --max-attempts 8 --seed 1
  backoffctl table aws --sdk-version 1.47.7 --max-attempts 8 --envelope`,
		Window: "2s",
		Params: []param.Spec{
			param.Count("max-attempts", 3, 1, "MaxAttempts: calls in all, the first included"),
			param.Wait("max-backoff", 20*time.Second, 0, param.MaxDuration, "MaxBackoff: the longest wait"),
			param.Choice("sdk-version", awsLatest, []string{awsLatest, awsLegacy},
				"aws-sdk-go-v2 version: 1.48.0 the 2026 formula, 1.47.7 the legacy one"),
			param.Wait("base-delay", 50*time.Millisecond, 0, param.MaxDuration, "BaseDelay x of the 2026 formula (0: 50ms)"),
			param.Switch("throttle", "the error is a throttling error: x = 1s under the 2026 formula"),
			param.JobDuration(),
			retries2026(),
		},
		Count:  "max-attempts",
		Stream: draw.CryptoTest,
		SeedDoc: "crypto/rand in a Go test after testing/cryptotest.SetGlobalRandom(t, N): ChaCha8 keyed with N, " +
			"7 bytes per jittered wait; the table equals the SDK's RetryDelay calls in that test",
		Config: awsConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			version, on, err := awsVersion(v)
			if err != nil {
				return nil, err
			}
			if !on && (v.Changed("base-delay") || v.On("throttle")) {
				return nil, param.BadInput("--base-delay and --throttle apply with --sdk-version 1.48.0 (the legacy formula of 1.47.7 has neither)")
			}
			if version != v.Text("sdk-version") {
				v = v.Clone()
				if err := v.Set("sdk-version", param.Word(version)); err != nil {
					return nil, err
				}
			}
			a := presets.AWS{
				MaxAttempts: v.Int("max-attempts"), MaxBackoff: param.Dur(v.Num("max-backoff")),
				Retries2026: on, Version: version, BaseDelay: param.Dur(v.Num("base-delay")), Throttle: v.On("throttle"),
			}
			return a.Strategy(paramsOf(v), v.Num("job-duration")), nil
		},
	}
}

const (
	awsLatest = "1.48.0" // the 2026 formula, the only one NewStandard builds
	awsLegacy = "1.47.7" // the legacy formula, the 2026 one with AWS_NEW_RETRIES_2026=true
)

// retries2026 is the old switch for AWS_NEW_RETRIES_2026=true, from before --sdk-version: kept so
// existing command lines and policy files work, hidden, with a deprecation line.
func retries2026() param.Spec {
	s := param.Switch("retries-2026", "the AWS_NEW_RETRIES_2026=true formula (deprecated: --sdk-version)")
	s.Deprecated = func(v param.Value) string {
		if v.Text != "true" {
			return "--sdk-version " + awsLegacy
		}
		return "--sdk-version " + awsLatest
	}
	return s
}

// awsVersion resolves --sdk-version and the deprecated --retries-2026 into the version and whether
// its formula is the 2026 one. --retries-2026 alone picks 1.48.0 (same waits as 1.47.7 with the
// variable); --retries-2026=false alone picks 1.47.7; with --sdk-version 1.47.7, --retries-2026 is
// the variable set; v1.48.0 has no variable to unset.
func awsVersion(v *param.Values) (version string, on bool, err error) {
	version = v.Text("sdk-version")
	if !v.Changed("retries-2026") {
		return version, version == awsLatest, nil
	}
	old := v.On("retries-2026")
	switch {
	case !v.Changed("sdk-version") && old:
		return awsLatest, true, nil
	case !v.Changed("sdk-version"):
		return awsLegacy, false, nil
	case version == awsLatest && !old:
		return "", false, param.BadInput("--retries-2026=false needs --sdk-version 1.47.7: v1.48.0 removed AWS_NEW_RETRIES_2026 and always uses the 2026 formula")
	}
	return version, old || version == awsLatest, nil
}
