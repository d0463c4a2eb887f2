package markdowntest

import (
	"bytes"
	"encoding/csv"
	"html"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/cmd"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// backoffctl runs the command line args as the backoffctl binary does (cmd.Main reads os.Args
// and writes os.Stdout; stdout goes to a file here) and returns what it wrote on stdout.
func backoffctl(t *testing.T, args ...string) []byte {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	oldArgs, oldStdout := os.Args, os.Stdout
	os.Args, os.Stdout = append([]string{"backoffctl"}, args...), f
	code := cmd.Main()
	os.Args, os.Stdout = oldArgs, oldStdout
	if code != 0 {
		t.Fatalf("backoffctl %q: exit %d", args, code)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// `strategies -o markdown` shows every cell literally on GitHub (the briefs' * and _ are not
// emphasis): the group (once per run), strategy, library, version and description of each row of
// the CSV, which holds the raw text to compare with.
func TestStrategiesMarkdownRendersLiterally(t *testing.T) {
	md := bytes.NewBuffer(backoffctl(t, "strategies", "-o", "markdown"))
	raw := backoffctl(t, "strategies", "-o", "csv")
	records, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
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
