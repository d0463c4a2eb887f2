// Package format turns computed results into text: one Table model, builders that turn results
// into a Table (a schedule, its envelope and percentiles, a comparison, a fleet simulation), and
// one renderer per output format (color, plain, markdown, csv, json). Builders and renderers never
// compute: they lay out and format what they are given.
package format

import (
	"strconv"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// Kind says how a column's numbers are printed.
type Kind int

const (
	// Integer is a whole number such as an attempt or a count.
	Integer Kind = iota
	// Seconds is a duration: raw seconds in csv/json, human-readable with the raw value in tables.
	Seconds
	// Number is any other quantity, printed as a plain decimal.
	Number
	// Text is a word.
	Text
	// Bool is true (Num != 0) or false: a JSON boolean.
	Bool
)

// Column is a column's stable snake_case key (CSV header and JSON field) and kind. Headers shown in
// the human formats come from the message catalog under "col.<key>".
type Column struct {
	Key  string
	Kind Kind
	// User marks text that comes from the user's input (a policy name): CSV neutralises it where a
	// spreadsheet would run it as a formula.
	User bool
	// Title, when set, is the column's heading as it is (a heading the catalog cannot know, such
	// as a policy's name); otherwise the heading comes from the catalog under "col.<key>".
	Title string
	// Spare ranks a column for leaving out when a table does not fit a terminal: higher ranks go
	// first (a strategy's own counters before the envelope the user asked for), ties from the
	// right. 0: left out last.
	Spare int
	// Group names what the column is about ("start", "wait", "assertion"). The human formats keep
	// a group's columns side by side, in the order of the group's first column, and a table split
	// over several parts (a terminal's width, a page's) is split between groups, never inside
	// one that fits: a start with its min and max or its percentiles, an assertion with its
	// verdict. Empty: a group of its own.
	Group string
	// Section marks the column whose value the rows are listed under (a strategy's group): the
	// terminal formats print each value as a heading over its rows instead of a column, markdown
	// as the first column, once per run. CSV and JSON show it as any other column.
	Section bool
	// Machine marks a column that only CSV and JSON show: long text the human formats leave out
	// (a strategy's parameters and source, which `strategies NAME` lists).
	Machine bool
	// JSONOnly marks a field for scripts reading JSON (passed, the boolean twin of check's
	// result word): the other formats leave it out.
	JSONOnly bool
}

// Cell is a number, a word, or nothing (empty in CSV, null in JSON).
type Cell struct {
	Num   float64
	Text  string
	Null  bool
	Alert bool // a failure the reader must not miss: drawn in red where colour is on
	// Times marks a multiplier in a Seconds column (check's max-work among its time limits): the
	// human formats print it as 1.248×, CSV and JSON as the number.
	Times bool
}

// Field is a named value for the JSON head, parameters and summary objects.
type Field struct {
	Name  string
	Value any
}

// Message is a translatable sentence: a catalog key and its arguments.
type Message struct {
	Key  string
	Args []any
}

// Table is everything a renderer prints.
type Table struct {
	Head       []Field // top-level identity, e.g. {"strategy", "polynomial"}
	Parameters []Field
	Summary    []Field // optional: simulation results that are not rows
	// SummaryTable shows Summary in the human formats as a small two-column table (what, value)
	// rather than a list: a simulation's results read as a table, yes and no for true and false.
	SummaryTable bool
	Columns      []Column
	Rows         [][]Cell
	Notes        []Message
	Command      string // the command line that reproduces the table (markdown prints it)
	// ShowHead: the human formats print the head fields before the table, one per line (a
	// strategy's description over its parameters); otherwise only JSON has them.
	ShowHead bool
}

// number prints v in plain decimal with full precision, the CSV/JSON convention.
func number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// humanCell is a cell as the human formats show it.
func humanCell(c Cell, k Kind) string {
	if c.Null {
		return "-"
	}
	if c.Text != "" { // a word in any column: a summary row's label, a count among durations
		return EscapeControl(c.Text)
	}
	if c.Times {
		return param.FormatRounded(c.Num) + "×"
	}
	switch k {
	case Text:
		return EscapeControl(c.Text)
	case Seconds:
		return param.HumanDuration(c.Num) + " (" + param.FormatRounded(c.Num) + "s)"
	case Integer:
		return number(c.Num)
	case Bool:
		return strconv.FormatBool(c.Num != 0)
	default:
		return param.FormatRounded(c.Num)
	}
}

// rawCell is a cell as CSV shows it: numbers in full precision, text with control characters
// escaped (a CSV often ends up on a terminal) and, for user text, formulas neutralised.
func rawCell(c Cell, col Column) string {
	if c.Null {
		return ""
	}
	if col.Kind == Bool && c.Text == "" {
		return strconv.FormatBool(c.Num != 0)
	}
	if col.Kind != Text && c.Text == "" {
		return number(c.Num)
	}
	s := EscapeControl(c.Text)
	if col.User {
		s = neutraliseFormula(s)
	}
	return s
}

// rightAligned reports whether a column holds numbers.
func rightAligned(k Kind) bool { return k != Text }
