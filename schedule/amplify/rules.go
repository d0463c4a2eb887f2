package amplify

import (
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

// RuleFor is the closed form of a parsed budget, or nil for a rule that has none (its work is
// then simulated). rate is the logical request rate for per-second reserves (0: not given). The
// keys read are the catalog's (schedule/budget): each rule's own parameters, defaults filled in.
func RuleFor(s budget.Settings, rate float64) Rule {
	v := func(k string) float64 { n, _ := s.Num(k); return n }
	has := func(keys ...string) bool {
		for _, k := range keys {
			if _, ok := s.Values[k]; !ok {
				return false
			}
		}
		return true
	}
	switch s.Name {
	case "aws-standard", "aws-adaptive":
		// The keys default to the version's values, which the canonical spec spells out.
		q := specNumbers(s.Layer.Spec())
		for _, k := range []string{"tokens", "cost", "increment"} {
			if _, ok := q[k]; !ok {
				return nil
			}
		}
		return AWSQuota{Tokens: q["tokens"], Cost: q["cost"], Increment: q["increment"], Legacy: s.Version == "1.47",
			NoRefill: s.Name == "aws-adaptive" && s.Version == "1.47"}
	case "grpc":
		if !has("ratio") {
			return nil
		}
		return AttemptTokens{Gain: v("ratio"), Loss: 1}
	case "gax-breaker":
		if !has("cost") {
			return nil
		}
		return AttemptTokens{Gain: 1, Loss: v("cost")}
	case "ratio", "finagle":
		// Finagle deposits 1000 and withdraws (1000.0/percent).toInt: 1000/withdraw retries per
		// request; the reserve is min × ttl.inSeconds withdrawals, min·⌊ttl⌋/ttl per second.
		if !has("", "ttl", "min") || v("") == 0 {
			return nil
		}
		p := 1000 / math.Trunc(1000/v(""))
		return RatioBudget{P: p, Reserve: v("min") * math.Floor(v("ttl")) / v("ttl"), Rate: rate}
	case "tower":
		if !has("", "ttl", "min") || v("") == 0 {
			return nil
		}
		p := float64(float32(v("")))
		q := 1 / math.Trunc(float64(float32(1)/float32(p)))
		if p > 1 {
			q = 1000 / math.Trunc(float64(float32(1000)/float32(p)))
		}
		// The balance sums the writer and ten slots, eleven tenths of the ttl, and the reserve
		// (min × ⌊ttl⌋ withdrawals) is spread over that span.
		return SuccessDeposit{Q: q, Reserve: v("min") * math.Floor(v("ttl")) / (1.1 * v("ttl")), Rate: rate}
	case "dotnet":
		if !has("ratio", "window", "min-throughput") {
			return nil
		}
		p := v("ratio")
		if rate > 0 {
			n := math.Ceil(float64(rate*v("window")) - 1e-9)
			if n < v("min-throughput") {
				return RatioBudget{P: math.Inf(1)}
			}
			p = max(1, math.Floor(p*n)) / n
		}
		return RatioBudget{P: p}
	case "bucket":
		if !has("fill", "cost") || v("cost") == 0 {
			return nil
		}
		return RatioBudget{P: v("fill") / v("cost")}
	case "breaker":
		if !has("ratio") {
			return nil
		}
		return FailureRatio{Ratio: v("ratio")}
	}
	return nil
}

// specNumbers reads the numeric key=value settings of a canonical SPEC (NAME[@V]:k=v,...).
func specNumbers(spec string) map[string]float64 {
	out := map[string]float64{}
	_, settings, _ := strings.Cut(spec, ":")
	for _, item := range strings.Split(settings, ",") {
		k, text, ok := strings.Cut(item, "=")
		if !ok {
			continue
		}
		if n, err := strconv.ParseFloat(strings.TrimSpace(text), 64); err == nil {
			out[strings.TrimSpace(k)] = n
		}
	}
	return out
}
