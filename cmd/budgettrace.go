package cmd

import (
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/amplify"
	"github.com/backoffctl/backoffctl/schedule/budget"
	"github.com/spf13/cobra"
)

// maxTraceAttempts caps requests x max attempts in one trace (the rows it may lay out).
const maxTraceAttempts = 1000000

func newBudgetCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "budget KIND",
		Short: "Retry budgets and throttles: trace a rule's exact state over scripted outcomes",
		Long: `Retry budgets decide whether a retry may be sent; throttles decide whether (or when) any attempt
may be sent. Each rule is a library's code at a named version.

  trace   one row per attempt of a scripted sequence: the decision and the rule's state`,
		Example: `  backoffctl budget trace aws-standard --script FFS
  backoffctl budget trace grpc:max=4,ratio=1.6 --script FS,FF,F -o csv`,
		Args: cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("budget needs a kind: trace")
			}
			return badInput("unknown budget command %q: choose trace", args[0])
		},
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
	}
	c.AddCommand(newBudgetTraceCmd(g))
	return c
}

func newBudgetTraceCmd(g *globalOptions) *cobra.Command {
	var o struct {
		script             string
		requests, attempts int
		times              string
	}
	c := &cobra.Command{
		Use:   "trace SPEC --script S [flags]",
		Short: "The exact state of a budget or throttle over a scripted sequence of attempts",
		Long: `Run a script of attempt outcomes through one budget or throttle (SPEC = NAME[@VERSION][:key=value,...],
budgets: ` + strings.Join(budget.Names(false), ", ") + `; throttles: ` + strings.Join(budget.Names(true), ", ") + `)
and print one row per attempt: its outcome, the decision (retry, refused, max-attempts, done) and the
rule's tokens after it; rules with a rate limiter add the send time, the delay and the limiter's state.

--script lists logical requests separated by commas, each a string of outcomes: S success, F
transient failure, T timeout, H throttling error; N*P stands for N requests P. A request's last
letter repeats while retries are granted (F fails until the rule or --max-attempts ends it); the
last request repeats when --requests asks for more. --times says when attempts are due:
every:D (attempt i, counted from 0 over the whole trace, at i x D) or a list of seconds.`,
		Example: `  backoffctl budget trace aws-standard --script FFS
  backoffctl budget trace aws-standard@1.47 --script FFS
  backoffctl budget trace aws-cubic --script '50*S,HS,S' --requests 80 --times every:100ms -o csv
  backoffctl budget trace grpc:max=4,ratio=1.6 --script FS,FF,F,F,F,S,S,FF,S,F,S,F`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return badInput("budget trace takes one SPEC (a budget or a throttle, like aws-standard or grpc:max=4,ratio=1.6), got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			layer, throttle, err := budget.ParseAny(args[0])
			if err != nil {
				return badInput("%v", err)
			}
			if !cmd.Flags().Changed("script") {
				return badInput("budget trace needs --script: requests separated by commas, each a string of S (success), F (failure), T (timeout), H (throttling), like FFS,S")
			}
			script, err := budget.ParseScript(o.script)
			if err != nil {
				return badInput("%v", err)
			}
			times, err := budget.ParseTimes(o.times)
			if err != nil {
				return badInput("%v", err)
			}
			requests := len(script)
			if cmd.Flags().Changed("requests") {
				requests = o.requests
			}
			if n := requests * o.attempts; n > maxTraceAttempts {
				return badInput("--requests x --max-attempts is %d attempts, past the cap of %d", n, maxTraceAttempts)
			}
			rows := budget.Trace(layer, script, budget.TraceOptions{Requests: requests, MaxAttempts: o.attempts, Times: times})
			tr := format.BudgetTrace{
				Spec: layer.Spec(), Source: layer.Source(), Throttle: throttle, Script: o.script,
				Requests: requests, MaxAttempts: o.attempts, Times: o.times, Rows: rows,
				Rule: budgetRule(layer, throttle, o.attempts),
			}
			if obs, ok := layer.New().(budget.Observer); ok {
				tr.StateNames = obs.StateNames()
			}
			cols := 5 + 2 + len(tr.StateNames)
			if err := g.checkCells(float64(len(rows)*cols), "this trace lays out", "lower --requests or --max-attempts"); err != nil {
				return err
			}
			return g.emit(format.BudgetTraceTable(tr))
		},
	}
	fs := c.Flags()
	fs.SortFlags = false
	fs.StringVar(&o.script, "script", "", "requests separated by commas, each a string of S, F, T, H (N*P repeats P)")
	intFlag(fs, &o.requests, "requests", 0, 1, budget.MaxScriptRequests, "requests to run (default: the script's); the last repeats")
	intFlag(fs, &o.attempts, "max-attempts", 3, 1, 100000, "attempts a request may make, the first included")
	fs.StringVar(&o.times, "times", "every:1s", "when attempts are due: every:D or a list of seconds")
	return c
}

// budgetRule is what a layer implies for requests of attempts attempts: its burst from a full
// state and its closed-form threshold x* (amplify's, the one closed form of each rule), where it
// has one.
func budgetRule(l budget.Layer, throttle bool, attempts int) format.BudgetRule {
	burst, capped := budget.Burst(l, attempts)
	var x float64
	var ok bool
	if s, err := budget.Resolve(l.Spec(), throttle); err == nil && attempts > 1 {
		if rule := amplify.RuleFor(s, 0); rule != nil {
			x, ok = rule.Threshold(attempts - 1)
		}
	}
	return format.BudgetRule{
		Spec: l.Spec(), Source: l.Source(), Throttle: throttle, MaxAttempts: attempts,
		Burst: burst, BurstCapped: capped, Threshold: x, HasThreshold: ok,
	}
}
