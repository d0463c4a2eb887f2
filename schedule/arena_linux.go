//go:build linux

package schedule

import (
	"sync"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on linux/amd64 and arm64.
const hugePage = 2 << 20

// minArena is the least size worth an arena; below it slices come from the Go heap.
const minArena = 4 << 20

// arenaReserve is the address space reserved for arenas (nothing is committed until touched):
// more than the windows live at once ever take, within MemoryBudget.
const arenaReserve = 512 << 20

// floatArena hands out float64 slices from a window of one anonymous mapping the kernel is asked
// to back with huge pages (MADV_HUGEPAGE). The values a bracket pass keeps and a pilot's
// columns are written once each, megabytes of them: into memory never touched before, that is a
// page fault per 512 values with 4 KB pages, and on virtual machines the kernel zeroing each new
// page costs about a millisecond a megabyte, as much as generating the values. Huge pages make it
// one fault per 2 MB, and windows are reused: arenas are handed out as a stack (arenaSpace), so
// the pages a pilot touched serve the pass over all samples after it, with no new fault.
// The memory is the arena's until release, which the owner calls once no slice from it is read
// any more; it holds no pointers, so the garbage collector need not see it.
type floatArena struct {
	mu    sync.Mutex // workers grow their slices from the spare room
	free  []byte     // the part of the window not handed out
	start int        // the window's offset in arenaSpace
	done  bool       // released
}

// arenaSpace is the reservation every arena's window is cut from, in the order arenas are made;
// a window returns to it once it and every window made after it are released (arenas are made
// and released in nested phases). Pages once touched stay with the process, at most the largest
// set of windows live at once: their contents are whatever an earlier arena left.
var arenaSpace struct {
	sync.Mutex
	mapped []byte        // the reservation, from a huge-page boundary on; nil before the first
	failed bool          // the reservation failed: arenas are the Go heap
	top    int           // bytes of mapped in live windows (or released ones under a live one)
	live   []*floatArena // windows in the order they were cut
}

// newFloatArena cuts a window of room for n float64s, or returns nil (slices then come from the
// Go heap) when n is small or the address space has no room.
func newFloatArena(n int) *floatArena {
	size := (n*8 + hugePage - 1) &^ (hugePage - 1)
	if n*8 < minArena || unsafe.Sizeof(uintptr(0)) < 8 {
		return nil
	}
	s := &arenaSpace
	s.Lock()
	defer s.Unlock()
	if s.mapped == nil && !s.failed {
		// Under a limit on the address space (ulimit -v) the reservation would count against
		// the Go heap's room: take slices from the heap instead.
		var limit syscall.Rlimit
		if err := syscall.Getrlimit(syscall.RLIMIT_AS, &limit); err != nil || limit.Cur != ^uint64(0) {
			s.failed = true
			return nil
		}
		mapped, err := syscall.Mmap(-1, 0, arenaReserve+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE|syscall.MAP_NORESERVE)
		if err != nil {
			s.failed = true
			return nil
		}
		off := int(-uintptr(unsafe.Pointer(&mapped[0])) & (hugePage - 1))
		s.mapped = mapped[off : off+arenaReserve]
		_ = syscall.Madvise(s.mapped, syscall.MADV_HUGEPAGE) // a hint: without it, the pages are small
	}
	if s.failed || s.top+size > len(s.mapped) {
		return nil
	}
	a := &floatArena{free: s.mapped[s.top : s.top+size], start: s.top}
	s.top += size
	s.live = append(s.live, a)
	return a
}

// floats returns n float64s, from the arena while it has room, else from the Go heap. Their values
// are unspecified (zero from the heap or a new page, else what an earlier arena wrote): callers
// write before they read.
func (a *floatArena) floats(n int) []float64 {
	if a == nil || n == 0 {
		return make([]float64, n)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if n*8 > len(a.free) {
		return make([]float64, n)
	}
	s := unsafe.Slice((*float64)(unsafe.Pointer(&a.free[0])), n)
	a.free = a.free[n*8:]
	return s
}

// release gives the arena's window back: no slice from it may be used afterwards.
func (a *floatArena) release() {
	if a == nil {
		return
	}
	s := &arenaSpace
	s.Lock()
	defer s.Unlock()
	a.done, a.free = true, nil
	for len(s.live) > 0 && s.live[len(s.live)-1].done {
		s.top = s.live[len(s.live)-1].start
		s.live = s.live[:len(s.live)-1]
	}
}
