package strategy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// maxCelerySeconds bounds Celery's factor and maximum: param.MaxDuration in whole seconds.
var maxCelerySeconds = int64(param.MaxDuration.Seconds())

func celery() Def {
	return Def{
		Name:    "celery",
		Group:   Library,
		Summary: "Celery 5.2.6 autoretry_for: retry_backoff, retry_backoff_max, retry_jitter, max_retries",
		Library: "Celery",
		Version: "5.2.6",
		Brief:   "Python task autoretry",
		Source: "Celery 5.2.6 (Debian python3-celery 5.2.6-5), celery/app/autoretry.py, celery/utils/time.py " +
			"get_exponential_backoff_interval, celery/app/task.py Task.retry: retry_backoff and retry_backoff_max go through int() " +
			"(True = 1, 0.5 = 0: backoff off), then countdown = min(retry_backoff_max, retry_backoff * 2**retries), with " +
			"retry_jitter randrange(countdown + 1) (whole seconds, 0 included); off, every retry waits default_retry_delay " +
			"(180 s). The countdown and its draw come before Task.retry checks max_retries, so the last failure draws one it " +
			"never uses. max_retries 3 = 4 calls.",
		Example: `  backoffctl table celery
  backoffctl table celery --retry-backoff true --seed 1
  backoffctl table celery --retry-backoff 3 --retry-backoff-max 60 --max-retries 10 --envelope`,
		Window: "10m",
		Params: []param.Spec{
			celeryBackoff(),
			celeryWholeSeconds("retry-backoff-max", 600, "retry_backoff_max: the largest countdown, int() of it"),
			param.Choice("retry-jitter", "true", []string{"true", "false"}, "retry_jitter: full jitter randrange(countdown + 1)"),
			param.Retries("max-retries", 3, "max_retries: retries after the first call (calls = max_retries + 1)"),
			pySeconds("default-retry-delay", 180, param.MaxDuration.Seconds(), "default_retry_delay: the wait when retry_backoff is off"),
			param.JobDuration(),
		},
		Count:       "max-retries",
		CountOffset: 1,
		Stream:      draw.Python,
		SeedDoc: "CPython random.seed(N), then one random.randrange(countdown + 1) per failure, the last one's too: the table " +
			"equals a Celery worker's run after random.seed(N)",
		New: func(v *param.Values) (schedule.Strategy, error) {
			b := v.Get("retry-backoff")
			return presets.Celery{
				Backoff: int64(b.Num), BackoffText: b.Text, BackoffMax: int64(v.Num("retry-backoff-max")),
				Jitter: v.Text("retry-jitter") == "true", MaxRetries: v.Int("max-retries"),
				DefaultDelay: v.Num("default-retry-delay"), JobDuration: v.Num("job-duration"),
				Parameters: append([]schedule.Param{{Name: "retry_backoff", Value: int64(b.Num)}},
					paramsIn(v, "retry-backoff-max", "retry-jitter", "max-retries", "default-retry-delay", "job-duration")...),
			}, nil
		},
		Config: celeryConfig,
	}
}

// celeryConfig is the task decorator's options for values v. default_retry_delay is printed
// only while retry_backoff is off, the only case that uses it.
func celeryConfig(v *param.Values) []string {
	b := v.Get("retry-backoff")
	backoff := "False"
	switch b.Text {
	case "true":
		backoff = "True"
	case "false":
	default:
		x, _ := strconv.ParseFloat(b.Text, 64)
		backoff = pyNum(x)
	}
	jitter := "False"
	if v.Text("retry-jitter") == "true" {
		jitter = "True"
	}
	items := []string{
		"autoretry_for=(Exception,)",
		"retry_backoff=" + backoff,
		"retry_backoff_max=" + pyNum(v.Num("retry-backoff-max")),
		"retry_jitter=" + jitter,
		fmt.Sprintf("max_retries=%d", v.Int("max-retries")),
	}
	if b.Num == 0 {
		items = append(items, "default_retry_delay="+pyNum(v.Num("default-retry-delay")))
	}
	return append(pack("@app.task(", items, ")"), toolOnly("#", "Celery", v)...)
}

// celeryBackoff is retry_backoff: true, false or a number, kept with its text and int() of it.
func celeryBackoff() param.Spec {
	return param.Spec{
		Name: "retry-backoff", Kind: param.Custom,
		Doc:     "retry_backoff: true (= 1), false, or a factor in seconds; int() of it is used, so 0.5 is off",
		Default: param.Value{Num: 0, Text: "false"},
		Parse: func(text string) (param.Value, error) {
			t := strings.ToLower(strings.TrimSpace(text))
			switch t {
			case "true":
				return param.Value{Num: 1, Text: "true"}, nil
			case "false":
				return param.Value{Num: 0, Text: "false"}, nil
			}
			x, err := strconv.ParseFloat(t, 64)
			if err != nil || math.IsNaN(x) || x < 0 || x >= float64(maxCelerySeconds)+1 || strings.ContainsAny(t, "xXpP_") {
				return param.Value{}, fmt.Errorf("must be true, false or a number in [0, %d], got %q", maxCelerySeconds, text)
			}
			return param.Value{Num: math.Trunc(x), Text: strings.TrimSpace(text)}, nil
		},
		Show:     func(v param.Value) string { return v.Text },
		TypeName: "factor",
	}
}

// celeryWholeSeconds is seconds passed through Python's int(): a plain number or a duration,
// truncated to whole seconds.
func celeryWholeSeconds(name string, def float64, doc string) param.Spec {
	s := pySeconds(name, def, float64(maxCelerySeconds), doc)
	parse := s.Parse
	s.Parse = func(text string) (param.Value, error) {
		v, err := parse(text)
		return param.Number(math.Trunc(v.Num)), err
	}
	return s
}
