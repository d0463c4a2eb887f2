package strategy

import (
	"fmt"
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func googleAPICore() Def {
	maxS := param.MaxDuration.Seconds()
	return Def{
		Name:    "google-api-core",
		Aliases: []string{"google"},
		Group:   Library,
		Summary: "google-api-core v2.29.0 Python Retry: full jitter uniform(0, window), window doubling to maximum, timeout 120 s",
		Library: "google-api-core",
		Version: "v2.29.0",
		Brief:   "Python Retry, full jitter",
		Source: "google-api-core v2.29.0 (googleapis/python-api-core), google/api_core/retry/retry_base.py " +
			"exponential_sleep_generator and _retry_error_helper, retry/retry_unary.py retry_target: each sleep is " +
			"uniform(0.0, window), window = min(initial, maximum) then min(window * multiplier, maximum); after a failure the " +
			"sleep is drawn and if now + sleep > deadline (timeout after the first attempt started) Retry raises RetryError: " +
			"the sleep is not cut to fit (it was up to v2.10). No attempt limit of its own. Read from the library's source only: " +
			"google-api-core itself could not be run to check this preset (no package of it was reachable), unlike the other library presets.",
		Example: `  backoffctl table google-api-core
  backoffctl table google --seed 1 -o csv
  backoffctl table google --initial 0.5 --maximum 5 --multiplier 3 --timeout 30 --envelope`,
		Window: "1m",
		Params: []param.Spec{
			pySeconds("initial", 1, maxS, "initial: the first sleep's window"),
			pySeconds("maximum", 60, maxS, "maximum: the largest window (it caps the window, not the draw)"),
			{Name: "multiplier", Kind: param.Float, Doc: "multiplier of the window after each sleep", Default: param.Number(2), Min: 0, Max: 1000},
			googleTimeout(),
			{Name: "attempts", Kind: param.Int, Doc: "attempts printed (0: until the deadline; needed with --timeout none)", Default: param.Number(0), Min: 0, Max: param.MaxRows},
			param.JobDuration(),
		},
		Count:   "attempts",
		Stream:  draw.Python,
		SeedDoc: "CPython random.seed(N), then one random.uniform(0.0, window) per failure, the one that hits the deadline too: the table equals a Retry run after random.seed(N)",
		New: func(v *param.Values) (schedule.Strategy, error) {
			timeout := v.Get("timeout")
			attempts := v.Int("attempts")
			none := timeout.Text == "none"
			if none && attempts == 0 {
				return nil, param.BadInput("--timeout none never ends: add --attempts N, the number of attempts to print")
			}
			limit := timeout.Num
			if none {
				limit = 0
			}
			if attempts == 0 {
				attempts = schedule.MaxAttempts
			}
			g := (&presets.GoogleAPICore{Initial: v.Num("initial"), Maximum: v.Num("maximum"), Multiplier: v.Num("multiplier")}).Init()
			params := paramsIn(v, "initial", "maximum", "multiplier")
			if none {
				params = append(params, schedule.Param{Name: "timeout_seconds", Value: nil})
			} else {
				params = append(params, schedule.Param{Name: "timeout_seconds", Value: limit})
			}
			params = append(params, paramsIn(v, "attempts", "job-duration")...)
			job := v.Num("job-duration")
			return schedule.Compose(schedule.Composed{
				ID: "google-api-core", Parameters: params, Waits: g, Attempts: attempts, MaxElapsed: limit, JobDuration: job,
				Explain: func(rows []schedule.Row) []schedule.Note {
					k := len(rows)
					var notes []schedule.Note
					if k < attempts && !none {
						notes = append(notes, schedule.Note{Key: "note.google.deadline", Args: []any{k, schedule.Duration(limit)}})
					} else {
						notes = append(notes, schedule.Note{Key: "note.google.limit", Args: []any{k}})
					}
					return append(notes, schedule.Note{Key: "note.google.jitter", Args: []any{schedule.Duration(g.Window(1)), schedule.Duration(v.Num("maximum"))}})
				},
			}), nil
		},
		Config: googleConfig,
	}
}

// googleConfig is the Retry object for values v; its arguments are floats, as the library's
// defaults are.
func googleConfig(v *param.Values) []string {
	timeout := "None"
	if v.Text("timeout") != "none" {
		timeout = pyFloat(v.Num("timeout"))
	}
	items := []string{
		"initial=" + pyFloat(v.Num("initial")),
		"maximum=" + pyFloat(v.Num("maximum")),
		"multiplier=" + pyFloat(v.Num("multiplier")),
		"timeout=" + timeout,
	}
	var only []string
	if n := v.Int("attempts"); n > 0 {
		only = append(only, fmt.Sprintf("--attempts %d (rows printed; Retry has no attempt limit)", n))
	}
	return append(pack("retry = Retry(", items, ")"), toolOnly("#", "google-api-core", v, only...)...)
}

// googleTimeout is Retry's timeout: seconds after the first attempt started, or none.
func googleTimeout() param.Spec {
	s := pySeconds("timeout", 120, param.MaxDuration.Seconds(), "timeout (deadline): no sleep may end later than this after the first attempt started; none: no deadline")
	parse := s.Parse
	s.Parse = func(text string) (param.Value, error) {
		if strings.TrimSpace(text) == "none" {
			return param.Value{Text: "none"}, nil
		}
		v, err := parse(text)
		if err == nil && v.Num == 0 {
			err = fmt.Errorf("must be seconds above 0, or none, got %q", text)
		}
		return v, err
	}
	s.Show = func(v param.Value) string {
		if v.Text == "none" {
			return "none"
		}
		return param.FormatNumber(v.Num)
	}
	return s
}
