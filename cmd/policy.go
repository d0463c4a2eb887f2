package cmd

import (
	"fmt"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

// maxPolicyBytes caps the policy file read.
const maxPolicyBytes = 1 << 20

// policy is one entry of a policy file, with the strategy's flags set from its params.
type policy struct {
	name    string
	line    int
	bound   *boundStrategy
	asserts assertions
	eval    evaluation
}

// runPolicies checks every policy of a YAML file.
func runPolicies(g *globalOptions, path string) error {
	policies, err := loadPolicies(path)
	if err != nil {
		return err
	}
	// One sampling budget for the whole file, checked before anything runs.
	budget, planned := new(analyze.Budget), 0.0
	for _, p := range policies {
		p.eval.budget = budget
		if !p.eval.sampling() {
			continue
		}
		if s, err := p.bound.strategy(true); err == nil {
			cost, _, _ := analyze.Cost(s, p.eval.samples, p.bound.random.seed, []float64{p.eval.percentile})
			planned += cost
		}
	}
	if planned > analyze.MaxSampledRows {
		return badInput("%s: its policies sample %.3g rows in all, past the cap of %.0e per command: lower their samples", path, planned, analyze.MaxSampledRows)
	}
	var all []analyze.Result
	for _, p := range policies {
		results, _, err := checkOne(p.bound, &p.asserts, &p.eval, g.stderr)
		if err != nil {
			return badInput("%s:%d: policy %s: %s", path, p.line, p.name, describeError(err))
		}
		for i := range results {
			results[i].Policy = p.name
		}
		all = append(all, results...)
	}
	return reportChecks(g.escapedStderr(), all, true, []format.Field{{Name: "policy_file", Value: path}, {Name: "policies", Value: len(policies)}})
}

// describeError is the one-line text of an error as Main would print it.
func describeError(err error) string {
	_, msg := describe(err)
	return msg
}

// loadPolicies reads and validates a policy file: unknown keys, wrong types and bad values are
// errors naming the file and line.
func loadPolicies(path string) ([]*policy, error) {
	data, name, err := readPolicyFile(path)
	if err != nil {
		return nil, err
	}
	return parsePolicies(name, data)
}

// parsePolicies validates a policy file's contents; path only names it in errors.
func parsePolicies(path string, data []byte) ([]*policy, error) {
	if err := checkPolicyDocument(path, data); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, badInput("%s: %s", path, strings.TrimPrefix(firstLine(err.Error()), "yaml: "))
	}
	at := func(node *yaml.Node, format string, args ...any) error {
		return badInput("%s:%d: %s", path, node.Line, fmt.Sprintf(format, args...))
	}
	if len(doc.Content) == 0 {
		return nil, badInput("%s: empty policy file: expected a policies: list", path)
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
	var out []*policy
	names := map[string]bool{}
	for _, item := range list.Content {
		p, err := parsePolicy(item, at)
		if err != nil {
			return nil, err
		}
		if names[p.name] {
			return nil, at(item, "policy name %q is used twice", p.name)
		}
		names[p.name] = true
		out = append(out, p)
	}
	return out, nil
}

// parsePolicy reads one policies: entry.
func parsePolicy(item *yaml.Node, at func(*yaml.Node, string, ...any) error) (*policy, error) {
	if item.Kind != yaml.MappingNode {
		return nil, at(item, "each policy must be a mapping with name, strategy, params and assert")
	}
	fields := map[string]*yaml.Node{}
	keys := map[string]*yaml.Node{}
	for i := 0; i < len(item.Content); i += 2 {
		k, v := item.Content[i], item.Content[i+1]
		switch k.Value {
		case "name", "strategy", "params", "assert":
		default:
			return nil, at(k, "unknown key %q in a policy: use name, strategy, params, assert", k.Value)
		}
		fields[k.Value], keys[k.Value] = v, k
	}
	for _, req := range []string{"name", "strategy", "assert"} {
		if fields[req] == nil {
			return nil, at(item, "a policy needs %s", req)
		}
	}
	for _, k := range []string{"name", "strategy"} {
		if fields[k].Kind != yaml.ScalarNode || fields[k].Value == "" {
			return nil, at(fields[k], "%s must be a non-empty string", k)
		}
	}
	p := &policy{name: fields["name"].Value, line: item.Line}
	def, ok := strategy.Find(fields["strategy"].Value)
	if !ok {
		return nil, at(fields["strategy"], "%s", unknownChoice("strategy", fields["strategy"].Value, strategy.Names(), strategyAliases()...))
	}
	fs := pflag.NewFlagSet(p.name, pflag.ContinueOnError)
	p.bound = bindStrategy(def, fs)
	p.asserts.bind(fs)
	p.eval.bind(fs)
	p.eval.bindBound(fs)
	set := func(section string, allowed func(string) bool, node *yaml.Node) error {
		if node.Kind != yaml.MappingNode {
			return at(node, "%s must be a mapping", section)
		}
		for i := 0; i < len(node.Content); i += 2 {
			k, v := node.Content[i], node.Content[i+1]
			name := strings.ReplaceAll(k.Value, "_", "-")
			if !allowed(name) || fs.Lookup(name) == nil {
				return at(k, "unknown %s key %q for %s", section, k.Value, def.Name)
			}
			if v.Kind != yaml.ScalarNode {
				return at(v, "%s.%s must be a single value", section, k.Value)
			}
			if err := fs.Set(name, v.Value); err != nil {
				return at(v, "policy %s: %s", p.name, describeError(err))
			}
		}
		return nil
	}
	isAssertion := func(n string) bool {
		for _, a := range assertionNames {
			if n == a {
				return true
			}
		}
		return n == "percentiles" || n == "percentile" || n == "samples" || n == "bound"
	}
	if node := fields["params"]; node != nil {
		if err := set("params", func(n string) bool { return !isAssertion(n) }, node); err != nil {
			return nil, err
		}
	}
	if err := set("assert", isAssertion, fields["assert"]); err != nil {
		return nil, err
	}
	p.asserts.collect(fs)
	if len(p.asserts.set.Limits) == 0 {
		return nil, at(fields["assert"], "policy %s: assert needs at least one of %s", p.name, strings.Join(assertionNames, ", "))
	}
	return p, nil
}
