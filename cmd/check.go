package cmd

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// assertions are check's limits as flags.
type assertions struct {
	maxWindow, minWindow, maxWait, minFirstWait float64
	maxWork, atFailureRate                      float64
	set                                         analyze.Assertions
	// rateGiven: --at-failure-rate was given (it only qualifies --max-work).
	rateGiven bool
}

// assertionNames lists the assertions in report order.
var assertionNames = analyze.AssertionNames

func (a *assertions) bind(fs *pflag.FlagSet) {
	durationFlag(fs, &a.maxWindow, "max-window", 0, 0, param.MaxDuration, "the last attempt starts no later than this")
	durationFlag(fs, &a.minWindow, "min-window", 0, 0, param.MaxDuration, "the last attempt starts no earlier than this")
	durationFlag(fs, &a.maxWait, "max-wait", 0, 0, param.MaxDuration, "no single wait is longer than this")
	durationFlag(fs, &a.minFirstWait, "min-first-wait", 0, 0, param.MaxDuration, "the first wait is at least this")
	floatFlag(fs, &a.maxWork, "max-work", 1, 1, 100000, false, "the schedule's retries without a budget send at most this many attempts per logical request (with --at-failure-rate)")
	fs.Var(&failureRateValue{p: &a.atFailureRate}, "at-failure-rate", "the failure rate x in [0, 1], 0.2 or 20% (each attempt failing independently), --max-work holds at")
}

// collect records the assertions given on fs.
func (a *assertions) collect(fs *pflag.FlagSet) {
	values := map[string]float64{"max-window": a.maxWindow, "min-window": a.minWindow, "max-wait": a.maxWait, "min-first-wait": a.minFirstWait, "max-work": a.maxWork}
	a.set = analyze.Assertions{Limits: map[string]float64{}, FailureRate: a.atFailureRate}
	a.rateGiven = fs.Changed("at-failure-rate")
	for _, n := range assertionNames {
		if fs.Changed(n) {
			a.set.Limits[n] = values[n]
		}
	}
}

func newCheckCmd(g *globalOptions) *cobra.Command {
	var policyFile string
	check := &cobra.Command{
		Use:   "check STRATEGY [assertions] | check --policy FILE",
		Short: "Assert limits on a retry policy, for CI: exit 1 when one fails",
		Long: `Check a retry policy against limits: --max-window and --min-window bound when the last attempt
starts, --max-wait bounds every wait, --min-first-wait the first one. --max-work W
--at-failure-rate X bounds the load the schedule's retries add without a budget: with each
attempt failing independently with probability x, N retries send W = (1 - x^(N+1))/(1 - x)
attempts per logical request (backoffctl amplify). By default the schedule is read
at --rand (0.5); --bound max reads it at the exact worst case over all draws (the greatest start and
wait of every row; --bound min the least), --percentiles P at the P-th sampled percentile. Exit 0
when every assertion holds, 1 when one fails (each failure is listed on stderr with a summary line;
under GITHUB_ACTIONS=true also as an ::error annotation, on the policy's lines with --policy), 2
for bad input. JSON rows carry the result word and a boolean passed.

check --policy FILE checks every policy of a YAML file:

  policies:
    - name: mailer
      strategy: polynomial
      params: {attempts: 25, jitter: 0.15}
      assert: {max-window: 30d, min-first-wait: 1s}`,
		Example: `  backoffctl check polynomial --attempts 25 --max-window 30d --min-first-wait 1s
  backoffctl check polynomial --attempts 25 --max-window 24d --bound max
  backoffctl check sidekiq --retries 25 --max-window 21d --percentiles 99 --samples 100000 --seed 1
  backoffctl check exponential --attempts 4 --max-work 1.25 --at-failure-rate 20%
  backoffctl check --policy testdata/policies.yaml`,
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(_ *cobra.Command, args []string) error {
			if policyFile != "" {
				if len(args) > 0 {
					return badInput("check --policy takes no strategy, got %q", args[0])
				}
				return runPolicies(g, policyFile)
			}
			if len(args) == 0 {
				return badInput("check needs a strategy (one of %s) or --policy FILE", strings.Join(strategy.Names(), ", "))
			}
			return noStrategy("check", args)
		},
	}
	check.Flags().StringVar(&policyFile, "policy", "", "check every policy in this YAML file")
	check.MarkFlagFilename("policy", "yaml", "yml")
	var a assertions
	var eval evaluation
	addStrategySubcommands(g, check, func(fs *pflag.FlagSet) {
		a.bind(fs)
		eval.bind(fs)
		eval.bindBound(fs)
	}, checkExample, func(b *boundStrategy) error {
		a.collect(b.fs)
		eval.budget = new(analyze.Budget)
		results, params, err := checkOne(b, &a, &eval, g.stderr)
		if err != nil {
			return err
		}
		return reportChecks(g.escapedStderr(), results, false, params, nil)
	})
	return check
}

func checkExample(def strategy.Def) string {
	return fmt.Sprintf("  backoffctl check %[1]s --max-window 30d\n  backoffctl check %[1]s --max-window 30d --max-wait 7d -o json", def.Name)
}

// checkOne evaluates one strategy's assertions.
func checkOne(b *boundStrategy, a *assertions, eval *evaluation, stderr io.Writer) ([]analyze.Result, []format.Field, error) {
	if len(a.set.Limits) == 0 {
		return nil, nil, badInput("check needs at least one assertion: --%s", strings.Join(assertionNames, ", --"))
	}
	if _, work := a.set.Limits["max-work"]; work != a.rateGiven {
		if work {
			return nil, nil, badInput("--max-work needs --at-failure-rate X: the failure rate in [0, 1] it holds at")
		}
		return nil, nil, badInput("--at-failure-rate applies with --max-work")
	}
	if b.fs.Changed("samples") && !eval.sampling() {
		return nil, nil, badInput("--samples applies with --percentiles")
	}
	if eval.bound != "" && (eval.sampling() || b.fs.Changed("rand") || b.random.seeded()) {
		return nil, nil, badInput("--bound reads the exact envelope over all draws: leave out --percentiles, --rand and --seed")
	}
	s, err := b.strategy(eval.sampling())
	if err != nil {
		return nil, nil, err
	}
	e := eval.with(b, stderr)
	sum, err := e.Summary(b.def, s)
	if err != nil {
		return nil, nil, err
	}
	results := a.set.Check(sum)
	for i := range results {
		results[i].Strategy, results[i].Draws = b.def.Name, e.Label(b.def)
	}
	params := fieldsOf(s, b)
	switch {
	case eval.sampling():
		params = append(params, format.Field{Name: "percentile", Value: eval.percentile}, format.Field{Name: "samples", Value: eval.samples})
	case eval.bound != "":
		params = append(format.ParamFields(s), format.Field{Name: "bound", Value: eval.bound})
	}
	return results, params, nil
}

// source is where a result's rule is written: a policy file, the policy's line and its
// assertion's line (0 when not known). Results from the command line have none.
type source struct {
	file             string
	line, assertLine int
}

// failureWidth is the width a failure's stderr line fits, "backoffctl: " included.
const failureWidth = 80

// reportChecks prints the results table, lists failures on stderr (and under GitHub Actions as
// ::error annotations on the policy file's lines when where gives them) and returns exit 1 when
// any failed. where is nil or parallel to results.
func reportChecks(g *globalOptions, results []analyze.Result, withPolicy bool, params []format.Field, where []source) error {
	t := format.CheckTable(results, withPolicy, params)
	if err := g.emit(t); err != nil {
		return err
	}
	annotate := g.getenv("GITHUB_ACTIONS") == "true"
	failed := 0
	for i, r := range results {
		if r.OK {
			continue
		}
		failed++
		who := r.Strategy
		if withPolicy {
			who = r.Policy
		}
		fmt.Fprintln(g.stderr, "backoffctl: "+format.CheckFailure(who, r, failureWidth-len("backoffctl: ")))
		if annotate {
			var at source
			if where != nil {
				at = where[i]
			}
			fmt.Fprintln(g.stderr, annotation(at, format.CheckFailure(who, r, 0)))
		}
	}
	if failed == 0 {
		return nil
	}
	return &exitError{code: exitFailed, msg: fmt.Sprintf("check failed: %d of %d assertions", failed, len(results))}
}

// annotation is a GitHub Actions ::error workflow command for msg, placed on the policy's line
// of its file (and down to the assertion's line when known) so the failure shows on the YAML in
// a pull request.
func annotation(at source, msg string) string {
	var props []string
	if at.file != "" && at.line > 0 {
		props = append(props, "file="+workflowProperty(at.file), "line="+strconv.Itoa(at.line))
		if at.assertLine > at.line {
			props = append(props, "endLine="+strconv.Itoa(at.assertLine))
		}
	}
	props = append(props, "title="+workflowProperty("backoffctl check"))
	return "::error " + strings.Join(props, ",") + "::" + workflowEscape(msg)
}

// workflowProperty escapes a workflow command's property value: the message's escapes plus the
// separators , and :.
func workflowProperty(s string) string {
	return strings.NewReplacer(":", "%3A", ",", "%2C").Replace(workflowEscape(s))
}

// workflowEscape escapes a GitHub Actions workflow command's message: %, CR and LF, so text can
// never end the command or start another.
func workflowEscape(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}
