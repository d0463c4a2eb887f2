package sim

import (
	"math/bits"
	"slices"
)

// calendar is a monotone priority queue of (time, entity id) pairs for the fleet: a calendar
// (bucket) queue. Time is cut into buckets of 2^shift ns; a ring of buckets covers the window
// from the current bucket on, and items past the window wait in a binary heap until the window
// reaches them. A push appends to its bucket and a pop takes the least item of the first
// non-empty bucket (sorting a bucket once it becomes the first), so both are O(1) when the
// buckets hold a few items each, whatever the spread of times: unlike a radix heap, items are
// never moved from bucket to bucket.
//
// Items with equal times pop last pushed first. Every pushed time must be at least the last
// popped one.
type calendar struct {
	shift    uint
	buckets  [][]calItem
	start    int64 // first time of the current bucket
	cur      int   // index of the current bucket
	inWindow int
	sorted   int // index of the bucket kept in pop order (its least item last), or -1
	far      []calItem
	spare    [][]calItem // emptied buckets' storage, for buckets that fill next
	n        int
	pushes   uint64
}

type calItem struct {
	t   int64
	seq uint64
	id  int32
}

// before orders items by time, then the last pushed first.
func (a calItem) before(b calItem) bool { return a.t < b.t || a.t == b.t && a.seq > b.seq }

// newCalendar makes a queue for about items entities whose pending times lie within span ns of
// the last popped one: buckets about as wide as the span per item, enough of them for twice the
// span.
func newCalendar(span int64, items int) *calendar {
	span = max(span, 1<<20)
	per := span / int64(max(items, 1))
	shift := uint(max(10, bits.Len64(uint64(per))-1))
	nb := 1 << min(20, max(6, bits.Len64(uint64(2*span>>shift))))
	return &calendar{shift: shift, buckets: make([][]calItem, nb), sorted: -1}
}

func (q *calendar) len() int { return q.n }

func (q *calendar) span() int64 { return int64(len(q.buckets)) << q.shift }

func (q *calendar) index(t int64) int { return int((t >> q.shift) & int64(len(q.buckets)-1)) }

// push adds an item; t must not be earlier than the last popped time.
func (q *calendar) push(t int64, id int32) {
	q.pushes++
	q.n++
	q.place(calItem{t, q.pushes, id})
}

func (q *calendar) place(it calItem) {
	if it.t-q.start >= q.span() {
		q.pushFar(it)
		return
	}
	q.inWindow++
	i := q.index(it.t)
	b := q.bucket(i)
	if i != q.sorted {
		q.buckets[i] = append(b, it)
		return
	}
	// Keep the sorted bucket in pop order: descending, so its least item is last.
	k, _ := slices.BinarySearchFunc(b, it, func(x, y calItem) int {
		if y.before(x) {
			return -1
		}
		return 1
	})
	q.buckets[i] = slices.Insert(b, k, it)
}

// bucket returns bucket i, with spare storage when it has none.
func (q *calendar) bucket(i int) []calItem {
	b := q.buckets[i]
	if cap(b) == 0 && len(q.spare) > 0 {
		b = q.spare[len(q.spare)-1]
		q.spare = q.spare[:len(q.spare)-1]
	}
	return b
}

// first returns the index of the bucket holding the least item, sorted; the window must not be
// empty (everything is past the window: see top and pop).
func (q *calendar) first() int {
	i := q.cur
	for len(q.buckets[i]) == 0 {
		i = (i + 1) & (len(q.buckets) - 1)
	}
	if i != q.sorted {
		slices.SortFunc(q.buckets[i], func(x, y calItem) int {
			if x.before(y) {
				return 1
			}
			return -1
		})
		q.sorted = i
	}
	return i
}

// top returns the item with the smallest time; the queue must not be empty.
func (q *calendar) top() heapItem {
	if q.inWindow == 0 {
		return heapItem{q.far[0].t, q.far[0].id}
	}
	b := q.buckets[q.first()]
	it := b[len(b)-1]
	return heapItem{it.t, it.id}
}

// pop removes and returns the item with the smallest time; the queue must not be empty.
func (q *calendar) pop() heapItem {
	if q.inWindow == 0 { // the window moves to the earliest far item (a peek must not move it:
		// a push may follow, earlier than the far item)
		it := q.popFar()
		q.n--
		q.start = it.t >> q.shift << q.shift
		q.cur = q.index(q.start)
		q.sorted = -1
		q.migrate()
		return heapItem{it.t, it.id}
	}
	i := q.first()
	b := q.buckets[i]
	it := b[len(b)-1]
	q.buckets[i] = b[:len(b)-1]
	if len(b) == 1 { // hand the storage on: runners on one grid move from bucket to bucket together
		q.spare = append(q.spare, b[:0])
		q.buckets[i] = nil
	}
	q.n--
	q.inWindow--
	if i != q.cur { // the window moves up to the popped item's bucket
		q.start = it.t >> q.shift << q.shift
		q.cur = i
		q.migrate()
	}
	return heapItem{it.t, it.id}
}

// migrate moves the far items the window now covers into their buckets.
func (q *calendar) migrate() {
	for len(q.far) > 0 && q.far[0].t-q.start < q.span() {
		it := q.popFar()
		q.inWindow++
		i := q.index(it.t)
		if i == q.sorted {
			q.sorted = -1
		}
		q.buckets[i] = append(q.bucket(i), it)
	}
}

// pushFar and popFar keep far as a binary min-heap in pop order.
func (q *calendar) pushFar(it calItem) {
	q.far = append(q.far, it)
	for i := len(q.far) - 1; i > 0; {
		p := (i - 1) / 2
		if !q.far[i].before(q.far[p]) {
			break
		}
		q.far[i], q.far[p] = q.far[p], q.far[i]
		i = p
	}
}

func (q *calendar) popFar() calItem {
	it := q.far[0]
	n := len(q.far) - 1
	q.far[0] = q.far[n]
	q.far = q.far[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && q.far[l].before(q.far[m]) {
			m = l
		}
		if r := l + 1; r < n && q.far[r].before(q.far[m]) {
			m = r
		}
		if m == i {
			break
		}
		q.far[i], q.far[m] = q.far[m], q.far[i]
		i = m
	}
	return it
}
