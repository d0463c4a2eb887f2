package sim

import "math/bits"

// bucketQueue is the pollers' next fetches for the backoff shortcut (runBackoff): a calendar
// queue like calendar, but with unsorted buckets and no order among equal times. Instead it
// reports ties: popMin says when another item has the popped item's time, which is when the
// order calendar keeps (last pushed first) could matter.
//
// Every item lies in the window [start, start + span): the caller never pushes further than
// span ahead of the last popped or drained time (overflowed says when it did).
type bucketQueue struct {
	shift      uint
	buckets    [][]heapItem // ring: absolute bucket k (times k<<shift ...) at k & (len - 1)
	start      int64        // first time of the window's first bucket: no item is earlier
	n          int
	overflowed bool
	scratch    []heapItem
	// the least item, once found: its bucket and place, and whether another item shares its time
	found           bool
	minSlot, minPos int
	minTie          bool
}

// newBucketQueue makes a queue for about items entities, each at most step ns ahead of the
// current time: buckets holding about 8 items each, enough of them to cover twice step. Wide
// buckets keep the ring small (it stays in cache); only finding the least item scans a bucket.
func newBucketQueue(step int64, items int) *bucketQueue {
	step = max(step, 1<<20)
	per := 16 * step / int64(max(items, 1))
	shift := uint(max(10, bits.Len64(uint64(per))-1))
	nb := 1 << max(4, bits.Len64(uint64(2*step>>shift)))
	return &bucketQueue{shift: shift, buckets: make([][]heapItem, nb)}
}

func (q *bucketQueue) span() int64 { return int64(len(q.buckets)) << q.shift }

func (q *bucketQueue) push(t int64, id int32) {
	if t-q.start >= q.span() {
		q.overflowed = true
		return
	}
	b := int(t>>q.shift) & (len(q.buckets) - 1)
	q.buckets[b] = append(q.buckets[b], heapItem{t, id})
	q.n++
	q.found = false
}

// takeBefore removes and returns every item earlier than limit (in no particular order), and
// moves the window up to limit: everything pushed next must be at or after limit. The returned
// slice is valid until the next call.
func (q *bucketQueue) takeBefore(limit int64) []heapItem {
	out := q.scratch[:0]
	if limit <= q.start {
		return out
	}
	first, last := q.start>>q.shift, limit>>q.shift
	mask := int64(len(q.buckets) - 1)
	for k := first; k <= last && k < first+int64(len(q.buckets)); k++ {
		b := q.buckets[k&mask]
		keep := b[:0]
		for _, it := range b {
			if it.t < limit {
				out = append(out, it)
			} else {
				keep = append(keep, it)
			}
		}
		q.buckets[k&mask] = keep
	}
	q.n -= len(out)
	q.start = last << q.shift
	q.scratch = out
	q.found = false
	return out
}

// min returns the least time held; the queue must not be empty.
func (q *bucketQueue) min() int64 {
	if !q.found {
		mask := len(q.buckets) - 1
		s := int(q.start>>q.shift) & mask
		for len(q.buckets[s]) == 0 {
			s = (s + 1) & mask
		}
		b := q.buckets[s]
		pos, tie := 0, false
		for i := 1; i < len(b); i++ {
			if b[i].t < b[pos].t {
				pos, tie = i, false
			} else if b[i].t == b[pos].t {
				tie = true
			}
		}
		q.found, q.minSlot, q.minPos, q.minTie = true, s, pos, tie
	}
	return q.buckets[q.minSlot][q.minPos].t
}

// popMin removes the least item; tie says another item had the same time. The queue must not be
// empty.
func (q *bucketQueue) popMin() (it heapItem, tie bool) {
	q.min()
	b := q.buckets[q.minSlot]
	it, tie = b[q.minPos], q.minTie
	b[q.minPos] = b[len(b)-1]
	q.buckets[q.minSlot] = b[:len(b)-1]
	q.n--
	q.start = it.t >> q.shift << q.shift
	q.found = false
	return it, tie
}
