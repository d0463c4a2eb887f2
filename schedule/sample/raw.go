package sample

import (
	"runtime"

	"github.com/backoffctl/backoffctl/schedule"
)

// rawPilotSize is the pilot of strategies sampled with raw starts or of a fixed length, larger
// than pilotSize: their pass is planned with a pilot of pilotSize samples and gets the brackets of
// rawPilotSize samples, narrowed once it has walked them (cutLayout.narrow) or refined before it
// (refineColumns; see refinement); brackets half as wide halve the values kept, the first touches
// of the memory they take and the selection among them.
var rawPilotSize = 1 << 16

// pilotSizeFor is the pilot size for s.
func pilotSizeFor(s schedule.Strategy) int {
	raw := rawStarts(s)
	if _, fixed := extremeRows(s); raw || fixed {
		return rawPilotSize
	}
	return pilotSize
}

// rawStarts reports whether s is sampled with raw starts (see schedule.ColumnWriter).
func rawStarts(s schedule.Strategy) bool {
	w, ok := s.(schedule.ColumnWriter)
	return ok && w.RawStarts()
}

// roundStartColumns rounds the percentiles of start columns (even columns) of values sampled with
// raw starts, values[i] being column lo+i's.
func roundStartColumns(values [][]float64, lo int) {
	for i, col := range values {
		if (lo+i)%2 == 0 {
			for j, v := range col {
				col[j] = schedule.RoundStart(v)
			}
		}
	}
}

// pageValues is how many float64 values a 4 kB page holds.
const pageValues = 512

// pilotColumns fills out's columns of this pass (each with capacity m) with the first m samples'
// values, as the column filler writes them (raw starts), leaving out cells without a value (NaN).
// Samples are generated on every core, each into its own index, so the columns hold the same
// values in the same order whatever the number of cores. A sample longer than the columns is
// noted: the computation is redone with room for it.
func (sm *sampler) pilotColumns(out [][]float64, m int) {
	for c := sm.lo; c < sm.hi; c++ {
		out[c] = out[c][:m]
	}
	const chunk = 1 << 10
	workers := runtime.GOMAXPROCS(0)
	stride, longer := sm.stride(), sm.longer()
	bl := blockLen(stride)
	fillers, blocks := make([]*columnFiller, workers), make([][]float64, workers)
	for w := range workers {
		fillers[w], blocks[w] = newColumnFiller(sm.s, stride, sm.raw), make([]float64, bl*stride)
	}
	// A worker takes whole pages of every column: two workers writing to the same fresh page
	// both take its page fault, which costs more than the samples written there.
	unit := max(bl, pageValues)
	parallelW((m+unit-1)/unit, func(w, u int) {
		f, block := fillers[w], blocks[w]
		for first := u * unit; first < min((u+1)*unit, m); first += bl {
			count := min(bl, m-first)
			f.fillBlock(sm.seed, uint64(first), count, block, stride, longer)
			for c := sm.lo; c < sm.hi; c++ {
				dst := out[c][first : first+count]
				for k := range dst {
					dst[k] = block[k*stride+c]
				}
			}
		}
	})
	parallel(sm.hi-sm.lo, func(i int) {
		col := out[sm.lo+i]
		n := 0
		for _, v := range col {
			if v == v {
				col[n] = v
				n++
			}
		}
		out[sm.lo+i] = col[:n]
	})
}
