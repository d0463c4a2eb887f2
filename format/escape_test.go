package format

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

func TestEscapeControl(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"\x1b]0;pwned\a\x1b[2J", `\x1b]0;pwned\a\x1b[2J`},
		{"a\nb\r\tc", `a\nb\r\tc`},
		{"nul\x00del\x7f", `nul\x00del\x7f`},
		{"c1\u0085\u009b", `c1\u0085\u009b`},
		{"bidi\u202eevil\u2066x\u2069", `bidi\u202eevil\u2066x\u2069`},
		{"bad\xffutf8", `bad\xffutf8`},
		{"日本語 ok", "日本語 ok"},
	}
	for _, c := range cases {
		if got := EscapeControl(c.in); got != c.want {
			t.Errorf("EscapeControl(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// hostile is text a policy file can put in a cell.
var hostile = []string{
	"\x1b]0;pwned\a\x1b[2J",
	"x\n::error::boom",
	"rand(30)*(c+1) and (rand*e^4)*jitter",
	"retry_jitter _a_ __b__",
	"`code` and ``two``",
	"[link](https://example.com) ![img](x.png)",
	"<b>bold</b> & <script>alert(1)</script> &amp;",
	`back\slash \| \* end\`,
	"a|b||c",
	"right\u202eto left",
	"=1+1",
}

// Every text cell of the markdown table renders, through a GFM parser, to exactly the text the
// other human formats show: no emphasis, code, link, raw HTML or split cell.
func TestMarkdownCellsRenderLiterally(t *testing.T) {
	tbl := &Table{Columns: []Column{{Key: "n", Kind: Integer}, {Key: "policy", Kind: Text, User: true}}}
	for i, s := range hostile {
		tbl.Rows = append(tbl.Rows, []Cell{{Num: float64(i)}, {Text: s}})
	}
	var md bytes.Buffer
	if err := Render(&md, tbl, "markdown", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert(md.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	cells := regexp.MustCompile(`<td style="text-align:left">(.*?)</td>`).FindAllStringSubmatch(out.String(), -1)
	if len(cells) != len(hostile) {
		t.Fatalf("want %d text cells, got %d:\n%s\nfrom:\n%s", len(hostile), len(cells), out.String(), md.String())
	}
	for i, c := range cells {
		if strings.Contains(c[1], "<") {
			t.Errorf("cell %d has markup: %s", i, c[1])
		}
		if got, want := html.UnescapeString(c[1]), EscapeControl(hostile[i]); got != want {
			t.Errorf("cell %d renders as %q, want %q (markdown %q)", i, got, want, md.String())
		}
	}
}

// The terminal formats show control characters escaped: no escape sequence, no line break inside
// a cell, no bidi override reaches the terminal.
func TestHumanFormatsEscapeControls(t *testing.T) {
	tbl := &Table{
		Columns: []Column{{Key: "policy", Kind: Text, User: true}},
		Rows:    [][]Cell{{{Text: "\x1b]0;pwned\a\x1b[2J"}}, {{Text: "x\n::error::boom"}}, {{Text: "a\u202eb"}}},
	}
	for _, f := range []string{"plain", "color", "markdown"} {
		var b bytes.Buffer
		if err := Render(&b, tbl, f, Options{Lang: "en"}); err != nil {
			t.Fatal(err)
		}
		s := b.String()
		if strings.ContainsAny(s, "\x1b\a\u202e") {
			t.Errorf("%s output has a raw control character: %q", f, s)
		}
		for _, line := range strings.Split(s, "\n") {
			if strings.HasPrefix(line, "::error::") {
				t.Errorf("%s output starts a line with a workflow command: %q", f, s)
			}
		}
		if !strings.Contains(s, `x1b`) || !strings.Contains(s, `::error::boom`) {
			t.Errorf("%s output lost the escaped text: %q", f, s)
		}
	}
}

// CSV cells of user text that a spreadsheet would run as a formula get a leading quote; numbers and
// the tool's own words are left alone.
func TestCSVNeutralisesFormulas(t *testing.T) {
	tbl := &Table{
		Columns: []Column{{Key: "policy", Kind: Text, User: true}, {Key: "parameters", Kind: Text}, {Key: "n", Kind: Number}},
		Rows: [][]Cell{
			{{Text: "=HYPERLINK(\"http://x\")"}, {Text: "--attempts=5"}, {Num: -1.5}},
			{{Text: "+1"}, {Text: "polynomial"}, {Num: 2}},
			{{Text: "-2"}, {Text: "x"}, {Num: 0}},
			{{Text: "@SUM(A1)"}, {Text: "y"}, {Num: 3}},
			{{Text: "mailer"}, {Text: "z"}, {Null: true}},
			{{Text: "esc\x1b[2J"}, {Text: "z"}, {Num: 4}},
		},
	}
	var b bytes.Buffer
	if err := Render(&b, tbl, "csv", Options{}); err != nil {
		t.Fatal(err)
	}
	want := `policy,parameters,n
"'=HYPERLINK(""http://x"")",--attempts=5,-1.5
'+1,polynomial,2
'-2,x,0
'@SUM(A1),y,3
mailer,z,
esc\x1b[2J,z,4
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestNotesRenderLiterally: a note renders on GitHub as its text (goldmark with GFM), asterisks,
// underscores, brackets, backslashes and HTML included; an underscore inside a word stays
// unescaped in the source.
func TestNotesRenderLiterally(t *testing.T) {
	notes := []string{
		"the wait after attempt k is u*min(0.05s*2^(k-1), --max-backoff 20s)",
		"AWS_NEW_RETRIES_2026: retry_on runs",
		"_leading_ and *both* and __double__ and a_b_c",
		`a\_b and \* and [link](x) and <b>bold</b> & more`,
		"`code` and ~~strike~~",
		"see https://example.com/a_b and www.example.com",
	}
	for _, n := range notes {
		src := "- " + escapeProse(n) + "\n"
		var out bytes.Buffer
		if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert([]byte(src), &out); err != nil {
			t.Fatal(err)
		}
		got := html.UnescapeString(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(out.String()), "<ul>\n<li>"), "</li>\n</ul>"))
		if got != n {
			t.Errorf("%q renders as %q (source %q)", n, got, src)
		}
	}
	if got := escapeProse("AWS_NEW_RETRIES_2026 retry_on"); got != "AWS_NEW_RETRIES_2026 retry_on" {
		t.Errorf("underscores inside words escaped: %q", got)
	}
}
