package sample

import "math"

// refineColumns brackets the targets as a pilot of m samples would (with onlyUnaligned, those of
// the columns the pass does not place aligned, whose brackets the pass does not narrow itself:
// cutLayout.narrow): the values at each target's bracket ranks among the first m samples,
// selected exactly by a pass over those samples (a bracket pass and, rarely, histograms)
// bracketed from the pass's own pilot of pilotSize samples, which is ordered at those ranks too
// (refinePercents). Brackets of
// four times as many samples are half as wide, and so what the pass keeps, its memory and the
// passes a long schedule takes: for columns of discrete values (whole seconds: Sidekiq, Oban) and
// of ranges too wide for aligned buckets, which are not narrowed during the pass, and for every
// column of a schedule that takes several passes.
//
// The brackets only decide how much work the pass does, never its result: any bracket gives the
// exact percentiles, a missed one through the histogram passes.
func (sm *sampler) refineColumns(pilot [][]float64, m int, targets []*target, onlyUnaligned bool) {
	var refined, ranks []*target // the targets refined; each one's two bracket ranks
	var among []int              // per target refined, the values its column is expected to have
	for _, t := range targets {
		if t.done || !t.bracketed || len(pilot[t.col]) == 0 || onlyUnaligned && sm.aligned[t.col] != nil {
			continue
		}
		if p := pilot[t.col]; p[0] == p[len(p)-1] { // one value (a constant column): no bracket is narrower
			continue
		}
		// Among the column's values in the first m samples: fewer than m when some samples do
		// not reach its row, as many as the pilot's share says.
		n := max(1, int(math.Round(float64(len(pilot[t.col]))*float64(m)/float64(pilotSize))))
		kLo, kHi := bracketRanks(n, t.p)
		for _, k := range []int{kLo, kHi} {
			r := &target{col: t.col, p: rankShare(k, n)}
			sm.bracket(r, pilot[t.col], r.p, pilotSize)
			ranks = append(ranks, r)
		}
		refined, among = append(refined, t), append(among, n)
	}
	if len(refined) == 0 {
		return
	}
	sub := &sampler{s: sm.s, n: m, seed: sm.seed, cols: sm.cols, lo: sm.lo, hi: sm.hi, longest: sm.longest, raw: sm.raw, fixed: sm.fixed, hists: sm.hists}
	sub.counts = make([]int64, sm.cols)
	sub.planAligned(pilot, pilotSize, ranks)
	sub.bracketPass(ranks, pilot)
	sub.histogramPasses(ranks, pilot)
	for i, t := range refined {
		if count := sub.counts[t.col]; count > 0 { // else the pilot's bracket stays
			b := bracketOfRanks(t, among[i], m, count, ranks[2*i], ranks[2*i+1])
			t.lo, t.hi, t.share = b.lo, b.hi, b.share
		}
	}
}

// refinePercents are the percentiles, beside the wanted ones, a pilot is ordered at for
// refineColumns: each wanted percentile's bracket ranks among m samples.
func refinePercents(percents []float64, m int) []float64 {
	var out []float64
	for _, p := range percents {
		kLo, kHi := bracketRanks(m, p/100)
		out = append(out, 100*rankShare(kLo, m), 100*rankShare(kHi, m))
	}
	return out
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
