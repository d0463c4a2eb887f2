package sample

import (
	"math"
	"slices"
)

// numBuckets is how many buckets a column's range is cut into for placing values; the last one
// takes every value outside the range.
const numBuckets = 1024

// columnBuckets lets placeBlock place most values of a column with one table look-up instead of
// comparing them with every bracket boundary. The column's range (its least and greatest pilot
// values) is cut into buckets of equal width in orderedKey space, a bucket being a run of
// consecutive float64s. A bucket that holds no boundary (and, when a boundary is a zero, neither
// zero) lies entirely inside one interval between boundaries, without touching any: every value
// in it compares with every boundary as any other does, so counting the values per bucket and
// adding each bucket's count to its interval's cell at the end gives the very cells the
// comparisons would; a bucket inside a kept interval has its values kept too. Buckets that hold a
// boundary or take the values outside the range are slow: their values go through placeValue.
type columnBuckets struct {
	base        uint64            // orderedKey of the column's least pilot value
	shift       uint              // a value's bucket is (key-base)>>shift, at most numBuckets-1
	nonNegative bool              // the range starts at +0 or above (see placeColumnBuckets)
	kind        [numBuckets]uint8 // bucketCount, bucketKeep or bucketSlow
	cell        [numBuckets]uint8 // a bucket's cell (2j for interval j, 2j+1 for boundary j), when not slow
}

// What placeColumnBuckets does with a bucket's values.
const (
	bucketCount = iota // count them in the bucket
	bucketKeep         // count them in the bucket and keep them: the bucket lies in a kept interval
	bucketSlow         // place each through placeValue
)

// orderedKey maps a float64 to an integer in the same order (NaN aside): negative floats have
// every bit flipped, others the sign bit. -0 sorts just before +0, which compare equal as floats;
// columnBuckets marks both zeros' buckets slow when a boundary is a zero.
func orderedKey(v float64) uint64 {
	b := math.Float64bits(v)
	return b ^ (uint64(int64(b)>>63) | 1<<63)
}

// addBuckets gives a bucket table to every column whose pilot range and boundaries allow one.
func (l *cutLayout) addBuckets(columns []*columnCuts, pilot [][]float64) {
	l.buckets = make([]*columnBuckets, len(columns))
	for i, cc := range columns {
		p := pilot[cc.col]
		if l.aligned[i] != nil || len(p) == 0 || len(cc.bounds) == 0 || len(cc.bounds) > 120 { // cells must fit a byte
			continue
		}
		l.buckets[i] = newColumnBuckets(p[0], p[len(p)-1], cc.bounds, cc.kept)
	}
}

// newColumnBuckets cuts [lo, hi] (the least and greatest pilot values) into buckets around the
// sorted boundaries; kept[j] says interval j's values are kept. It returns nil when the range is
// not two finite ordered floats.
func newColumnBuckets(lo, hi float64, bounds []float64, kept []bool) *columnBuckets {
	if !(lo <= hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil
	}
	cb := &columnBuckets{base: orderedKey(lo), nonNegative: !math.Signbit(lo)}
	span := orderedKey(hi) - cb.base
	for span>>cb.shift >= numBuckets-1 {
		cb.shift++
	}
	last := uint64(numBuckets - 1)
	bucket := func(v float64) uint64 { return min((orderedKey(v)-cb.base)>>cb.shift, last) }
	cb.kind[last] = bucketSlow
	// Every bucket from +Inf's on is slow. That takes NaN (no value; its key is above +Inf's
	// when positive, below every number's when negative) and every value below the range: a key
	// k below base wraps around to k-base+2^64 >= 2^64-base, above +Inf's key-base, so into a
	// bucket at or after +Inf's. The buckets before it hold runs of consecutive floats.
	for u := bucket(math.Inf(1)); u < last; u++ {
		cb.kind[u] = bucketSlow
	}
	for _, b := range bounds {
		cb.kind[bucket(b)] = bucketSlow
		if b == 0 {
			cb.kind[bucket(math.Copysign(0, -1))] = bucketSlow
			cb.kind[bucket(0)] = bucketSlow
		}
	}
	for u := uint64(0); u < last; u++ {
		if cb.kind[u] == bucketSlow {
			// A bucket one float wide (a narrow range, such as a column of one value) that
			// is a boundary: its values equal the boundary (a zero boundary also equals the
			// other zero, a bucket of its own), so they are counted in its cell, never kept.
			if f := keyFloat(cb.base + u); cb.shift == 0 && u < bucket(math.Inf(1)) {
				if j := slices.Index(bounds, f); j >= 0 {
					cb.kind[u], cb.cell[u] = bucketCount, uint8(2*j+1)
				}
			}
			continue
		}
		// Any value of the bucket finds the interval: take its first float.
		first := keyFloat(cb.base + u<<cb.shift)
		j := 0
		for _, b := range bounds {
			j += b2i(b < first)
		}
		cb.cell[u] = uint8(2 * j)
		if kept[j] {
			cb.kind[u] = bucketKeep
		}
	}
	return cb
}

// keyFloat is orderedKey's inverse.
func keyFloat(k uint64) float64 {
	if k>>63 == 1 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

// placeColumnBuckets is placeBlock's loop for a column with buckets: a counting bucket's values
// are only counted in it; the others (and NaN, which always falls in a slow bucket) go to
// placeRare.
func (l *cutLayout) placeColumnBuckets(c *cutCounts, i int, block []float64, cols, samples int) {
	cb := l.buckets[i]
	col := l.cols[i]
	hist := (*[numBuckets]uint32)(c.hist[i*numBuckets : (i+1)*numBuckets])
	kind := &cb.kind
	base, shift := cb.base, cb.shift&63
	if cb.nonNegative {
		// For floats from +0 up, orderedKey is their bits with the sign bit set: the bits
		// less base's give the same buckets. Any other value (negative, -0, negative NaN) has
		// the sign bit, so bits less base's above +Inf's, like a positive NaN: a slow bucket
		// from +Inf's on, as with orderedKey.
		base &^= 1 << 63
		for k := 0; k < samples; k++ {
			v := block[k*cols+col]
			u := min((math.Float64bits(v)-base)>>shift, numBuckets-1)
			if kind[u] == bucketCount {
				hist[u]++
				continue
			}
			l.placeRare(c, i, u, v)
		}
		return
	}
	for k := 0; k < samples; k++ {
		v := block[k*cols+col]
		u := min((orderedKey(v)-base)>>shift, numBuckets-1)
		if kind[u] == bucketCount {
			hist[u]++
			continue
		}
		l.placeRare(c, i, u, v)
	}
}

// placeRare places a value of column i that is not in a counting bucket: NaN is no value, a
// kept bucket's value is counted and kept, others are compared with the boundaries.
func (l *cutLayout) placeRare(c *cutCounts, i int, u uint64, v float64) {
	if v != v {
		return
	}
	cb := l.buckets[i]
	if cb.kind[u] != bucketKeep {
		l.placeValue(c, i, v)
		return
	}
	c.hist[i*numBuckets+int(u)]++
	j := int(cb.cell[u]) / 2
	k := i*(l.stride+1) + j
	if n := c.kept[k]; n < len(c.values[k]) {
		c.values[k][n] = v
		c.kept[k] = n + 1
		return
	}
	l.keep(c, i, j, v)
}

// foldBuckets adds a worker's bucket counts to its cells.
func (l *cutLayout) foldBuckets(c *cutCounts) {
	for i, cb := range l.buckets {
		if cb == nil {
			continue
		}
		hist := c.hist[i*numBuckets : (i+1)*numBuckets]
		for u, n := range hist {
			c.cells[i*l.cellStride+int(cb.cell[u])] += int64(n)
			hist[u] = 0
		}
	}
}
