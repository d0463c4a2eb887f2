package schedule

import (
	"math"
	"runtime"
	"unsafe"
)

// The fused pass samples ActiveJob's polynomial schedule, the one most sampled, with a kernel that
// generates eight samples at once (eight SplitMix generators in the lanes of AVX-512 registers)
// and places every value in its column's brackets as it is made, without writing the samples
// anywhere: per bracket it counts the values below the bracket and keeps the values inside it,
// compressed into the bracket's list. That is all a bracket pass needs: a rank among the column's
// values that falls past the values below a bracket and within those inside it is the value of
// that rank among those inside.
//
// Every lane goes through sampleSplitMix's float operations in the same order, none fused (no
// multiply-add): the jitter u*delay*jitter, the wait delay + that + 2, StartSum.Add's Neumaier
// steps with both branches computed and one chosen by the same comparison (neumaierNonNegative),
// and the start sum + compensation (Raw). So every value is the same bits as the Go code's, and
// the pass settles the same targets with the same values: TestKernelMatchesPlace holds the kernel
// to placing the samples one by one in Go, TestFusedPassEqualsBracketPass whole tables to the
// portable pass, and TestFusedMissFallsToHistograms a missed bracket to the histogram passes.

// kernelTargets is the most brackets a column may have for the kernel to place it.
const kernelTargets = 8

// kernelChunk is how many samples a worker takes at a time; the kernel is called once per chunk,
// after the kept lists are given room for every value of it.
const kernelChunk = 1 << 8

// kernelColumn is one column's brackets as the kernel reads them and writes what it counts and
// keeps of them (the layout fused_amd64.s reads).
type kernelColumn struct {
	targets  int64 // the brackets: 0 when the column is not placed
	_        [3]int64
	brackets [kernelTargets]kernelBracket
}

// kernelBracket is one target's bracket [lo, hi] and what the kernel counts and keeps of it: the
// values below lo, and the values inside, written at base. A bracket of one value (lo = hi: a
// column most of whose values are equal, such as the first start, always 0) has the values at it
// counted instead of kept.
type kernelBracket struct {
	lo, hi float64
	below  int64          // values < lo
	at     int64          // values at lo = hi, counted when keep is 0
	keep   int64          // 1 when lo < hi: the values inside are kept
	kept   int64          // values written at base
	base   unsafe.Pointer // the kept list: room for a chunk's values and 8 more past kept
	_      int64
}

// polyKernel is one call of the polynomial kernel: groups of eight samples from first on, each
// with its rows 1..rows generated and its columns 0..2*rows-1 placed in columns (the layout
// fused_amd64.s reads).
type polyKernel struct {
	seed     uint64
	first    uint64
	groups   int64
	rows     int64
	attempts int64
	jitter   float64
	job      float64
	hasJob   int64    // 1 when the job duration is added (non-zero)
	delays   *float64 // fourthPower(e) at e-1 for e in 1..rows
	columns  *kernelColumn
}

// kernelPolynomial returns s as the Polynomial the fused kernel samples, when this processor has
// the kernel, the starts are sampled raw and the parameters are those sampleRawBlock takes (a
// jitter draws from the generator, attempt^4 is exact).
func kernelPolynomial(s Strategy, raw bool) (Polynomial, bool) {
	p, ok := s.(Polynomial)
	if !ok || !haveKernel || !raw || !p.RawStarts() || p.Jitter == 0 || p.Attempts < 1 || p.Attempts >= 65536 {
		return Polynomial{}, false
	}
	return p, true
}

// fusedColumns returns the targets the fused pass settles, by column, and the rows it generates;
// false when the kernel does not sample this strategy or a column has more brackets than it takes.
func (sm *sampler) fusedColumns(targets []*target) (p Polynomial, rows int, byCol [][]*target, ok bool) {
	p, ok = kernelPolynomial(sm.s, sm.raw)
	if !ok {
		return p, 0, nil, false
	}
	rows = min(p.Attempts, (sm.hi+1)/2)
	byCol = make([][]*target, 2*rows)
	for _, t := range targets {
		if t.done || !t.bracketed {
			continue
		}
		if t.col >= len(byCol) || len(byCol[t.col]) == kernelTargets {
			return p, 0, nil, false
		}
		byCol[t.col] = append(byCol[t.col], t)
	}
	return p, rows, byCol, true
}

// fusedBracketPass is bracketPass through the fused kernel: it reports false, doing nothing, when
// fusedColumns does. The pass narrows its brackets as it goes (narrowFused), at each of
// fusedCheckpoints.
func (sm *sampler) fusedBracketPass(targets []*target) bool {
	p, rows, byCol, ok := sm.fusedColumns(targets)
	if !ok {
		return false
	}
	noWait := 2*p.Attempts - 1 // the last attempt's wait column: no sample has a value there
	template := make([]kernelColumn, 2*rows)
	for c, ts := range byCol {
		if c == noWait {
			continue
		}
		template[c].targets = int64(len(ts))
		for j, t := range ts {
			b := &template[c].brackets[j]
			b.lo, b.hi, b.keep = t.lo, t.hi, int64(boolInt(t.lo < t.hi))
		}
	}
	checkpoints := fusedCheckpoints(sm.narrowAt, sm.n)
	workers := make([]*fusedWorker, runtime.GOMAXPROCS(0))
	arena := newFloatArena(len(workers) * keptRoom(byCol, sm.n, len(workers), checkpoints))
	defer arena.release() // after the settling, below
	for i := range workers {
		workers[i] = newFusedWorker(template, byCol, arena, sm.n, checkpoints)
	}
	walk := fusedWalk{sm: sm, p: p, rows: rows, workers: workers}
	from := 0
	for _, at := range checkpoints {
		walk.run(from, at)
		parallel(len(byCol), func(c int) { narrowFused(byCol[c], c, workers, at) })
		from = at
	}
	walk.run(from, sm.n)
	parallel(len(byCol), func(c int) {
		if len(byCol[c]) > 0 {
			sm.counts[c] = settleFused(byCol[c], c, workers, int64(sm.n)*int64(boolInt(c != noWait)))
		}
	})
	return true
}

// settleFused settles column c's targets from every worker's counts and kept values, the column
// having count values, and returns count. A target whose rank falls outside its bracket is left
// to the histogram passes, as bracketPass leaves it.
func settleFused(targets []*target, c int, workers []*fusedWorker, count int64) int64 {
	for j, t := range targets {
		t.bracketed = false
		t.setRank(count)
		if count == 0 {
			t.value, t.done = math.NaN(), true
			continue
		}
		b, below, lists := bracketState(workers, c, j)
		k := t.rank - below // the rank among the bracket's values
		switch {
		case k <= 0:
		case b.keep == 0:
			at := int64(0)
			for _, w := range workers {
				at += w.cols[c].brackets[j].at
			}
			if k <= at {
				t.value, t.done = b.lo, true
			}
		case k <= int64(keptLen(lists)):
			t.value, t.done = selectInBracket(lists, int(k-1), b.lo, b.hi), true
		}
	}
	return count
}

// bracketState is column c's bracket j as every worker has it (the same bounds), the values all
// counted below it and each worker's kept values.
func bracketState(workers []*fusedWorker, c, j int) (b kernelBracket, below int64, lists [][]float64) {
	lists = make([][]float64, len(workers))
	for i, w := range workers {
		wb := &w.cols[c].brackets[j]
		below += wb.below
		lists[i] = w.kept[c][j][:wb.kept]
	}
	return workers[0].cols[c].brackets[j], below, lists
}

// keptLen is how many values lists hold.
func keptLen(lists [][]float64) int {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	return n
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
