package budget

// events is a sliding window of event times: an event at t counts at now while now − t < span.
// It keeps the times in a ring, oldest first; memory is the events in one window.
type events struct {
	span  float64
	times []float64
	head  int
}

func (e *events) add(t float64) { e.times = append(e.times, t) }

// count drops the events that left the window at now and returns those left.
func (e *events) count(now float64) int {
	for e.head < len(e.times) && !(now-e.times[e.head] < e.span) {
		e.head++
	}
	if e.head > 64 && e.head*2 > len(e.times) {
		e.times = append(e.times[:0], e.times[e.head:]...)
		e.head = 0
	}
	return len(e.times) - e.head
}
