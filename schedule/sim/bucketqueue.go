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
	buckets    [][]heapItem // ring: absolute bucket k (times k<<shift ...) at k & mask
	mask       int
	span       int64 // the window's length: len(buckets) << shift
	start      int64 // first time of the window's first bucket: no item is earlier
	n          int
	overflowed bool
	// the least item, once found: its bucket and place, and whether another item shares its time
	found           bool
	minSlot, minPos int
	minTie          bool
}

// newBucketQueue makes a queue for about items entities, each at most step ns ahead of the
// current time: buckets holding about 16 items each, enough of them to cover twice step. Wide
// buckets keep the ring small (it stays in cache); only finding the least item scans a bucket.
func newBucketQueue(step int64, items int) *bucketQueue {
	step = max(step, 1<<20)
	per := 16 * step / int64(max(items, 1))
	shift := uint(max(10, bits.Len64(uint64(per))-1))
	nb := 1 << max(4, bits.Len64(uint64(2*step>>shift)))
	return &bucketQueue{shift: shift, buckets: make([][]heapItem, nb), mask: nb - 1, span: int64(nb) << shift}
}

func (q *bucketQueue) push(t int64, id int32) {
	if t-q.start >= q.span {
		q.overflowed = true
		return
	}
	b := int(t>>q.shift) & q.mask
	q.buckets[b] = append(q.buckets[b], heapItem{t, id})
	q.n++
	q.found = false
}

// drain walks every item earlier than limit past it: walk(id, t) returns the entity's first time
// at or after limit, where it is put back. It moves the window up to limit: everything pushed next
// must be at or after limit. Items are walked in bucket order, not time order.
func (q *bucketQueue) drain(limit int64, w walker) {
	if limit <= q.start {
		return
	}
	first, last := q.start>>q.shift, limit>>q.shift
	q.start = last << q.shift // the items left and those put back are at or after limit
	q.found = false
	for k := first; k <= last && k < first+int64(len(q.buckets)); k++ {
		s := int(k) & q.mask
		// A walked item may land in this slot again (at or after limit): it is then kept.
		for i := 0; i < len(q.buckets[s]); {
			b := q.buckets[s]
			it := b[i]
			if it.t >= limit {
				i++
				continue
			}
			b[i] = b[len(b)-1]
			q.buckets[s] = b[:len(b)-1]
			q.n--
			q.push(w.walk(it.id, it.t, limit), it.id)
		}
	}
}

// walker moves an entity from its fetch at t to its first at or after limit.
type walker interface {
	walk(id int32, t, limit int64) int64
}

// min returns the least time held; the queue must not be empty.
func (q *bucketQueue) min() int64 {
	if !q.found {
		s := int(q.start>>q.shift) & q.mask
		for len(q.buckets[s]) == 0 {
			s = (s + 1) & q.mask
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
