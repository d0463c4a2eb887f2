package sim

import "math/bits"

// phaseCircle holds entities by phase in [0, period): the offset of a fixed grid of times
// phase + k x period. next finds the entity whose grid point comes first at or after a time, in
// about O(1) when the phases are spread: the circle is cut into a power-of-two number of arcs
// (about one per entity), each an unsorted list, and a bitmap of the non-empty arcs skips the
// empty ones.
type phaseCircle struct {
	period int64
	width  int64 // phases per arc
	arcs   [][]phaseEntry
	used   []uint64 // bit a set when arc a is not empty
	n      int
}

type phaseEntry struct {
	ph int64
	id int32
}

// newPhaseCircle makes a circle for about items entities on grids of the given period.
func newPhaseCircle(period int64, items int) *phaseCircle {
	n := 64
	for n < items && n < 1<<20 {
		n *= 2
	}
	return &phaseCircle{period: period, width: (period + int64(n) - 1) / int64(n),
		arcs: make([][]phaseEntry, n), used: make([]uint64, n/64)}
}

// insert adds entity id at phase ph; it reports false, adding nothing, when another entity
// already has that phase (their grids coincide).
func (c *phaseCircle) insert(ph int64, id int32) bool {
	a := ph / c.width
	for _, e := range c.arcs[a] {
		if e.ph == ph {
			return false
		}
	}
	c.arcs[a] = append(c.arcs[a], phaseEntry{ph, id})
	c.used[a/64] |= 1 << (a % 64)
	c.n++
	return true
}

// find returns the entity at phase ph, if there is one.
func (c *phaseCircle) find(ph int64) (id int32, ok bool) {
	for _, e := range c.arcs[ph/c.width] {
		if e.ph == ph {
			return e.id, true
		}
	}
	return 0, false
}

// remove takes entity id, at phase ph, out.
func (c *phaseCircle) remove(ph int64, id int32) {
	a := ph / c.width
	arc := c.arcs[a]
	for i, e := range arc {
		if e.id == id {
			arc[i] = arc[len(arc)-1]
			c.arcs[a] = arc[:len(arc)-1]
			break
		}
	}
	if len(c.arcs[a]) == 0 {
		c.used[a/64] &^= 1 << (a % 64)
	}
	c.n--
}

// next returns the entry whose phase comes first at or after phase x going round the circle
// (the least (ph - x) mod period); ok is false when the circle is empty.
func (c *phaseCircle) next(x int64) (e phaseEntry, ok bool) {
	if c.n == 0 {
		return e, false
	}
	a := int(x / c.width)
	best := int64(-1)
	for _, f := range c.arcs[a] { // the least phase at or after x in x's own arc
		if f.ph >= x && (best < 0 || f.ph < best) {
			best, e = f.ph, f
		}
	}
	if best >= 0 {
		return e, true
	}
	b := c.nextUsed(a + 1)
	if b < 0 { // round past the top: the first arc (perhaps x's own, all before x)
		b = c.nextUsed(0)
	}
	for _, f := range c.arcs[b] {
		if best < 0 || f.ph < best {
			best, e = f.ph, f
		}
	}
	return e, true
}

// nextUsed is the first non-empty arc at or after a, or -1.
func (c *phaseCircle) nextUsed(a int) int {
	if a >= len(c.arcs) {
		return -1
	}
	w := a / 64
	word := c.used[w] >> (a % 64) << (a % 64)
	for word == 0 {
		w++
		if w == len(c.used) {
			return -1
		}
		word = c.used[w]
	}
	return w*64 + bits.TrailingZeros64(word)
}
