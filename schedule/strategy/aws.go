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
		Summary: "aws-sdk-go-v2 standard retryer: u*2^k s, MaxBackoff from call 5 on",
		Library: "aws-sdk-go-v2",
		Version: "v1.47.7",
		Brief:   "Go standard retryer",
		Source: "github.com/aws/aws-sdk-go-v2 v1.47.7, aws/retry/jitter_backoff.go (backoffDelayLegacy, backoffDelay2026) and " +
			"aws/retry/middleware.go: the wait after call k is u*2^k s truncated to the ns, and MaxBackoff itself, unjittered and " +
			"without a draw, once k > int(log2(MaxBackoff/1s)) (k >= 5 for 20s); MaxAttempts 3 counts calls, so the default is " +
			"3 calls and 2 waits. With AWS_NEW_RETRIES_2026=true (--retries-2026, since v1.42.0) the index is k-1 and the wait is " +
			"u*min(x*2^(k-1), MaxBackoff), x = BaseDelay (50ms) or 1s for throttling errors: capped before the jitter, one draw " +
			"every wait. u = crypto/rand.Int(reader, 2^53)/2^53.",
		Example: `  backoffctl table aws
  backoffctl table aws --max-attempts 8 --envelope
  backoffctl table aws --retries-2026 --throttle --max-attempts 8 --seed 1`,
		Window: "2s",
		Params: []param.Spec{
			param.Count("max-attempts", 3, 1, "MaxAttempts: calls in all, the first included"),
			param.Wait("max-backoff", 20*time.Second, 0, param.MaxDuration, "MaxBackoff: the longest wait"),
			param.Switch("retries-2026", "the AWS_NEW_RETRIES_2026=true formula: u*min(x*2^(k-1), MaxBackoff)"),
			param.Wait("base-delay", 50*time.Millisecond, 0, param.MaxDuration, "BaseDelay x of the 2026 formula (0: 50ms)"),
			param.Switch("throttle", "the error is a throttling error: x = 1s under the 2026 formula"),
			param.JobDuration(),
		},
		Count:  "max-attempts",
		Stream: draw.CryptoTest,
		SeedDoc: "crypto/rand in a Go test after testing/cryptotest.SetGlobalRandom(t, N): ChaCha8 keyed with N, " +
			"7 bytes per jittered wait; the table equals the SDK's RetryDelay calls in that test",
		New: func(v *param.Values) (schedule.Strategy, error) {
			on := v.On("retries-2026")
			if !on && (v.Changed("base-delay") || v.On("throttle")) {
				return nil, param.BadInput("--base-delay and --throttle apply with --retries-2026 (the legacy formula has neither)")
			}
			a := presets.AWS{
				MaxAttempts: v.Int("max-attempts"), MaxBackoff: param.Dur(v.Num("max-backoff")),
				Retries2026: on, BaseDelay: param.Dur(v.Num("base-delay")), Throttle: v.On("throttle"),
			}
			return a.Strategy(paramsOf(v), v.Num("job-duration")), nil
		},
	}
}
