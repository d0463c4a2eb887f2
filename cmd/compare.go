package cmd

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newCompareCmd(g *globalOptions) *cobra.Command {
	var o compareOptions
	c := &cobra.Command{
		Use:   "compare 'STRATEGY [flags]'... | compare --policy FILE",
		Short: "Print several schedules side by side, one row per attempt",
		Long: `Print several retry schedules side by side: one row per attempt with each policy's start (and with
--waits its wait), then summary rows: last start, longest wait, attempts within 1h and within 1d.

Each spec is one argument: a strategy and its flags, quoted, exactly as "backoffctl table" takes
them ('polynomial --attempts 25'). --policy FILE compares every policy of a check policy file,
named after it (its assert sections are not used). --envelope and --percentiles apply to every
policy.

Columns are <name>_start_seconds, <name>_wait_seconds, ...: name is the spec's strategy, numbered
(polynomial_1, polynomial_2) when several specs share one, or the policy's name. In CSV the summary
rows follow the attempts with a word in the attempt column (last_start, longest_wait, within_1h,
within_1d) and their value in each policy's start column; JSON has them in "summary".`,
		Example: `  backoffctl compare 'polynomial --attempts 25' 'sidekiq --retries 24'
  backoffctl compare 'polynomial --attempts 10' 'polynomial --attempts 10 --jitter 0' --waits -o markdown
  backoffctl compare 'exponential --base 1s --cap 30s --jitter full --attempts 8' 'decorrelated --base 1s --cap 30s --attempts 8' --envelope
  backoffctl compare --policy testdata/policies.yaml -o csv`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error { return o.run(g, c.Flags(), args) },
	}
	fs := c.Flags()
	fs.SortFlags = false
	fs.StringVar(&o.policyFile, "policy", "", "compare every policy in this check policy file")
	c.MarkFlagFilename("policy", "yaml", "yml")
	boolFlag(fs, &o.waits, "waits", "add each policy's wait until the next attempt")
	o.sample.bind(fs, true)
	return c
}

type compareOptions struct {
	policyFile string
	waits      bool
	sample     sampleOptions
}

// loadSpecs reads the policies of compare and plot: specs, or a policy file.
func loadSpecs(verb, policyFile string, args []string) ([]*specPolicy, error) {
	if policyFile != "" {
		if len(args) > 0 {
			return nil, badInput("%s --policy takes no specs, got %q", verb, args[0])
		}
		return policySpecs(policyFile)
	}
	return parseSpecs(verb, args)
}

func (o *compareOptions) run(g *globalOptions, fs *pflag.FlagSet, args []string) error {
	if err := o.sample.validate(fs, true); err != nil {
		return err
	}
	policies, err := loadSpecs("compare", o.policyFile, args)
	if err != nil {
		return err
	}
	evals, err := o.sample.evaluate(policies, g.stderr)
	if err != nil {
		return err
	}
	cols := o.columns(evals)
	var t *format.Table
	switch g.resolvedFormat() {
	case "json":
		t = compareJSON(evals, cols)
	case "csv":
		t = compareCSV(evals, cols)
	default:
		t = compareHuman(evals, cols, g.lang)
	}
	t.Parameters = o.parameters()
	if o.sample.envelope {
		t.Notes = append(t.Notes, format.Message{Key: "note.envelope"})
	}
	if len(o.sample.percentiles) > 0 {
		t.Notes = append(t.Notes, format.Message{Key: "note.percentiles"})
	}
	for _, e := range evals {
		t.Notes = append(t.Notes, e.noteLines(g.lang)...)
	}
	return g.emit(t)
}

// resolvedFormat is -o with auto resolved as emit resolves it.
func (g *globalOptions) resolvedFormat() string {
	if g.format != "auto" {
		return g.format
	}
	if g.output == "" && isTerminal(g.stdout) {
		return "color"
	}
	return "plain"
}

// parameters are compare's own options for the JSON parameters object.
func (o *compareOptions) parameters() []format.Field {
	out := []format.Field{{Name: "waits", Value: o.waits}, {Name: "envelope", Value: o.sample.envelope}}
	if len(o.sample.percentiles) > 0 {
		out = append(out, format.Field{Name: "percentiles", Value: o.sample.percentiles},
			format.Field{Name: "samples", Value: o.sample.samples}, format.Field{Name: "seed", Value: o.sample.seed})
	}
	return out
}

// cmpColumn is one policy's column: its key suffix (start_seconds, wait_min_seconds, ...) and its
// value on each row.
type cmpColumn struct {
	policy int
	suffix string
	kind   format.Kind
	value  func(row int) (float64, bool)
}

func (c cmpColumn) key(evals []*evaluated) string { return evals[c.policy].name + "_" + c.suffix }

// columns lists every policy's columns in order: start, wait, envelope, percentiles, reached.
func (o *compareOptions) columns(evals []*evaluated) []cmpColumn {
	var cols []cmpColumn
	for i, e := range evals {
		add := func(suffix string, kind format.Kind, value func(int) (float64, bool)) {
			cols = append(cols, cmpColumn{policy: i, suffix: suffix, kind: kind, value: value})
		}
		add("start_seconds", format.Seconds, func(r int) (float64, bool) {
			if r < len(e.rows) {
				return e.rows[r].Start, true
			}
			return 0, false
		})
		if o.waits {
			add("wait_seconds", format.Seconds, func(r int) (float64, bool) {
				if r < len(e.rows) && e.rows[r].HasWait {
					return e.rows[r].Wait, true
				}
				return 0, false
			})
		}
		if e.bounds != nil {
			bound := func(get func(b schedule.Bounds) float64, wait bool) func(int) (float64, bool) {
				return func(r int) (float64, bool) {
					if r >= len(e.bounds) || (wait && e.bounds[r].NoWait) {
						return 0, false
					}
					return get(e.bounds[r]), true
				}
			}
			add("start_min_seconds", format.Seconds, bound(func(b schedule.Bounds) float64 { return b.StartMin }, false))
			add("start_max_seconds", format.Seconds, bound(func(b schedule.Bounds) float64 { return b.StartMax }, false))
			if o.waits {
				add("wait_min_seconds", format.Seconds, bound(func(b schedule.Bounds) float64 { return b.WaitMin }, true))
				add("wait_max_seconds", format.Seconds, bound(func(b schedule.Bounds) float64 { return b.WaitMax }, true))
			}
		}
		if len(e.q.Percents) > 0 {
			quantile := func(m [][]float64, j int) func(int) (float64, bool) {
				return func(r int) (float64, bool) {
					if r >= len(m) || math.IsNaN(m[r][j]) {
						return 0, false
					}
					return m[r][j], true
				}
			}
			for j, p := range e.q.Percents {
				add("start_p"+percentileName(p)+"_seconds", format.Seconds, quantile(e.q.Start, j))
			}
			if o.waits {
				for j, p := range e.q.Percents {
					add("wait_p"+percentileName(p)+"_seconds", format.Seconds, quantile(e.q.Wait, j))
				}
			}
			if !e.q.AllReach() {
				add("reached", format.Number, func(r int) (float64, bool) {
					if r < len(e.q.Reached) {
						return e.q.Reached[r], true
					}
					return 0, true
				})
			}
		}
	}
	return cols
}

// rowCount is the longest policy's row count.
func rowCount(evals []*evaluated) int {
	n := 0
	for _, e := range evals {
		n = max(n, e.length())
	}
	return n
}

// summaryRows are the labels of the summary rows in CSV (the attempt column; the human formats
// translate "compare." + label), and each policy's values in that order.
var summaryRows = []string{"last_start", "longest_wait", "within_1h", "within_1d"}

// values lists a summary in summaryRows' order; counts are marked so they print as numbers.
func (s summary) values() []summaryValue {
	return []summaryValue{{v: s.lastStart}, {v: s.longestWait}, {v: float64(s.within1h), count: true}, {v: float64(s.within1d), count: true}}
}

type summaryValue struct {
	v     float64
	count bool
}

// rawTable is the attempt rows with raw numbers, for CSV and JSON; attempt makes the first cell.
func rawTable(evals []*evaluated, cols []cmpColumn, attemptKind format.Kind, attempt func(r int) format.Cell) *format.Table {
	t := &format.Table{Columns: []format.Column{{Key: "attempt", Kind: attemptKind}}}
	for _, c := range cols {
		t.Columns = append(t.Columns, format.Column{Key: c.key(evals), Kind: c.kind})
	}
	for r := range rowCount(evals) {
		row := []format.Cell{attempt(r)}
		for _, c := range cols {
			v, ok := c.value(r)
			row = append(row, format.Cell{Num: v, Null: !ok})
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// compareJSON is one row object per attempt, and each policy's summary in "summary".
func compareJSON(evals []*evaluated, cols []cmpColumn) *format.Table {
	t := rawTable(evals, cols, format.Integer, func(r int) format.Cell { return format.Cell{Num: float64(r + 1)} })
	var policies []jsonObject
	for _, e := range evals {
		params := append(paramFields(e.strategy), e.bound.drawFields()...)
		policies = append(policies, jsonObject{{Name: "name", Value: e.name}, {Name: "strategy", Value: e.bound.def.Name},
			{Name: "draws", Value: e.drawLabel()}, {Name: "parameters", Value: jsonObject(params)}})
		s := e.summary()
		var longest any
		if !math.IsNaN(s.longestWait) {
			longest = s.longestWait
		}
		t.Summary = append(t.Summary, format.Field{Name: e.name, Value: jsonObject{
			{Name: "last_start_seconds", Value: s.lastStart}, {Name: "longest_wait_seconds", Value: longest},
			{Name: "attempts_within_1h", Value: s.within1h}, {Name: "attempts_within_1d", Value: s.within1d}}})
	}
	t.Head = []format.Field{{Name: "policies", Value: policies}}
	return t
}

// compareCSV is the attempt rows, then one row per summary with a word in the attempt column and
// each policy's value in its start column.
func compareCSV(evals []*evaluated, cols []cmpColumn) *format.Table {
	t := rawTable(evals, cols, format.Text, func(r int) format.Cell { return format.Cell{Text: strconv.Itoa(r + 1)} })
	sums := summaries(evals)
	for i, label := range summaryRows {
		row := []format.Cell{{Text: label}}
		for _, c := range cols {
			cell := format.Cell{Null: true}
			if c.suffix == "start_seconds" {
				if v := sums[c.policy][i]; !math.IsNaN(v.v) {
					cell = format.Cell{Num: v.v}
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func summaries(evals []*evaluated) [][]summaryValue {
	out := make([][]summaryValue, len(evals))
	for i, e := range evals {
		out[i] = e.summary().values()
	}
	return out
}

// compareHuman is the table the terminal and markdown formats print: each policy's columns titled
// after it, then the summary rows, labelled in the attempt column. A count among durations (the
// attempts within an hour) is a word in its cell, so the renderers align and fit the table as any
// other.
func compareHuman(evals []*evaluated, cols []cmpColumn, lang string) *format.Table {
	t := &format.Table{Columns: []format.Column{{Key: "attempt", Kind: format.Integer}}}
	for _, c := range cols {
		t.Columns = append(t.Columns, format.Column{Key: c.key(evals), Title: evals[c.policy].name + " " + columnTitle(lang, c.suffix), Kind: c.kind})
	}
	for r := range rowCount(evals) {
		row := []format.Cell{{Num: float64(r + 1)}}
		for _, c := range cols {
			v, ok := c.value(r)
			row = append(row, format.Cell{Num: v, Null: !ok})
		}
		t.Rows = append(t.Rows, row)
	}
	sums := summaries(evals)
	for i, label := range summaryRows {
		row := []format.Cell{{Text: format.Translate(lang, format.Message{Key: "compare." + label})}}
		for _, c := range cols {
			cell := format.Cell{Text: " "} // summaries are under each policy's start only
			if c.suffix == "start_seconds" {
				switch v := sums[c.policy][i]; {
				case math.IsNaN(v.v):
					cell = format.Cell{Null: true}
				case v.count:
					cell = format.Cell{Text: strconv.FormatFloat(v.v, 'f', 0, 64)}
				default:
					cell = format.Cell{Num: v.v}
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// columnTitle is a column's heading after the policy's name: start, wait until next, start min,
// start p95, reached.
func columnTitle(lang, suffix string) string {
	for _, kind := range []string{"start", "wait"} {
		if p, ok := strings.CutPrefix(suffix, kind+"_p"); ok {
			return format.Translate(lang, format.Message{Key: "col." + kind + "_percentile", Args: []any{strings.TrimSuffix(p, "_seconds")}})
		}
	}
	h := format.Translate(lang, format.Message{Key: "col." + suffix})
	if h == "col."+suffix {
		return strings.ReplaceAll(suffix, "_", " ")
	}
	return h
}

// jsonObject is an ordered JSON object, for values nested inside the head and summary.
type jsonObject []format.Field

func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(f.Name)
		b.Write(k)
		b.WriteString(": ")
		v := f.Value
		if d, ok := v.(format.Duration); ok {
			v = float64(d)
		}
		if x, ok := v.(float64); ok && !math.IsNaN(x) && !math.IsInf(x, 0) {
			b.WriteString(strconv.FormatFloat(x, 'f', -1, 64))
			continue
		}
		enc, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		b.Write(enc)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
