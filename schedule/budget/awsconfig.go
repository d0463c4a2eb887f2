package budget

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// awsQuotaConfig is the retry quota's settings, as aws-sdk-go-v2's StandardOptions names them:
// RateLimiter's size (DefaultRetryRateTokens), RetryCost, ThrottlingRetryCost (v1.48.0),
// RetryTimeoutCost (v1.47.7), NoRetryIncrement.
type awsQuotaConfig struct {
	version                 string
	tokens, cost, increment uint
	throttleCost            uint
	timeoutCost             uint
	legacy                  bool
}

// awsVersions: v1.48.0 is the default; v1.47.7 is the last release with the legacy costs.
var awsVersions = []string{"1.48", "1.47"}

// awsDefaults are each version's standardDefaults (aws/retry/standard.go): v1.48.0 retry cost 14
// (defaultRetryCost), throttling 5 (DefaultThrottlingRetryCost); v1.47.7 retry cost 5
// (DefaultRetryCost), timeout 10 (DefaultRetryTimeoutCost). Both: 500 tokens, increment 1.
func awsDefaults(version string) awsQuotaConfig {
	if version == "1.47" {
		return awsQuotaConfig{version: version, tokens: 500, cost: 5, timeoutCost: 10, increment: 1, legacy: true}
	}
	return awsQuotaConfig{version: version, tokens: 500, cost: 14, throttleCost: 5, increment: 1}
}

// awsMaxSetting bounds every quota setting: the SDK's fields are uint, and a billion tokens is
// already far past any bucket a client configures.
const awsMaxSetting = 1_000_000_000

// awsKey is a quota setting whose default depends on the version: its default value has empty
// text ("the version's default"), a set value carries its digits.
func awsKey(name, doc string) param.Spec {
	return param.Spec{
		Name: name, Kind: param.Custom, Doc: doc, TypeName: "int", Default: param.Value{},
		Parse: func(text string) (param.Value, error) {
			n, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
			if err != nil || n > awsMaxSetting {
				return param.Value{}, fmt.Errorf("must be an integer in [0, %d], got %q", awsMaxSetting, text)
			}
			return param.Value{Num: float64(n), Text: strconv.FormatUint(n, 10)}, nil
		},
		Show: func(v param.Value) string {
			if v.Text == "" {
				return "the version's default"
			}
			return v.Text
		},
	}
}

// awsQuotaKeys are the SPEC keys of aws-standard and aws-adaptive.
func awsQuotaKeys() []param.Spec {
	return []param.Spec{
		awsKey("tokens", "retry quota size (DefaultRetryRateTokens): 500"),
		awsKey("cost", "tokens a retry takes (RetryCost): 14 in 1.48, 5 in 1.47"),
		awsKey("throttle-cost", "1.48: tokens a retry after a throttling error takes (ThrottlingRetryCost): 5"),
		awsKey("timeout-cost", "1.47: tokens a retry after a timeout takes (RetryTimeoutCost): 10"),
		awsKey("increment", "tokens a success adds (NoRetryIncrement): 1"),
	}
}

// awsQuotaFrom reads the keys over the version's defaults; throttle-cost belongs to 1.48 and
// timeout-cost to 1.47.
func awsQuotaFrom(name, version string, values map[string]param.Value) (awsQuotaConfig, error) {
	c := awsDefaults(version)
	set := func(key string, dst *uint) {
		if v := values[key]; v.Text != "" {
			*dst = uint(v.Num)
		}
	}
	set("tokens", &c.tokens)
	set("cost", &c.cost)
	set("increment", &c.increment)
	if c.legacy {
		if values["throttle-cost"].Text != "" {
			return c, fmt.Errorf("throttle-cost is a key of %s@1.48; %s@1.47 charges cost for a throttling error and has timeout-cost", name, name)
		}
		set("timeout-cost", &c.timeoutCost)
	} else {
		if values["timeout-cost"].Text != "" {
			return c, fmt.Errorf("timeout-cost is a key of %s@1.47; %s@1.48 charges cost for a timeout and has throttle-cost", name, name)
		}
		set("throttle-cost", &c.throttleCost)
	}
	return c, nil
}

// spec is the canonical SPEC with every setting spelled out.
func (c awsQuotaConfig) spec(name string) string {
	if c.legacy {
		return fmt.Sprintf("%s@%s:tokens=%d,cost=%d,timeout-cost=%d,increment=%d", name, c.version, c.tokens, c.cost, c.timeoutCost, c.increment)
	}
	return fmt.Sprintf("%s@%s:tokens=%d,cost=%d,throttle-cost=%d,increment=%d", name, c.version, c.tokens, c.cost, c.throttleCost, c.increment)
}

// sdkVersion is the module version whose code the rule reproduces.
func (c awsQuotaConfig) sdkVersion() string {
	if c.legacy {
		return "v1.47.7"
	}
	return "v1.48.0"
}
