package sample

import (
	"math"
	"slices"
)

// histogramPasses settles the targets a bracket missed: histogram passes narrow the search to the
// bin holding the rank until the bin has one value or few enough to keep and select.
func (sm *sampler) histogramPasses(targets []*target, pilot [][]float64) {
	for _, t := range targets {
		if !t.done && len(pilot[t.col]) == 0 {
			// Over a million samples reach a row no pilot sample reached: beyond any real
			// distribution's odds. Say nothing rather than guess a grid.
			t.value, t.done = math.NaN(), true
		}
		if !t.done {
			col := pilot[t.col]
			t.below = 0
			t.spec = binSpec{col: t.col, lo: math.Inf(-1), hi: math.Inf(1), gridLo: col[0], gridHi: col[len(col)-1]}
		}
	}
	for pass := 0; ; pass++ {
		// Each pass narrows a range by up to 4096 times; after a few dozen a bin holds
		// neighbouring floats, and from then on its values are kept whatever their number.
		force := pass >= forcePass
		specs, index := activeSpecs(targets)
		if len(specs) == 0 {
			break
		}
		hists := sm.histogram(specs)
		var keep []binSpec
		keepIndex := map[binSpec]int{}
		for _, t := range targets {
			if t.done {
				continue
			}
			if t.narrow(hists[index[t.spec]], force) {
				if _, ok := keepIndex[t.spec]; !ok {
					keepIndex[t.spec] = len(keep)
					keep = append(keep, t.spec)
				}
			}
		}
		if len(keep) == 0 {
			continue
		}
		kept := sm.collect(keep)
		for _, v := range kept {
			slices.Sort(v)
		}
		for _, t := range targets {
			if i, ok := keepIndex[t.spec]; ok && !t.done && t.keeping {
				t.value, t.done = kept[i][t.rank-t.below-1], true
			}
		}
	}
}

// forcePass is the pass from which a crowded bin's values are kept instead of narrowed again.
const forcePass = 32

// narrow finds the bin holding the wanted rank in h. It settles the target when the bin holds a
// single value, asks for the bin's values when there are few (or when force is set), and
// otherwise narrows the search to the bin, returning whether values are to be kept.
func (t *target) narrow(h hist, force bool) bool {
	need := t.rank - t.below
	var seen int64
	for b, c := range h.counts {
		if seen+c < need {
			seen += c
			continue
		}
		t.below += seen
		blo, bhi := h.min[b], h.max[b]
		switch {
		case blo == bhi:
			t.value, t.done = blo, true
		case c <= keepLimit || force:
			t.spec = binSpec{col: t.col, lo: blo, hi: bhi}
			t.keeping = true
			return true
		default:
			t.spec = binSpec{col: t.col, lo: blo, hi: bhi, gridLo: blo, gridHi: bhi}
		}
		return false
	}
	// Unreachable with consistent counts. Settle on NaN (printed as NaN, refused by JSON) rather
	// than loop or report a value that was not sampled.
	t.value, t.done = math.NaN(), true
	return false
}

// activeSpecs returns the distinct searches of the unsettled targets, so targets of one column
// share a histogram.
func activeSpecs(targets []*target) ([]binSpec, map[binSpec]int) {
	index := map[binSpec]int{}
	var specs []binSpec
	for _, t := range targets {
		if t.done || t.keeping {
			continue
		}
		if _, ok := index[t.spec]; !ok {
			index[t.spec] = len(specs)
			specs = append(specs, t.spec)
		}
	}
	return specs, index
}

// keepLimit is the most values kept for one wanted rank; a fuller bin is histogrammed again.
const keepLimit = 1 << 16

// bins per histogram, plus one below and one above the grid.
const bins = 4096

// binSpec says which values of a column a pass looks at: those in [lo, hi], binned over the grid
// [gridLo, gridHi].
type binSpec struct {
	col            int
	lo, hi         float64
	gridLo, gridHi float64
}

type hist struct {
	counts   []int64
	min, max []float64
}

// histogram bins, for each spec, the values of its column inside [spec.lo, spec.hi]; bin 0 takes
// values below the grid and the last bin values above it.
func (sm *sampler) histogram(specs []binSpec) []hist {
	newState := func() []hist {
		hs := make([]hist, len(specs))
		for i := range hs {
			hs[i] = hist{counts: make([]int64, bins+2), min: make([]float64, bins+2), max: make([]float64, bins+2)}
			for b := range hs[i].min {
				hs[i].min[b], hs[i].max[b] = math.Inf(1), math.Inf(-1)
			}
		}
		return hs
	}
	scale := make([]float64, len(specs))
	for i, sp := range specs {
		if sp.gridHi > sp.gridLo {
			scale[i] = bins / (sp.gridHi - sp.gridLo)
		}
	}
	states := walk(sm, newState, func(hs []hist, vals []float64) {
		for i, sp := range specs {
			v := vals[sp.col]
			if !(v >= sp.lo && v <= sp.hi) { // also skips NaN
				continue
			}
			var b int
			switch {
			case v < sp.gridLo:
				b = 0
			case v > sp.gridHi:
				b = bins + 1
			default:
				b = 1 + min(int((v-sp.gridLo)*scale[i]), bins-1)
			}
			h := &hs[i]
			h.counts[b]++
			if v < h.min[b] {
				h.min[b] = v
			}
			if v > h.max[b] {
				h.max[b] = v
			}
		}
	})
	out := states[0]
	for _, st := range states[1:] {
		for i := range out {
			for b := range out[i].counts {
				out[i].counts[b] += st[i].counts[b]
				out[i].min[b] = math.Min(out[i].min[b], st[i].min[b])
				out[i].max[b] = math.Max(out[i].max[b], st[i].max[b])
			}
		}
	}
	return out
}

// collect returns, for each spec, every value of its column inside [lo, hi].
func (sm *sampler) collect(specs []binSpec) [][]float64 {
	states := walk(sm, func() [][]float64 { return make([][]float64, len(specs)) }, func(kept [][]float64, vals []float64) {
		for i, sp := range specs {
			if v := vals[sp.col]; v >= sp.lo && v <= sp.hi {
				kept[i] = append(kept[i], v)
			}
		}
	})
	out := make([][]float64, len(specs))
	for _, st := range states {
		for i := range out {
			out[i] = append(out[i], st[i]...)
		}
	}
	return out
}
