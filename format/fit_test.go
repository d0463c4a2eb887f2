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

// TestLayoutStages walks the fitting steps: full form, human durations, merged envelope, then
// columns left out with a note.
func TestLayoutStages(t *testing.T) {
	cases := []struct {
		width   int
		units   string
		heads   string
		row1    string
		dropped string
	}{
		{0, UnitsAuto, "attempt|start|start min|start max", "1|1m 30s (90s)|1m (60s)|2m (120s)", ""},
		// Full: 7 + 12 + 10 + 10 cells and 6 between = 45; human alone: 7 + 6 + 9 + 9 + 6 = 37;
		// merged: 7 + 6 + 15 + 4 = 32.
		{45, UnitsAuto, "attempt|start|start min|start max", "1|1m 30s (90s)|1m (60s)|2m (120s)", ""},
		{40, UnitsAuto, "attempt|start|start min|start max", "1|1m 30s|1m|2m", ""},
		{33, UnitsAuto, "attempt|start|start min – max", "1|1m 30s|1m – 2m", ""},
		{20, UnitsAuto, "attempt|start", "1|1m 30s", "start min – max"},
		{60, UnitsSeconds, "attempt|start (s)|start min (s)|start max (s)", "1|90|60|120", ""},
	}
	for _, c := range cases {
		g := layout(envelopeTable(), Options{Lang: "en", Width: c.width, Units: c.units}, plainBorder)
		if got := strings.Join(g.heads, "|"); got != c.heads {
			t.Errorf("width %d: heads %q, want %q", c.width, got, c.heads)
		}
		if got := strings.Join(g.rows[0], "|"); got != c.row1 {
			t.Errorf("width %d: row %q, want %q", c.width, got, c.row1)
		}
		if c.width > 0 && c.units == UnitsAuto && g.width(plainBorder) > c.width {
			t.Errorf("width %d: laid out %d wide", c.width, g.width(plainBorder))
		}
		if c.dropped == "" && len(g.notes) > 0 || c.dropped != "" && (len(g.notes) != 1 || g.notes[0].Args[0] != c.dropped) {
			t.Errorf("width %d: notes %v, want dropped %q", c.width, g.notes, c.dropped)
		}
	}
	// A range whose ends are equal shows once.
	g := layout(envelopeTable(), Options{Lang: "en", Width: 33}, plainBorder)
	if got := g.rows[1][2]; got != "2h" {
		t.Errorf("equal range %q, want 2h", got)
	}
}
