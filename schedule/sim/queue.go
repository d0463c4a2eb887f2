// Package sim holds the discrete-event simulations: act_runner poller fleets and GitLab's
// LimitedCapacity::Worker. They are event-driven (time jumps from event to event), seeded and
// deterministic, and their memory does not grow with the simulated time.
package sim

// entityHeap is a 4-ary min-heap of (time, entity id) pairs, ties broken by id so simultaneous
// events have a fixed order. Times sit next to ids, so a sift touches one cache line per level.
type entityHeap struct {
	items []heapItem
}

type heapItem struct {
	t  int64 // ns
	id int32
}

func (a heapItem) before(b heapItem) bool {
	return a.t < b.t || (a.t == b.t && a.id < b.id)
}

func (h *entityHeap) len() int { return len(h.items) }

func (h *entityHeap) top() heapItem { return h.items[0] }

func (h *entityHeap) push(t int64, id int32) {
	it := heapItem{t, id}
	h.items = append(h.items, it)
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !it.before(h.items[p]) {
			break
		}
		h.items[i] = h.items[p]
		i = p
	}
	h.items[i] = it
}

func (h *entityHeap) pop() heapItem {
	top := h.items[0]
	last := len(h.items) - 1
	it := h.items[last]
	h.items = h.items[:last]
	if last == 0 {
		return top
	}
	i := 0
	for {
		c := 4*i + 1
		if c >= last {
			break
		}
		m := c
		for k := c + 1; k < c+4 && k < last; k++ {
			if h.items[k].before(h.items[m]) {
				m = k
			}
		}
		if !h.items[m].before(it) {
			break
		}
		h.items[i] = h.items[m]
		i = m
	}
	h.items[i] = it
	return top
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
