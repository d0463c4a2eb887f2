package schedule

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// fusedWorker is one goroutine's columns and the kept lists of their brackets.
type fusedWorker struct {
	cols []kernelColumn
	kept [][kernelTargets][]float64
}

// newFusedWorker is a worker with template's brackets and a kept list for each bracket that keeps,
// from arena, as long as keptCap says for its share of n samples.
func newFusedWorker(template []kernelColumn, byCol [][]*target, arena *floatArena, n int, checkpoints []int) *fusedWorker {
	w := &fusedWorker{cols: append([]kernelColumn(nil), template...), kept: make([][kernelTargets][]float64, len(template))}
	workers := runtime.GOMAXPROCS(0)
	for c := range w.cols {
		for j := range w.cols[c].targets {
			if w.cols[c].brackets[j].keep == 1 {
				w.kept[c][j] = arena.floats(keptCap(byCol[c][j].share, n, workers, checkpoints))
			}
		}
	}
	return w
}

// keptRoom is the room the kept lists of workers workers take, expecting n samples (keptCap).
func keptRoom(byCol [][]*target, n, workers int, checkpoints []int) int {
	room := 0
	for _, ts := range byCol {
		for _, t := range ts {
			room += workers * keptCap(t.share, n, workers, checkpoints)
		}
	}
	return room
}

// keptCap is the room of one of workers workers' kept list of a bracket expected to hold share of
// the first samples, n samples walked in all: the bracket halves at each checkpoint (narrowFused;
// counted as if the values kept before it were all still there), the workers share the samples
// evenly, and the list has a twentieth more and a chunk's room. A worker that walks more than its
// share grows its list (room); room not written is never touched, so never paged in.
func keptCap(share float64, n, workers int, checkpoints []int) int {
	share = math.Min(share, 1)
	expected, from := 0.0, 0
	for _, at := range checkpoints {
		expected += float64(share * float64(min(at, n)-min(from, n)))
		share, from = share/2, at
	}
	expected += float64(share * float64(max(n-from, 0)))
	return int(expected/float64(workers)*1.05) + kernelChunk + 8
}

// room makes sure the kept list of column c's bracket j has room for n more values and the 8 the
// kernel's last store may write past them.
func (w *fusedWorker) room(c, j, n int) {
	b := &w.cols[c].brackets[j]
	list := &w.kept[c][j]
	if need := int(b.kept) + n + 8; need > len(*list) {
		grown := make([]float64, max(need, 2*len(*list)))
		copy(grown, (*list)[:b.kept])
		*list = grown
	}
	b.base = unsafe.Pointer(&(*list)[0])
}

// place places v in column c as the kernel does: counted below each bracket it is below, counted
// in each bracket of one value it is at most, and kept in each other bracket it is inside.
func (w *fusedWorker) place(c int, v float64) {
	col := &w.cols[c]
	for j := range col.targets {
		b := &col.brackets[j]
		switch {
		case v < b.lo:
			b.below++
		case v > b.hi:
		case b.keep == 0:
			b.at++
		default:
			w.kept[c][j][b.kept] = v
			b.kept++
		}
	}
}

// fusedWalk walks samples through the kernel for a pass.
type fusedWalk struct {
	sm      *sampler
	p       Polynomial
	rows    int
	workers []*fusedWorker
}

// run walks samples from to to-1, chunk by chunk, one goroutine per worker: the kernel takes each
// chunk's groups of eight samples, and the few after the last group are placed one by one.
func (fw *fusedWalk) run(from, to int) {
	sm, p, rows := fw.sm, fw.p, fw.rows
	delays := make([]float64, rows)
	for e := 1; e <= rows; e++ {
		delays[e-1] = fourthPower(e)
	}
	hasJob := int64(boolInt(p.JobDuration != 0))
	var next atomic.Int64
	next.Store(int64(from))
	var wg sync.WaitGroup
	for _, w := range fw.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vals := make([]float64, 2*rows)
			var g draw.SplitMix
			for {
				start := int(next.Add(kernelChunk) - kernelChunk)
				if start >= to {
					return
				}
				end := min(start+kernelChunk, to)
				for c := range w.cols {
					for j := range w.cols[c].targets {
						if w.cols[c].brackets[j].keep == 1 {
							w.room(c, int(j), end-start)
						}
					}
				}
				groups := (end - start) / 8
				k := polyKernel{seed: uint64(sm.seed), first: uint64(start), groups: int64(groups), rows: int64(rows),
					attempts: int64(p.Attempts), jitter: p.Jitter, job: p.JobDuration, hasJob: hasJob,
					delays: &delays[0], columns: &w.cols[0]}
				runPolyKernel(&k)
				for i := start + 8*groups; i < end; i++ {
					g.Reseed(sm.seed, uint64(i))
					p.sampleSplitMix(&g, vals, true)
					for c, v := range vals {
						if w.cols[c].targets > 0 {
							w.place(c, v)
						}
					}
				}
				if sm.done != nil {
					sm.done.Add(int64(end - start))
				}
			}
		}()
	}
	wg.Wait()
}
