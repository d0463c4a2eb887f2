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

// eventHeap is a binary min-heap on (t, seq). It holds only pending events, a few per request in
// flight and one per client waiting for its next arrival, never the history.
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
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.items[i].before(&h.items[p]) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *eventHeap) pop() herdEvent {
	top := h.items[0]
	n := len(h.items) - 1
	h.items[0] = h.items[n]
	h.items = h.items[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h.items[r].before(&h.items[l]) {
			m = r
		}
		if !h.items[m].before(&h.items[i]) {
			break
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
	return top
}
