package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/backoffctl/backoffctl/cmd/explore"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	tea "github.com/charmbracelet/bubbletea"
)

// TestExploreExportsWhatTablePrints: x then m, c or j writes STRATEGY.md/.csv/.json in the working
// directory, byte for byte what `backoffctl table` prints for the command line explore shows.
func TestExploreExportsWhatTablePrints(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)

	for _, name := range []string{"polynomial", "sidekiq", "aiven", "exponential"} {
		def, _ := strategy.Find(name)
		var m tea.Model = explore.New(explore.Options{Def: def, Values: def.Defaults(), Rand: 0.5, Lang: "en", Table: runTable})
		for _, k := range []string{"+", "j", "+", "e", "x", "m", "x", "c", "x", "j"} {
			m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
		args := m.(explore.Model).Args()
		for format, ext := range map[string]string{"markdown": ".md", "csv": ".csv", "json": ".json"} {
			var want, stderr bytes.Buffer
			if code := run(append(args, "-o", format), &want, &stderr); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
			}
			got, err := os.ReadFile(filepath.Join(dir, name+ext))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s%s differs from %v -o %s:\n%s\nwant\n%s", name, ext, args, format, got, want.Bytes())
			}
		}
	}
}
