package cmd

import (
	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// runPolicies checks every policy of a YAML file.
func runPolicies(g *globalOptions, path string) error {
	policies, err := loadPolicies(g.process, path)
	if err != nil {
		return err
	}
	// One sampling budget for the whole file, checked before anything runs.
	budget, planned := new(analyze.Budget), 0.0
	// Every policy's schedule counts, a row a row, sampled or not: 300 policies of 100000 rows
	// are as much work as their samples.
	for _, p := range policies {
		p.eval.budget = budget
		s, err := p.bound.strategy(true)
		if err != nil {
			continue // refused with its line when it is checked
		}
		rows := float64(len(s.Fill(draw.Fixed(0.5), nil)))
		planned += rows
		if p.eval.sampling() { // each sample walks the whole schedule (analyze.Evaluation.Summary)
			planned += float64(float64(p.eval.samples) * rows)
		}
	}
	if planned > analyze.MaxSampledRows {
		return badInput("%s: its policies sample %.3g rows in all, past the cap of %.0e per command: lower their samples or attempts", path, planned, analyze.MaxSampledRows)
	}
	var all []analyze.Result
	var where []source
	file := path
	if path == "-" {
		file = "" // stdin: no file to annotate
	}
	for _, p := range policies {
		results, _, err := checkOne(p.bound, &p.asserts, &p.eval, g.stderr)
		if err != nil {
			return badInput("%s:%d: policy %s: %s", path, p.line, p.name, describeError(err))
		}
		for i := range results {
			results[i].Policy = p.name
			where = append(where, source{file: file, line: p.line, assertLine: p.assertLines[results[i].Name]})
		}
		all = append(all, results...)
	}
	return reportChecks(g.escapedStderr(), all, true, []format.Field{{Name: "policy_file", Value: path}, {Name: "policies", Value: len(policies)}}, where)
}
