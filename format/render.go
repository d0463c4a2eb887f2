package format

import (
	"fmt"
	"io"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/mattn/go-runewidth"
)

// Formats lists the concrete output formats (the -o values besides "auto").
var Formats = []string{"color", "plain", "markdown", "csv", "json"}

// Options are the renderer settings chosen on the command line.
type Options struct {
	Lang  string // message language: "en" or "ja"
	Color bool   // emit colour escape codes (color format only)
	Width int    // fit the color and plain tables in this many columns (0: no limit)
	Units string // durations in the human formats: UnitsAuto, UnitsHuman, UnitsSeconds, UnitsBoth
}

// withNotes is t with notes added at the end (a shallow copy: t is not changed).
func withNotes(t *Table, notes []Message) *Table {
	if len(notes) == 0 {
		return t
	}
	c := *t
	c.Notes = append(append([]Message{}, t.Notes...), notes...)
	return &c
}

// Render writes t to w in the named format.
func Render(w io.Writer, t *Table, format string, o Options) error {
	if format != "json" {
		t = withoutJSONOnly(t)
	}
	switch format {
	case "color":
		return renderColor(w, t, o)
	case "plain":
		return renderPlain(w, t, o)
	case "markdown":
		return renderMarkdown(w, t, o)
	case "csv":
		return renderCSV(w, t)
	case "json":
		return renderJSON(w, t, o)
	}
	return fmt.Errorf("unknown format %q", format)
}

// withoutJSONOnly is t without its JSONOnly columns (a copy when it has any: t is not changed).
func withoutJSONOnly(t *Table) *Table {
	var keep []int
	for i, c := range t.Columns {
		if !c.JSONOnly {
			keep = append(keep, i)
		}
	}
	if len(keep) == len(t.Columns) {
		return t
	}
	c := *t
	c.Columns = make([]Column, len(keep))
	for j, i := range keep {
		c.Columns[j] = t.Columns[i]
	}
	c.Rows = make([][]Cell, len(t.Rows))
	for r, row := range t.Rows {
		out := make([]Cell, len(keep))
		for j, i := range keep {
			out[j] = row[i]
		}
		c.Rows[r] = out
	}
	return &c
}

// humanField prints a summary value for the human formats.
func humanField(f Field) string {
	switch v := f.Value.(type) {
	case nil:
		return "-"
	case float64:
		return param.FormatRounded(v)
	case Duration:
		return param.HumanDuration(float64(v)) + " (" + param.FormatRounded(float64(v)) + "s)"
	default:
		return fmt.Sprint(v)
	}
}

// Duration is a number of seconds in a Field or a message: a plain number in JSON, human-readable
// elsewhere. It is param's HumanSeconds, so schedule's errors print durations as tables do.
type Duration = param.HumanSeconds

// writeTrailer prints the summary and notes under a human table, as a list.
func writeTrailer(w io.Writer, t *Table, o Options, bullet string) error {
	return writeList(w, t, o, bullet, EscapeControl, false)
}

// summaryLabel is a summary field's translated label, or its name.
func summaryLabel(lang string, f Field) string {
	if label := Translate(lang, Message{Key: "sum." + f.Name}); label != "sum."+f.Name {
		return label
	}
	return f.Name
}

// writeSummaryTable prints the summary as a table of two columns, what and value: aligned text
// under a rule for the terminal, a pipe table for markdown (each text through show).
func writeSummaryTable(w io.Writer, t *Table, o Options, show func(string) string, markdown bool) error {
	rows := [][2]string{{show(Translate(o.Lang, Message{Key: "summary.what"})), show(Translate(o.Lang, Message{Key: "summary.value"}))}}
	for _, f := range t.Summary {
		value := humanField(f)
		if b, ok := f.Value.(bool); ok {
			key := "summary.no"
			if b {
				key = "summary.yes"
			}
			value = Translate(o.Lang, Message{Key: key})
		}
		rows = append(rows, [2]string{show(summaryLabel(o.Lang, f)), show(value)})
	}
	var b strings.Builder
	b.WriteString("\n")
	if markdown {
		for i, r := range rows {
			fmt.Fprintf(&b, "| %s | %s |\n", r[0], r[1])
			if i == 0 {
				b.WriteString("|---|---|\n")
			}
		}
	} else {
		width, valueWidth := 0, 0
		for _, r := range rows {
			width, valueWidth = max(width, runewidth.StringWidth(r[0])), max(valueWidth, runewidth.StringWidth(r[1]))
		}
		for i, r := range rows {
			fmt.Fprintf(&b, "%s%s  %s\n", r[0], strings.Repeat(" ", width-runewidth.StringWidth(r[0])), r[1])
			if i == 0 {
				fmt.Fprintf(&b, "%s  %s\n", strings.Repeat("-", width), strings.Repeat("-", valueWidth))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeList is writeTrailer with each text shown through show: EscapeControl, and for markdown
// also its markup escaped (a note's u*min(b*2^k, cap) is no emphasis).
func writeList(w io.Writer, t *Table, o Options, bullet string, show func(string) string, markdown bool) error {
	if len(t.Summary) > 0 && t.SummaryTable {
		if err := writeSummaryTable(w, t, o, show, markdown); err != nil {
			return err
		}
	} else if len(t.Summary) > 0 {
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
		for _, f := range t.Summary {
			if _, err := fmt.Fprintf(w, "%s%s: %s\n", bullet, show(summaryLabel(o.Lang, f)), show(humanField(f))); err != nil {
				return err
			}
		}
	}
	if len(t.Notes) > 0 {
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
		for _, n := range t.Notes {
			text := show(Translate(o.Lang, n))
			if o.Width > 4 { // on a terminal: wrap under the bullet, as the table fits
				text = strings.Join(wrapText(text, o.Width-2), "\n  ")
			}
			if _, err := fmt.Fprintf(w, "%s%s\n", bullet, text); err != nil {
				return err
			}
		}
	}
	return nil
}
