package policyfile

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// recorder is a Target that knows a few keys and records what is set: "bad" is refused.
type recorder struct {
	name string
	set  *[]string
}

func (r recorder) Has(key string) bool {
	switch key {
	case "attempts", "rand", "job-duration", "max-window", "max-wait", "percentiles", "percentile", "samples":
		return true
	}
	return false
}

func (r recorder) Keys() []string {
	return []string{"attempts", "rand", "job-duration", "max-window", "max-wait", "percentiles", "samples"}
}

func (r recorder) Set(key, value string) error {
	if value == "bad" {
		return errors.New("--" + key + " must be good")
	}
	*r.set = append(*r.set, r.name+"."+key+"="+value)
	return nil
}

func parse(text string) ([]Policy, []string, error) {
	var set []string
	policies, err := Parse("p.yaml", []byte(text), func(p Policy) Target { return recorder{name: p.Name, set: &set} })
	return policies, set, err
}

func TestParse(t *testing.T) {
	text := `policies:
  - name: mailer
    strategy: polynomial
    params: {attempts: 25, rand: 0.3}
    assert: {max_window: 30d, percentiles: 99}
  - name: hooks
    strategy: sidekiq
    assert:
      max-wait: 1d
`
	policies, set, err := parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(policies) != 2 || policies[0].Name != "mailer" || policies[0].Line != 2 || policies[0].Def.Name != "polynomial" ||
		policies[1].Name != "hooks" || policies[1].Line != 6 || policies[1].Def.Name != "sidekiq" {
		t.Errorf("policies %+v", policies)
	}
	// In file order; snake_case keys read as kebab-case.
	want := "mailer.attempts=25 mailer.rand=0.3 mailer.max-window=30d mailer.percentiles=99 hooks.max-wait=1d"
	if got := strings.Join(set, " "); got != want {
		t.Errorf("set %s, want %s", got, want)
	}
	// Each assertion's key line, under its kebab-case name; reading keys (percentiles) have none.
	for _, c := range []struct {
		policy int
		want   map[string]int
	}{
		{0, map[string]int{"max-window": 5}},
		{1, map[string]int{"max-wait": 9}},
	} {
		if got := policies[c.policy].AssertLines; fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("policy %d assert lines %v, want %v", c.policy, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	head := "policies:\n  - name: a\n    strategy: polynomial\n"
	cases := []struct{ text, want string }{
		{"", "p.yaml: empty policy file: expected a policies: list"},
		{"policies: [", "p.yaml:1: "}, // the YAML parser's own words follow
		// Every YAML error names its line, also where the parser gives none.
		{"policies:\n  - *nosuch\n", `p.yaml:2: unknown anchor 'nosuch' referenced` + "\x00"},
		{"policies:\n  - &a {name: x}\n  - *ab\n", `p.yaml:3: unknown anchor 'ab' referenced` + "\x00"},
		{"policies:\n  - name: \xff\n", "p.yaml:2: invalid leading UTF-8 octet\x00"},
		{"policies:\n\n  - name: a\x01b\n", "p.yaml:3: control characters are not allowed\x00"},
		{"policies:\n  - " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n", "p.yaml:2: exceeded max depth of 10000\x00"},
		{"- 1\n", "p.yaml:1: expected a mapping with a policies: list"},
		{"rules: []\n", `p.yaml:1: unknown key "rules": the file has one key, policies`},
		{"policies: []\n", "p.yaml:1: policies must be a non-empty list"},
		{"policies: {a: 1}\n", "p.yaml:1: policies must be a non-empty list"},
		{"policies:\n  - 5\n", "p.yaml:2: each policy must be a mapping with name, strategy, params and assert"},
		{"policies:\n  - {name: a, strategy: polynomial, asert: {}}\n", `p.yaml:2: unknown key "asert" in a policy: use name, strategy, params, assert`},
		{"policies:\n  - {name: a, strategy: polynomial}\n", "p.yaml:2: a policy needs assert"},
		{"policies:\n  - {strategy: polynomial, assert: {}}\n", "p.yaml:2: a policy needs name"},
		{"policies:\n  - {name: '', strategy: polynomial, assert: {}}\n", "p.yaml:2: name must be a non-empty string"},
		{"policies:\n  - {name: a, strategy: [x], assert: {}}\n", "p.yaml:2: strategy must be a non-empty string"},
		{"policies:\n  - {name: a, strategy: polynomal, assert: {}}\n", `p.yaml:2: unknown strategy "polynomal": did you mean "polynomial"? (choose one of `},
		{head + "    params: [1]\n    assert: {max-wait: 1s}\n", "p.yaml:4: params must be a mapping"},
		{head + "    params: {max-wait: 1s}\n    assert: {max-wait: 1s}\n", `p.yaml:4: unknown params key "max-wait" for polynomial`},
		{head + "    params: {nosuch: 1}\n    assert: {max-wait: 1s}\n", `p.yaml:4: unknown params key "nosuch" for polynomial` + "\x00"},
		// Did you mean, among the keys of the section only.
		{head + "    params: {attemps: 1}\n    assert: {max-wait: 1s}\n", `p.yaml:4: unknown params key "attemps" for polynomial: did you mean "attempts"?` + "\x00"},
		{head + "    params: {job_durration: 1s}\n    assert: {max-wait: 1s}\n", `p.yaml:4: unknown params key "job_durration" for polynomial: did you mean "job-duration"?` + "\x00"},
		{head + "    assert: {max-windo: 1d}\n", `p.yaml:4: unknown assert key "max-windo" for polynomial: did you mean "max-window"?` + "\x00"},
		{head + "    params: {max-windo: 1d}\n    assert: {max-wait: 1s}\n", `p.yaml:4: unknown params key "max-windo" for polynomial` + "\x00"},
		// One setting in two spellings: refused with both lines.
		{head + "    params:\n      job-duration: 1s\n      job_duration: 2s\n    assert: {max-wait: 1s}\n", `p.yaml:6: params.job_duration and params.job-duration (line 5) are one setting: keep one` + "\x00"},
		{head + "    assert:\n      max-wait: 1s\n      percentile: 50\n      percentiles: 99\n", `p.yaml:7: assert.percentiles and assert.percentile (line 6) are one setting: keep one` + "\x00"},
		{head + "    assert: {max_wait: 1s, max-wait: 2s}\n", `p.yaml:4: assert.max-wait and assert.max_wait (line 4) are one setting: keep one` + "\x00"},
		{head + "    params: {attempts: [1]}\n    assert: {max-wait: 1s}\n", "p.yaml:4: params.attempts must be a single value"},
		{head + "    params: {attempts: bad}\n    assert: {max-wait: 1s}\n", "p.yaml:4: policy a: --attempts must be good"},
		{head + "    assert: {attempts: 5}\n", `p.yaml:4: unknown assert key "attempts" for polynomial`},
		{head + "    assert: {samples: 5}\n", "p.yaml:4: policy a: assert needs at least one of max-window, min-window, max-wait, min-first-wait"},
		{head + "    assert: {max-wait: 1s}\n  - {name: a, strategy: fixed, assert: {max-wait: 1s}}\n", `p.yaml:5: policy name "a" is used twice`},
		{"policies:\n  - {name: a, name: b}\n", `p.yaml:2: duplicate key "name" (first at line 2)`},
		{"policies: []\n---\npolicies: []\n", "p.yaml:3: a second YAML document: a policy file holds one, with every policy under policies:"},
		{"policies: []\n---\n[", "p.yaml: after the first document: "},
	}
	for _, c := range cases {
		_, _, err := parse(c.text)
		var bad *param.InputError
		// A want ending in NUL is the whole message; otherwise its beginning.
		want, whole := strings.CutSuffix(c.want, "\x00")
		if err == nil || !errors.As(err, &bad) || !strings.HasPrefix(err.Error(), want) || whole && err.Error() != want {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

// ParseSchedules (compare, plot) takes a policy without assert, or with one that has no
// assertion, and still checks an assert that is given; Parse (check) needs one.
func TestParseSchedules(t *testing.T) {
	head := "policies:\n  - name: a\n    strategy: polynomial\n    params: {attempts: 5}\n"
	for _, c := range []struct {
		text         string
		check, sched string // the errors' beginnings; "" for none
	}{
		{head, "p.yaml:2: a policy needs assert", ""},
		{head + "    assert: {samples: 5}\n", "p.yaml:5: policy a: assert needs at least one of", ""},
		{head + "    assert: {max-window: 1d}\n", "", ""},
		{head + "    assert: {attempts: 5}\n", `p.yaml:5: unknown assert key "attempts"`, `p.yaml:5: unknown assert key "attempts"`},
		{head + "    assert: [1]\n", "p.yaml:5: assert must be a mapping", "p.yaml:5: assert must be a mapping"},
		{"policies:\n  - {name: a}\n", "p.yaml:2: a policy needs strategy", "p.yaml:2: a policy needs strategy"},
	} {
		for _, parser := range []struct {
			name  string
			parse func(string, []byte, func(Policy) Target) ([]Policy, error)
			want  string
		}{{"Parse", Parse, c.check}, {"ParseSchedules", ParseSchedules, c.sched}} {
			var set []string
			policies, err := parser.parse("p.yaml", []byte(c.text), func(p Policy) Target { return recorder{name: p.Name, set: &set} })
			switch {
			case parser.want == "" && (err != nil || len(policies) != 1):
				t.Errorf("%s(%q): %v, %d policies; want one policy", parser.name, c.text, err, len(policies))
			case parser.want != "" && (err == nil || !strings.HasPrefix(err.Error(), parser.want)):
				t.Errorf("%s(%q): error %v, want %q", parser.name, c.text, err, parser.want)
			}
		}
	}
}

// FuzzParse: any contents either parse into policies or fail with an InputError on one line naming
// the file; nothing panics.
func FuzzParse(f *testing.F) {
	f.Add("policies:\n  - name: a\n    strategy: polynomial\n    params: {attempts: 25}\n    assert: {max-window: 30d}\n")
	f.Add("policies: [")
	f.Add("policies:\n  - &a {name: x}\n  - *a\n")
	f.Fuzz(func(t *testing.T, data string) {
		policies, _, err := parse(data)
		if err != nil {
			var bad *param.InputError
			if !errors.As(err, &bad) || !strings.HasPrefix(err.Error(), "p.yaml") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not one line of bad input naming the file", err)
			}
			return
		}
		if len(policies) == 0 {
			t.Fatal(fmt.Sprint("no error and no policies for ", data))
		}
	})
}
