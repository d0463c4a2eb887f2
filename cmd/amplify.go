package cmd

import (
	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/amplify"
	"github.com/spf13/cobra"
)

// newAmplifyCmd is `backoffctl amplify`: the load-amplification table of retry policies, with
// and without budgets.
func newAmplifyCmd(g *globalOptions) *cobra.Command {
	var o amplifyOptions
	var layout string
	c := &cobra.Command{
		Use:   "amplify [--policy 'retries N' | --policy 'budget SPEC [retries N]']... [--failure-rates LIST]",
		Short: "How much load retries add when attempts fail: work per request, with and without budgets",
		Long: `The load-amplification table: for each policy and failure rate x (the probability that one attempt
fails, independently), the work W (attempts per logical request: the load multiplier a server sees),
the success (the fraction of logical requests that succeed, (1 - x) * W for any policy that stops
at its first success), the budget's threshold x* (the failure rate where it switches from retries
as configured to retries cut off; empty where none) and its burst (retries granted from a full
budget under total failure before the first refusal).

Policies (--policy, repeatable): 'retries N' alone, 'budget SPEC' with the library's own retry count
(2 retries for the AWS SDK's 3 attempts, 3 elsewhere), or 'budget SPEC retries N'. SPEC is as
--budget takes it: NAME[@VERSION][:key=value,...].

Closed forms (docs/budgets.md, Amplification):
  retries N        W = (1 - x^(N+1)) / (1 - x), N + 1 at x = 1; success = 1 - x^(N+1)
  aws-standard     the quota's drift per request is zero at x*; below it W as configured, above it
                   1.48: W = 1 + (1 - x)/(14x); 1.47: W = 5x/(6x - 1)  (3 attempts, defaults)
  grpc             x* = ratio/(1 + ratio); W as configured below, 1 above (large max)
  ratio, finagle   W = min(as configured, 1 + P + min/rate); the reserve needs --request-rate
A budget without a closed form is simulated (source: simulated).

--simulate replaces the closed forms by one client running the exact rules (the budget's state
from --budget's own code), attempts failing independently from a generator seeded with --seed,
measured over the second half of --requests. The terminal and markdown read like a chart: one row per
failure rate, one work column per policy (--layout long for every column); CSV and JSON are
always long.`,
		Example: `  backoffctl amplify
  backoffctl amplify --policy 'retries 3' --policy 'budget aws-standard@1.47' --policy 'budget aws-standard@1.48'
  backoffctl amplify --policy 'budget grpc:max=10,ratio=0.1 retries 4' --failure-rates 0,0.05,0.1,0.2
  backoffctl amplify --simulate --requests 20000 --seed 1 -o csv`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			policies, rows, err := o.evaluate(c.Flags())
			if err != nil {
				return err
			}
			f := g.resolvedFormat()
			wide := layout == "wide" || layout == "auto"
			if f == "csv" || f == "json" {
				wide = false
			}
			s := format.AmplifySettings{FailureRates: o.rates, Simulate: o.simulate, Notes: amplify.Notes(policies), Wide: wide,
				Run: amplify.Run{Requests: o.requests, Seed: o.seed, Rate: o.rate}}
			for _, p := range policies {
				s.Policies = append(s.Policies, p.Label)
			}
			return g.emit(format.AmplifyTable(s, rows))
		},
	}
	fs := c.Flags()
	fs.SortFlags = false
	o.bind(fs)
	enumFlag(fs, &layout, "layout", "", "auto", []string{"auto", "long", "wide"}, "long: a row per policy and failure rate; wide: a row per failure rate (auto: wide but for CSV and JSON)")
	return c
}
