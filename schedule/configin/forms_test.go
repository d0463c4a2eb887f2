package configin

import (
	"flag"
	"os"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/strategy"
)

var update = flag.Bool("update", false, "rewrite docs/config-forms.md")

// TestFormsDoc checks docs/config-forms.md against the registry, so it cannot go stale.
func TestFormsDoc(t *testing.T) {
	const path = "../../docs/config-forms.md"
	want := FormsTable()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is stale: go test ./schedule/configin -run TestFormsDoc -update", path)
	}
}

// TestEveryStrategyHasAForm loops the registry: every strategy has a form, and only strategies.
func TestEveryStrategyHasAForm(t *testing.T) {
	names := map[string]bool{}
	for _, def := range strategy.All() {
		names[def.Name] = true
		f, ok := Forms[def.Name]
		if !ok {
			t.Errorf("%s has no entry in Forms", def.Name)
		}
		if f.Reads == "" {
			t.Errorf("%s: Forms says nothing of what is read", def.Name)
		}
		if _, known := readers[f.Lang]; f.Lang != "" && !known {
			t.Errorf("%s: unknown language %q", def.Name, f.Lang)
		}
	}
	for name := range Forms {
		if !names[name] {
			t.Errorf("Forms has %s, which is not a strategy", name)
		}
	}
}
