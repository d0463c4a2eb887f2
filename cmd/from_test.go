package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/configin"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// TestFromRoundTrip runs, for every strategy of the registry with a configuration, `config NAME`,
// saves it in a file of its language and checks that `table --from FILE` prints the same bytes as
// `table NAME`, in CSV and JSON.
func TestFromRoundTrip(t *testing.T) {
	ext := map[string]string{"go": ".go", "ruby": ".rb", "python": ".py", "java": ".java", "csharp": ".cs", "js": ".js", "elixir": ".ex", "yaml": ".yaml", "json": ".json"}
	dir := t.TempDir()
	for _, def := range strategy.All() {
		lang := configin.Forms[def.Name].Lang
		if lang == "" {
			continue
		}
		var cfg, errb bytes.Buffer
		if code := run([]string{"config", def.Name}, &cfg, &errb); code != 0 {
			t.Fatalf("config %s: %s", def.Name, errb.String())
		}
		file := filepath.Join(dir, def.Name+ext[lang])
		if err := os.WriteFile(file, cfg.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"csv", "json"} {
			var want, got, e1, e2 bytes.Buffer
			run([]string{"table", def.Name, "-o", format}, &want, &e1)
			if code := run([]string{"table", "--from", file, "-o", format}, &got, &e2); code != 0 {
				t.Errorf("%s: table --from: %s", def.Name, e2.String())
				continue
			}
			w, g := want.String(), got.String()
			if format == "json" {
				// JSON keeps what was read as its last note; CSV has no notes, so stderr says it.
				var read string
				g, read = withoutReadNote(t, g)
				if !strings.HasPrefix(read, "read "+file+":") {
					t.Errorf("%s: last JSON note %q, want the line saying what was read", def.Name, read)
				}
				w, _ = withoutReadNote(t, w)
			} else if !strings.HasPrefix(e2.String(), "backoffctl: read ") {
				t.Errorf("%s: stderr %q, want the line saying what was read", def.Name, e2.String())
			}
			if w != g {
				t.Errorf("%s -o %s: table --from differs from table %s:\n%s\n---\n%s", def.Name, format, def.Name, g, w)
			}
		}
	}
}

// withoutReadNote returns a JSON table re-encoded without its last note when that note says what
// --from read, and the note.
func withoutReadNote(t *testing.T, doc string) (string, string) {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("%v in %s", err, doc)
	}
	read := ""
	if notes, ok := v["notes"].([]any); ok && len(notes) > 0 {
		if last, _ := notes[len(notes)-1].(string); strings.HasPrefix(last, "read ") {
			read, v["notes"] = last, notes[:len(notes)-1]
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out), read
}
