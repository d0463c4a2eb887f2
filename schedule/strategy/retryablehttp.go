package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func retryableHTTP() Def {
	return Def{
		Name:    "retryablehttp",
		Group:   Library,
		Summary: "hashicorp/go-retryablehttp Client: DefaultBackoff min*2^i capped, or LinearJitterBackoff",
		Library: "go-retryablehttp",
		Version: "v0.7.8",
		Brief:   "Go HTTP client retries",
		Source: "github.com/hashicorp/go-retryablehttp v0.7.8, client.go: Do gives up after RetryMax retries (RetryMax+1 calls) " +
			"and passes Backoff the 0-based retry index i. DefaultBackoff: min*2^i (float64, truncated), max when above it " +
			"(a 429/503 Retry-After header is waited verbatim, past max: not modelled). LinearJitterBackoff: " +
			"(trunc(u*(max-min))+min)*(i+1), not capped, u the first Float64 of math/rand seeded with time.Now().Nanosecond() " +
			"on every call.",
		Example: `  backoffctl table retryablehttp
  backoffctl table retryablehttp --retry-max 8 -o csv
  backoffctl table retryablehttp --backoff linear-jitter --seed 0 --envelope`,
		Window: "10s",
		Params: []param.Spec{
			param.Retries("retry-max", 4, "RetryMax: retries after the first call"),
			param.Choice("backoff", "default", []string{"default", "linear-jitter"}, "Backoff: DefaultBackoff or LinearJitterBackoff"),
			param.Wait("retry-wait-min", time.Second, 0, param.MaxDuration, "RetryWaitMin"),
			param.Wait("retry-wait-max", 30*time.Second, 0, param.MaxDuration, "RetryWaitMax (linear-jitter: the step's upper bound, not a cap)"),
			param.JobDuration(),
		},
		Count:       "retry-max",
		CountOffset: 1,
		Stream:      draw.NanoClock,
		SeedDoc: "N is the clock's Nanosecond() when attempt 1 starts (N mod 1e9); each LinearJitterBackoff call reads " +
			"math/rand.New(math/rand.NewSource((N + elapsed ns) mod 1e9)).Float64(), as the real Client.Do in a " +
			"testing/synctest bubble (whose clock starts at nanosecond 0) with --seed 0; DefaultBackoff draws nothing",
		Config: retryableHTTPConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			r := presets.RetryableHTTP{Backoff: v.Text("backoff"), Min: param.Dur(v.Num("retry-wait-min")),
				Max: param.Dur(v.Num("retry-wait-max")), RetryMax: v.Int("retry-max")}
			return r.Strategy(paramsOf(v), v.Num("job-duration")), nil
		},
	}
}
