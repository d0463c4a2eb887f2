package format

import (
	"reflect"
	"strings"
	"testing"
)

func TestWrapText(t *testing.T) {
	cases := []struct {
		in    string
		width int
		want  []string
	}{
		{"short", 10, []string{"short"}},
		{"one two three four", 9, []string{"one two", "three", "four"}},
		{"averyveryverylongword and more", 8, []string{"averyveryverylongword", "and more"}},
		{"実行回数 実行開始時間", 12, []string{"実行回数", "実行開始時間"}}, // double-width: 8 + 1 + 12 > 12
	}
	for _, c := range cases {
		if got := wrapText(c.in, c.width); !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrapText(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

// Wrapped plain output keeps the contract: aligned, no trailing spaces, every word kept.
func TestPlainWrapsLongText(t *testing.T) {
	long := strings.Repeat("word ", 30)
	tbl := &Table{Columns: []Column{{Key: "name", Kind: Text}, {Key: "source", Kind: Text}},
		Rows: [][]Cell{{{Text: "a"}, {Text: long}}}}
	var b strings.Builder
	if err := Render(&b, tbl, "plain", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Count(out, "word") != 30 {
		t.Errorf("lost words:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasSuffix(line, " ") || len(line) > 2+2+wrapWidth+4 {
			t.Errorf("line %q has trailing spaces or is not wrapped", line)
		}
	}
}
