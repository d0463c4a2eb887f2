package configin

import (
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// fuzzRead reads src as lang and checks what any input must give: no panic, a one-line error
// naming the file, or configurations at lines of the file whose flags their strategy accepts
// and that build.
func fuzzRead(t *testing.T, lang string, src []byte) {
	found, err := Read("f", src, lang)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "f") {
			t.Fatalf("error without the file name: %v", err)
		}
		return
	}
	lines := strings.Count(string(src), "\n") + 1
	for _, f := range found {
		if f.Line < 1 || f.Line > lines {
			t.Fatalf("configuration at line %d of a %d-line file", f.Line, lines)
		}
		def, ok := strategy.Find(f.Strategy)
		if !ok {
			t.Fatalf("unknown strategy %q", f.Strategy)
		}
		v := def.Defaults()
		for _, fl := range f.Flags {
			if err := v.SetText(fl.Name, fl.Value); err != nil {
				t.Fatalf("--%s %s: %v", fl.Name, fl.Value, err)
			}
		}
	}
}

// seeds adds every strategy's configuration in lang at its defaults and at the test's other
// values, and the documented snippets in lang.
func seeds(f *testing.F, lang string) {
	for _, def := range strategy.All() {
		if Forms[def.Name].Lang != lang {
			continue
		}
		for _, set := range []map[string]string{nil, nonDefault[def.Name]} {
			v := def.Defaults()
			for k, x := range set {
				v.SetText(k, x)
			}
			f.Add([]byte(strings.Join(def.Config(v), "\n")))
		}
	}
	for _, s := range snippetSources() {
		if s.lang == lang {
			f.Add([]byte(s.src))
		}
	}
}

func FuzzGo(f *testing.F) {
	seeds(f, "go")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "go", b) })
}
func FuzzRuby(f *testing.F) {
	seeds(f, "ruby")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "ruby", b) })
}
func FuzzPython(f *testing.F) {
	seeds(f, "python")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "python", b) })
}
func FuzzJava(f *testing.F) {
	seeds(f, "java")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "java", b) })
}
func FuzzCSharp(f *testing.F) {
	seeds(f, "csharp")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "csharp", b) })
}
func FuzzJS(f *testing.F) {
	seeds(f, "js")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "js", b) })
}
func FuzzElixir(f *testing.F) {
	seeds(f, "elixir")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "elixir", b) })
}
func FuzzYAML(f *testing.F) {
	seeds(f, "yaml")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "yaml", b) })
}
func FuzzJSON(f *testing.F) {
	seeds(f, "json")
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "json", b) })
}
