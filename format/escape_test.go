package format

import (
	"bytes"
	"fmt"
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
		if got, want := visible(html.UnescapeString(c[1])), EscapeControl(hostile[i]); got != want {
			t.Errorf("cell %d renders as %q, want %q (markdown %q)", i, got, want, md.String())
		}
	}
}

// visible is rendered text as a reader sees it: without the word joiners that keep GitHub from
// reading references into it.
func visible(s string) string { return strings.ReplaceAll(s, "\u2060", "") }

// githubInert is user text that GitHub would turn into a mention, a reference, an emoji or a link.
var githubInert = []string{
	"@octocat", "cc @org/team please", "#12", "fixes owner/repo#12", "GH-7", "gh-12",
	":smile: :+1: :a:b: 10:30:15", "a@b.com", "first.last+tag@example.co.uk", "www.example.com",
	"https://example.com/x", "HTTP://EXAMPLE.COM", "mailto:a@b.com", "xmpp:a@b.com",
	"deadbeef1", "a5c3785ed8d6a35868bc169f07e40e889087fd2e", "repo@a5c3785", "@octocat #12 :smile:",
}

// githubTriggers are what GitHub's filters look for in rendered text: mentions, issue and commit
// references, emoji codes. (Addresses are autolinked by the GFM parser itself: no link may come
// out of it.)
var githubTriggers = []*regexp.Regexp{
	regexp.MustCompile(`@[A-Za-z0-9]`),
	regexp.MustCompile(`#[0-9]`),
	regexp.MustCompile(`(?i)\bgh-[0-9]`),
	regexp.MustCompile(`:[A-Za-z0-9_+\-]+:`),
	regexp.MustCompile(`\b[0-9a-fA-F]*[a-fA-F][0-9a-fA-F]*\b`), // checked for 7+ below
}

// Markdown is inert when pasted into GitHub: user text in a header, a cell, the summary and a note
// renders, through a GFM parser with autolinks, to no link, and its text to nothing GitHub would
// read as a mention, an issue or commit reference or an emoji, while reading as the text given
// (word joiners aside).
func TestMarkdownIsInertOnGitHub(t *testing.T) {
	tbl := &Table{Columns: []Column{{Key: "n", Kind: Integer}}}
	row := []Cell{{Num: 1}}
	for i, s := range githubInert {
		tbl.Columns = append(tbl.Columns, Column{Key: fmt.Sprintf("c%d", i), Title: s, Kind: Text, User: true})
		row = append(row, Cell{Text: s})
		tbl.Notes = append(tbl.Notes, Message{Key: "policy %s: done", Args: []any{s}})
		tbl.Summary = append(tbl.Summary, Field{Name: fmt.Sprintf("s%d", i), Value: s})
	}
	tbl.Rows = [][]Cell{row}
	var md bytes.Buffer
	if err := Render(&md, tbl, "markdown", Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	gfm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	if err := gfm.Convert(md.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	h := out.String()
	if strings.Contains(h, "<a ") {
		t.Errorf("a link in:\n%s\nfrom:\n%s", h, md.String())
	}
	text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(h, "\n"))
	for _, re := range githubTriggers {
		for _, m := range re.FindAllString(text, -1) {
			if re == githubTriggers[4] && len(m) < 7 {
				continue
			}
			t.Errorf("%q in the rendered text matches %s", m, re)
		}
	}
	for _, s := range githubInert {
		want := 0
		for _, in := range githubInert {
			want += 4 * strings.Count(in, s) // a header, a cell, a summary value and a note each
		}
		if n := strings.Count(visible(text), s); n != want {
			t.Errorf("%q shows %d times, want %d", s, n, want)
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
		if !strings.Contains(s, `x1b`) || !strings.Contains(strings.ReplaceAll(s, zeroWidth, ""), `::error::boom`) {
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

// The word joiner goes exactly where GitHub would read a reference, and nowhere else.
func TestEscapeMarkdownBreaksReferences(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"@octocat", "@&#8288;octocat"},
		{"a@b.com", "a@&#8288;b.com"},
		{"trailing @", "trailing @"},
		{"#12 and #x", "#&#8288;12 and #x"},
		{"GH-7, xgh-7, gh-x", "GH-&#8288;7, xgh-7, gh-x"},
		{":smile: :+1:", ":smile&#8288;: :+1&#8288;:"},
		{"a: b: c", "a: b: c"},
		{"10:30:15", "10:30&#8288;:15"},
		{"deadbeef1 abcdef 1234567 a5c3785ed8d6a3", "deadbe&#8288;ef1 abcdef 1234567 a5c378&#8288;5ed8d6&#8288;a3"},
		{"retry_on wait: :polynomially_longer", `retry\_on wait: :polynomially\_longer`},
		{"https://x.y www.x.y", `https\://x.y www\.x.y`},
	} {
		if got := escapeMarkdown(c.in); got != c.want {
			t.Errorf("escapeMarkdown(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
