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
type entityHeap struct {
	buckets [65][]heapItem
	last    int64 // the smallest time in the heap once bucket 0 is filled
	n       int
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
		t = h.last // cannot happen in a monotone simulation; keep the heap consistent if it does
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
	h.fill()
	return h.buckets[0][len(h.buckets[0])-1]
}

// pop removes and returns the item with the smallest time; the heap must not be empty.
func (h *entityHeap) pop() heapItem {
	h.fill()
	b0 := h.buckets[0]
	it := b0[len(b0)-1]
	h.buckets[0] = b0[:len(b0)-1]
	h.n--
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
