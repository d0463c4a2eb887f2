package sample

import "math"

// cutLayout lays every column's boundaries out flat, padded with +Inf to one stride, for the
// loop that places millions of values.
type cutLayout struct {
	cols       []int
	stride     int
	cellStride int              // 2*stride + 1 cells per column
	bounds     []float64        // column i's boundaries at [i*stride, (i+1)*stride)
	kept       []uint64         // column i: bit 2j set when interval j's values are kept
	share      []float64        // expected fraction of samples kept in interval j of column i
	buckets    []*columnBuckets // column i's buckets, or nil (see columnBuckets)
	aligned    []*alignedColumn // column i's aligned buckets, or nil (see alignedColumn)
}

func newCutLayout(columns []*columnCuts, stride int) *cutLayout {
	l := &cutLayout{stride: stride, cellStride: 2*stride + 1, aligned: make([]*alignedColumn, len(columns))}
	for _, cc := range columns {
		l.cols = append(l.cols, cc.col)
		for j := 0; j < stride; j++ {
			b := math.Inf(1)
			if j < len(cc.bounds) {
				b = cc.bounds[j]
			}
			l.bounds = append(l.bounds, b)
		}
		var mask uint64
		for j, k := range cc.kept {
			if k {
				mask |= 1 << (2 * j)
			}
		}
		l.kept = append(l.kept, mask)
		share := make([]float64, stride+1)
		copy(share, cc.share)
		l.share = append(l.share, share...)
	}
	return l
}

// cutCounts is one worker's tally: cells per column, and the kept values per interval: the
// first kept[k] of values[k] (a separate count, so keeping a value writes no slice header).
type cutCounts struct {
	cells  []int64
	values [][]float64
	kept   []int
	full   bool     // more values than bracketLimit in some interval: its brackets failed
	hist   []uint32 // per column with buckets, its values per bucket (see columnBuckets)

	aligned []keptChunks       // per aligned column, its kept values
	spare   [][]float64        // chunks for kept values that compaction emptied
	sink    [blockSize]float64 // where a full aligned column's values go
}

// keptCap is the room set aside for interval j of column i's kept values.
func (l *cutLayout) keptCap(i, j, expected int) int {
	return min(bracketLimit, int(l.share[i*(l.stride+1)+j]*float64(expected))+64)
}

func (l *cutLayout) newCounts(expected int) *cutCounts {
	c := &cutCounts{cells: make([]int64, len(l.cols)*l.cellStride), values: make([][]float64, len(l.cols)*(l.stride+1)), kept: make([]int, len(l.cols)*(l.stride+1))}
	c.hist = make([]uint32, len(l.cols)*numBuckets)
	c.aligned = make([]keptChunks, len(l.cols))
	for i := range l.cols {
		if a := l.aligned[i]; a != nil {
			c.aligned[i].size = a.chunkLen(expected) // chunks are taken as values come
			continue
		}
		for j := 0; j <= l.stride; j++ {
			if l.kept[i]>>(2*j)&1 == 1 {
				c.values[i*(l.stride+1)+j] = make([]float64, l.keptCap(i, j, expected))
			}
		}
	}
	return c
}

// placeBlock counts a block of samples' values (sample k's at block[k*cols:]) column by column:
// through the column's buckets when it has them (most columns; see columnBuckets), else by
// comparing each value with the boundaries.
func (l *cutLayout) placeBlock(c *cutCounts, block []float64, cols, samples int) {
	for i := range l.cols {
		switch {
		case l.aligned[i] != nil:
			l.placeColumnAligned(c, i, block, cols, samples)
		case l.buckets[i] != nil:
			l.placeColumnBuckets(c, i, block, cols, samples)
		case l.stride > 6:
			l.placeColumnWide(c, i, block, cols, samples)
		default:
			l.placeColumn(c, i, block, cols, samples)
		}
	}
}

// placeColumn is placeBlock's loop for a column with up to six boundaries and no buckets. The
// boundaries (three brackets) are held in registers and, for each boundary, the values above it
// are counted in a register too, without branches: the values with exactly j boundaries below
// them are the difference of two such counts, so no cell counter in memory is touched per value.
// Only a value equal to a boundary (rare) or inside a bracket (a few percent) takes a branch.
func (l *cutLayout) placeColumn(c *cutCounts, i int, block []float64, cols, samples int) {
	col := l.cols[i]
	// Past the stride, NaN: never below a value, never equal to one.
	b := cutBounds{math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()}
	copy(b[:], l.bounds[i*l.stride:(i+1)*l.stride])
	b0, b1, b2, b3, b4, b5 := b[0], b[1], b[2], b[3], b[4], b[5]
	var n0, n1, n2, n3, n4, n5, total int64 // values above boundary j; values
	var eq [8]int64                         // values equal to boundary j
	kept := l.kept[i]
	for k := 0; k < samples; k++ {
		v := block[k*cols+col]
		if v != v { // NaN: no value in this sample
			continue
		}
		total++
		a0, a1, a2, a3, a4, a5 := b2i(b0 < v), b2i(b1 < v), b2i(b2 < v), b2i(b3 < v), b2i(b4 < v), b2i(b5 < v)
		n0 += int64(a0)
		n1 += int64(a1)
		n2 += int64(a2)
		n3 += int64(a3)
		n4 += int64(a4)
		n5 += int64(a5)
		j := a0 + a1 + a2 + a3 + a4 + a5
		pos := 2 * j
		if b[j&7] == v {
			eq[j&7]++
			pos++
		}
		if kept>>pos&1 == 1 {
			l.keep(c, i, j, v)
		}
	}
	above := [8]int64{n0, n1, n2, n3, n4, n5}
	cells := c.cells[i*l.cellStride : (i+1)*l.cellStride]
	prev := total // values above boundary j-1 (all of them for j = 0)
	for j := 0; j <= l.stride; j++ {
		var next int64 // values above boundary j; none above the last
		if j < l.stride {
			next = above[j]
		}
		cells[2*j] += prev - next - eq[j]
		if j < l.stride {
			cells[2*j+1] += eq[j]
		}
		prev = next
	}
}

// cutBounds holds one column's boundaries (padded with +Inf to the stride) for placeBlock.
type cutBounds [8]float64

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keep keeps v in interval j of column i, unless the interval is full.
func (l *cutLayout) keep(c *cutCounts, i, j int, v float64) {
	k := i*(l.stride+1) + j
	n := c.kept[k]
	if vals := c.values[k]; n < len(vals) && n < bracketLimit {
		vals[n] = v
		c.kept[k] = n + 1
		return
	}
	if n >= bracketLimit {
		c.full = true
		return
	}
	// Past the expected share: grow.
	grown := make([]float64, min(2*len(c.values[k])+64, bracketLimit))
	copy(grown, c.values[k][:n])
	grown[n] = v
	c.values[k] = grown
	c.kept[k] = n + 1
}

// placeColumnWide is placeBlock's loop for a column with more boundaries than cutBounds holds.
func (l *cutLayout) placeColumnWide(c *cutCounts, i int, block []float64, cols, samples int) {
	col := l.cols[i]
	for k := 0; k < samples; k++ {
		if v := block[k*cols+col]; v == v {
			l.placeValue(c, i, v)
		}
	}
}

// placeValue counts one value (not NaN) of column i in its cell, and keeps it when its interval
// is kept.
func (l *cutLayout) placeValue(c *cutCounts, i int, v float64) {
	bounds := l.bounds[i*l.stride : (i+1)*l.stride]
	j := 0
	for _, b := range bounds {
		j += b2i(b < v)
	}
	pos := 2 * j
	if j < len(bounds) && bounds[j] == v {
		pos++
	}
	c.cells[i*l.cellStride+pos]++
	if l.kept[i]>>pos&1 == 1 {
		l.keep(c, i, j, v)
	}
}
