package cmd

import (
	"bytes"
	"encoding/csv"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// Bad command lines: exit 2, nothing on stdout, exactly one line on stderr.
func TestRefusals(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		// Control characters in what the user typed are shown escaped.
		{[]string{"table", "polynomial", "--\x1b]0;pwned\a\x1b[2J"}, `unknown flag: --\x1b]0;pwned\a\x1b[2J`},
		{[]string{"check", "--policy", "no\x1b[2Jsuch\n::error::x.yaml"}, `cannot read --policy no\x1b[2Jsuch\n::error::x.yaml: no such file or directory`},
		{[]string{"table", "poly\u202enomial"}, `unknown strategy "poly\u202enomial": did you mean "polynomial"? (choose one of ` + allStrategies + `)`},
		// --output: no empty name, no bare format name.
		{[]string{"table", "polynomial", "--output", ""}, `--output must be a file name, got ""`},
		{[]string{"table", "polynomial", "--output", "json"}, `--output json writes a file named "json": for the format use -o json (or --format json); for a file use ./json`},
		{[]string{"table", "polynomial", "--output=markdown"}, `--output markdown writes a file named "markdown": for the format use -o markdown (or --format markdown); for a file use ./markdown`},
		// completion: unknown shells.
		{[]string{"completion", "nosuch"}, `unknown shell "nosuch": choose one of bash, zsh, fish, powershell`},
		{[]string{"completion", "bsh"}, `unknown shell "bsh": did you mean "bash"? (choose one of bash, zsh, fish, powershell)`},
		{[]string{"completion"}, `completion needs a shell: one of bash, zsh, fish, powershell`},
		// A flag given twice.
		{[]string{"table", "polynomial", "--attempts", "3", "--attempts", "5"}, `--attempts given twice (3, then 5)`},
		{[]string{"table", "polynomial", "--attempts=3", "--rand", "0.1", "--attempts", "5"}, `--attempts given twice (3, then 5)`},
		{[]string{"-o", "json", "table", "polynomial", "-ocsv"}, `-o/--format given twice (json, then csv)`},
		{[]string{"table", "polynomial", "--format=json", "-o", "csv"}, `-o/--format given twice (json, then csv)`},
		{[]string{"table", "polynomial", "--envelope", "--envelope=false"}, `--envelope given twice (true, then false)`},
		{[]string{"check", "--policy", "a.yaml", "--policy", "b.yaml"}, `--policy given twice (a.yaml, then b.yaml)`},
		// Suggestions.
		{[]string{"tabel"}, `unknown command "tabel" for "backoffctl": did you mean "table"?`},
		{[]string{"table", "polynomal"}, `unknown strategy "polynomal": did you mean "polynomial"? (choose one of ` + allStrategies + `)`},
		{[]string{"table", "polynomial", "--atempts", "3"}, `unknown flag: --atempts: did you mean --attempts?`},
		{[]string{"table", "polynomial", "-o", "jsn"}, `-o/--format must be one of auto, color, plain, markdown, csv, json, got "jsn": did you mean "json"?`},
		{[]string{"table", "polynomial", "--colour", "never"}, `unknown flag: --colour: did you mean --color?`},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := run(c.args, &out, &errOut)
		if code != exitBadInput || out.Len() != 0 || errOut.String() != "backoffctl: "+c.want+"\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q\nwant exit 2, no stdout, stderr %q", c.args, code, out.String(), errOut.String(), "backoffctl: "+c.want+"\n")
		}
	}
}

// What is not a mistake keeps working.
func TestNotRefused(t *testing.T) {
	for _, args := range [][]string{
		{"completion", "bash"},
		{"table", "polynomial", "--attempts", "3", "-o", "csv"},
		{"table", "polynomial", "-o", "csv", "--attempts", "3", "--", "--attempts"}, // after --: not a flag
	} {
		var out, errOut bytes.Buffer
		code := run(args, &out, &errOut)
		if args[len(args)-1] == "--attempts" {
			if code != exitBadInput || !strings.Contains(errOut.String(), "takes no arguments") {
				t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
			}
			continue
		}
		if code != 0 || out.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

// `strategies -o markdown` shows every cell literally on GitHub (the briefs' * and _ are not
// emphasis): the group (once per run), strategy, library, version and description of each row of
// the CSV, which holds the raw text to compare with.
func TestStrategiesMarkdownRendersLiterally(t *testing.T) {
	var md, raw, errOut bytes.Buffer
	if code := run([]string{"strategies", "-o", "markdown"}, &md, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	if code := run([]string{"strategies", "-o", "csv"}, &raw, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	records, err := csv.NewReader(&raw).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range records[0] {
		col[h] = i
	}
	var want []string
	for i, r := range records[1:] {
		group := r[col["group"]]
		if i > 0 && records[i][col["group"]] == group {
			group = ""
		}
		want = append(want, group, r[col["strategy"]], r[col["library"]], r[col["version"]], r[col["description"]])
	}
	var h bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(md.Bytes(), &h); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(h.String(), "<table>"); n != 1 {
		t.Fatalf("%d tables, want 1:\n%s", n, h.String())
	}
	var cells []string
	for _, td := range regexp.MustCompile(`<td[^>]*>(.*?)</td>`).FindAllStringSubmatch(h.String(), -1) {
		cells = append(cells, td[1])
	}
	if len(cells) != len(want) {
		t.Fatalf("%d cells, want %d:\n%s", len(cells), len(want), h.String())
	}
	for i, c := range cells {
		// Word joiners keep GitHub from reading a mention into "@retry": invisible, left out here.
		if got := strings.ReplaceAll(html.UnescapeString(c), "\u2060", ""); got != want[i] {
			t.Errorf("cell %d renders as %q, want %q", i, got, want[i])
		}
	}
}

// allStrategies is the list unknown-strategy errors name: every registry entry.
var allStrategies = strings.Join(strategy.Names(), ", ")
