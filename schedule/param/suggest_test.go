package param

import "testing"

func TestSuggest(t *testing.T) {
	words := []string{"polynomial", "fixed", "sidekiq", "gitlab", "actrunner", "aiven"}
	cases := []struct{ word, want string }{
		{"polynomal", "polynomial"},
		{"POLYNOMIAL", ""}, // the same word: nothing to suggest
		{"Sidekik", "sidekiq"},
		{"fixd", "fixed"},
		{"poly", "polynomial"}, // a prefix
		{"gitlba", "gitlab"},
		{"nosuch", ""},
		{"", ""},
		{"x", ""},
		{"aivn", "aiven"},
	}
	for _, c := range cases {
		if got := Suggest(c.word, words); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
	if got := Suggest("jsn", []string{"auto", "color", "plain", "markdown", "csv", "json"}); got != "json" {
		t.Errorf("jsn: %q", got)
	}
	if got := Suggest("xml", []string{"auto", "color", "plain", "markdown", "csv", "json"}); got != "" {
		t.Errorf("xml: %q", got)
	}
}

func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"tabel", "table", 2}, {"日本", "日本語", 1}} {
		if got := levenshtein(c.a, c.b); got != c.d {
			t.Errorf("levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestUnknownChoice(t *testing.T) {
	shells := []string{"bash", "zsh", "fish", "powershell"}
	if got, want := UnknownChoice("shell", "nosuch", shells), `unknown shell "nosuch": choose one of bash, zsh, fish, powershell`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := UnknownChoice("shell", "zhs", shells), `unknown shell "zhs": did you mean "zsh"? (choose one of bash, zsh, fish, powershell)`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := UnknownChoice("strategy", "polynomially_longr", []string{"polynomial"}, "polynomially_longer"), `unknown strategy "polynomially_longr": did you mean "polynomially_longer"? (choose one of polynomial)`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDidYouMean(t *testing.T) {
	formats := []string{"auto", "color", "plain", "markdown", "csv", "json"}
	if got, want := DidYouMean("jsn", formats), `: did you mean "json"?`; got != want {
		t.Errorf("jsn: %q, want %q", got, want)
	}
	if got := DidYouMean("xml", formats); got != "" {
		t.Errorf("xml: %q, want none", got)
	}
}
