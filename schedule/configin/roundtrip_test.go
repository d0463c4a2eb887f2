package configin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// nonDefault is one set of values other than the defaults for every strategy.
var nonDefault = map[string]map[string]string{
	"polynomial":      {"attempts": "25", "jitter": "0", "job-duration": "2s"},
	"fixed":           {"wait": "30s", "attempts": "10"},
	"sidekiq":         {"retries": "10", "sidekiq-version": "6.0.0"},
	"gitlab":          {"accept-timeout": "10m"},
	"actrunner":       {"fetch-interval": "5s", "fetch-interval-max": "90s"},
	"aiven":           {"mode": "cap", "cap": "30s", "min-delay": "100ms"},
	"constant":        {"wait": "250ms", "attempts": "7"},
	"linear":          {"base": "2s"},
	"exponential":     {"jitter": "sym", "jitter-factor": "0.2", "cap": "30s", "base": "250ms", "attempts": "8"},
	"fibonacci":       {"base": "2s"},
	"decorrelated":    {"base": "2s"},
	"cenkalti":        {"major": "4", "max-retries": "5", "randomization-factor": "0", "max-elapsed-time": "0"},
	"k8s":             {"preset": "default-backoff", "cap": "1s", "duration": "100ms"},
	"aws":             {"max-attempts": "5", "max-backoff": "10s", "base-delay": "200ms"},
	"go-retry":        {"backoff": "fibonacci", "base": "500ms", "with": "max-retries=5,jitter=100ms,capped-duration=10s"},
	"retryablehttp":   {"retry-max": "6", "backoff": "linear-jitter", "retry-wait-min": "2s", "retry-wait-max": "1m"},
	"tenacity":        {"wait": "random-exponential", "multiplier": "0.5", "max": "30", "stop-after-attempt": "6"},
	"celery":          {"retry-backoff": "2", "retry-backoff-max": "300", "retry-jitter": "false", "max-retries": "8"},
	"grpc":            {"mode": "rpc", "max-attempts": "5", "initial-backoff": "250ms", "max-backoff": "3s", "backoff-multiplier": "1.5"},
	"google-api-core": {"initial": "0.5", "maximum": "30", "multiplier": "1.5", "timeout": "300"},
	"resilience4j":    {"interval-function": "of-exponential-random-backoff", "initial-interval": "200ms", "multiplier": "1.5", "randomization-factor": "0.3", "max-attempts": "6"},
	"polly":           {"backoff-type": "exponential", "use-jitter": "true", "delay": "250ms", "max-delay": "30s", "max-retry-attempts": "6"},
	"temporal":        {"initial-interval": "500ms", "backoff-coefficient": "1.5", "maximum-interval": "1m", "maximum-attempts": "8", "schedule-to-close-timeout": "10m"},
	"envoy":           {"num-retries": "4", "base-interval": "100ms", "max-interval": "2s"},
	"spring-retry":    {"back-off-policy": "exponential-random", "initial-interval": "250ms", "multiplier": "3", "max-interval": "20s", "max-attempts": "6"},
	"bullmq":          {"attempts": "8", "type": "fixed", "delay": "2500ms", "jitter": "0.5"},
	"river":           {"max-attempts": "10"},
	"asynq":           {"max-retry": "12"},
	"oban":            {"max-attempts": "7", "job-duration": "3s"},
}

// moreSets are further values for strategies whose configuration takes other forms with them.
var moreSets = map[string][]map[string]string{
	"spring-retry": {
		{"back-off-policy": "fixed", "back-off-period": "2s"},
		{"back-off-policy": "uniform-random", "min-back-off-period": "200ms", "max-back-off-period": "900ms"},
		{"back-off-policy": "uniform-random", "min-back-off-period": "900ms", "max-back-off-period": "900ms"},
		{"back-off-policy": "exponential", "initial-interval": "5s", "max-interval": "2s", "multiplier": "1.5"},
		{"back-off-policy": "no-back-off", "max-attempts": "4"},
	},
	"tenacity": {
		{"wait": "fixed", "wait-fixed": "2.5", "stop-after-delay": "30"},
		{"wait": "random", "min": "1", "max": "3", "stop-after-attempt": "4"},
		{"wait": "exponential-jitter", "initial": "0.5", "jitter": "2", "max": "20", "stop-after-attempt": "5", "stop-after-delay": "60"},
		{"wait": "incrementing", "start": "1", "increment": "2", "max": "9", "attempts": "7"},
		{"wait": "exponential", "min": "2", "exp-base": "3", "job-duration": "1s"},
	},
	"polly":           {{"backoff-type": "linear", "delay": "1500ms", "max-retry-attempts": "5", "max-delay": "0s"}},
	"resilience4j":    {{"interval-function": "of-randomized", "randomization-factor": "0.25"}, {"interval-function": "of-exponential-backoff", "max-interval": "5s"}},
	"k8s":             {{"preset": "none", "steps": "3", "duration": "1s", "factor": "2", "jitter": "0"}, {"preset": "default-backoff"}},
	"aws":             {{"sdk-version": "1.47.7", "max-attempts": "4"}, {"throttle": "true"}},
	"go-retry":        {{"backoff": "constant", "with": "jitter-percent=10,max-duration=1m"}, {"with": "full-jitter,max-retries=3"}},
	"celery":          {{"retry-backoff": "true", "retry-jitter": "true"}, {"default-retry-delay": "30", "max-retries": "0"}},
	"google-api-core": {{"timeout": "none", "attempts": "6"}},
	"temporal":        {{"maximum-attempts": "0", "attempts": "4"}},
	"grpc":            {{"base-delay": "250ms", "multiplier": "2", "jitter": "0", "max-delay": "10s", "attempts": "5"}},
	"cenkalti":        {{"max-tries": "4", "max-elapsed-time": "0"}, {"major": "4"}},
	"sidekiq":         {{"retries": "0", "sidekiq-version": "7.2.0"}},
	"bullmq":          {{"delay": "1500500us", "attempts": "4"}},
	"envoy":           {{"base-interval": "1ms", "num-retries": "0"}},
	"constant":        {{"wait": "3s", "attempts": "1"}},
	"exponential":     {{"jitter": "none", "factor": "1.5", "attempts": "3"}},
}

// readBack is the strategy a configuration reads back as when it is not the one printed: the
// generic curves print their closest library.
var readBack = map[string]string{"exponential": "cenkalti"}

// normalized lists the parameters a configuration writes in another way that gives the same
// schedule: k8s prints the preset's fields, not its name, once a field differs from it.
var normalized = map[string][]string{"k8s": {"preset", "duration", "factor", "jitter", "steps"}}

var ext = map[string]string{"go": "go", "ruby": "rb", "python": "py", "java": "java", "csharp": "cs", "js": "js", "elixir": "ex", "yaml": "yaml", "json": "json"}

// TestRoundTrip prints every strategy's configuration at its defaults and at one other set of
// values, reads it back and checks the same strategy, parameter values and schedule.
func TestRoundTrip(t *testing.T) {
	for _, def := range strategy.All() {
		form, ok := Forms[def.Name]
		if !ok {
			t.Errorf("%s: no entry in Forms", def.Name)
			continue
		}
		if _, ok := nonDefault[def.Name]; !ok {
			t.Errorf("%s: no non-default values to test", def.Name)
		}
		for k, set := range append([]map[string]string{nil, nonDefault[def.Name]}, moreSets[def.Name]...) {
			v := def.Defaults()
			for name, text := range set {
				if err := v.SetText(name, text); err != nil {
					t.Fatalf("%s --%s %s: %v", def.Name, name, text, err)
				}
			}
			lines := def.Config(v)
			src := strings.Join(lines, "\n") + "\n"
			label := fmt.Sprintf("%s (set %d)", def.Name, k)
			if strings.HasPrefix(src, "—") {
				if form.Lang != "" && k != 1 {
					t.Errorf("%s: prints no configuration but Forms says %s", label, form.Lang)
				}
				continue
			}
			if form.Lang == "" {
				t.Errorf("%s: prints a configuration but Forms has no language", label)
				continue
			}
			found, err := Read("config."+ext[form.Lang], []byte(src), form.Lang)
			if err != nil {
				t.Errorf("%s: %v\n%s", label, err, src)
				continue
			}
			if len(found) != 1 {
				t.Errorf("%s: found %d configurations, want 1\n%s", label, len(found), src)
				continue
			}
			f := found[0]
			want := def.Name
			if rb, ok := readBack[def.Name]; ok {
				want = rb
			}
			if f.Strategy != want && f.Strategy != def.Name {
				t.Errorf("%s: read back as %s, want %s\n%s", label, f.Strategy, want, src)
				continue
			}
			back, _ := strategy.Find(f.Strategy)
			v2 := back.Defaults()
			for _, fl := range f.Flags {
				if err := v2.SetText(fl.Name, fl.Value); err != nil {
					t.Errorf("%s: --%s %s: %v", label, fl.Name, fl.Value, err)
				}
			}
			if f.Strategy == def.Name {
				for _, s := range v.Specs() {
					if s.Deprecated != nil || contains(normalized[def.Name], s.Name) {
						continue
					}
					if a, b := s.Format(v.Get(s.Name)), s.Format(v2.Get(s.Name)); a != b {
						t.Errorf("%s: --%s %s read back as %s\n%s\nflags %v", label, s.Name, a, b, src, f.Flags)
					}
				}
			}
			sameSchedule(t, label, def, v, back, v2)
		}
	}
}

// sameSchedule checks that two strategies give the same rows at three fixed draws and the same
// envelope.
func sameSchedule(t *testing.T, label string, d1 strategy.Def, v1 *param.Values, d2 strategy.Def, v2 *param.Values) {
	t.Helper()
	s1, err1 := d1.Build(v1)
	s2, err2 := d2.Build(v2)
	if err1 != nil || err2 != nil {
		t.Errorf("%s: build: %v / %v", label, err1, err2)
		return
	}
	for _, u := range []float64{0, 0.5, 0.999} {
		r1 := s1.Fill(draw.Fixed(u), nil)
		r2 := s2.Fill(draw.Fixed(u), nil)
		if fmt.Sprint(rowsOf(r1)) != fmt.Sprint(rowsOf(r2)) {
			t.Errorf("%s: at u=%v the schedules differ:\n%v\n%v", label, u, rowsOf(r1), rowsOf(r2))
			return
		}
	}
}

func rowsOf(rows []schedule.Row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = fmt.Sprintf("%d %v %v %v", r.Attempt, r.Start, r.Wait, r.HasWait)
	}
	return out
}
