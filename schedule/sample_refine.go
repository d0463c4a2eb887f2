package schedule

import "math"

// bracketBounds is a bracket worked out before the targets: see refinedPilot.
type bracketBounds struct{ lo, hi, share float64 }

// refinedPilot brackets the percentiles of this pass's columns as a pilot of m samples would
// (the values at the bracket ranks among the first m samples), without holding m samples' values:
// those ranks are themselves selected exactly by a sampling of the first m samples, with a pilot
// of pilotSize samples, a bracket pass and, rarely, histograms. A pilot four times larger halves
// the brackets of the pass over all samples, and so the values it keeps, the first touches of the
// memory they take and the selection among them; holding it whole instead would take 25 MB for
// 25 rows and as much first-touched memory.
//
// It returns, per column of the pass, the least and greatest values of the sub-sampling's pilot
// (nil when none has a value there), read by the buckets and the histogram fallback as a pilot's,
// and each percentile's bracket. The brackets only decide how much work the pass does, never its
// result: any bracket gives the exact percentiles, a missed one through the histogram passes.
func (sm *sampler) refinedPilot(m int, percents []float64) ([][]float64, [][]bracketBounds) {
	sub := &sampler{s: sm.s, n: m, seed: sm.seed, cols: sm.cols, lo: sm.lo, hi: sm.hi, longest: sm.longest, raw: sm.raw, fixed: sm.fixed}
	sub.counts = make([]int64, sm.cols)
	sub.arena = newFloatArena((sm.hi - sm.lo) * pilotSize)
	defer sub.arena.release() // the sub-sampling's pilot columns are read until it settles
	// Ranks wanted among the first m samples, as fractions: each percentile's bracket ranks,
	// counted among m (a column short of m values only gets slightly other brackets).
	var wanted []float64
	for _, p := range percents {
		kLo, kHi := bracketRanks(m, p/100)
		wanted = append(wanted, float64(kLo+1)/float64(m), float64(kHi+1)/float64(m))
	}
	subPercents := make([]float64, len(wanted))
	for i, q := range wanted {
		subPercents[i] = min(max(q, 0), 1) * 100
	}
	pilot := sub.pilot(pilotSize, subPercents)
	targets := make([]*target, 0, (sm.hi-sm.lo)*len(wanted))
	for c := sm.lo; c < sm.hi; c++ {
		for _, q := range wanted {
			t := &target{col: c, p: min(max(q, 0), 1)}
			if len(pilot[c]) == 0 {
				t.lo, t.hi, t.share, t.bracketed = math.Inf(-1), math.Inf(1), 1.0/float64(pilotSize), true
			} else {
				sub.bracket(t, pilot[c], t.p, pilotSize)
			}
			targets = append(targets, t)
		}
	}
	sub.planAligned(pilot, pilotSize, targets)
	sub.bracketPass(targets, pilot)
	sub.histogramPasses(targets, pilot)
	extremes := make([][]float64, sm.cols)
	brackets := make([][]bracketBounds, sm.cols)
	for i, c := 0, sm.lo; c < sm.hi; c++ {
		at := targets[i : i+len(wanted)]
		i += len(wanted)
		count := sub.counts[c]
		if count == 0 || len(pilot[c]) == 0 {
			continue
		}
		// The buckets' range and the histograms' grid need not be the very least and greatest
		// values: the sub-sampling's pilot's serve.
		extremes[c] = []float64{pilot[c][0], pilot[c][len(pilot[c])-1]}
		brackets[c] = make([]bracketBounds, len(percents))
		for j, p := range percents {
			kLo, kHi := bracketRanks(m, p/100)
			b := bracketBounds{lo: math.Inf(-1), hi: math.Inf(1)}
			if kLo >= 0 {
				b.lo = at[2*j].value
			}
			if kHi < int(count) {
				b.hi = at[2*j+1].value
			}
			b.share = float64(min(kHi, int(count))-max(kLo, 0)) / float64(m) * 1.05 // of the samples
			brackets[c][j] = b
		}
	}
	sm.planAlignedBrackets(pilot, pilotSize, brackets)
	return extremes, brackets
}
