package format

import (
	"encoding/csv"
	"io"
)

// renderCSV writes one RFC 4180 table: the column keys, then the rows, numbers in plain decimal
// with full precision and no units. Notes and summaries are not part of CSV output.
func renderCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	head := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		head[i] = neutraliseFormula(EscapeControl(c.Key)) // keys can carry a policy's name (compare)
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	rec := make([]string, len(t.Columns))
	for _, row := range t.Rows {
		for j, c := range row {
			rec[j] = rawCell(c, t.Columns[j])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
