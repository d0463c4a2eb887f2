package strategy

import (
	"slices"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/mattn/go-runewidth"
)

// TestRegistryIsConsistent: names and aliases are unique, every parameter's default is inside its
// own range, the count parameter exists and is an integer, and every strategy builds at its
// defaults into a schedule of the default count.
func TestRegistryIsConsistent(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range All() {
		for _, n := range append([]string{d.Name}, d.Aliases...) {
			if seen[n] {
				t.Errorf("name %q is used twice", n)
			}
			seen[n] = true
		}
		if d.Summary == "" || d.Source == "" || d.Example == "" || d.Window == "" || d.Group == "" {
			t.Errorf("%s: summary, source, example, window and group are all required", d.Name)
		}
		v := d.Defaults()
		params := map[string]bool{}
		for _, s := range d.Params {
			if params[s.Name] {
				t.Errorf("%s: parameter %s declared twice", d.Name, s.Name)
			}
			params[s.Name] = true
			if err := s.Check(s.Default); err != nil {
				t.Errorf("%s --%s: default %s %v", d.Name, s.Name, s.Format(s.Default), err)
			}
		}
		count, ok := v.Spec(d.Count)
		if !ok || count.Kind != param.Int {
			t.Errorf("%s: count parameter %q is not an integer parameter", d.Name, d.Count)
			continue
		}
		s, err := d.Build(v)
		if err != nil {
			t.Errorf("%s: does not build at its defaults: %v", d.Name, err)
			continue
		}
		rows := s.Fill(draw.Fixed(0.5), nil)
		if n := v.Int(d.Count); n > 0 && len(rows) != n+d.CountOffset {
			t.Errorf("%s: --%s %d gave %d rows, want %d", d.Name, d.Count, n, len(rows), n+d.CountOffset)
		}
		if s.Name() != d.Name {
			t.Errorf("registry name %s builds a strategy named %s", d.Name, s.Name())
		}
	}
}

func TestFindByAlias(t *testing.T) {
	d, ok := Find("exponentially_longer")
	if !ok || d.Name != "polynomial" {
		t.Errorf("Find(exponentially_longer) = %s, %v", d.Name, ok)
	}
	if _, ok := Find("nosuch"); ok {
		t.Error("Find(nosuch) succeeded")
	}
}

// TestCatalogNames: no name or alias is listed twice, every generic curve is listed, and Find
// answers to each name.
func TestCatalogNames(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range All() {
		for _, n := range append([]string{d.Name}, d.Aliases...) {
			if seen[n] {
				t.Errorf("name %q listed twice", n)
			}
			seen[n] = true
		}
	}
	for _, c := range curves() {
		if !seen[c.name] {
			t.Errorf("generic curve %q is not in the catalog", c.name)
		}
	}
	for name := range seen {
		if d, ok := Find(name); !ok || !slices.Contains(append([]string{d.Name}, d.Aliases...), name) {
			t.Errorf("Find(%q) = %q, %v", name, d.Name, ok)
		}
	}
	if _, ok := Find("nosuch"); ok {
		t.Error("Find(nosuch) found a strategy")
	}
}

// TestListFields: every strategy says what it is in a brief short enough for the one-line list at
// 80 columns; every real system names its library, and every library preset the version checked.
func TestListFields(t *testing.T) {
	for _, d := range All() {
		if d.Brief == "" || runewidth.StringWidth(d.Brief) > 26 {
			t.Errorf("%s: brief %q: want 1 to 26 columns", d.Name, d.Brief)
		}
		if runewidth.StringWidth(d.Library) > 16 || runewidth.StringWidth(d.Version) > 14 {
			t.Errorf("%s: library %q or version %q too long for the list", d.Name, d.Library, d.Version)
		}
		if d.Group != Generic && d.Library == "" {
			t.Errorf("%s: no library", d.Name)
		}
		if d.Group == Library && d.Version == "" {
			t.Errorf("%s: no version", d.Name)
		}
	}
}

// Every strategy says its configuration (the library's own lines, or "—" with the reason) at its
// defaults: none is left without one.
func TestEveryStrategyHasConfig(t *testing.T) {
	for _, d := range All() {
		if d.Config == nil {
			t.Errorf("%s: no Config", d.Name)
			continue
		}
		lines := d.Config(d.Defaults())
		if len(lines) == 0 || strings.TrimSpace(strings.Join(lines, "")) == "" {
			t.Errorf("%s: empty config", d.Name)
		}
		if len(lines) == 1 && lines[0] == "—" {
			t.Errorf("%s: config \"—\" without a reason", d.Name)
		}
	}
}
