package format

import (
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// The three shapes of compare's table: JSON, CSV and the human formats.

// compareSummaryRows are the summaries' keys (the human formats translate "compare." + key), in
// the order summaryValues lists each policy's values.
var compareSummaryRows = []string{"last_start", "longest_wait", "within_1h", "within_1d"}

// summaryValue is one summary number; a count prints as a whole number in the human formats.
type summaryValue struct {
	v     float64
	count bool
}

// summaryValues lists a policy's summary in compareSummaryRows' order; the longest wait is NaN
// when no wait follows any attempt.
func (p *ComparedPolicy) summaryValues() []summaryValue {
	s := p.Summary
	longest := s.MaxWait
	if s.Waits == 0 {
		longest = math.NaN()
	}
	return []summaryValue{{v: s.Last}, {v: longest}, {v: float64(s.Within1h), count: true}, {v: float64(s.Within1d), count: true}}
}

// rawCompareTable is the attempt rows with raw numbers, for CSV and JSON; attempt makes the first
// cell.
func rawCompareTable(c *Comparison, cols []cmpColumn, attemptKind Kind, attempt func(r int) Cell) *Table {
	t := &Table{Columns: []Column{{Key: "attempt", Kind: attemptKind}}}
	for _, col := range cols {
		t.Columns = append(t.Columns, Column{Key: col.key(c), Kind: col.kind})
	}
	compareRows(t, c, cols, attempt)
	return t
}

// compareJSON is one row object per attempt, each policy's summary in "summary" and its
// parameters in the head's "policies".
func compareJSON(c *Comparison, cols []cmpColumn) *Table {
	t := rawCompareTable(c, cols, Integer, func(r int) Cell { return Cell{Num: float64(r + 1)} })
	var policies []jsonObject
	for i := range c.Policies {
		p := &c.Policies[i]
		policies = append(policies, jsonObject{{Name: "name", Value: p.Name}, {Name: "strategy", Value: p.Strategy},
			{Name: "draws", Value: p.Draws}, {Name: "parameters", Value: jsonObject(p.Parameters)}})
		v := p.summaryValues()
		var longest any
		if !math.IsNaN(v[1].v) {
			longest = v[1].v
		}
		t.Summary = append(t.Summary, Field{Name: p.Name, Value: jsonObject{
			{Name: "last_start_seconds", Value: v[0].v}, {Name: "longest_wait_seconds", Value: longest},
			{Name: "attempts_within_1h", Value: p.Summary.Within1h}, {Name: "attempts_within_1d", Value: p.Summary.Within1d}}})
	}
	t.Head = []Field{{Name: "policies", Value: policies}}
	return t
}

// compareCSV is the attempt rows alone, every row of the same shape (attempt a whole number, each
// column a number or empty), so a script can read any column of any row as what its header says.
// The summaries are in JSON's "summary" and under the human tables.
func compareCSV(c *Comparison, cols []cmpColumn) *Table {
	return rawCompareTable(c, cols, Integer, func(r int) Cell { return Cell{Num: float64(r + 1)} })
}

// compareHuman is the table the terminal and markdown formats print, the policies side by side
// and the columns grouped by meaning: the starts (every policy's range, min – max in one cell;
// each percentile, every policy's; every policy's start at its draws), then the waits likewise,
// then reached. Each such group is a Column.Group, so a table too wide splits between them,
// never between policies (unless so many policies are compared that one group is too wide
// alone); with an envelope or percentiles, the plain starts and waits are the first left out on a
// narrow terminal. The summaries follow the table
// as a list, one line per summary with every policy's value, so no label widens the attempt
// column.
func compareHuman(c *Comparison, cols []cmpColumn, lang string) *Table {
	t := &Table{Columns: []Column{{Key: "attempt", Kind: Integer}}}
	type humanColumn struct {
		col    Column
		lo, hi int // cols indices; hi >= 0: a min – max pair in one cell
	}
	var out []humanColumn
	spare := 0
	if c.Envelope || len(c.Percentiles) > 0 {
		spare = 1
	}
	for _, group := range []string{"start", "wait", "reached"} {
		kinds := []string{"range"}
		for _, p := range c.Percentiles {
			kinds = append(kinds, "p"+analyze.PercentileName(p))
		}
		for _, kind := range append(kinds, "plain") {
			for pi := range c.Policies {
				name := c.Policies[pi].Name
				for i := 0; i < len(cols); i++ {
					col := cols[i]
					if col.policy != pi || compareGroup(col.suffix) != group || compareKind(col.suffix) != kind {
						continue
					}
					h := humanColumn{col: Column{Key: col.key(c), Kind: col.kind, Group: group + " " + kind}, lo: i, hi: -1}
					switch base, isMin := strings.CutSuffix(col.suffix, "_min_seconds"); {
					case isMin && i+1 < len(cols) && cols[i+1].suffix == base+"_max_seconds":
						h.hi = i + 1
						h.col.Key = c.Policies[pi].Name + "_" + base + "_range"
						h.col.Title = name + " " + Translate(lang, Message{Key: "compare.col." + base + "_range"})
						i++
					case col.suffix == "start_seconds" || col.suffix == "wait_seconds":
						h.col.Title = name + " " + Translate(lang, Message{Key: "compare.col." + strings.TrimSuffix(col.suffix, "_seconds")})
						h.col.Spare = spare
					default:
						h.col.Title = name + " " + compareColumnTitle(lang, col.suffix)
					}
					out = append(out, h)
				}
			}
		}
	}
	for _, h := range out {
		t.Columns = append(t.Columns, h.col)
	}
	for r := range c.rowCount() {
		row := []Cell{{Num: float64(r + 1)}}
		for _, h := range out {
			v, ok := cols[h.lo].value(r)
			cell := Cell{Num: v, Null: !ok}
			if h.hi >= 0 && ok {
				lo, hi := compactDuration(v), ""
				if w, ok := cols[h.hi].value(r); ok {
					hi = compactDuration(w)
				}
				cell = Cell{Text: lo}
				if hi != lo && hi != "" {
					cell.Text += " – " + hi
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	for i, label := range compareSummaryRows {
		var parts []string
		for pi := range c.Policies {
			v := c.Policies[pi].summaryValues()[i]
			text := "-"
			switch {
			case math.IsNaN(v.v):
			case v.count:
				text = strconv.FormatFloat(v.v, 'f', 0, 64)
			default:
				text = param.HumanDuration(v.v)
			}
			parts = append(parts, c.Policies[pi].Name+" "+text)
		}
		t.Summary = append(t.Summary, Field{Name: Translate(lang, Message{Key: "compare." + label}), Value: strings.Join(parts, ", ")})
	}
	return t
}

// compareKind is how a column reads its policy: its envelope (range, the min column of a pair; the
// max column is taken with it), one sampled percentile (p50, p99.9), or its plain draws.
func compareKind(suffix string) string {
	switch {
	case strings.HasSuffix(suffix, "_min_seconds") || strings.HasSuffix(suffix, "_max_seconds"):
		return "range"
	case strings.HasPrefix(suffix, "start_p"), strings.HasPrefix(suffix, "wait_p"):
		_, p, _ := strings.Cut(strings.TrimSuffix(suffix, "_seconds"), "_")
		return p
	}
	return "plain"
}

// compareGroup is the meaning a column's suffix belongs to: start, wait or reached.
func compareGroup(suffix string) string {
	switch {
	case strings.HasPrefix(suffix, "start"):
		return "start"
	case strings.HasPrefix(suffix, "wait"):
		return "wait"
	}
	return "reached"
}
