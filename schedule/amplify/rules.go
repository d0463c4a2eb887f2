package amplify

import "github.com/backoffctl/backoffctl/schedule/budget"

// RuleFor is the closed form of a parsed budget, or nil for a rule that has none (its work is
// then simulated). rate is the logical request rate for per-second reserves (0: not given).
func RuleFor(s budget.Settings, rate float64) Rule {
	num := func(keys ...string) (float64, bool) {
		for _, k := range keys {
			if v, ok := s.Num(k); ok {
				return v, true
			}
		}
		return 0, false
	}
	switch s.Name {
	case "aws-standard":
		size, _ := num("tokens", "size", "capacity")
		cost, ok1 := num("cost", "retry-cost")
		inc, ok2 := num("increment", "no-retry-increment")
		if !ok1 || !ok2 {
			return nil
		}
		return AWSQuota{Tokens: size, Cost: cost, Increment: inc, Legacy: s.Version == "1.47"}
	case "grpc":
		m, ok1 := num("max")
		r, ok2 := num("ratio")
		if !ok1 || !ok2 {
			return nil
		}
		return GRPCThrottle{Max: m, Ratio: r}
	case "ratio", "finagle":
		p, ok := num("", "percent", "ratio")
		if !ok {
			if s.Name != "finagle" {
				return nil
			}
			p = 0.2
		}
		reserve, _ := num("min")
		if s.Name == "finagle" {
			if _, has := s.Values["min"]; !has {
				reserve = 10
			}
		}
		return RatioBudget{P: p, Reserve: reserve, Rate: rate}
	}
	return nil
}
