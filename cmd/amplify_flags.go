package cmd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/amplify"
	"github.com/spf13/pflag"
)

// defaultAmplifyPolicies are amplify's policies when none is given: plain retries and the three
// budgets engineers meet most, each at its library's defaults.
var defaultAmplifyPolicies = []string{"retries 3", "budget aws-standard", "budget grpc", "budget finagle retries 3"}

// defaultFailureRates are 0, 0.1, …, 1.
var defaultFailureRates = []float64{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}

// maxFailureRates and maxAmplifyPolicies bound the table.
const (
	maxFailureRates    = 1001
	maxAmplifyPolicies = 20
)

// amplifyOptions are the flags amplify and plot amplify share.
type amplifyOptions struct {
	policies []string
	rates    []float64
	simulate bool
	requests int
	seed     int64
	rate     float64
}

func (o *amplifyOptions) bind(fs *pflag.FlagSet) {
	fs.StringArrayVar(&o.policies, "policy", nil, "a policy: 'retries N' or 'budget SPEC [retries N]' (repeatable; default: "+strings.Join(defaultAmplifyPolicies, ", ")+")")
	o.rates = defaultFailureRates
	fs.Var(&rateList{p: &o.rates}, "failure-rates", "comma-separated failure rates x in [0, 1]")
	boolFlag(fs, &o.simulate, "simulate", "run the exact rules for one client instead of the closed forms")
	intFlag(fs, &o.requests, "requests", 20000, 2, 100000000, "logical requests per simulation (the second half is measured)")
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed of the simulated failures (same seed, same output)")
	floatFlag(fs, &o.rate, "request-rate", 0, 0, 1e9, false, "logical requests per second, for reserves counted per second (0: not given; the reserve is left out)")
}

// evaluate parses the policies and computes the rows.
func (o *amplifyOptions) evaluate(fs *pflag.FlagSet) ([]amplify.Policy, []amplify.Row, error) {
	if !o.simulate && (fs.Changed("requests") || fs.Changed("seed")) {
		return nil, nil, badInput("--requests and --seed apply with --simulate")
	}
	texts := o.policies
	if len(texts) == 0 {
		texts = defaultAmplifyPolicies
	}
	if len(texts) > maxAmplifyPolicies {
		return nil, nil, badInput("--policy given %d times, past the cap of %d", len(texts), maxAmplifyPolicies)
	}
	var policies []amplify.Policy
	for _, t := range texts {
		p, err := amplify.ParsePolicy(t, o.rate)
		if err != nil {
			return nil, nil, badInput("%s", err.Error())
		}
		policies = append(policies, p)
	}
	for _, p := range policies {
		if o.simulate || (p.Budget != nil && p.Rule == nil) {
			if n := float64(o.requests) * float64(p.Retries+1) * float64(len(o.rates)); n > maxSimulatedItems {
				return nil, nil, badInput("%s: --requests x attempts x failure rates is up to %.3g simulated attempts, past the cap of 1e8", p.Label, n)
			}
		}
	}
	run := amplify.Run{Requests: o.requests, Seed: o.seed, Rate: o.rate}
	return policies, amplify.Evaluate(policies, o.rates, o.simulate, run), nil
}

// rateList is --failure-rates: comma-separated numbers in [0, 1].
type rateList struct{ p *[]float64 }

func (v *rateList) Set(s string) error {
	var out []float64
	for _, part := range strings.Split(s, ",") {
		f, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || !(f >= 0 && f <= 1) {
			return fmt.Errorf("must be a comma-separated list of failure rates in [0, 1], got %q", s)
		}
		out = append(out, f)
	}
	if len(out) > maxFailureRates {
		return fmt.Errorf("takes at most %d failure rates, got %d", maxFailureRates, len(out))
	}
	*v.p = out
	return nil
}

func (v *rateList) String() string {
	parts := make([]string, len(*v.p))
	for i, f := range *v.p {
		parts[i] = formatNumber(f)
	}
	return strings.Join(parts, ",")
}
func (v *rateList) Type() string { return "list" }
