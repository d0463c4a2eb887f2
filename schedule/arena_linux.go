//go:build linux

package schedule

import (
	"sync"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on linux/amd64 and arm64.
const hugePage = 2 << 20

// minArena is the least size worth a mapping of its own; below it slices come from the Go heap.
const minArena = 4 << 20

// floatArena hands out float64 slices from one anonymous mapping the kernel is asked to back with
// huge pages (MADV_HUGEPAGE). The values a bracket pass keeps and a refined pilot's columns are
// written once each, megabytes of them, into memory never touched before: with 4 KB pages that is
// a page fault per 512 values, which on virtual machines costs as much as generating them. One
// fault per 2 MB instead makes it negligible. The memory is the process's until release, which
// the owner calls once no slice from it is read any more; it holds no pointers, so the garbage
// collector need not see it.
type floatArena struct {
	mu     sync.Mutex // workers grow their slices from the spare room
	mapped []byte     // the whole mapping, for Munmap
	free   []byte     // the part not handed out, from a huge-page boundary on
}

// newFloatArena maps room for n float64s, or returns nil (slices then come from the Go heap) when
// n is small or the mapping fails.
func newFloatArena(n int) *floatArena {
	size := n * 8
	if size < minArena {
		return nil
	}
	mapped, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	off := int(-uintptr(unsafe.Pointer(&mapped[0])) & (hugePage - 1))
	free := mapped[off : off+size]
	_ = syscall.Madvise(free, syscall.MADV_HUGEPAGE) // a hint: without it, the pages are small
	return &floatArena{mapped: mapped, free: free}
}

// floats returns n zero float64s, from the arena while it has room, else from the Go heap.
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

// release unmaps the arena: no slice from it may be used afterwards.
func (a *floatArena) release() {
	if a == nil || a.mapped == nil {
		return
	}
	_ = syscall.Munmap(a.mapped)
	a.mapped, a.free = nil, nil
}
