// Package policyfile reads check's YAML policy files:
//
//	policies:
//	  - name: mailer
//	    strategy: polynomial
//	    params: {attempts: 25, jitter: 0.15}
//	    assert: {max-window: 30d, min-first-wait: 1s}
//
// It refuses what YAML would let a file lose silently (a key given twice, a second document) and
// anything it does not know, each error naming the file and line. The settings of params and
// assert mean what the command line's flags mean: the reader hands them, policy by policy in file
// order, to a Target that gives them their meaning (cmd binds them to the flags of check), so the
// first error in the file is the one reported. It knows nothing of flags or output.
package policyfile

import (
	"fmt"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"go.yaml.in/yaml/v3"
)

// MaxBytes caps the size of a policy file.
const MaxBytes = 1 << 20

// Policy is one entry of a policy file.
type Policy struct {
	Name string
	Line int // the line the entry starts on, for errors
	Def  strategy.Def
	// AssertLines is the line of each assertion's key under assert (max-window: ...), so a
	// failure can point at the rule that failed.
	AssertLines map[string]int
}

// Target receives one policy's settings: keys in kebab-case (a file's snake_case keys read the
// same), values as written.
type Target interface {
	// Has reports whether key is a setting of the policy's strategy or of check.
	Has(key string) bool
	// Keys are the settings a file may name, for "did you mean" (old spellings left out).
	Keys() []string
	// Set sets key to value. Its error is one line, reported after the policy's name.
	Set(key, value string) error
}

// readingKeys are the assert keys that say how the schedule is read rather than what it must keep
// (percentile is the old spelling of percentiles).
var readingKeys = []string{"percentiles", "percentile", "samples", "bound", "at-failure-rate"}

// isAssertKey reports whether key belongs in assert rather than params.
func isAssertKey(key string) bool {
	for _, a := range analyze.AssertionNames {
		if key == a {
			return true
		}
	}
	for _, r := range readingKeys {
		if key == r {
			return true
		}
	}
	return false
}

// isAssertion reports whether key is one of check's assertions.
func isAssertion(key string) bool {
	for _, a := range analyze.AssertionNames {
		if key == a {
			return true
		}
	}
	return false
}

// Parse validates a policy file's contents and sets each policy's params and assert on the Target
// bind returns for it. path only names the file in errors, which are *param.InputError. Every
// policy needs an assert with at least one assertion (check reads the file).
func Parse(path string, data []byte, bind func(Policy) Target) ([]Policy, error) {
	return parseFile(path, data, bind, true)
}

// ParseSchedules is Parse for readers that use the schedules alone (compare, plot): assert may be
// left out; when given it is checked as Parse checks it.
func ParseSchedules(path string, data []byte, bind func(Policy) Target) ([]Policy, error) {
	return parseFile(path, data, bind, false)
}

func parseFile(path string, data []byte, bind func(Policy) Target, needAssert bool) ([]Policy, error) {
	if err := checkDocument(path, data); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(path, data, err)
	}
	at := func(node *yaml.Node, format string, args ...any) error {
		return param.BadInput("%s:%d: %s", path, node.Line, fmt.Sprintf(format, args...))
	}
	if len(doc.Content) == 0 {
		return nil, param.BadInput("%s: empty policy file: expected a policies: list", path)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, at(root, "expected a mapping with a policies: list")
	}
	var list *yaml.Node
	for i := 0; i < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Value != "policies" {
			return nil, at(k, "unknown key %q: the file has one key, policies", k.Value)
		}
		list = v
	}
	if list == nil || list.Kind != yaml.SequenceNode || len(list.Content) == 0 {
		node := root
		if list != nil {
			node = list
		}
		return nil, at(node, "policies must be a non-empty list")
	}
	var out []Policy
	names := map[string]bool{}
	for _, item := range list.Content {
		p, err := parsePolicy(item, at, bind, needAssert)
		if err != nil {
			return nil, err
		}
		if names[p.Name] {
			return nil, at(item, "policy name %q is used twice", p.Name)
		}
		names[p.Name] = true
		out = append(out, p)
	}
	return out, nil
}

// parsePolicy reads one policies: entry.
func parsePolicy(item *yaml.Node, at func(*yaml.Node, string, ...any) error, bind func(Policy) Target, needAssert bool) (Policy, error) {
	if item.Kind != yaml.MappingNode {
		return Policy{}, at(item, "each policy must be a mapping with name, strategy, params and assert")
	}
	fields := map[string]*yaml.Node{}
	for i := 0; i < len(item.Content); i += 2 {
		k, v := item.Content[i], item.Content[i+1]
		switch k.Value {
		case "name", "strategy", "params", "assert":
		default:
			return Policy{}, at(k, "unknown key %q in a policy: use name, strategy, params, assert", k.Value)
		}
		fields[k.Value] = v
	}
	for _, req := range []string{"name", "strategy", "assert"} {
		if fields[req] == nil && (req != "assert" || needAssert) {
			return Policy{}, at(item, "a policy needs %s", req)
		}
	}
	for _, k := range []string{"name", "strategy"} {
		if fields[k].Kind != yaml.ScalarNode || fields[k].Value == "" {
			return Policy{}, at(fields[k], "%s must be a non-empty string", k)
		}
	}
	p := Policy{Name: fields["name"].Value, Line: item.Line, AssertLines: map[string]int{}}
	def, ok := strategy.Find(fields["strategy"].Value)
	if !ok {
		return Policy{}, at(fields["strategy"], "%s", strategy.UnknownName(fields["strategy"].Value))
	}
	p.Def = def
	target := bind(p)
	assertions := 0
	set := func(section string, allowed func(string) bool, node *yaml.Node) error {
		if node.Kind != yaml.MappingNode {
			return at(node, "%s must be a mapping", section)
		}
		// Two spellings of one setting (job-duration and job_duration, percentile and
		// percentiles) would let the later one win silently.
		given := map[string]*yaml.Node{}
		for i := 0; i < len(node.Content); i += 2 {
			k, v := node.Content[i], node.Content[i+1]
			name := strings.ReplaceAll(k.Value, "_", "-")
			if !allowed(name) || !target.Has(name) {
				var keys []string
				for _, key := range target.Keys() {
					if allowed(key) {
						keys = append(keys, key)
					}
				}
				return at(k, "unknown %s key %q for %s%s", section, k.Value, def.Name, param.DidYouMean(name, keys))
			}
			setting := name
			if setting == "percentile" {
				setting = "percentiles"
			}
			if first, ok := given[setting]; ok {
				return at(k, "%s.%s and %s.%s (line %d) are one setting: keep one", section, k.Value, section, first.Value, first.Line)
			}
			given[setting] = k
			if v.Kind != yaml.ScalarNode {
				return at(v, "%s.%s must be a single value", section, k.Value)
			}
			if err := target.Set(name, v.Value); err != nil {
				return at(v, "policy %s: %s", p.Name, err)
			}
			if isAssertion(name) {
				assertions++
				p.AssertLines[name] = k.Line
			}
		}
		return nil
	}
	if node := fields["params"]; node != nil {
		if err := set("params", func(n string) bool { return !isAssertKey(n) }, node); err != nil {
			return Policy{}, err
		}
	}
	if fields["assert"] == nil {
		return p, nil
	}
	if err := set("assert", isAssertKey, fields["assert"]); err != nil {
		return Policy{}, err
	}
	if assertions == 0 && needAssert {
		return Policy{}, at(fields["assert"], "policy %s: assert needs at least one of %s", p.Name, strings.Join(analyze.AssertionNames, ", "))
	}
	return p, nil
}
