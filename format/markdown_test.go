package format

import (
	"bytes"
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
