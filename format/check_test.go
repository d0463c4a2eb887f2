package format

import (
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/mattn/go-runewidth"
)

// Every failed assertion gets one line in one shape: FAIL who assertion: actual >|< limit at draws,
// within the width asked for.
func TestCheckFailure(t *testing.T) {
	for _, c := range []struct {
		who   string
		r     analyze.Result
		width int
		want  string
	}{
		{"mailer", analyze.Result{Name: "max-window", Limit: 1728000, Actual: 1895294.5, Draws: "rand 0.5"}, 68,
			"FAIL mailer max-window: 21d 22h 28m 14.5s > 20d at rand 0.5"},
		{"mailer", analyze.Result{Name: "min-first-wait", Limit: 60, Actual: 3.075, Draws: "rand 0.5"}, 68,
			"FAIL mailer min-first-wait: 3.075s < 1m at rand 0.5"},
		{"polynomial", analyze.Result{Name: "min-window", Limit: 3456000, Actual: 1895294.5, Draws: "envelope min"}, 68,
			"FAIL polynomial min-window: 21d 22h 28m 14.5s < 40d at envelope min"},
		{"grpc", analyze.Result{Name: "max-wait", Limit: 120, Actual: 143.851, Draws: "p99"}, 68,
			"FAIL grpc max-wait: 2m 23.851s > 2m at p99"},
		// Values that would read the same keep their seconds.
		{"fixed", analyze.Result{Name: "max-wait", Limit: 1, Actual: 1.0001, Draws: "rand 0.5"}, 68,
			"FAIL fixed max-wait: 1s (1.0001s) > 1s (1s) at rand 0.5"},
		// A long name is shortened in the middle to fit, never below 8 columns.
		{"webhooks-with-a-long-name", analyze.Result{Name: "min-window", Limit: 864000, Actual: 128213, Draws: "p1"}, 68,
			"FAIL webhooks-wit…a-long-name min-window: 1d 11h 36m 53s < 10d at p1"},
		{"webhooks-with-a-long-name", analyze.Result{Name: "min-window", Limit: 864000, Actual: 128213, Draws: "p1"}, 20,
			"FAIL webh…ame min-window: 1d 11h 36m 53s < 10d at p1"},
		{"メール送信キュー", analyze.Result{Name: "max-wait", Limit: 1, Actual: 2, Draws: "rand 0.5"}, 48,
			"FAIL メール…キュー max-wait: 2s > 1s at rand 0.5"},
		{"webhooks-with-a-long-name", analyze.Result{Name: "min-window", Limit: 864000, Actual: 128213, Draws: "p1"}, 0,
			"FAIL webhooks-with-a-long-name min-window: 1d 11h 36m 53s < 10d at p1"},
		// Control characters in a name are escaped.
		{"a\x1b[2Jb", analyze.Result{Name: "max-wait", Limit: 1, Actual: 2, Draws: "rand 0.5"}, 68,
			`FAIL a\x1b[2Jb max-wait: 2s > 1s at rand 0.5`},
	} {
		got := CheckFailure(c.who, c.r, c.width)
		if got != c.want {
			t.Errorf("%q width %d:\n got %s\nwant %s", c.who, c.width, got, c.want)
		}
		if w := runewidth.StringWidth(got); c.width > 0 && c.width >= 40 && w > c.width {
			t.Errorf("%q: %d columns, past %d", c.who, w, c.width)
		}
	}
}

// CheckTable's passed is a JSON boolean beside the result word, and only in JSON.
func TestCheckTablePassed(t *testing.T) {
	tab := CheckTable([]analyze.Result{
		{Strategy: "fixed", Draws: "rand 0.5", Name: "max-wait", Limit: 1, Actual: 2},
		{Strategy: "fixed", Draws: "rand 0.5", Name: "min-first-wait", Limit: 1, Actual: 2, OK: true},
	}, false, nil)
	for _, c := range []struct {
		format string
		want   []string
		absent string
	}{
		{"json", []string{`"result": "FAIL", "passed": false}`, `"result": "ok", "passed": true}`, `"check": "failed"`}, ""},
		{"csv", []string{"strategy,draws,assertion,limit_seconds,actual_seconds,result\n"}, "passed"},
		{"plain", []string{"FAIL"}, "false"},
		{"markdown", []string{"FAIL"}, "false"},
	} {
		var b strings.Builder
		if err := Render(&b, tab, c.format, Options{Lang: "en"}); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: no %q in\n%s", c.format, w, b.String())
			}
		}
		if c.absent != "" && strings.Contains(b.String(), c.absent) {
			t.Errorf("%s: %q in\n%s", c.format, c.absent, b.String())
		}
	}
}
