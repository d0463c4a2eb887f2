package format

import (
	"bytes"
	"encoding/csv"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// twoPolicies is a comparison of two long schedules (durations of days) with waits and envelope,
// wide enough that no terminal or page holds it in one table.
func twoPolicies(attempts int) *Comparison {
	c := &Comparison{Waits: true, Envelope: true}
	for _, name := range []string{"mailer", "webhooks"} {
		p := ComparedPolicy{Name: name, Strategy: "polynomial", Draws: "rand 0.5"}
		start := 0.0
		for a := 1; a <= attempts; a++ {
			wait := float64(a*a*a*a) + 3.075 + float64(len(name))
			p.Rows = append(p.Rows, schedule.Row{Attempt: a, Start: start, Wait: wait, HasWait: a < attempts})
			p.Bounds = append(p.Bounds, schedule.Bounds{StartMin: start * 0.9, StartMax: start * 1.1, WaitMin: wait * 0.9, WaitMax: wait * 1.1, NoWait: a == attempts})
			start += wait
		}
		p.Summary = analyze.Summary{Last: p.Rows[attempts-1].Start, MaxWait: p.Rows[attempts-2].Wait, Waits: attempts - 1, Within1h: 8, Within1d: 14}
		c.Policies = append(c.Policies, p)
	}
	return c
}

// CSV holds attempt rows only, each of the same shape: attempt an integer, every other cell a
// number or empty. The summaries are in JSON and under the human tables.
func TestCompareCSVRowsAreHomogeneous(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, Compare(twoPolicies(25), "csv", "en"), "csv", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 26 {
		t.Fatalf("%d records, want a header and 25 attempts", len(records))
	}
	for i, rec := range records[1:] {
		if n, err := strconv.Atoi(rec[0]); err != nil || n != i+1 {
			t.Errorf("row %d: attempt %q, want %d", i+1, rec[0], i+1)
		}
		for j, cell := range rec[1:] {
			if _, err := strconv.ParseFloat(cell, 64); cell != "" && err != nil {
				t.Errorf("row %d, %s: %q is not a number", i+1, records[0][j+1], cell)
			}
		}
	}
	var j bytes.Buffer
	if err := Render(&j, Compare(twoPolicies(25), "json", "en"), "json", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(j.String(), `"summary": {"mailer": {"last_start_seconds":`) {
		t.Errorf("JSON summary missing:\n%s", j.String())
	}
}

// The human formats keep the policies side by side: every table of a split shows every policy,
// split by meaning (starts, then waits), each envelope as one min – max cell; the summaries follow
// as a list, so the attempt column stays narrow.
func TestCompareSideBySide(t *testing.T) {
	policies := []string{"mailer", "webhooks"}
	for _, c := range []struct {
		name   string
		format string
		width  int
	}{
		{"terminal 80", "plain", 80},
		{"terminal 120", "plain", 120},
		{"markdown", "markdown", 0},
	} {
		var b bytes.Buffer
		if err := Render(&b, Compare(twoPolicies(25), c.format, "en"), c.format, Options{Lang: "en", Width: c.width}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		var heads []string
		if c.format == "markdown" {
			var html bytes.Buffer
			if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert(b.Bytes(), &html); err != nil {
				t.Fatal(err)
			}
			for _, tbl := range regexp.MustCompile(`(?s)<thead>.*?</thead>`).FindAllString(html.String(), -1) {
				heads = append(heads, tbl)
			}
		} else {
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "attempt ") {
					heads = append(heads, line)
				}
			}
		}
		if len(heads) == 0 {
			t.Fatalf("%s: no table in\n%s", c.name, out)
		}
		for _, h := range heads {
			for _, p := range policies {
				if !strings.Contains(h, p+" ") {
					t.Errorf("%s: a table without %s (one table per policy):\n%s", c.name, p, h)
				}
			}
			if strings.Contains(h, "start") && strings.Contains(h, "wait") {
				continue // starts and waits in one table: fine when it fits
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if c.width > 0 && len([]rune(line)) > c.width {
				t.Errorf("%s: line wider than %d: %q", c.name, c.width, line)
			}
			if strings.Contains(line, "attempts within") && !strings.HasPrefix(line, "- ") {
				t.Errorf("%s: summary label in the table: %q", c.name, line)
			}
		}
		for _, want := range []string{"start min – max", "wait min – max", "- attempts within 1h: mailer 8, webhooks 8"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: no %q in\n%s", c.name, want, out)
			}
		}
		// The attempt column is as wide as its heading.
		if c.format == "plain" && !regexp.MustCompile(`(?m)^attempt  `).MatchString(out) {
			t.Errorf("%s: the attempt column is wider than its heading:\n%s", c.name, out)
		}
	}
}
