package budget

// windowedAdder is twitter/util's WindowedAdder (util 24.5.0, util-core/src/main/scala/com/
// twitter/util/WindowedAdder.scala), driven by integer milliseconds. WindowedAdder(range, slices)
// keeps a writer for the current slice and N = slices − 1 older slices of window = range / slices
// (Long division). When a call finds now − old ≥ window it commits the writer to buf(i), steps i,
// then zeroes nskip = min((now − old)/window − 1, N) further slices (the toInt of a Long division)
// and sets old = now: the slices are not aligned to a grid, each starts at the call that found the
// last one expired. sum() is the writer plus all N slices.
type windowedAdder struct {
	window int64
	buf    []int64
	i      int
	old    int64
	writer int64
}

func newWindowedAdder(rangeMs int64, slices int, nowMs int64) *windowedAdder {
	return &windowedAdder{window: rangeMs / int64(slices), buf: make([]int64, slices-1), old: nowMs}
}

func (w *windowedAdder) expired(now int64) {
	n := len(w.buf)
	w.buf[w.i] = w.writer
	w.writer = 0
	w.i = (w.i + 1) % n
	nskip := min(int64ToInt32((now-w.old)/w.window-1), int32(n))
	if nskip > 0 {
		skip := int(nskip)
		r := min(skip, n-w.i)
		clear(w.buf[w.i : w.i+r])
		clear(w.buf[0 : skip-r])
		w.i = (w.i + skip) % n
	}
	w.old = now
}

func (w *windowedAdder) add(now int64, x int64) {
	if now-w.old >= w.window {
		w.expired(now)
	}
	w.writer += x
}

func (w *windowedAdder) sum(now int64) int64 {
	if now-w.old >= w.window {
		w.expired(now)
	}
	s := w.writer
	for _, b := range w.buf {
		s += b
	}
	return s
}

// int64ToInt32 is the JVM's Long.toInt: the low 32 bits.
func int64ToInt32(x int64) int32 { return int32(x) }
