package format

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/sim"
)

// simulate herd's catalog has both languages, with the same verbs in the same order.
func TestHerdCatalogsMatch(t *testing.T) {
	en, ja := herdEnglish(), herdJapanese()
	for key, e := range en {
		j, ok := ja[key]
		if !ok {
			t.Errorf("%s has no Japanese text", key)
			continue
		}
		if ev, jv := verb.FindAllString(e, -1), verb.FindAllString(j, -1); strings.Join(ev, " ") != strings.Join(jv, " ") {
			t.Errorf("%s: verbs %v and %v", key, ev, jv)
		}
	}
	if len(en) != len(ja) {
		t.Errorf("%d English texts, %d Japanese", len(en), len(ja))
	}
}

// The CSV of a herd: t_seconds then the columns in SPEC order, each percentile after its column,
// empty tokens without a budget, and the summary's null recovery in JSON.
func TestHerdTable(t *testing.T) {
	cfg := sim.HerdConfig{Clients: 2, Bucket: 0.5, Duration: 1, Runs: 2, RecoverWindow: 10, Percentiles: []float64{95}}
	row := sim.HerdRow{2, 1, 3, 2, 1, 0, 0, 0, 0, math.NaN()}
	res := sim.HerdResult{Rows: []sim.HerdRow{row}, Quantiles: [][]sim.HerdRow{{row}},
		Summary: sim.HerdSummary{TotalCalls: 3, LogicalRequests: 2, Work: 1.5, SuccessRate: 1, BurstRetries: -1}}
	var b bytes.Buffer
	if err := Render(&b, HerdTable(cfg, res, "constant"), "csv", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	want := "t_seconds,first_tries,first_tries_p95,retries,retries_p95,offered,offered_p95,successes,successes_p95," +
		"failures,failures_p95,timeouts,timeouts_p95,budget_denied,budget_denied_p95,throttled,throttled_p95," +
		"in_flight,in_flight_p95,tokens,tokens_p95\n0,2,2,1,1,3,3,2,2,1,1,0,0,0,0,0,0,0,0,,\n"
	if b.String() != want {
		t.Errorf("csv:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := Render(&b, HerdTable(cfg, res, "constant"), "json", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"time_to_recover_seconds": null`, `"recovered": false`, `"burst_retries": null`, `"work": 1.5`} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("json lacks %s:\n%s", s, b.String())
		}
	}
}

// The terminal and markdown leave out the columns of what the command line did not ask for
// (CSV keeps them, above): timeouts without --timeout, the budget's without --budget, throttled
// without --throttle; asked for, they are shown.
func TestHerdUnusedColumnsLeftOutOfTables(t *testing.T) {
	row := sim.HerdRow{2, 1, 3, 2, 1, 0, 0, 0, 0, math.NaN()}
	res := sim.HerdResult{Rows: []sim.HerdRow{row}, Summary: sim.HerdSummary{BurstRetries: -1}}
	render := func(cfg sim.HerdConfig) string {
		var b bytes.Buffer
		if err := Render(&b, HerdTable(cfg, res, "constant"), "markdown", Options{Lang: "en"}); err != nil {
			t.Fatal(err)
		}
		return strings.SplitN(b.String(), "\n", 2)[0]
	}
	head := render(sim.HerdConfig{Clients: 1, Bucket: 1, Duration: 1, Runs: 1})
	for _, col := range []string{"timeouts", "budget denied", "throttled", "tokens"} {
		if strings.Contains(head, col) {
			t.Errorf("%q shown without the flag that makes it: %s", col, head)
		}
	}
	if !strings.Contains(head, "in flight") || !strings.Contains(head, "first tries") {
		t.Errorf("the counts are missing: %s", head)
	}
	if head := render(sim.HerdConfig{Clients: 1, Bucket: 1, Duration: 1, Runs: 1, Timeout: 1}); !strings.Contains(head, "timeouts") {
		t.Errorf("timeouts left out with --timeout: %s", head)
	}
}
