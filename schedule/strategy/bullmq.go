package strategy

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func bullmq() Def {
	return Def{
		Name:    "bullmq",
		Group:   Library,
		Summary: "BullMQ job backoff: fixed or exponential 2^(k-1)*delay, jitter lowers it",
		Library: "BullMQ",
		Version: "6.7.0",
		Brief:   "Node.js queue job backoff",
		Source: "bullmq 6.7.0, src/classes/backoffs.ts builtinStrategies, called by Job.shouldRetryJob with attemptsMade+1 " +
			"while attemptsMade+1 < attempts: fixed = delay; exponential = Math.round(2^(attemptsMade) * delay) for the " +
			"attempt that just failed; with jitter j > 0 the delay m becomes Math.floor(Math.random()*m*j + m*(1-j)), whole ms, " +
			"so jitter only lowers it (fixed keeps a fractional delay when j = 0). attempts counts calls; BullMQ's default " +
			"attempts 0 makes no retry (the defaults here are its guide's example: attempts 3, exponential, 1000 ms).",
		Example: `  backoffctl table bullmq
  backoffctl table bullmq --attempts 8 --delay 500ms --jitter 0.5 --envelope
  backoffctl table bullmq --type fixed --delay 5s --jitter 0.2 --attempts 5 --percentiles 50,99`,
		Window: "1h",
		Params: []param.Spec{
			param.Count("attempts", 3, 1, "attempts: calls in all, including the first (BullMQ's own default 0 means no retry)"),
			param.Choice("type", "exponential", []string{"fixed", "exponential"}, "backoff.type: fixed = delay, exponential = 2^(k-1)*delay after attempt k"),
			param.Wait("delay", time.Second, 0, param.MaxDuration, "backoff.delay (BullMQ takes milliseconds)"),
			{Name: "jitter", Kind: param.Float, Doc: "backoff.jitter: the delay m becomes floor(u*m*jitter + m*(1-jitter)) ms", Default: param.Number(0), Min: 0, Max: 1},
			param.JobDuration(),
		},
		Count:  "attempts",
		Stream: draw.V8,
		SeedDoc: "Math.random() of node --random_seed=N (V8's xorshift128+, N wrapped to 32 bits; 0 is unseeded to V8), one draw " +
			"per retry with jitter: the table equals a worker process whose first Math.random() calls are BullMQ's",
		New: func(v *param.Values) (schedule.Strategy, error) {
			return presets.NewBullMQ(presets.BullMQ{
				Attempts: v.Int("attempts"), Type: v.Text("type"), Jitter: v.Num("jitter"), JobDuration: v.Num("job-duration"),
				// BullMQ's delay is a number of ms: the duration's whole nanoseconds over 10^6.
				Delay:  math.Round(v.Num("delay")*1e9) / 1e6,
				Params: paramsOf(v),
			}), nil
		},
		Config: bullmqConfig,
	}
}

// bullmqConfig is the job options object for values v, delay in milliseconds; jitter is left
// out while 0 (its default).
func bullmqConfig(v *param.Values) []string {
	backoff := "type: '" + v.Text("type") + "', delay: " + jsNum(math.Round(v.Num("delay")*1e9)/1e6)
	if j := v.Num("jitter"); j > 0 {
		backoff += ", jitter: " + jsNum(j)
	}
	return append([]string{fmt.Sprintf("{ attempts: %d, backoff: { %s } }", v.Int("attempts"), backoff)}, toolOnly("//", "BullMQ", v)...)
}

// jsNum is a number as JavaScript prints it: 1000, 0.5, 1.5e-7 (exponents below 1e-6 and from
// 1e21).
func jsNum(x float64) string {
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strings.Replace(strconv.FormatFloat(x, 'e', -1, 64), "e-0", "e-", 1)
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
