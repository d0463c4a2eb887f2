package cmd

import (
	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newCompareCmd is `backoffctl compare`: several schedules side by side. It parses the specs,
// evaluates them and hands the results to format.Compare.
func newCompareCmd(g *globalOptions) *cobra.Command {
	var o compareOptions
	c := &cobra.Command{
		Use:   "compare 'STRATEGY [flags]'... | compare --policy FILE",
		Short: "Print several schedules side by side, one row per attempt",
		Long: `Print several retry schedules side by side: one row per attempt with each policy's start (and with
--waits its wait), then the summaries: last start, longest wait, attempts within 1h and within 1d.

Each spec is one argument: a strategy and its flags, quoted, exactly as "backoffctl table" takes
them ('polynomial --attempts 25'). --policy FILE compares every policy of a check policy file,
named after it (its assert sections are not used and may be left out). --envelope and --percentiles apply to every
policy.

Columns are <name>_start_seconds, <name>_wait_seconds, ...: name is the spec's strategy, numbered
(polynomial_1, polynomial_2) when several specs share one, or the policy's name. CSV has one row
per attempt; JSON has the summaries in "summary", the terminal and markdown list them under the
table. The terminal and markdown keep the policies side by side: the columns go by meaning (the
starts, then the waits), each envelope one min – max cell, and a table too wide is split between
those groups, never between policies.`,
		Example: `  backoffctl compare 'polynomial --attempts 25' 'sidekiq --retries 24'
  backoffctl compare 'polynomial --attempts 10' 'polynomial --attempts 10 --jitter 0' --waits -o markdown
  backoffctl compare 'exponential --base 1s --cap 30s --jitter full --attempts 8' 'decorrelated --base 1s --cap 30s --attempts 8' --envelope
  backoffctl compare --policy testdata/policies.yaml -o csv`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error { return o.run(g, c.Flags(), args) },
	}
	c.Long += "\n\n" + fromHelp
	addFromFlags(c)
	fs := c.Flags()
	fs.SortFlags = false
	fs.StringVar(&o.policyFile, "policy", "", "compare every policy in this check policy file")
	c.MarkFlagFilename("policy", "yaml", "yml")
	boolFlag(fs, &o.waits, "waits", "add each policy's wait until the next attempt")
	o.sample.bind(fs, true)
	return c
}

// compareOptions are compare's own flags.
type compareOptions struct {
	policyFile string
	waits      bool
	sample     sampleOptions
}

func (o *compareOptions) run(g *globalOptions, fs *pflag.FlagSet, args []string) error {
	if err := o.sample.validate(fs, true); err != nil {
		return err
	}
	policies, err := loadSpecs(g.process, "compare", o.policyFile, args)
	if err != nil {
		return err
	}
	evals, err := o.sample.evaluate(g, policies)
	if err != nil {
		return err
	}
	c := &format.Comparison{Waits: o.waits, Envelope: o.sample.envelope,
		Percentiles: o.sample.percentiles, Samples: o.sample.samples, Seed: o.sample.seed}
	for _, e := range evals {
		p, err := compared(e)
		if err != nil {
			return err
		}
		c.Policies = append(c.Policies, p)
	}
	return g.emit(format.Compare(c, g.resolvedFormat(), g.lang))
}

// compared is one evaluated policy as format.Compare takes it, with its summary read at the draws
// of its plain column.
func compared(e *evaluated) (format.ComparedPolicy, error) {
	eval := analyze.Evaluation{Draws: e.bound.random.draws(), AtRand: e.atRand}
	sum, err := eval.Summary(e.bound.def, e.strategy)
	if err != nil {
		return format.ComparedPolicy{}, err
	}
	return format.ComparedPolicy{
		Name:       e.name,
		Strategy:   e.bound.def.Name,
		Draws:      analyze.Evaluation{Draws: e.bound.random.draws()}.Label(e.bound.def),
		Parameters: append(format.ParamFields(e.strategy), e.bound.drawFields()...),
		Rows:       e.rows,
		Bounds:     e.bounds,
		Quantiles:  e.q,
		Summary:    sum,
		Notes:      format.Messages(e.strategy.Notes(e.rows)),
	}, nil
}
