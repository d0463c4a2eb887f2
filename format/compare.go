package format

import (
	"strings"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
)

// Compare's tables: several schedules side by side, one row per attempt, then each policy's
// summary. The columns are the same in every format (compareColumns); the summaries sit in JSON's
// "summary", or in rows after the attempts labelled in the attempt column (compareCSV and
// compareHuman).

// ComparedPolicy is one policy of a comparison, as computed.
type ComparedPolicy struct {
	Name       string  // prefix of its column keys and titles, unique within the comparison
	Strategy   string  // the strategy's registry name, for JSON
	Draws      string  // how Rows were drawn: "rand 0.5", "seed 7", "exact"; for JSON
	Parameters []Field // the strategy's parameters and draws, for JSON
	Rows       []schedule.Row
	Bounds     []schedule.Bounds  // the envelope; nil when not asked for
	Quantiles  schedule.Quantiles // sampled percentiles; empty when not asked for
	Summary    analyze.Summary    // of Rows
	Notes      []Message          // the strategy's notes on Rows, untranslated
}

// length is how many rows the policy's columns span: its own rows, or more when some draws reach
// further.
func (p *ComparedPolicy) length() int {
	return max(len(p.Rows), len(p.Bounds), len(p.Quantiles.Start))
}

// Comparison is everything compare prints: the policies and the options they share.
type Comparison struct {
	Policies    []ComparedPolicy
	Waits       bool      // a wait column beside each start column
	Envelope    bool      // the policies carry their envelope
	Percentiles []float64 // the policies carry these sampled percentiles, of Samples from Seed
	Samples     int
	Seed        int64
}

// Compare is the comparison's table in the shape the named format prints: JSON has one object
// per attempt and the summaries apart, CSV the summaries as rows of raw numbers, the human formats
// (anything else) titled columns and translated summary rows.
func Compare(c *Comparison, format, lang string) *Table {
	cols := compareColumns(c)
	var t *Table
	switch format {
	case "json":
		t = compareJSON(c, cols)
	case "csv":
		t = compareCSV(c, cols)
	default:
		t = compareHuman(c, cols, lang)
	}
	t.Parameters = c.parameters()
	if c.Envelope {
		t.Notes = append(t.Notes, Message{Key: "note.envelope"})
	}
	if len(c.Percentiles) > 0 {
		t.Notes = append(t.Notes, Message{Key: "note.percentiles"})
	}
	for _, p := range c.Policies {
		for _, m := range p.Notes {
			t.Notes = append(t.Notes, Message{Key: "%s: %s", Args: []any{p.Name, Translate(lang, m)}})
		}
	}
	return t
}

// parameters are compare's own options for the JSON parameters object.
func (c *Comparison) parameters() []Field {
	out := []Field{{Name: "waits", Value: c.Waits}, {Name: "envelope", Value: c.Envelope}}
	if len(c.Percentiles) > 0 {
		out = append(out, Field{Name: "percentiles", Value: c.Percentiles},
			Field{Name: "samples", Value: c.Samples}, Field{Name: "seed", Value: c.Seed})
	}
	return out
}

// rowCount is the longest policy's row count.
func (c *Comparison) rowCount() int {
	n := 0
	for i := range c.Policies {
		n = max(n, c.Policies[i].length())
	}
	return n
}

// compareRows appends one row per attempt to t: the first cell from attempt, then every column's
// value (empty past a policy's rows).
func compareRows(t *Table, c *Comparison, cols []cmpColumn, attempt func(r int) Cell) {
	for r := range c.rowCount() {
		row := []Cell{attempt(r)}
		for _, col := range cols {
			v, ok := col.value(r)
			row = append(row, Cell{Num: v, Null: !ok})
		}
		t.Rows = append(t.Rows, row)
	}
}

// compareColumnTitle is a column's heading after the policy's name: start, wait until next,
// start min, start p95, reached.
func compareColumnTitle(lang, suffix string) string {
	for _, kind := range []string{"start", "wait"} {
		if p, ok := strings.CutPrefix(suffix, kind+"_p"); ok {
			return Translate(lang, Message{Key: "col." + kind + "_percentile", Args: []any{strings.TrimSuffix(p, "_seconds")}})
		}
	}
	h := Translate(lang, Message{Key: "col." + suffix})
	if h == "col."+suffix {
		return strings.ReplaceAll(suffix, "_", " ")
	}
	return h
}
