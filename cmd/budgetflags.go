package cmd

import (
	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/budget"
	"github.com/spf13/pflag"
)

// budgetOptions are --budget, --throttle and --budget-scope: the rules that run beside a
// schedule (SPEC Part 4).
type budgetOptions struct {
	budget, throttle, scope string
}

// ruleFlag marks the flags bind registers, so that a strategy's own flag of the same name is
// never read as one.
const ruleFlag = "budget-rule"

func markRule(fs *pflag.FlagSet, name string) {
	fs.Lookup(name).Annotations = map[string][]string{ruleFlag: {"true"}}
}

func isRule(fs *pflag.FlagSet, name string) bool {
	f := fs.Lookup(name)
	return f != nil && f.Annotations[ruleFlag] != nil
}

// bind registers the flags a strategy does not already have: the aws strategy's own --throttle
// (a switch: the error is a throttling error) keeps its meaning there, so table aws takes
// --budget alone.
func (o *budgetOptions) bind(fs *pflag.FlagSet) {
	o.scope = "client"
	if fs.Lookup("budget") == nil {
		fs.StringVar(&o.budget, "budget", "", "a retry budget beside the schedule, NAME[@VERSION][:key=value,...]: "+joinNames(budget.Names(false)))
		markRule(fs, "budget")
	}
	if fs.Lookup("throttle") == nil {
		fs.StringVar(&o.throttle, "throttle", "", "a throttle beside the schedule, NAME[@VERSION][:key=value,...]: "+joinNames(budget.Names(true)))
		markRule(fs, "throttle")
	}
	if fs.Lookup("budget-scope") == nil {
		enumFlag(fs, &o.scope, "budget-scope", "", "client", []string{"client", "fleet"}, "one budget state per client, or one for the fleet")
		markRule(fs, "budget-scope")
	}
}

// notes parses the rules and returns what they imply for requests of attempts attempts: each
// rule's canonical spec and source, burst and threshold. fs tells which flags were given.
func (o *budgetOptions) notes(fs *pflag.FlagSet, attempts int) ([]format.Message, error) {
	if o.budget == "" && o.throttle == "" {
		if isRule(fs, "budget-scope") && fs.Changed("budget-scope") {
			return nil, badInput("--budget-scope applies with --budget or --throttle")
		}
		for _, name := range []string{"budget", "throttle"} {
			if isRule(fs, name) && fs.Changed(name) {
				return nil, badInput("--%s needs a SPEC, NAME[@VERSION][:key=value,...]", name)
			}
		}
		return nil, nil
	}
	var notes []format.Message
	for _, r := range []struct {
		spec     string
		throttle bool
	}{{o.budget, false}, {o.throttle, true}} {
		if r.spec == "" {
			continue
		}
		l, err := budget.Parse(r.spec, r.throttle)
		if err != nil {
			return nil, badInput("%v", err)
		}
		notes = append(notes, format.BudgetNotes(budgetRule(l, r.throttle, attempts))...)
	}
	return append(notes, format.BudgetScopeNote(o.scope), format.Message{Key: "note.budget.table"}), nil
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}
