package cmd

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/pflag"
)

// A spec is one strategy with its flags in one argument, as compare and plot take them:
// 'polynomial --attempts 25'. It is split like a shell would split it, the strategy looked up in
// the registry and the rest parsed by a fresh flag set from bindStrategy, so a spec accepts and
// refuses exactly what `table STRATEGY` does.

// splitSpec splits s into words the way a POSIX shell would, without expansions: blanks separate
// words, single quotes keep everything literally, double quotes keep everything but \" and \\, and
// a backslash outside quotes escapes the next character.
func splitSpec(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated ' quote")
			}
			word.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				word.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New(`unterminated " quote`)
			}
			inWord = true
		case c == '\\':
			if i+1 < len(s) {
				i++
				word.WriteByte(s[i])
			}
			inWord = true
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// specPolicy is one schedule to compare or plot: a spec from the command line or a policy of a
// file, with its strategy bound.
type specPolicy struct {
	label string // the spec as typed, or "policy NAME (FILE)", for errors
	name  string // the column and legend name, unique within one command
	bound *boundStrategy
	// atRand draws the plain schedule at --rand even when --seed is given: on a strategy
	// subcommand with --percentiles, --seed seeds the sampler.
	atRand bool
}

// parseSpec parses one spec into a bound strategy; errors name the spec.
func parseSpec(spec string) (*specPolicy, error) {
	fail := func(format string, args ...any) error {
		return badInput("%s: %s", strconv.Quote(spec), fmt.Sprintf(format, args...))
	}
	words, err := splitSpec(spec)
	if err != nil {
		return nil, fail("%v", err)
	}
	if len(words) == 0 {
		return nil, fail("empty spec: expected a strategy and its flags, e.g. 'polynomial --attempts 25'")
	}
	def, ok := strategy.Find(words[0])
	if !ok {
		return nil, fail("%s", strategy.UnknownName(words[0]))
	}
	fs := pflag.NewFlagSet(def.Name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	b := bindStrategy(def, fs)
	// A flag given twice is refused as on the command line, where pflag would keep the last.
	if err := repeatedArgs(words[1:], fs.Lookup, fs.ShorthandLookup); err != nil {
		return nil, fail("%s", describeError(err))
	}
	if err := fs.Parse(words[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil, fail("--help is not a flag of a spec: see backoffctl table %s --help", def.Name)
		}
		msg := describeError(err)
		if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
			var names []string
			fs.VisitAll(func(f *pflag.Flag) {
				if !f.Hidden {
					names = append(names, f.Name)
				}
			})
			if s := param.Suggest(name, names); s != "" {
				msg += ": did you mean --" + s + "?"
			}
		}
		return nil, fail("%s", msg)
	}
	if fs.NArg() > 0 {
		return nil, fail("unexpected argument %q: a spec is a strategy and its flags", fs.Arg(0))
	}
	return &specPolicy{label: strconv.Quote(spec), name: def.Name, bound: b}, nil
}

// parseSpecs parses every spec and names them: the strategy's name, numbered _1, _2, ... when
// several specs share it.
func parseSpecs(verb string, specs []string) ([]*specPolicy, error) {
	if len(specs) == 0 {
		return nil, badInput("%s needs at least one spec such as 'polynomial --attempts 25', or --policy FILE", verb)
	}
	var out []*specPolicy
	count := map[string]int{}
	for _, s := range specs {
		p, err := parseSpec(s)
		if err != nil {
			return nil, err
		}
		count[p.name]++
		out = append(out, p)
	}
	seen := map[string]int{}
	for _, p := range out {
		if count[p.name] > 1 {
			seen[p.name]++
			p.name += "_" + strconv.Itoa(seen[p.name])
		}
	}
	return out, nil
}

// loadSpecs reads the policies of compare and plot: specs, or a policy file.
func loadSpecs(p process, verb, policyFile string, args []string) ([]*specPolicy, error) {
	if policyFile != "" {
		if len(args) > 0 {
			return nil, badInput("%s --policy takes no specs, got %q", verb, args[0])
		}
		return policySpecs(p, policyFile)
	}
	return parseSpecs(verb, args)
}

// policySpecs reads every policy of a check policy file, named after it. Their assert sections
// may be left out; given, they are validated as check does, and not used.
func policySpecs(p process, path string) ([]*specPolicy, error) {
	policies, err := loadSchedules(p, path)
	if err != nil {
		return nil, err
	}
	out := make([]*specPolicy, len(policies))
	for i, p := range policies {
		out[i] = &specPolicy{label: path + ":" + strconv.Itoa(p.line) + ": policy " + p.name, name: p.name, bound: p.bound}
	}
	return out, nil
}

// sampleOptions are --envelope and --percentiles with --samples and --seed, applied to every
// policy of a compare or plot.
type sampleOptions struct {
	envelope    bool
	percentiles []float64
	samples     int
	seed        int64
}

// bind registers the flags; withSeed registers --seed too, where no strategy's --seed is already
// on fs (a strategy subcommand's --seed seeds the percentiles as table's does).
func (o *sampleOptions) bind(fs *pflag.FlagSet, withSeed bool) {
	boolFlag(fs, &o.envelope, "envelope", "add each policy's least and greatest start (and wait) over all draws")
	fs.Var(&percentList{p: &o.percentiles}, "percentiles", "add sampled percentiles of each policy, e.g. 50,95,99")
	samplesFlag(fs, &o.samples)
	if withSeed {
		fs.Var(&int64Value{p: &o.seed}, "seed", "seed of the sampled percentiles (a spec's own --seed samples its plain schedule)")
	}
}

// validate refuses --samples (and, where --seed is the command's own, --seed) without
// --percentiles; fs is the flag set of the command that runs.
func (o *sampleOptions) validate(fs *pflag.FlagSet, ownSeed bool) error {
	if len(o.percentiles) > 0 {
		return nil
	}
	if fs.Changed("samples") {
		return badInput("--samples applies with --percentiles")
	}
	if ownSeed && fs.Changed("seed") {
		return badInput("--seed applies with --percentiles (a spec takes its own --seed)")
	}
	return nil
}

// evaluated is one policy computed: its rows at its own draws, and the envelope and percentiles
// when asked for.
type evaluated struct {
	*specPolicy
	strategy schedule.Strategy
	rows     []schedule.Row
	bounds   []schedule.Bounds  // nil without --envelope
	q        schedule.Quantiles // empty without --percentiles
}

// evaluate computes every policy. Sampling shares one budget, checked policy by policy.
func (o *sampleOptions) evaluate(g *globalOptions, policies []*specPolicy) ([]*evaluated, error) {
	stderr := g.stderr
	if err := o.plan(g, policies); err != nil {
		return nil, err
	}
	budget := new(analyze.Budget)
	out := make([]*evaluated, len(policies))
	for i, p := range policies {
		s, err := p.bound.strategy(p.atRand)
		if err != nil {
			return nil, badInput("%s: %s", p.label, describeError(err))
		}
		draws := p.bound.random.draws().For(p.bound.def)
		if p.atRand {
			draws = draw.Fixed(p.bound.random.rand)
		}
		e := &evaluated{specPolicy: p, strategy: s, rows: s.Fill(draws, nil)}
		if o.envelope {
			e.bounds = schedule.Envelope(s)
		}
		if len(o.percentiles) > 0 {
			e.q, err = analyze.Percentiles(s, o.samples, o.seed, o.percentiles, watcher(stderr), budget)
			if err != nil {
				return nil, badInput("%s: %s", p.label, describeError(err))
			}
		}
		out[i] = e
	}
	return out, nil
}

// plan refuses, before any policy is evaluated, a command whose policies together would lay out
// more than analyze.MaxLaidOutCells cells or sample more than analyze.MaxSampledRows rows: one
// budget for the whole command, whatever the number of specs or policies.
func (o *sampleOptions) plan(g *globalOptions, policies []*specPolicy) error {
	cells, sampled := 0.0, 0.0
	for _, p := range policies {
		s, err := p.bound.strategy(p.atRand)
		if err != nil {
			return badInput("%s: %s", p.label, describeError(err))
		}
		cells += scheduleCells(s, len(s.Fill(draw.Fixed(0.5), nil)), o.envelope, len(o.percentiles))
		if len(o.percentiles) > 0 {
			cost, _, _ := analyze.Cost(s, o.samples, o.seed, o.percentiles)
			sampled += cost
		}
	}
	lead := fmt.Sprintf("%d policies lay out", len(policies))
	if err := g.checkCells(cells, lead, "lower the attempts or take fewer policies"); err != nil {
		return err
	}
	if sampled > analyze.MaxSampledRows {
		return badInput("%d policies sample %.3g rows in all, past the cap of %.0e per command: lower --samples or the attempts",
			len(policies), sampled, analyze.MaxSampledRows)
	}
	return nil
}
