package strategy

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func goRetry() Def {
	return Def{
		Name:    "go-retry",
		Group:   Library,
		Summary: "sethvargo/go-retry: constant, exponential or Fibonacci backoff with its middlewares",
		Library: "go-retry",
		Version: "v0.5.0",
		Brief:   "Go backoffs, middlewares",
		Source: "github.com/sethvargo/go-retry v0.5.0, backoff.go and backoff_{constant,exponential,fibonacci}.go: " +
			"Next #n of NewExponential(b) is b<<(n-1), of NewFibonacci(b) b, 2b, 3b, 5b, ..., both saturating at MaxInt64; " +
			"--with lists the middlewares outermost first, as the Go code reads (max-retries=15,jitter-percent=10 is " +
			"WithMaxRetries(15, WithJitterPercent(10, b))). WithJitter(j) adds [-j, j-1] ns, WithJitterPercent(p) scales " +
			"by 1-top/100 for top in [-p, p-1] (float, truncated), WithFullJitter draws [0, v-1], WithMaxRetries(n) is n " +
			"retries (n+1 calls), WithMaxDuration's clock starts when the backoff is built and cuts the last wait to the deadline.",
		Example: `  backoffctl table go-retry --backoff fibonacci --with max-retries=8
  backoffctl table go-retry --with 'max-retries=15,jitter-percent=10,capped-duration=30s' --envelope
  backoffctl table go-retry --with 'max-duration=10s,capped-duration=4s' --backoff fibonacci`,
		Window: "1m",
		Params: []param.Spec{
			param.Attempts(10, "rows to print when no max-retries or max-duration ends the schedule first"),
			param.Choice("backoff", "exponential", []string{"constant", "exponential", "fibonacci"}, "the base backoff: NewConstant, NewExponential or NewFibonacci"),
			param.Wait("base", time.Second, time.Nanosecond, param.MaxDuration, "its argument (t or base); the library panics at 0"),
			middlewares(),
			param.JobDuration(),
		},
		Count:  "attempts",
		Stream: draw.Unseedable,
		SeedDoc: "not the library's stream: go-retry draws from the global math/rand/v2, which no program can seed; " +
			"this is one schedule from the tool's own stream",
		Config: goRetryConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			ms, _ := presets.ParseMiddlewares(v.Text("with"))
			g := presets.GoRetry{Backoff: v.Text("backoff"), Base: param.Dur(v.Num("base")), With: ms, Limit: v.Int("attempts")}
			if g.Ends() && !v.Changed("attempts") {
				g.Limit = schedule.MaxAttempts
			}
			return g.Strategy(paramsOf(v), v.Num("job-duration")), nil
		},
	}
}

// middlewares is --with: go-retry's middlewares, outermost first.
func middlewares() param.Spec {
	return param.Spec{
		Name: "with", Kind: param.Custom, TypeName: "list",
		Doc:     "middlewares, outermost first as the Go code reads: max-retries=N, jitter=D, jitter-percent=P, full-jitter, capped-duration=D, max-duration=D",
		Default: param.Word(""),
		Parse: func(text string) (param.Value, error) {
			ms, err := presets.ParseMiddlewares(text)
			if err != nil {
				return param.Value{}, err
			}
			return param.Word(presets.ShowMiddlewares(ms)), nil
		},
		Show: func(v param.Value) string { return v.Text },
	}
}
