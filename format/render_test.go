package format

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// sample is a small table with every kind of cell: an integer, seconds, a number, a word, an
// empty cell, a summary and a note.
func sample() *Table {
	return &Table{
		Head:       []Field{{Name: "strategy", Value: "polynomial"}},
		Parameters: []Field{{Name: "attempts", Value: 2}, {Name: "jitter", Value: 0.15}},
		Columns: []Column{
			{Key: "attempt", Kind: Integer},
			{Key: "start_seconds", Kind: Seconds},
			{Key: "wait_seconds", Kind: Seconds},
			{Key: "outcome", Kind: Text},
		},
		Rows: [][]Cell{
			{{Num: 1}, {Num: 0}, {Num: 90.5}, {Text: "slept"}},
			{{Num: 2}, {Num: 90.5}, {Null: true}, {Text: "idle"}},
		},
		Notes: []Message{{Key: "note.envelope"}},
	}
}

func render(t *testing.T, format string, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, sample(), format, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestCSV(t *testing.T) {
	want := "attempt,start_seconds,wait_seconds,outcome\n1,0,90.5,slept\n2,90.5,,idle\n"
	if got := render(t, "csv", Options{Lang: "en"}); got != want {
		t.Errorf("csv\n%s\nwant\n%s", got, want)
	}
}

func TestJSON(t *testing.T) {
	got := render(t, "json", Options{Lang: "en"})
	var doc struct {
		Strategy   string             `json:"strategy"`
		Parameters map[string]float64 `json:"parameters"`
		Rows       []map[string]any   `json:"rows"`
		Notes      []string           `json:"notes"`
	}
	if err := json.Unmarshal([]byte(got), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	if doc.Strategy != "polynomial" || doc.Parameters["jitter"] != 0.15 || len(doc.Rows) != 2 || len(doc.Notes) != 1 {
		t.Errorf("decoded %+v", doc)
	}
	if doc.Rows[1]["wait_seconds"] != nil || doc.Rows[0]["wait_seconds"] != 90.5 || doc.Rows[0]["outcome"] != "slept" {
		t.Errorf("rows %v", doc.Rows)
	}
	// One row per line, keys in column order.
	if !strings.Contains(got, "\n    {\"attempt\": 2, \"start_seconds\": 90.5, \"wait_seconds\": null, \"outcome\": \"idle\"}") {
		t.Errorf("row layout:\n%s", got)
	}
}

func TestJSONRefusesNaN(t *testing.T) {
	tb := sample()
	tb.Rows[0][1].Num = nan()
	if err := Render(&bytes.Buffer{}, tb, "json", Options{Lang: "en"}); err == nil {
		t.Error("NaN rendered as JSON")
	}
}

func TestPlain(t *testing.T) {
	got := render(t, "plain", Options{Lang: "en"})
	// Widths by hand: "1m 30.5s (90.5s)" (16 cells) is the widest start and wait, wider than
	// "start" and "wait until next".
	want := "" +
		"attempt             start   wait until next  outcome\n" +
		"-------  ----------------  ----------------  -------\n" +
		"      1           0s (0s)  1m 30.5s (90.5s)  slept\n" +
		"      2  1m 30.5s (90.5s)                 -  idle\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("plain\n%s\nwant\n%s", got, want)
	}
	lines := strings.Split(got, "\n")
	for i, l := range lines {
		if strings.TrimRight(l, " ") != l {
			t.Errorf("line %d has trailing spaces: %q", i, l)
		}
		if strings.Contains(l, "\x1b") {
			t.Errorf("line %d has an escape code", i)
		}
	}
	if !strings.Contains(got, "1m 30.5s (90.5s)") || !strings.Contains(got, "\n\n- min and max are over all draws") {
		t.Errorf("plain output:\n%s", got)
	}
	// Numbers right-aligned: the attempt column ends where its header ends.
	if !strings.HasPrefix(lines[2], "      1") || !strings.HasPrefix(lines[3], "      2") {
		t.Errorf("attempts not right-aligned:\n%s", got)
	}
}

func TestColorOnlyWhenAsked(t *testing.T) {
	plain := render(t, "color", Options{Lang: "en"})
	if strings.Contains(plain, "\x1b") {
		t.Errorf("escape codes without Color:\n%q", plain)
	}
	if !strings.Contains(plain, "╭") || !strings.Contains(plain, "slept") {
		t.Errorf("not a bordered table:\n%s", plain)
	}
	coloured := render(t, "color", Options{Lang: "en", Color: true})
	if !strings.Contains(coloured, "\x1b[1;36mattempt") {
		t.Errorf("no bold cyan header:\n%q", coloured)
	}
	tb := sample()
	tb.Rows[0][3].Alert = true
	var b bytes.Buffer
	if err := Render(&b, tb, "color", Options{Lang: "en", Color: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\x1b[1;31mslept") {
		t.Errorf("alert cell not red:\n%q", b.String())
	}
}

func TestUnknownFormat(t *testing.T) {
	if err := Render(&bytes.Buffer{}, sample(), "yaml", Options{}); err == nil {
		t.Error("unknown format accepted")
	}
}

func nan() float64 { var z float64; return z / z }

// TestCSVHeaderNeutralised: column keys can carry user text (compare names columns after
// policies), so a key that starts like a spreadsheet formula is neutralised too.
func TestCSVHeaderNeutralised(t *testing.T) {
	tb := &Table{Columns: []Column{{Key: "attempt", Kind: Integer}, {Key: `=HYPERLINK("x")_start_seconds`, Kind: Seconds}},
		Rows: [][]Cell{{{Num: 1}, {Num: 0}}}}
	var b bytes.Buffer
	if err := Render(&b, tb, "csv", Options{}); err != nil {
		t.Fatal(err)
	}
	if want := "attempt,\"'=HYPERLINK(\"\"x\"\")_start_seconds\"\n1,0\n"; b.String() != want {
		t.Errorf("csv %q, want %q", b.String(), want)
	}
}
