package cmd

import (
	"github.com/backoffctl/backoffctl/format/plot"
	"github.com/backoffctl/backoffctl/schedule/amplify"
	"github.com/spf13/cobra"
)

// newPlotAmplifyCmd is `backoffctl plot amplify`: amplify's work against the failure rate, one
// line per policy.
func newPlotAmplifyCmd(g *globalOptions) *cobra.Command {
	var o amplifyOptions
	var height int
	c := &cobra.Command{
		Use:   "amplify [--policy SPEC]... [--failure-rates LIST] [--simulate]",
		Short: "Draw the load amplification: work per logical request against the failure rate, one line per policy",
		Long: `Draw amplify's table as a chart: the work (attempts per logical request) against the failure rate,
one line per policy, in the terminal or with --output chart.svg / chart.png as an image. The flags
are amplify's (backoffctl amplify --help): --policy 'retries N' | 'budget SPEC [retries N]'
(repeatable), --failure-rates, --simulate --requests N --seed S, --request-rate.
Without --failure-rates the chart uses 0, 0.02, ..., 1 so the corners at each threshold show.`,
		Example: `  backoffctl plot amplify
  backoffctl plot amplify --policy 'retries 3' --policy 'budget aws-standard@1.47' --policy 'budget aws-standard@1.48' --output amplify.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			kind, err := g.imageKind()
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("failure-rates") {
				o.rates = fineFailureRates()
			}
			_, rows, err := o.evaluate(cmd.Flags())
			if err != nil {
				return err
			}
			return g.drawChart(amplifyChart(rows, len(o.rates)), kind, height)
		},
	}
	fs := c.Flags()
	fs.SortFlags = false
	o.bind(fs)
	intFlag(fs, &height, "height", 16, 4, 200, "rows of the terminal chart")
	return c
}

// fineFailureRates are the chart's default rates: 0, 0.02, …, 1.
func fineFailureRates() []float64 {
	out := make([]float64, 51)
	for i := range out {
		out[i] = float64(i) / 50
	}
	return out
}

// amplifyChart is one series per policy: rows come a policy at a time, n failure rates each.
func amplifyChart(rows []amplify.Row, n int) *plot.Chart {
	c := &plot.Chart{Title: "Load amplification", XLabel: "failure rate x (per attempt)", YLabel: "work (attempts per request)", Plain: true}
	for i := 0; i*n < len(rows); i++ {
		s := plot.Series{Name: rows[i*n].Policy, Group: i}
		for _, r := range rows[i*n : (i+1)*n] {
			s.Points = append(s.Points, plot.Point{X: r.FailureRate, Y: r.Work})
		}
		c.Series = append(c.Series, s)
	}
	return c
}
