package schedule

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// ColumnWriter is a strategy whose one implementation writes a schedule as column values: row r's
// start at vals[2r] and its wait at vals[2r+1] (NaN on a row without a wait). Its Fill is built on
// it (FillFromColumns), so samplers, which walk millions of schedules into columns without building
// Rows, run the very code a table prints.
type ColumnWriter interface {
	Strategy
	// WriteColumns appends one schedule's column values to vals, at most rows rows, and returns
	// vals. With raw, each start is its StartSum's Raw() where a table shows Now() (see
	// RawStarts): the same draws are consumed and the waits are the same floats either way.
	WriteColumns(d Draws, vals []float64, rows int, raw bool) []float64
	// RawStarts reports whether samplers may place starts before their rounding to the
	// nanosecond: only where no start is ever negative nor -0 and no wait reads a rounded start.
	//
	// Why that is exact: a nearest-rank percentile is an order statistic, and order statistics
	// commute with a monotone non-decreasing map. RoundStart is monotone, so the k-th smallest
	// rounded start is RoundStart of the k-th smallest raw start, and the counts per column (the
	// ranks) are the same. The one thing order does not settle is the sign of a zero: RoundStart
	// maps -0 and tiny negative starts to -0, which compares equal to +0. With non-negative,
	// finite waits and job duration, a Neumaier sum from +0 is +0 while every term is zero and
	// positive otherwise.
	RawStarts() bool
}

// SplitMixWriter is a ColumnWriter that lays a schedule out drawing from a SplitMix generator
// (the sampler's, one per sample) held in a register, each draw made in the loop that uses it: the
// generator's integer work then overlaps the schedule's floating-point work, where draws made
// beforehand into a buffer run one after the other. WriteSplitMix(g, ...) writes what
// WriteColumns(g, ...) writes, from the same code, and leaves g where WriteColumns leaves it.
type SplitMixWriter interface {
	ColumnWriter
	WriteSplitMix(g *draw.SplitMix, vals []float64, rows int, raw bool) []float64
}

// FillFromColumns is Fill for a ColumnWriter: its whole schedule as rows (RowsFromColumns).
func FillFromColumns(s ColumnWriter, d Draws, rows []Row) []Row {
	return RowsFromColumns(s.WriteColumns(d, make([]float64, 0, 64), MaxAttempts, false), rows)
}

// RowsFromColumns turns column values (see ColumnWriter) into rows, reusing rows' storage when it
// has room (else twice its capacity at least, as append grows, so a slice reused for schedules of
// growing length is not reallocated for every one). Row k's attempt is k, a row has a wait when
// its wait column holds one, and Extra is zero: a strategy with columns writes its own.
//
// Rows are written field by field over zeroed storage (a fresh slice, or the reused one cleared
// once): solve lays out schedules of 100000 rows, and storing a whole Row, whose Extra holds
// strings, costs a write barrier per row while the collector runs.
func RowsFromColumns(vals []float64, rows []Row) []Row {
	n := len(vals) / 2
	if cap(rows) < n {
		rows = make([]Row, n, max(n, 2*cap(rows)))
	} else {
		rows = rows[:n]
		clear(rows)
	}
	for r := range rows {
		row := &rows[r]
		row.Attempt, row.Start = r+1, vals[2*r]
		if w := vals[2*r+1]; !math.IsNaN(w) {
			row.Wait, row.HasWait = w, true
		}
	}
	return rows
}

// AppendRow appends a row to column values: its start (Raw() with raw, else Now(); see
// ColumnWriter) and no wait, NaN, which the writer replaces (vals[len(vals)-1]) when a retry
// follows.
func AppendRow(vals []float64, clock StartSum, raw bool) []float64 {
	if raw {
		return append(vals, clock.Raw(), math.NaN())
	}
	return append(vals, clock.Now(), math.NaN())
}

// WalkColumns lays a policy out as column values (see ColumnWriter), at most rows rows: attempt 1
// starts at 0, each failure asks the policy for the wait, and start(k+1) = start(k) + job +
// wait(k). It stops when the policy says so, at rows rows or at MaxAttempts. With raw, the
// elapsed time the policy is given is the unrounded start too: only for a policy that never reads
// it.
func WalkColumns(p Policy, job float64, d Draws, vals []float64, rows int, raw bool) []float64 {
	var sum StartSum
	step := Step{}
	for k := 1; k <= rows; k++ {
		vals = AppendRow(vals, sum, raw)
		if k >= MaxAttempts {
			return vals
		}
		step.Attempt = k
		step.Elapsed = vals[len(vals)-2] + job
		w, ok := p.Next(step, d)
		if !ok {
			return vals
		}
		vals[len(vals)-1], step.Prev = w, w
		sum = sum.Plus(job)
		sum = sum.Plus(w)
	}
	return vals
}
