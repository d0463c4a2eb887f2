package sim

// herdEvent is one pending event of a herd run. Events at the same time run in the order they
// were scheduled (seq), as the published simulators' heapq does for distinct times, so a run is
// deterministic even with zero delays.
type herdEvent struct {
	t    float64
	seq  uint64
	id   uint32 // the attempt the event belongs to (stale when the request moved on)
	who  int32  // request slot, or client for arrivals
	kind uint8
	out  uint8 // reply outcome
}

// eventHeap is a 4-ary min-heap on (t, seq): half the depth of a binary heap, and a node's
// children share a cache line or two. It holds only pending events, a few per request in flight
// and one per client waiting for its next arrival, never the history.
type eventHeap struct {
	items []herdEvent
	seq   uint64
}

func (h *eventHeap) len() int { return len(h.items) }

func (a *herdEvent) before(b *herdEvent) bool { return a.t < b.t || a.t == b.t && a.seq < b.seq }

func (h *eventHeap) push(e herdEvent) {
	e.seq = h.seq
	h.seq++
	h.items = append(h.items, e)
	items := h.items
	i := len(items) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !e.before(&items[p]) {
			break
		}
		items[i] = items[p]
		i = p
	}
	items[i] = e
}

func (h *eventHeap) pop() herdEvent {
	items := h.items
	top := items[0]
	n := len(items) - 1
	last := items[n]
	h.items = items[:n]
	items = items[:n]
	i := 0
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		for j := c + 1; j < c+4 && j < n; j++ {
			if items[j].before(&items[m]) {
				m = j
			}
		}
		if !items[m].before(&last) {
			break
		}
		items[i] = items[m]
		i = m
	}
	if n > 0 {
		items[i] = last
	}
	return top
}
