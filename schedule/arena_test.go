package schedule

import (
	"runtime"
	"testing"
	"unsafe"
)

// An arena hands out slices that do not overlap, then the Go heap once full; a nil arena (small
// sizes) is the Go heap.
func TestFloatArena(t *testing.T) {
	const n = minArena / 8
	a := newFloatArena(n)
	defer a.release()
	x, y := a.floats(n/2), a.floats(n/2)
	for i := range x {
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

// Arenas live at once do not share memory, and a released arena's memory (once every arena made
// after it is released too) serves the next one.
func TestFloatArenaReuse(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("arenas are the Go heap here")
	}
	const n = minArena / 8
	outer := newFloatArena(n)
	inner := newFloatArena(n)
	if outer == nil || inner == nil {
		t.Skip("no address space for arenas")
	}
	o, i := outer.floats(n), inner.floats(n)
	for k := range o {
		o[k], i[k] = 1, 2
	}
	if o[n-1] != 1 || i[0] != 2 {
		t.Fatal("live arenas overlap")
	}
	outer.release() // released under a live arena: its room waits
	again := newFloatArena(n)
	if a := again.floats(1); unsafe.Pointer(&a[0]) == unsafe.Pointer(&o[0]) {
		t.Fatal("an arena got room still under a live one")
	}
	again.release()
	inner.release()
	next := newFloatArena(n)
	defer next.release()
	if got := next.floats(1); unsafe.Pointer(&got[0]) != unsafe.Pointer(&o[0]) {
		t.Fatal("the released room is not reused")
	}
}
