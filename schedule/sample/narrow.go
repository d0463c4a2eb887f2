package sample

import (
	"math"
	"runtime"
)

// nextNarrowing is how many samples of n the pass walks before it narrows again, having narrowed
// at at: twice as many, while that is at most half of them (a narrowing pays for itself over the
// samples after it); n when there is no next one.
func nextNarrowing(at, n int) int {
	if 2*at <= n/2 {
		return 2 * at
	}
	return n
}

// narrow narrows the kept buckets of the aligned columns once the pass has placed its first m
// samples: to the brackets a pilot of those m samples would give, each percentile's bracket ranks
// among them (bracketRanks), selected from the bucket counts and kept values so far
// (settleAlignedFor). A pilot of m samples held whole would take m values per column (25 MB for
// 25 rows and a pilot of 65536); this one takes the first m samples of the pass, kept within the
// brackets of the small pilot the pass was planned with. The pass narrows again each time it has
// walked twice as many samples (bracketPass), up to half of them: each time the brackets are
// about 1/sqrt(2) as wide in samples, and so the values kept from there on, the memory they first
// touch and the selection among them.
//
// A bound whose rank falls outside the buckets kept so far stays as it was. The narrowed column
// keeps a subset of what the column kept (alignedColumn.narrowed), so any bucket it keeps has
// every value of the pass kept. The brackets only decide how much the pass keeps, never its
// result: a rank that falls outside them is settled by the histogram passes.
func (l *cutLayout) narrow(columns []*columnCuts, states []*cutCounts, m int) {
	scratch := make([][]float64, runtime.GOMAXPROCS(0))
	parallelW(len(columns), func(w, i int) {
		a := l.aligned[i]
		if a == nil {
			return
		}
		// The ranks are among the values the column has so far: fewer than m when some samples
		// do not reach its row.
		targets := columns[i].targets
		ranks := make([]*target, 0, 2*len(targets)) // each target's bracket ranks among them
		var count int64
		count, scratch[w] = l.settleAlignedFor(i, func(among int64) []*target {
			if among == 0 {
				return nil
			}
			for _, t := range targets {
				kLo, kHi := bracketRanks(int(among), t.p)
				ranks = append(ranks, &target{col: t.col, p: rankShare(kLo, int(among))}, &target{col: t.col, p: rankShare(kHi, int(among))})
			}
			return ranks
		}, states, scratch[w])
		if count == 0 {
			return
		}
		brackets := make([]bracketBounds, len(targets))
		for j, t := range targets {
			brackets[j] = bracketOfRanks(t, int(count), m, count, ranks[2*j], ranks[2*j+1])
		}
		l.aligned[i] = a.narrowed(brackets)
	})
}

// rankShare is the fraction whose nearest rank among m values is the 0-based rank k (k clamped
// to the values).
func rankShare(k, m int) float64 {
	return min(max(float64(k+1)/float64(m), 0), 1)
}

// bracketOfRanks is target t's bracket as a pilot of m samples gives it, from lo and hi, the
// targets at its bracket ranks among the column's values in those samples (among of them, as
// expected, rankShare; count in fact): no bound on a side whose rank is past the values, t's own
// bound where a rank was not settled, and the share of samples expected inside.
func bracketOfRanks(t *target, among, m int, count int64, lo, hi *target) bracketBounds {
	kLo, kHi := bracketRanks(among, t.p)
	b := bracketBounds{lo: t.lo, hi: t.hi, share: float64(min(int64(kHi), count)-int64(max(kLo, 0))) / float64(m) * 1.05}
	switch {
	case kLo < 0:
		b.lo = math.Inf(-1)
	case lo.done:
		b.lo = lo.value
	}
	switch {
	case int64(kHi) >= count:
		b.hi = math.Inf(1)
	case hi.done:
		b.hi = hi.value
	}
	return b
}
