package explore

import (
	"fmt"
	"strconv"

	"github.com/backoffctl/backoffctl/schedule/amplify"
	"github.com/backoffctl/backoffctl/schedule/budget"
)

// budgetCycle is what b steps through: no budget, the one the command line chose (when it is not
// a bare name), then every budget at its defaults.
func budgetCycle(chosen string) []string {
	cycle := []string{""}
	names := budget.Names(false)
	bare := false
	for _, n := range names {
		bare = bare || n == chosen
	}
	if chosen != "" && !bare {
		cycle = append(cycle, chosen)
	}
	return append(cycle, names...)
}

// nextBudget moves to the next budget of the cycle.
func (m *Model) nextBudget() {
	m.bud = (m.bud + 1) % len(m.budgets)
	if m.budgets[m.bud] == "" {
		m.status = "no budget"
	}
}

// budgetLine describes the chosen budget for the current schedule: its retries (the rows less
// the first), the threshold x* of its closed form (amplify) and the retries it grants from a full
// state under total failure (budget.Burst, driving the rule's own Gate). ok is false without a
// budget.
func (m Model) budgetLine() (string, bool) {
	if m.bud == 0 || m.calc.err != nil || len(m.calc.rows) == 0 {
		return "", false
	}
	spec := m.budgets[m.bud]
	s, err := budget.Resolve(spec, false)
	if err != nil {
		return "budget  " + err.Error(), true
	}
	retries := len(m.calc.rows) - 1
	threshold := "none"
	if rule := amplify.RuleFor(s, 0); rule == nil {
		threshold = "no closed form"
	} else if x, ok := rule.Threshold(retries); ok {
		threshold = strconv.FormatFloat(x, 'f', 4, 64)
	}
	burst := "never refused"
	if n, ok := amplify.Burst(s.Layer, retries); ok {
		burst = strconv.Itoa(n) + " retries"
	} else if retries == 0 {
		burst = "none"
	}
	name := s.Name
	if s.Version != "" {
		name += "@" + s.Version
	}
	if spec != s.Name {
		name = spec
	}
	return fmt.Sprintf("budget  %s with %d retries: threshold x* %s · burst %s", name, retries, threshold, burst), true
}
