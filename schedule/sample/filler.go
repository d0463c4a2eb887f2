package sample

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// columnFiller samples one schedule of a strategy into column values: row r's start at vals[2r]
// and its wait at vals[2r+1], NaN where the sample has no value. A schedule.ColumnWriter writes
// them itself (its one implementation, the one Fill is built on); others go through Fill and a
// reused row slice.
type columnFiller struct {
	s      schedule.Strategy
	writer schedule.ColumnWriter
	drawer schedule.SplitMixWriter // writer, when it draws from the sampler's generator itself
	raw    bool                    // starts written unrounded (schedule.ColumnWriter.RawStarts)
	rows   []schedule.Row
}

// newColumnFiller returns a filler for s; raw must be what rawStarts reports for s.
func newColumnFiller(s schedule.Strategy, cols int, raw bool) *columnFiller {
	f := &columnFiller{s: s, raw: raw}
	if w, ok := s.(schedule.ColumnWriter); ok {
		f.writer = w
		f.drawer, _ = s.(schedule.SplitMixWriter)
	} else {
		f.rows = make([]schedule.Row, 0, cols/2)
	}
	return f
}

// fill writes one sample's values into vals: NaN where the sample has no value (the wait after its
// last row, and every row it does not reach). It reports whether the sample may have more rows
// than vals holds: through Fill the rows say it; through a writer, when the rows fill vals and the
// last has a wait (the caller then measures the sample, see noteLonger).
func (f *columnFiller) fill(d schedule.Draws, vals []float64) (longer bool) {
	var n int
	if f.writer != nil {
		n = len(f.writer.WriteColumns(d, vals[:0], len(vals)/2, f.raw)) / 2
	} else {
		f.rows = f.s.Fill(d, f.rows)
		n = fillColumns(f.rows, vals)
	}
	for c := 2 * n; c < len(vals); c++ {
		vals[c] = math.NaN()
	}
	if f.writer == nil {
		return len(f.rows) > n // the rows say it: a last row with a wait may be the last
	}
	return n > 0 && 2*n == len(vals) && !math.IsNaN(vals[len(vals)-1])
}

// fillBlock writes samples first..first+count-1 of a run seeded with seed into block (sample k at
// block[k*cols:(k+1)*cols]), as fill does, and calls longer with each sample that had more rows
// than the columns hold.
func (f *columnFiller) fillBlock(seed int64, first uint64, count int, block []float64, cols int, longer func(i uint64)) {
	var g draw.SplitMix
	if f.drawer != nil {
		f.fillDrawn(&g, seed, first, count, block, cols, longer)
		return
	}
	for k := 0; k < count; k++ {
		g.Reseed(seed, first+uint64(k))
		if f.fill(&g, block[k*cols:(k+1)*cols]) {
			longer(first + uint64(k))
		}
	}
}

// fillDrawn is fillBlock for a SplitMixWriter, called with the generator's concrete type: each
// draw is made inline in the loop that uses it (see schedule.SplitMixWriter), where WriteColumns
// would call the generator through Draws once per draw. The values are those WriteColumns gives.
func (f *columnFiller) fillDrawn(g *draw.SplitMix, seed int64, first uint64, count int, block []float64, cols int, longer func(i uint64)) {
	rows := cols / 2
	for k := 0; k < count; k++ {
		g.Reseed(seed, first+uint64(k))
		vals := block[k*cols : (k+1)*cols]
		n := len(f.drawer.WriteSplitMix(g, vals[:0], rows, f.raw)) / 2
		for c := 2 * n; c < len(vals); c++ {
			vals[c] = math.NaN()
		}
		if n > 0 && n == rows && !math.IsNaN(vals[len(vals)-1]) {
			longer(first + uint64(k))
		}
	}
}

// fillColumns writes rows into column values as a ColumnWriter does and returns the rows written:
// start and wait of each row that fits, NaN for a row without a wait. Rows past len(vals)/2 are
// left out.
func fillColumns(rows []schedule.Row, vals []float64) int {
	rows = rows[:min(len(rows), len(vals)/2)]
	for r, row := range rows {
		vals[2*r] = row.Start
		if row.HasWait {
			vals[2*r+1] = row.Wait
		} else {
			vals[2*r+1] = math.NaN()
		}
	}
	return len(rows)
}
