package format

import (
	"strings"
	"testing"
)

func envelopeTable() *Table {
	return &Table{
		Columns: []Column{{Key: "attempt", Kind: Integer}, {Key: "start_seconds", Kind: Seconds},
			{Key: "start_min_seconds", Kind: Seconds}, {Key: "start_max_seconds", Kind: Seconds}},
		Rows: [][]Cell{{{Num: 1}, {Num: 90}, {Num: 60}, {Num: 120}}, {{Num: 2}, {Num: 7200}, {Num: 7200}, {Num: 7200}}},
	}
}

func plainBorder(cols int) int { return 2 * (cols - 1) }

// TestLayoutStages walks the fitting steps: full form, human durations, merged envelope, spare
// columns left out with a note, then the rest split over tables that each start with the first
// column, with a note (a part of the first column and one too wide alone may be wider). Parts are
// shown joined by " / ".
func TestLayoutStages(t *testing.T) {
	spare := envelopeTable()
	spare.Columns = append(spare.Columns, Column{Key: "retry_count", Kind: Integer, Spare: 2})
	for i := range spare.Rows {
		spare.Rows[i] = append(spare.Rows[i], Cell{Num: float64(i)})
	}
	cases := []struct {
		table *Table
		width int
		units string
		heads string
		row1  string
		notes string // the notes' keys
	}{
		{envelopeTable(), 0, UnitsAuto, "attempt|start|start min|start max", "1|1m 30s (90s)|1m (60s)|2m (120s)", ""},
		// Full: 7 + 12 + 10 + 10 cells and 6 between = 45; human alone: 7 + 6 + 9 + 9 + 6 = 37;
		// merged: 7 + 6 + 15 + 4 = 32.
		{envelopeTable(), 45, UnitsAuto, "attempt|start|start min|start max", "1|1m 30s (90s)|1m (60s)|2m (120s)", ""},
		{envelopeTable(), 40, UnitsAuto, "attempt|start|start min|start max", "1|1m 30s|1m|2m", ""},
		{envelopeTable(), 33, UnitsAuto, "attempt|start|start min – max", "1|1m 30s|1m – 2m", ""},
		{envelopeTable(), 20, UnitsAuto, "attempt|start / attempt|start min – max", "1|1m 30s / 1|1m – 2m", "note.fit.split.width"},
		{envelopeTable(), 60, UnitsSeconds, "attempt|start (s)|start min (s)|start max (s)", "1|90|60|120", ""},
		// retry count (7 wide) goes first: 32 + 11 + 2 = 45 does not fit 40, 32 does.
		{spare, 40, UnitsAuto, "attempt|start|start min – max", "1|1m 30s|1m – 2m", "note.fit.dropped"},
		{spare, 20, UnitsAuto, "attempt|start / attempt|start min – max", "1|1m 30s / 1|1m – 2m", "note.fit.dropped note.fit.split.width"},
	}
	for _, c := range cases {
		parts := layout(c.table, Options{Lang: "en", Width: c.width, Units: c.units}, plainBorder)
		var heads, row1 []string
		for _, g := range parts {
			heads = append(heads, strings.Join(g.heads, "|"))
			row1 = append(row1, strings.Join(g.rows[0], "|"))
			if c.width > 0 && c.units == UnitsAuto && len(g.heads) > 2 && g.width(plainBorder) > c.width {
				t.Errorf("width %d: laid out %d wide", c.width, g.width(plainBorder))
			}
		}
		if got := strings.Join(heads, " / "); got != c.heads {
			t.Errorf("width %d: heads %q, want %q", c.width, got, c.heads)
		}
		if got := strings.Join(row1, " / "); got != c.row1 {
			t.Errorf("width %d: row %q, want %q", c.width, got, c.row1)
		}
		var keys []string
		for _, n := range parts[0].notes {
			keys = append(keys, n.Key)
		}
		if got := strings.Join(keys, " "); got != c.notes {
			t.Errorf("width %d: notes %q, want %q", c.width, got, c.notes)
		}
	}
	// A range whose ends are equal shows once.
	g := layout(envelopeTable(), Options{Lang: "en", Width: 33}, plainBorder)[0]
	if got := g.rows[1][2]; got != "2h" {
		t.Errorf("equal range %q, want 2h", got)
	}
}

// TestMergedRangeKeepsTitles: an envelope pair with titles (compare's policy columns) merges
// under the min column's title.
func TestMergedRangeKeepsTitles(t *testing.T) {
	tb := envelopeTable()
	tb.Columns[2].Title, tb.Columns[3].Title = "retry start min", "retry start max"
	g := build(tb, "en", UnitsHuman, true)
	if got := g.heads[2]; got != "retry start min – max" {
		t.Errorf("merged heading %q, want %q", got, "retry start min – max")
	}
}

func TestCompactDuration(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0, "0s"}, {22.275, "22.275s"}, {111.35, "1m 51s"}, {123.4, "2m 3s"}, {42994.05, "11h 56m 34s"},
		{86399.6, "1d"}, {1895294.5, "21d 22h 28m"}, {90061, "1d 1h 1m"},
	} {
		if got := compactDuration(c.in); got != c.want {
			t.Errorf("compactDuration(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLayoutKeepsGroups: at a width where a start with its percentiles fits but not the whole
// table, the parts are the groups (starts, then waits), compact if only that keeps them whole;
// ungrouped columns keep their places and a group too wide even compact is split by columns.
func TestLayoutKeepsGroups(t *testing.T) {
	tbl := &Table{Columns: []Column{{Key: "attempt", Kind: Integer}, {Key: "start_seconds", Kind: Seconds, Group: "start"},
		{Key: "wait_seconds", Kind: Seconds, Group: "wait"}}}
	for _, k := range []string{"start", "wait"} {
		for _, p := range []string{"50", "95", "99"} {
			tbl.Columns = append(tbl.Columns, Column{Key: k + "_p" + p + "_seconds", Kind: Seconds, Group: k})
		}
	}
	row := []Cell{{Num: 1}}
	for range 8 {
		row = append(row, Cell{Num: 1895294.5})
	}
	tbl.Rows = [][]Cell{row}
	heads := func(width int) string {
		var out []string
		for _, g := range layout(tbl, Options{Lang: "en", Width: width}, plainBorder) {
			out = append(out, strings.Join(g.heads, "|"))
		}
		return strings.Join(out, " / ")
	}
	// Human: 17 cells each; compact: 11 ("21d 22h 28m").
	want := "attempt|start|start p50|start p95|start p99 / attempt|wait until next|wait p50|wait p95|wait p99"
	if got := heads(80); got != want {
		t.Errorf("80 columns: %q, want %q", got, want)
	}
	if g := layout(tbl, Options{Lang: "en", Width: 80}, plainBorder)[0]; g.rows[0][1] != "21d 22h 28m" {
		t.Errorf("80 columns: %q, want compact durations", g.rows[0][1])
	}
	if got := heads(7 + 4*19 + 8); got != want { // the human groups fit: kept in full
		t.Errorf("91 columns: %q, want %q", got, want)
	} else if g := layout(tbl, Options{Lang: "en", Width: 91}, plainBorder)[0]; g.rows[0][1] != "21d 22h 28m 14.5s" {
		t.Errorf("91 columns: %q, want durations in full", g.rows[0][1])
	}
	if got := heads(40); !strings.Contains(got, "start p95 / attempt|start p99") {
		t.Errorf("40 columns: %q, want the start group split by columns", got)
	}
}
