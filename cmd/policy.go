package cmd

import (
	"errors"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/policyfile"
	"github.com/spf13/pflag"
)

// policy is one entry of a policy file, its params and assert bound to the flags check's command
// line has: a policy file sets what a command line would.
type policy struct {
	name string
	line int
	// assertLines is the line of each assertion in the file.
	assertLines map[string]int
	bound       *boundStrategy
	asserts     assertions
	eval        evaluation
}

// newPolicy binds a fresh flag set for one policy of a file.
func newPolicy(p policyfile.Policy) *policy {
	fs := pflag.NewFlagSet(p.Name, pflag.ContinueOnError)
	out := &policy{name: p.Name, line: p.Line, bound: bindStrategy(p.Def, fs)}
	out.asserts.bind(fs)
	out.eval.bind(fs)
	out.eval.bindBound(fs)
	return out
}

// Has reports whether key is one of the policy's flags (policyfile.Target).
func (p *policy) Has(key string) bool { return p.bound.fs.Lookup(key) != nil }

// Keys are the names of the policy's flags, old spellings and hidden flags left out
// (policyfile.Target).
func (p *policy) Keys() []string {
	var keys []string
	p.bound.fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			keys = append(keys, f.Name)
		}
	})
	return keys
}

// Set sets one flag, refusing a bad value as the command line would (policyfile.Target).
func (p *policy) Set(key, value string) error {
	if err := p.bound.fs.Set(key, value); err != nil {
		return errors.New(describeError(err))
	}
	return nil
}

// loadPolicies reads and validates a policy file: unknown keys, wrong types and bad values are
// errors naming the file and line.
func loadPolicies(p process, path string) ([]*policy, error) {
	data, name, err := readPolicyFile(p, path)
	if err != nil {
		return nil, err
	}
	return parsePolicies(name, data)
}

// loadSchedules is loadPolicies for compare and plot, which use the schedules alone: a policy
// without assert is accepted.
func loadSchedules(p process, path string) ([]*policy, error) {
	data, name, err := readPolicyFile(p, path)
	if err != nil {
		return nil, err
	}
	return parseWith(policyfile.ParseSchedules, name, data)
}

// parsePolicies validates a policy file's contents; path only names it in errors.
func parsePolicies(path string, data []byte) ([]*policy, error) {
	return parseWith(policyfile.Parse, path, data)
}

// parseWith validates a policy file's contents with parse (policyfile.Parse or ParseSchedules).
func parseWith(parse func(string, []byte, func(policyfile.Policy) policyfile.Target) ([]policyfile.Policy, error), path string, data []byte) ([]*policy, error) {
	var out []*policy
	parsed, err := parse(path, data, func(p policyfile.Policy) policyfile.Target {
		bound := newPolicy(p)
		out = append(out, bound)
		return bound
	})
	var bad *param.InputError
	if errors.As(err, &bad) {
		return nil, badInput("%s", bad.Msg)
	}
	if err != nil {
		return nil, err
	}
	for i, p := range out {
		p.asserts.collect(p.bound.fs)
		p.assertLines = parsed[i].AssertLines
	}
	return out, nil
}
