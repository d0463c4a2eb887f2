// Package sim holds the discrete-event simulations: act_runner poller fleets and GitLab's
// LimitedCapacity::Worker. They are event-driven (time jumps from event to event), seeded and
// deterministic, and their memory does not grow with the simulated time.
package sim

import "math/bits"

// entityHeap is a monotone priority queue of (time, entity id) pairs: a radix heap. Event times
// never go backwards in a simulation, so every pushed time is at least the last popped one, and a
// radix heap then pops in O(1) amortized time: bucket b holds the items whose time first differs
// from the last popped time at bit b-1, and refilling bucket 0 moves each item down a bucket at a
// time. Items with equal times pop in a fixed order (the last pushed first), so a run is
// deterministic.
//
// top fills bucket 0, which moves last up to the smallest time held; an item pushed after that
// with an earlier time (not earlier than the last popped one: a simulation that peeked at the next
// event and then schedules something sooner) is smaller than everything in the buckets, and waits
// in the small binary heap early, which top and pop look at first.
type entityHeap struct {
	buckets [65][]heapItem
	last    int64 // the smallest time in the buckets once bucket 0 is filled
	n       int
	early   []heapItem // items earlier than last: a binary min-heap on time, then push order
	seq     []uint64   // push order of early's items
	pushes  uint64
}

type heapItem struct {
	t  int64 // ns, non-negative
	id int32
}

func bucketFor(t, last int64) int { return bits.Len64(uint64(t ^ last)) }

func (h *entityHeap) len() int { return h.n }

// push adds an item; t must not be earlier than the last popped time.
func (h *entityHeap) push(t int64, id int32) {
	if t < h.last {
		h.pushEarly(heapItem{t, id})
		h.n++
		return
	}
	b := bucketFor(t, h.last)
	h.buckets[b] = append(h.buckets[b], heapItem{t, id})
	h.n++
}

// fill makes bucket 0 hold the items with the smallest time.
func (h *entityHeap) fill() {
	if len(h.buckets[0]) > 0 {
		return
	}
	b := 1
	for len(h.buckets[b]) == 0 {
		b++
	}
	items := h.buckets[b]
	minT := items[0].t
	for _, it := range items[1:] {
		minT = min(minT, it.t)
	}
	h.last = minT
	for _, it := range items {
		nb := bucketFor(it.t, minT)
		h.buckets[nb] = append(h.buckets[nb], it)
	}
	h.buckets[b] = items[:0]
}

// top returns the item with the smallest time; the heap must not be empty.
func (h *entityHeap) top() heapItem {
	if len(h.early) > 0 {
		return h.early[0]
	}
	h.fill()
	return h.buckets[0][len(h.buckets[0])-1]
}

// pop removes and returns the item with the smallest time; the heap must not be empty.
func (h *entityHeap) pop() heapItem {
	if len(h.early) > 0 {
		h.n--
		return h.popEarly()
	}
	h.fill()
	b0 := h.buckets[0]
	it := b0[len(b0)-1]
	h.buckets[0] = b0[:len(b0)-1]
	h.n--
	return it
}

// earlyLess orders early items by time, then the last pushed first (as bucket 0 pops).
func (h *entityHeap) earlyLess(i, j int) bool {
	if h.early[i].t != h.early[j].t {
		return h.early[i].t < h.early[j].t
	}
	return h.seq[i] > h.seq[j]
}

func (h *entityHeap) earlySwap(i, j int) {
	h.early[i], h.early[j] = h.early[j], h.early[i]
	h.seq[i], h.seq[j] = h.seq[j], h.seq[i]
}

func (h *entityHeap) pushEarly(it heapItem) {
	h.pushes++
	h.early = append(h.early, it)
	h.seq = append(h.seq, h.pushes)
	for i := len(h.early) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.earlyLess(i, p) {
			break
		}
		h.earlySwap(i, p)
		i = p
	}
}

func (h *entityHeap) popEarly() heapItem {
	it := h.early[0]
	n := len(h.early) - 1
	h.earlySwap(0, n)
	h.early, h.seq = h.early[:n], h.seq[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && h.earlyLess(l, m) {
			m = l
		}
		if r := l + 1; r < n && h.earlyLess(r, m) {
			m = r
		}
		if m == i {
			break
		}
		h.earlySwap(i, m)
		i = m
	}
	return it
}

// fifo is a queue of (time, id) pairs; with one fixed task duration, completions arrive in the
// order tasks started, so a FIFO orders them.
type fifo struct {
	times []int64
	ids   []int32
	head  int
}

func (q *fifo) push(t int64, id int32) {
	if q.head > 0 && q.head == len(q.times) {
		q.times, q.ids, q.head = q.times[:0], q.ids[:0], 0
	}
	if q.head > 1024 && q.head*2 > len(q.times) { // reclaim the consumed front
		n := copy(q.times, q.times[q.head:])
		copy(q.ids, q.ids[q.head:])
		q.times, q.ids, q.head = q.times[:n], q.ids[:n], 0
	}
	q.times = append(q.times, t)
	q.ids = append(q.ids, id)
}

func (q *fifo) empty() bool { return q.head == len(q.times) }

func (q *fifo) peek() int64 { return q.times[q.head] }

func (q *fifo) pop() (int64, int32) {
	t, id := q.times[q.head], q.ids[q.head]
	q.head++
	return t, id
}
