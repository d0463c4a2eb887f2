package cmd

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// assertions are check's limits; a zero-valued limit that was not given is not checked.
type assertions struct {
	maxWindow, minWindow, maxWait, minFirstWait float64
	set                                         map[string]bool
}

// assertionNames lists the assertions in report order.
var assertionNames = []string{"max-window", "min-window", "max-wait", "min-first-wait"}

func (a *assertions) bind(fs *pflag.FlagSet) {
	durationFlag(fs, &a.maxWindow, "max-window", 0, 0, maxDuration, "the last attempt starts no later than this")
	durationFlag(fs, &a.minWindow, "min-window", 0, 0, maxDuration, "the last attempt starts no earlier than this")
	durationFlag(fs, &a.maxWait, "max-wait", 0, 0, maxDuration, "no single wait is longer than this")
	durationFlag(fs, &a.minFirstWait, "min-first-wait", 0, 0, maxDuration, "the first wait is at least this")
}

func (a *assertions) collect(fs *pflag.FlagSet) {
	a.set = map[string]bool{}
	for _, n := range assertionNames {
		if fs.Changed(n) {
			a.set[n] = true
		}
	}
}

// result is one assertion checked.
type result struct {
	policy, strategy, draws string
	name                    string
	limit, actual           float64
	ok                      bool
}

// evaluate checks every given assertion against a schedule view.
func (a *assertions) evaluate(v view) []result {
	last := v.starts[len(v.starts)-1]
	maxWait, firstWait := math.Inf(-1), math.NaN()
	for i, w := range v.waits {
		if math.IsNaN(w) {
			continue
		}
		if i == 0 {
			firstWait = w
		}
		maxWait = math.Max(maxWait, w)
	}
	if math.IsInf(maxWait, -1) {
		maxWait = 0
	}
	if math.IsNaN(firstWait) {
		firstWait = 0
	}
	var out []result
	for _, n := range assertionNames {
		if !a.set[n] {
			continue
		}
		r := result{name: n}
		switch n {
		case "max-window":
			r.limit, r.actual, r.ok = a.maxWindow, last, last <= a.maxWindow
		case "min-window":
			r.limit, r.actual, r.ok = a.minWindow, last, last >= a.minWindow
		case "max-wait":
			r.limit, r.actual, r.ok = a.maxWait, maxWait, maxWait <= a.maxWait
		case "min-first-wait":
			r.limit, r.actual, r.ok = a.minFirstWait, firstWait, firstWait >= a.minFirstWait
		}
		out = append(out, r)
	}
	return out
}

func newCheckCmd(g *globalOptions) *cobra.Command {
	var policyFile string
	check := &cobra.Command{
		Use:   "check STRATEGY [assertions] | check --policy FILE",
		Short: "Assert limits on a retry policy, for CI: exit 1 when one fails",
		Long: `Check a retry policy against limits: --max-window and --min-window bound when the last attempt
starts, --max-wait bounds every wait, --min-first-wait the first one. By default the schedule is read
at --rand (0.5); --percentile P reads it at the P-th sampled percentile instead. Exit 0 when every
assertion holds, 1 when one fails (each failure is listed on stderr), 2 for bad input.

check --policy FILE checks every policy of a YAML file:

  policies:
    - name: mailer
      strategy: polynomial
      params: {attempts: 25, jitter: 0.15}
      assert: {max-window: 30d, min-first-wait: 1s}`,
		Example: `  backoffctl check polynomial --attempts 25 --max-window 30d --min-first-wait 1s
  backoffctl check sidekiq --retries 25 --max-window 21d --percentile 99 --samples 100000 --seed 1
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
				return badInput("check needs a strategy (one of %s) or --policy FILE", strings.Join(strategyNames(), ", "))
			}
			return noStrategy("check", args)
		},
	}
	check.Flags().StringVar(&policyFile, "policy", "", "check every policy in this YAML file")
	check.MarkFlagFilename("policy", "yaml", "yml")
	var a assertions
	var eval evaluation
	addStrategySubcommands(check, func(fs *pflag.FlagSet) {
		a.bind(fs)
		eval.bind(fs)
	}, func(b *boundStrategy) error {
		a.collect(b.fs)
		results, err := checkOne(b, &a, &eval, g.stderr)
		if err != nil {
			return err
		}
		return reportChecks(g, results, false)
	})
	for _, c := range check.Commands() {
		if def, ok := findStrategy(c.Name()); ok {
			c.Example = fmt.Sprintf("  backoffctl check %[1]s --max-window 30d\n  backoffctl check %[1]s --max-window 30d --max-wait 7d -o json", def.name)
		}
	}
	return check
}

// checkOne evaluates one strategy's assertions.
func checkOne(b *boundStrategy, a *assertions, eval *evaluation, stderr io.Writer) ([]result, error) {
	if len(a.set) == 0 {
		return nil, badInput("check needs at least one assertion: --%s", strings.Join(assertionNames, ", --"))
	}
	if b.fs.Changed("samples") && !eval.sampling() {
		return nil, badInput("--samples applies with --percentile")
	}
	s, err := b.strategy(eval.sampling())
	if err != nil {
		return nil, err
	}
	e := *eval
	e.atRand = false
	v, err := e.view(b, s, stderr)
	if err != nil {
		return nil, err
	}
	results := a.evaluate(v)
	for i := range results {
		results[i].strategy, results[i].draws = b.def.name, eval.label(b)
	}
	return results, nil
}

// reportChecks prints the results table, lists failures on stderr and returns exit 1 when any
// failed.
func reportChecks(g *globalOptions, results []result, withPolicy bool) error {
	t := &format.Table{Columns: []format.Column{}}
	if withPolicy {
		t.Columns = append(t.Columns, format.Column{Key: "policy", Kind: format.Text})
	}
	t.Columns = append(t.Columns,
		format.Column{Key: "strategy", Kind: format.Text},
		format.Column{Key: "draws", Kind: format.Text},
		format.Column{Key: "assertion", Kind: format.Text},
		format.Column{Key: "limit_seconds", Kind: format.Seconds},
		format.Column{Key: "actual_seconds", Kind: format.Seconds},
		format.Column{Key: "result", Kind: format.Text},
	)
	failed := 0
	var lines []string
	for _, r := range results {
		word := "ok"
		if !r.ok {
			word = "FAIL"
			failed++
			who := r.strategy
			if withPolicy {
				who = r.policy + " (" + r.strategy + ")"
			}
			lines = append(lines, fmt.Sprintf("backoffctl: %s: %s %s failed: actual %s at %s", who, r.name,
				format.Duration(r.limit), format.Duration(r.actual), r.draws))
		}
		var row []format.Cell
		if withPolicy {
			row = append(row, format.Cell{Text: r.policy})
		}
		t.Rows = append(t.Rows, append(row, format.Cell{Text: r.strategy}, format.Cell{Text: r.draws},
			format.Cell{Text: r.name}, format.Cell{Num: r.limit}, format.Cell{Num: r.actual}, format.Cell{Text: word}))
	}
	status := "passed"
	if failed > 0 {
		status = "failed"
	}
	t.Head = []format.Field{{Name: "check", Value: status}, {Name: "assertions", Value: len(results)}, {Name: "failed", Value: failed}}
	if err := g.emit(t); err != nil {
		return err
	}
	if failed == 0 {
		return nil
	}
	for _, l := range lines[:len(lines)-1] {
		fmt.Fprintln(g.stderr, l)
	}
	return &exitError{code: exitFailed, msg: strings.TrimPrefix(lines[len(lines)-1], "backoffctl: ")}
}
