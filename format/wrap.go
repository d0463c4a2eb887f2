package format

import (
	"strings"

	"github.com/mattn/go-runewidth"
)

// wrapWidth is the widest a text cell gets in the terminal formats before it wraps onto more lines.
const wrapWidth = 56

// wrapText breaks s at spaces into lines of at most width display cells (a longer word keeps its
// own line).
func wrapText(s string, width int) []string {
	if runewidth.StringWidth(s) <= width {
		return []string{s}
	}
	var lines []string
	var line strings.Builder
	lineWidth := 0
	for _, word := range strings.Fields(s) {
		w := runewidth.StringWidth(word)
		if lineWidth > 0 && lineWidth+1+w > width {
			lines = append(lines, line.String())
			line.Reset()
			lineWidth = 0
		}
		if lineWidth > 0 {
			line.WriteByte(' ')
			lineWidth++
		}
		line.WriteString(word)
		lineWidth += w
	}
	return append(lines, line.String())
}

// wrapRows splits rows whose text cells are too wide into several lines, the other cells blank on
// the extra lines. Cells of right-aligned columns (numbers, durations) never wrap.
func wrapRows(rows [][]string, width int, right []bool) [][]string {
	out := make([][]string, 0, len(rows))
	for _, row := range rows {
		parts := make([][]string, len(row))
		height := 1
		for i, c := range row {
			parts[i] = wrapCell(c, width, i < len(right) && right[i])
			height = max(height, len(parts[i]))
		}
		for l := 0; l < height; l++ {
			line := make([]string, len(row))
			for i := range row {
				if l < len(parts[i]) {
					line[i] = parts[i][l]
				}
			}
			out = append(out, line)
		}
	}
	return out
}

// wrapCells wraps long text cells in place with line breaks, for renderers that lay out
// multi-line cells themselves.
func wrapCells(rows [][]string, width int, right []bool) [][]string {
	for _, row := range rows {
		for i, c := range row {
			row[i] = strings.Join(wrapCell(c, width, i < len(right) && right[i]), "\n")
		}
	}
	return rows
}

// wrapCell is a cell's lines: text wrapped at width, a number or a duration whole.
func wrapCell(c string, width int, right bool) []string {
	if right {
		return []string{c}
	}
	return wrapText(c, width)
}
