package cmd

import (
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
)

// cellCap is how many cells (rows x columns) this command may lay out: analyze.MaxLaidOutCells
// for the terminal and markdown, whose tables take 250 to 650 bytes a cell before they are
// printed; five times as many for CSV and JSON, written from far lighter cells.
func (g *globalOptions) cellCap() float64 {
	name := g.format
	if name == "auto" && !g.formatGiven && g.output != "" {
		name = formatForFile(g.output)
	}
	if name == "csv" || name == "json" {
		return 5 * analyze.MaxLaidOutCells
	}
	return analyze.MaxLaidOutCells
}

// scheduleCells is the cells a schedule of rows rows takes in a table: attempt, start, wait and
// the strategy's own columns, the envelope's four, two per percentile.
func scheduleCells(s schedule.Strategy, rows int, envelope bool, percentiles int) float64 {
	cols := 3 + len(s.Columns()) + 2*percentiles
	if envelope {
		cols += 4
	}
	return float64(float64(rows) * float64(cols))
}

// checkCells refuses, before the work, a command that would lay out more than its cap: lead says
// what lays them out ("3 policies lay out"), remedy what to do.
func (g *globalOptions) checkCells(cells float64, lead, remedy string) error {
	if limit := g.cellCap(); cells > limit {
		return badInput("%s %.3g cells (rows x columns), past the cap of %.0e per command: %s", lead, cells, limit, remedy)
	}
	return nil
}
