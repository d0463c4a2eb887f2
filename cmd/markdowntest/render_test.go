package markdowntest

import (
	"bytes"
	"encoding/csv"
	"html"
	"io"
	"os"
	"regexp"
	"testing"

	"github.com/backoffctl/backoffctl/cmd"
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

// `strategies -o markdown` shows every cell literally on GitHub: the formulas' * and _ are not
// emphasis. The CSV output holds the raw text to compare with.
func TestStrategiesMarkdownRendersLiterally(t *testing.T) {
	md := backoffctl(t, "strategies", "-o", "markdown")
	raw := backoffctl(t, "strategies", "-o", "csv")
	records, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, r := range records[1:] {
		want = append(want, r...)
	}
	var h bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert(md, &h); err != nil {
		t.Fatal(err)
	}
	// A table too wide for a page comes as several, each repeating the first column: join them
	// back row by row.
	var rows [][]string
	for ti, table := range regexp.MustCompile(`(?s)<tbody>(.*?)</tbody>`).FindAllStringSubmatch(h.String(), -1) {
		for r, row := range regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(table[1], -1) {
			var tds []string
			for _, td := range regexp.MustCompile(`<td[^>]*>(.*?)</td>`).FindAllStringSubmatch(row[1], -1) {
				tds = append(tds, td[1])
			}
			if ti == 0 {
				rows = append(rows, tds)
			} else if r < len(rows) && len(tds) > 0 && tds[0] == rows[r][0] {
				rows[r] = append(rows[r], tds[1:]...)
			} else {
				t.Fatalf("table %d row %d does not repeat the first column: %q", ti, r, tds)
			}
		}
	}
	var cells []string
	for _, r := range rows {
		cells = append(cells, r...)
	}
	if len(cells) != len(want) {
		t.Fatalf("%d cells, want %d:\n%s", len(cells), len(want), h.String())
	}
	for i, c := range cells {
		if got := html.UnescapeString(c); got != want[i] {
			t.Errorf("cell %d renders as %q, want %q", i, got, want[i])
		}
	}
}
