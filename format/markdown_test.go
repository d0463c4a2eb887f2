package format

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// The markdown output must be a table to a GFM parser: right-aligned numbers, escaped pipes, every
// row present, and the notes as a list after it.
func TestMarkdownIsAGFMTable(t *testing.T) {
	tbl := &Table{
		Columns: []Column{{Key: "attempt", Kind: Integer}, {Key: "start_seconds", Kind: Seconds}, {Key: "outcome", Kind: Text}},
		Rows: [][]Cell{
			{{Num: 1}, {Num: 0}, {Text: "a|b"}},
			{{Num: 2}, {Num: 127746}, {Null: true}},
		},
		Notes: []Message{{Key: "plain note"}},
	}
	var md bytes.Buffer
	if err := Render(&md, tbl, "markdown", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.Table))
	if err := gm.Convert(md.Bytes(), &html); err != nil {
		t.Fatal(err)
	}
	h := html.String()
	for _, want := range []string{
		"<table>",
		`<th style="text-align:right">attempt</th>`,
		`<th style="text-align:left">outcome</th>`,
		`<td style="text-align:right">1d 11h 29m 6s (127746s)</td>`,
		`<td style="text-align:left">a|b</td>`,
		"<li>plain note</li>",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q:\n%s\nfrom markdown:\n%s", want, h, md.String())
		}
	}
	if n := strings.Count(h, "<tr>"); n != 3 {
		t.Errorf("want 3 table rows (header + 2), got %d:\n%s", n, h)
	}
}

// TestMarkdownSplitsWideTables: a table too wide for a page becomes consecutive tables of its
// columns, each starting with the first column and each estimated within the page; a narrow
// table stays whole.
func TestMarkdownSplitsWideTables(t *testing.T) {
	wide := &Table{Columns: []Column{{Key: "attempt", Kind: Integer}}}
	row := []Cell{{Num: 1}}
	for i := range 12 {
		wide.Columns = append(wide.Columns, Column{Key: fmt.Sprintf("c%d_seconds", i), Title: fmt.Sprintf("column %d", i), Kind: Seconds})
		row = append(row, Cell{Num: 9000.123 + float64(i)})
	}
	wide.Rows = [][]Cell{row}
	g := build(wide, "en", UnitsHuman, false)
	parts := g.pageParts()
	if len(parts) < 2 {
		t.Fatalf("13 columns of 2h 30m 0.123s: %d part(s), want a split", len(parts))
	}
	var seen []int
	for _, p := range parts {
		if p[0] != 0 {
			t.Errorf("part %v does not start with the first column", p)
		}
		sum := 0.0
		widths := g.columnWidths()
		for _, c := range p {
			sum += widths[c]
		}
		if sum > pageWidth {
			t.Errorf("part %v is %.0f px wide, over %d", p, sum, pageWidth)
		}
		seen = append(seen, p[1:]...)
	}
	for i, c := range seen {
		if c != i+1 {
			t.Fatalf("columns %v, want 1..12 once each in order", seen)
		}
	}
	var out strings.Builder
	if err := Render(&out, wide, "markdown", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "| attempt |"); n != len(parts) {
		t.Errorf("%d tables printed, want %d:\n%s", n, len(parts), out.String())
	}
	if !strings.Contains(out.String(), fmt.Sprintf("- the columns are split over %d tables, each starting with attempt", len(parts))) {
		t.Errorf("no note on the split:\n%s", out.String())
	}

	narrow := &Table{Columns: wide.Columns[:4], Rows: [][]Cell{row[:4]}}
	if parts := build(narrow, "en", UnitsBoth, false).pageParts(); len(parts) != 1 || len(parts[0]) != 4 {
		t.Errorf("a 4-column table split into %v", parts)
	}
}

// A table without columns renders without a panic in every human format, at any width.
func TestNoColumnsRender(t *testing.T) {
	for _, f := range []string{"markdown", "plain", "color"} {
		var out strings.Builder
		if err := Render(&out, &Table{Notes: []Message{{Key: "note.fit.markdown"}}}, f, Options{Lang: "en", Width: 20}); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
