package sim

import "math/bits"

// bucketQueue is the pollers' next fetches for the backoff shortcut (runBackoff): a calendar
// queue like calendar, with unsorted buckets, and the walk of every fetch before a time done in
// bucket order (drain) rather than time order.
//
// Equal times: calendar pops the last pushed first, numbering pushes 1, 2, ... (seq). Each push
// here counts too, so a push outside drain gets the seq calendar would give it: calendar's walk
// (run) re-pushes exactly the items drain does, one push each, so the counts agree after every
// drain. Inside a drain the order differs, so an item a drain puts back only knows its seq lies
// in that drain's range S+1 ... S+m (S the count before the drain) and keeps key S+1; any other
// item's seq is at most S or more than S+m, so comparing keys orders it against the drained item
// as seqs would. Only two items of one drain are not ordered: popMin reports that case.
//
// Every item lies in the window [start, start + span): the caller never pushes further than
// span ahead of the time last passed to advance, drain or popMin (overflowed says when it did).
type bucketQueue struct {
	shift      uint
	buckets    [][]queueItem // ring: absolute bucket k (times k<<shift ...) at k & mask
	mask       int
	span       int64 // the window's length: len(buckets) << shift
	start      int64 // first time of the window's first bucket: no item is earlier
	n          int
	pushes     int64
	overflowed bool
	// the least item, once found: its bucket and place, and whether its order against another
	// item with the same time is unknown
	found           bool
	minSlot, minPos int
	minUnordered    bool
}

type queueItem struct {
	t   int64
	key int64 // the push's seq, or the first seq of the drain that pushed it
	id  int32
}

// newBucketQueue makes a queue for about items entities, each at most step ns ahead of the
// current time: buckets holding about 16 items each, enough of them to cover twice step. Wide
// buckets keep the ring small (it stays in cache); only finding the least item scans a bucket.
func newBucketQueue(step int64, items int) *bucketQueue {
	step = max(step, 1<<20)
	per := 16 * step / int64(max(items, 1))
	shift := uint(max(10, bits.Len64(uint64(per))-1))
	nb := 1 << max(4, bits.Len64(uint64(2*step>>shift)))
	return &bucketQueue{shift: shift, buckets: make([][]queueItem, nb), mask: nb - 1, span: int64(nb) << shift}
}

// push adds an item; t must not be earlier than the last popped or drained time.
func (q *bucketQueue) push(t int64, id int32) {
	q.pushes++
	q.put(queueItem{t, q.pushes, id})
}

func (q *bucketQueue) put(it queueItem) {
	if it.t-q.start >= q.span {
		q.overflowed = true
		return
	}
	b := int(it.t>>q.shift) & q.mask
	q.buckets[b] = append(q.buckets[b], it)
	q.n++
	q.found = false
}

// drain walks every item earlier than limit past it: r.walkBackoff(id, t, limit) returns the
// poller's first fetch at or after limit, where it is put back. It moves the window up to limit:
// everything pushed next must be at or after limit.
func (q *bucketQueue) drain(limit int64, r *fleetRun) {
	if limit <= q.start {
		return
	}
	key := q.pushes + 1
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
			q.pushes++
			q.put(queueItem{r.stepBackoff(it.id, it.t, limit), key, it.id})
		}
	}
}

// advance moves the window up to now, the time of the event being handled, which no item is
// earlier than: pushes then may reach span past now.
func (q *bucketQueue) advance(now int64) {
	if s := now >> q.shift << q.shift; s > q.start {
		q.start = s
	}
}

// min returns the least time held; the queue must not be empty.
func (q *bucketQueue) min() int64 {
	if !q.found {
		s := int(q.start>>q.shift) & q.mask
		for len(q.buckets[s]) == 0 {
			s = (s + 1) & q.mask
		}
		b := q.buckets[s]
		pos, unordered := 0, false
		for i := 1; i < len(b); i++ { // the least time, then the greatest key (last pushed)
			if x, m := b[i], b[pos]; x.t < m.t || x.t == m.t && x.key > m.key {
				pos, unordered = i, false
			} else if x.t == m.t && x.key == m.key {
				unordered = true
			}
		}
		q.found, q.minSlot, q.minPos, q.minUnordered = true, s, pos, unordered
	}
	return q.buckets[q.minSlot][q.minPos].t
}

// popMin removes the item calendar would pop; unordered says that it cannot tell which of two
// items with the least time that is. The queue must not be empty.
func (q *bucketQueue) popMin() (it queueItem, unordered bool) {
	q.min()
	b := q.buckets[q.minSlot]
	it, unordered = b[q.minPos], q.minUnordered
	b[q.minPos] = b[len(b)-1]
	q.buckets[q.minSlot] = b[:len(b)-1]
	q.n--
	q.start = it.t >> q.shift << q.shift
	q.found = false
	return it, unordered
}
