package schedule

import "testing"

// An arena hands out zeroed slices that do not overlap, then the Go heap once full; a nil arena
// (small sizes) is the Go heap.
func TestFloatArena(t *testing.T) {
	const n = minArena / 8
	a := newFloatArena(n)
	defer a.release()
	x, y := a.floats(n/2), a.floats(n/2)
	for i := range x {
		if x[i] != 0 || y[i] != 0 {
			t.Fatalf("value %d not zero", i)
		}
		x[i], y[i] = 1, 2
	}
	for i := range x {
		if x[i] != 1 || y[i] != 2 {
			t.Fatalf("slices overlap at %d", i)
		}
	}
	z := a.floats(10) // past the arena: from the heap
	z[9] = 3
	if len(z) != 10 || x[len(x)-1] != 1 || y[len(y)-1] != 2 {
		t.Fatal("a full arena handed out its own memory again")
	}
	if b := newFloatArena(10); len(b.floats(5)) != 5 {
		t.Fatal("a small arena gave no slice")
	}
}
