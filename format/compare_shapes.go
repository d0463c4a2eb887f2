package format

import (
	"math"
	"strconv"
)

// The three shapes of compare's table: JSON, CSV and the human formats.

// compareSummaryRows are the labels of the summary rows in CSV (the attempt column; the human
// formats translate "compare." + label), in the order summaryValues lists each policy's values.
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

// compareCSV is the attempt rows, then one row per summary with a word in the attempt column and
// each policy's value in its start column.
func compareCSV(c *Comparison, cols []cmpColumn) *Table {
	t := rawCompareTable(c, cols, Text, func(r int) Cell { return Cell{Text: strconv.Itoa(r + 1)} })
	for i, label := range compareSummaryRows {
		row := []Cell{{Text: label}}
		for _, col := range cols {
			cell := Cell{Null: true}
			if col.suffix == "start_seconds" {
				if v := c.Policies[col.policy].summaryValues()[i]; !math.IsNaN(v.v) {
					cell = Cell{Num: v.v}
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// compareHuman is the table the terminal and markdown formats print: each policy's columns titled
// after it, then the summary rows, labelled in the attempt column. A count among durations (the
// attempts within an hour) is a word in its cell, so the renderers align and fit the table as any
// other.
func compareHuman(c *Comparison, cols []cmpColumn, lang string) *Table {
	t := &Table{Columns: []Column{{Key: "attempt", Kind: Integer}}}
	for _, col := range cols {
		t.Columns = append(t.Columns, Column{Key: col.key(c), Title: c.Policies[col.policy].Name + " " + compareColumnTitle(lang, col.suffix), Kind: col.kind})
	}
	compareRows(t, c, cols, func(r int) Cell { return Cell{Num: float64(r + 1)} })
	for i, label := range compareSummaryRows {
		row := []Cell{{Text: Translate(lang, Message{Key: "compare." + label})}}
		for _, col := range cols {
			cell := Cell{Text: " "} // summaries are under each policy's start only
			if col.suffix == "start_seconds" {
				switch v := c.Policies[col.policy].summaryValues()[i]; {
				case math.IsNaN(v.v):
					cell = Cell{Null: true}
				case v.count:
					cell = Cell{Text: strconv.FormatFloat(v.v, 'f', 0, 64)}
				default:
					cell = Cell{Num: v.v}
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
