package amplify

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/budget"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// MaxRetries caps a policy's retry count (attempts ≤ 100000, as everywhere).
const MaxRetries = 99999

// Policy is one line of the amplification table: a retry count, alone or under a budget.
type Policy struct {
	Label   string
	Retries int
	Budget  *budget.Settings // nil: no budget
	Rule    Rule             // the budget's closed form; nil with a budget that has none
}

// words are the words a policy is written in.
var words = []string{"retries", "budget"}

// ParsePolicy reads 'retries N', 'budget SPEC' or 'budget SPEC retries N' (the two parts in
// either order). A budget without a retry count gets its library's default: 2 retries (3
// attempts) for the AWS SDK's retryers, 3 for the others. rate is the logical request rate for
// closed forms with a per-second reserve (0: not given).
func ParsePolicy(text string, rate float64) (Policy, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return Policy{}, fmt.Errorf("--policy is empty: write 'retries N' or 'budget SPEC [retries N]'")
	}
	p := Policy{Retries: -1}
	for i := 0; i < len(fields); i += 2 {
		w := fields[i]
		if w != "retries" && w != "budget" {
			return Policy{}, fmt.Errorf("--policy %q: %s", text, param.UnknownChoice("word", w, words))
		}
		if i+1 >= len(fields) {
			return Policy{}, fmt.Errorf("--policy %q: %s needs a value", text, w)
		}
		v := fields[i+1]
		switch w {
		case "retries":
			if p.Retries >= 0 {
				return Policy{}, fmt.Errorf("--policy %q: retries given twice", text)
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > MaxRetries {
				return Policy{}, fmt.Errorf("--policy %q: retries must be an integer in [0, %d], got %q", text, MaxRetries, v)
			}
			p.Retries = n
		case "budget":
			if p.Budget != nil {
				return Policy{}, fmt.Errorf("--policy %q: budget given twice", text)
			}
			s, err := budget.Resolve(v, false)
			if err != nil {
				return Policy{}, fmt.Errorf("--policy %q: %w", text, err)
			}
			p.Budget = &s
		}
	}
	if p.Budget == nil {
		if p.Retries < 0 {
			return Policy{}, fmt.Errorf("--policy %q: write 'retries N' or 'budget SPEC [retries N]'", text)
		}
		p.Label = plural(p.Retries)
		return p, nil
	}
	if p.Retries < 0 {
		p.Retries = DefaultRetries(p.Budget.Name)
	}
	p.Label = p.Budget.Name
	if p.Budget.Version != "" {
		p.Label += "@" + p.Budget.Version
	}
	p.Label += ", " + plural(p.Retries)
	p.Rule = RuleFor(*p.Budget, rate)
	return p, nil
}

// DefaultRetries is a budget's retry count when a policy gives none: the AWS SDK's standard
// retryer makes 3 attempts; 3 retries elsewhere.
func DefaultRetries(name string) int {
	if strings.HasPrefix(name, "aws-") {
		return 2
	}
	return 3
}

func plural(n int) string {
	if n == 1 {
		return "1 retry"
	}
	return strconv.Itoa(n) + " retries"
}
