package sample

import "math"

// alignedColumn places a column's values without a branch per value: its range (the least and
// greatest pilot values, both positive) is cut into buckets as columnBuckets does, every bucket
// that a bracket touches is kept whole, and so is every bucket past the range (values above or
// below it, NaN). Each value is counted in its bucket and written to the column's kept list, the
// list growing by one only when the bucket is kept. The bracket boundaries no longer matter to the
// pass: after it, the bucket counts say in which bucket each wanted rank lies, and when that
// bucket is kept, its values are all in the list and the rank is selected among them. A rank
// that falls in a bucket not kept is left to the histogram passes, as a missed bracket is.
//
// A column is placed this way only when the pilot says the kept buckets hold few values more
// than the brackets (planAligned): a bucket may hold many equal values (a cap, a constant wait),
// which the boundary cells of columnBuckets count without keeping.
type alignedColumn struct {
	lo    float64           // the range's least value: bucket 0 starts there
	base  uint64            // lo's bits
	shift uint              // a value's bucket is (bits-base)>>shift
	limit uint64            // hi's bucket: buckets past it take the values outside the range
	share float64           // the fraction of samples the pilot says are kept
	keep  [numBuckets]uint8 // 1 when the bucket's values are kept
}

// bracketBounds is a bracket as a column's buckets are planned from: its least and greatest
// values, and the share of samples expected inside.
type bracketBounds struct{ lo, hi, share float64 }

// alignedRangeMax bounds the range of an aligned column: with the greatest value at most 2^1000,
// every value outside the range (below lo, negative, zero, infinite, NaN) has bits that fall,
// shifted, past the range's buckets (see newAlignedColumn).
const alignedRangeMax = 0x1p1000

// newAlignedColumn cuts [lo, hi] into buckets and keeps those the brackets touch, or returns nil
// when the range is not two positive, ordered floats below alignedRangeMax.
//
// Buckets up to limit hold positive floats from lo on, in order. Every other value falls past
// limit: for a zero, a value below lo or a negative value (or NaN with the sign bit), its bits
// less base wrap around or are at least 2^63 less base; for infinity and NaN, its bits exceed
// 2^1000's by more than 2^56. Either way its bits less base exceed hi's less base by at least
// 2^56, while shift is at most 54 (the range's bits span less than 2^63, cut into fewer than
// 1023 buckets), so its bucket is past hi's. A value a little above hi may share hi's bucket.
func newAlignedColumn(lo, hi float64, brackets []bracketBounds) *alignedColumn {
	if !(lo > 0 && lo <= hi && hi <= alignedRangeMax) {
		return nil
	}
	a := &alignedColumn{lo: lo, base: math.Float64bits(lo)}
	span := math.Float64bits(hi) - a.base
	for span>>a.shift >= numBuckets-1 {
		a.shift++
	}
	a.limit = span >> a.shift
	a.keepBrackets(brackets)
	return a
}

// keepBrackets marks every bucket a bracket touches kept, and every bucket past the range.
func (a *alignedColumn) keepBrackets(brackets []bracketBounds) {
	for u := a.limit + 1; u < numBuckets; u++ {
		a.keep[u] = 1
	}
	for _, b := range brackets {
		first, last := uint64(0), a.limit
		if b.lo > a.lo {
			first = min(a.bucket(b.lo), a.limit)
		}
		if !math.IsInf(b.hi, 1) {
			last = a.bucket(b.hi)
		}
		for u := first; u <= last && u <= a.limit; u++ {
			a.keep[u] = 1
		}
	}
}

// narrowed is the column keeping only the buckets that both it and spans keep (each span a
// bracket's first and last bucket) and those past the range: placed after a, it keeps no value a
// would not, so a bucket it keeps has all its values kept, before and after (settleAligned
// selects in such buckets only).
func (a *alignedColumn) narrowed(spans [][2]uint64) *alignedColumn {
	n := *a
	n.keep = [numBuckets]uint8{}
	for u := a.limit + 1; u < numBuckets; u++ {
		n.keep[u] = 1
	}
	for _, s := range spans {
		for u := s[0]; u <= s[1] && u <= a.limit; u++ {
			n.keep[u] = 1
		}
	}
	for u := range n.keep {
		n.keep[u] &= a.keep[u]
	}
	return &n
}

// bucket is v's bucket: past limit for any value outside the range.
func (a *alignedColumn) bucket(v float64) uint64 { return bucketOf(v, a.base, a.shift) }

// bucketOf is the bucket of v in a column whose bucket 0 starts at the float with bits base and
// whose buckets are 2^shift floats wide: the hot loops (placeAligned, compact) call it with the
// column's base and shift in registers.
func bucketOf(v float64, base uint64, shift uint) uint64 {
	return min((math.Float64bits(v)-base)>>(shift&63), numBuckets-1)
}

// planAligned returns the column's aligned placement when the pilot's values (m samples, of
// which those without a value in the column are missing from values) say the kept buckets hold
// at most a little more than the brackets: a quarter more, plus half a percent of the samples.
// Discrete values fail that: a bracket's bucket then holds a whole value's samples, which the
// boundary cells of columnBuckets count without keeping.
// Samples without a value (NaN) are kept too, past the range: a column most samples do not
// reach is placed as columnBuckets does.
func planAligned(lo, hi float64, brackets []bracketBounds, values []float64, m int) *alignedColumn {
	if m == 0 || len(values) == 0 {
		return nil
	}
	a := newAlignedColumn(lo, hi, brackets)
	if a == nil {
		return nil
	}
	kept := m - len(values) // no value: NaN, kept past the range
	for _, v := range values {
		kept += int(a.keep[a.bucket(v)])
	}
	a.share = float64(kept) / float64(m)
	bracketed := 0.0
	for _, b := range brackets {
		bracketed += b.share
	}
	if a.share > float64(1.25*bracketed)+0.005 {
		return nil
	}
	return a
}

// chunkLen is how many values a chunk of a worker's kept values holds, expecting to see expected
// samples: chunks are allocated as values come, so the memory touched is what is kept
// plus part of a chunk per column and worker, however the samples are shared between workers, and
// nothing is copied. A quarter of what is expected, from two blocks' room to maxChunkLen values: a
// schedule of thousands of rows keeps few values per column.
func (a *alignedColumn) chunkLen(expected int) int {
	n := 2 * blockSize
	for n < maxChunkLen && 4*n < int(a.share*float64(expected)) {
		n *= 2
	}
	return n
}

// maxChunkLen is the most values a chunk of kept values holds (chunkLen, shareChunks).
const maxChunkLen = 4096

// keptChunks is one worker's kept values of one aligned column: full chunks, then the first n
// values of cur, each chunk of size values.
type keptChunks struct {
	full  [][]float64
	cur   []float64
	n     int
	total int // values in full
	size  int
}

// each calls f with every run of kept values.
func (k *keptChunks) each(f func(vals []float64)) {
	for _, c := range k.full {
		f(c)
	}
	f(k.cur[:k.n])
}

// room returns where the next block's values go, allocating a new chunk when the
// current one has less room than a block, or nil, marking the counts full, past twice
// bracketLimit values.
func (c *cutCounts) room(i int) *[blockSize]float64 {
	k := &c.aligned[i]
	if c.full {
		return nil
	}
	if len(k.cur)-k.n >= blockSize {
		return (*[blockSize]float64)(k.cur[k.n : k.n+blockSize])
	}
	if k.total+k.n+blockSize > 2*bracketLimit {
		c.full = true
		return nil
	}
	if k.n > 0 {
		k.full = append(k.full, k.cur[:k.n])
		k.total += k.n
	}
	k.cur, k.n = c.chunk(k.size), 0
	return (*[blockSize]float64)(k.cur[:blockSize])
}

// chunk returns room for a column's kept values: a chunk compaction emptied (any holds a block),
// else a new one of size values.
func (c *cutCounts) chunk(size int) []float64 {
	if n := len(c.spare); n > 0 {
		last := c.spare[n-1]
		c.spare = c.spare[:n-1]
		return last
	}
	return make([]float64, size)
}

// shareChunks cuts memory into chunks for kept values, as large as the largest chunkLen gives
// and at least two blocks, and shares them out between the workers' spare chunks, which chunk
// hands out before it allocates. A chunk's capacity ends where the next chunk begins: compaction
// writes up to a chunk's capacity.
func shareChunks(memory [][]float64, states []*cutCounts) {
	const size = maxChunkLen
	w := 0
	for _, m := range memory {
		for ; len(m) >= 2*blockSize; m = m[min(size, len(m)):] {
			n := min(size, len(m))
			st := states[w%len(states)]
			st.spare = append(st.spare, m[:n:n])
			w++
		}
	}
}

// compact drops the kept values a no longer keeps, moving the others to the front of the chunks,
// in order, and returns the chunks it emptied: the worker's next chunks reuse them (chunk), so the
// memory the pass holds follows the values still kept, not every value it ever kept. Written as
// placeAligned is, without a branch per value: each value is written where the next kept one
// goes, which moves on only when it is kept (a branch on it mispredicts for about as many values
// as the narrowing drops). The write never passes the read: at most one value is written per
// value read.
func (k *keptChunks) compact(a *alignedColumn) (emptied [][]float64) {
	chunks := make([][]float64, 0, len(k.full)+1) // every chunk, whole
	for _, c := range k.full {
		chunks = append(chunks, c[:cap(c)])
	}
	if k.cur != nil {
		chunks = append(chunks, k.cur[:cap(k.cur)])
	}
	if len(chunks) == 0 {
		return nil
	}
	runs := k.full // the values kept: the full chunks, then the current one's first n
	if k.cur != nil {
		runs = append(runs[:len(runs):len(runs)], k.cur[:k.n])
	}
	keep, base, shift := &a.keep, a.base, a.shift
	w, at := 0, 0 // where the next value kept goes, chunks[w][at]
	dst := chunks[0]
	for _, vals := range runs {
		for _, v := range vals {
			if at == len(dst) { // the values read so far fill chunks[w]: the next one follows
				w, at = w+1, 0
				dst = chunks[w]
			}
			dst[at] = v
			at += int(keep[bucketOf(v, base, shift)])
		}
	}
	k.full, k.total = k.full[:0], 0
	for _, c := range chunks[:w] {
		k.full = append(k.full, c)
		k.total += len(c)
	}
	k.cur, k.n = chunks[w], at
	return chunks[w+1:]
}

// outsideValues returns aligned column i's kept values below its range and above it (the kept
// values hold every value outside the range; NaN, no value, is neither).
func outsideValues(a *alignedColumn, states []*cutCounts, i int) (below, above []float64) {
	outsideFrom := (a.limit + 1) << (a.shift & 63) // bits less base from which a value is outside
	for _, st := range states {
		st.aligned[i].each(func(vals []float64) {
			for _, v := range vals {
				if math.Float64bits(v)-a.base < outsideFrom {
					continue
				}
				switch {
				case v < a.lo:
					below = append(below, v)
				case v > a.lo:
					above = append(above, v)
				}
			}
		})
	}
	return below, above
}

// placeColumnAligned is placeBlock's loop for an aligned column.
func (l *cutLayout) placeColumnAligned(c *cutCounts, i int, block []float64, cols, samples int) {
	a := l.aligned[i]
	hist := (*[numBuckets]uint32)(c.hist[i*numBuckets : (i+1)*numBuckets])
	dst := c.room(i)
	if dst == nil {
		dst = &c.sink // full: count, keep nothing more
	}
	j := placeAligned(hist, &a.keep, a.shift, dst, block[:samples*cols], l.cols[i], cols, a.base)
	if !c.full {
		c.aligned[i].n += j
	}
}

// placeAligned counts the column's values in block in their buckets and writes each to dst[j],
// j counting the values kept so far: a loop of few enough variables to stay in registers, kept
// out of line so that its caller's variables do not crowd them out. Written for the code the
// compiler makes of it on amd64 (0.9 ns a value, 1.35 before; BenchmarkPlaceAligned): shift is
// the third argument, so it arrives in CX, where a variable shift reads its count; the arrays'
// nil checks are made once before the loop, not per value; the index is unsigned, so below
// len(block) it needs no bounds check.
//
//go:noinline
func placeAligned(hist *[numBuckets]uint32, keep *[numBuckets]uint8, shift uint, dst *[blockSize]float64, block []float64, col, cols int, base uint64) int {
	j := 0
	_, _, _ = hist[0], keep[0], dst[0] // one nil check each, not one per value
	sh := shift & 63
	for p := uint(col); p < uint(len(block)); p += uint(cols) {
		v := block[p]
		u := bucketOf(v, base, sh)
		hist[u]++
		dst[j&(blockSize-1)] = v
		j += int(keep[u])
	}
	return j
}

// settleAligned settles the targets of aligned column i from every worker's bucket counts and
// kept values (see alignedColumn), and returns how many samples have a value in the column. It
// reads the kept values twice: for those outside the range (which decide the count, and so the
// ranks), then for those of the buckets where the ranks fall, each into its bucket's list, sized
// from the bucket's count in scratch (returned for the next column).
func (l *cutLayout) settleAligned(i int, targets []*target, states []*cutCounts, scratch []float64) (total int64, _ []float64) {
	a := l.aligned[i]
	var counts [numBuckets]int64
	full := false
	for _, st := range states {
		for u, n := range st.hist[i*numBuckets : (i+1)*numBuckets] {
			counts[u] += int64(n)
		}
		full = full || st.full
	}
	below, above := outsideValues(a, states, i)
	total = int64(len(below) + len(above))
	for _, n := range counts[:a.limit+1] {
		total += n
	}
	// Each target's bucket (past limit: among the values outside the range), and its rank there.
	// slot[u] is 1 + the index in lists of bucket u's values, 0 when they are not wanted.
	var slot [numBuckets]uint16
	var lists [][]float64
	buckets, ranks := make([]uint64, len(targets)), make([]int64, len(targets))
	room := 0
	for j, t := range targets {
		t.bracketed = false
		t.setRank(total)
		buckets[j] = numBuckets
		if total == 0 {
			t.value, t.done = math.NaN(), true
			continue
		}
		if full {
			continue
		}
		k := t.rank - int64(len(below))
		if k <= 0 {
			// A zero's sign is not settled by order: leave it to the histogram passes.
			if v := selectRank(below, int(t.rank-1)); v != 0 {
				t.value, t.done = v, true
			}
			continue
		}
		u := uint64(0)
		for ; u <= a.limit && k > counts[u]; u++ {
			k -= counts[u]
		}
		switch {
		case u > a.limit:
			t.value, t.done = selectRank(above, int(k-1)), true
		case a.keep[u] == 1:
			buckets[j], ranks[j] = u, k
			if slot[u] == 0 {
				lists = append(lists, nil)
				slot[u] = uint16(len(lists)) // at most numBuckets lists
				room += int(counts[u])
			}
		} // else the rank fell outside every kept bucket
	}
	if len(lists) == 0 {
		return total, scratch
	}
	if cap(scratch) < room {
		scratch = make([]float64, room)
	}
	free := scratch[:room]
	for u, s := range slot {
		if s != 0 {
			n := counts[u]
			lists[s-1], free = free[:0:n], free[n:]
		}
	}
	for _, st := range states {
		st.aligned[i].each(func(vals []float64) {
			for _, v := range vals {
				if s := slot[a.bucket(v)]; s != 0 {
					lists[s-1] = append(lists[s-1], v)
				}
			}
		})
	}
	for j, t := range targets {
		if buckets[j] == numBuckets {
			continue
		}
		list := lists[slot[buckets[j]]-1]
		if int64(len(list)) == counts[buckets[j]] { // every value of the bucket was kept
			t.value, t.done = selectRank(list, int(ranks[j]-1)), true
		}
	}
	return total, scratch
}

// planAligned sets sm.aligned for the columns of the pass: from the pilot's values (m samples),
// each column ordered at its ends, and the brackets of the targets still sought.
func (sm *sampler) planAligned(pilot [][]float64, m int, targets []*target) {
	brackets := make([][]bracketBounds, sm.cols)
	for _, t := range targets {
		if t.bracketed && !t.done && t.col < len(brackets) {
			brackets[t.col] = append(brackets[t.col], bracketBounds{t.lo, t.hi, t.share})
		}
	}
	sm.planAlignedBrackets(pilot, m, brackets)
}

// planAlignedBrackets is planAligned with each column's brackets given.
func (sm *sampler) planAlignedBrackets(pilot [][]float64, m int, brackets [][]bracketBounds) {
	sm.aligned = make([]*alignedColumn, sm.cols)
	for c := sm.lo; c < min(sm.hi, len(pilot), len(brackets)); c++ {
		if p := pilot[c]; len(p) > 0 && len(brackets[c]) > 0 {
			sm.aligned[c] = planAligned(p[0], p[len(p)-1], brackets[c], p, m)
		}
	}
}
