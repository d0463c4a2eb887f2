package budget

import (
	"fmt"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// ParseAny reads a SPEC that may name a budget or a throttle (budget trace takes both): the name
// is looked up among the budgets, then the throttles. An unknown name's error suggests from both.
func ParseAny(spec string) (l Layer, throttle bool, err error) {
	head, _, _ := strings.Cut(strings.TrimSpace(spec), ":")
	name, _, _ := strings.Cut(head, "@")
	def, ok := Find(name)
	if !ok {
		all := append(Names(false), Names(true)...)
		return nil, false, fmt.Errorf("%s", param.UnknownChoice("budget or throttle", name, all))
	}
	l, err = Parse(spec, def.Throttle)
	return l, def.Throttle, err
}
