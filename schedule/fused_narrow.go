package schedule

// fusedCheckpoints are the samples after which the fused pass narrows its brackets: from first
// (the pass's narrowAt; none when 0) on, each four times the one before, while at least as many
// samples follow as precede it. Brackets from four times as many samples are half as wide.
func fusedCheckpoints(first, n int) []int {
	var out []int
	for at := first; at > 0 && 2*at <= n; at *= 4 {
		out = append(out, at)
	}
	return out
}

// narrowFused narrows column c's brackets (its targets') once every worker has walked the first m
// samples: to the brackets a pilot of those samples gives, each target's bracket ranks among them
// (bracketRanks), selected among what the brackets kept so far. A bound whose rank falls outside
// the kept values stays, so a bracket only shrinks; each worker then counts its kept values below
// the new bracket as below it and lets go of those outside, so that what a bracket has counted and
// kept is still every value below it and every value inside it, as settleFused reads them.
// A bracket of one value is left as it is, and so is one that would become one.
func narrowFused(targets []*target, c int, workers []*fusedWorker, m int) {
	for j, t := range targets {
		b, below, lists := bracketState(workers, c, j)
		if b.keep == 0 {
			continue
		}
		kept := int64(keptLen(lists))
		kLo, kHi := bracketRanks(m, t.p)
		lo, hi := b.lo, b.hi
		var ks []int
		var bounds []*float64
		if k := int64(kLo) - below; k >= 0 && k < kept {
			ks, bounds = append(ks, int(k)), append(bounds, &lo)
		}
		if k := int64(kHi) - below; k >= 0 && k < kept {
			ks, bounds = append(ks, int(k)), append(bounds, &hi)
		}
		if len(ks) > 0 {
			values := make([]float64, len(ks))
			selectRanksInBracket(lists, ks, b.lo, b.hi, values)
			for i, v := range values {
				*bounds[i] = v
			}
		}
		if !(lo < hi) || lo == b.lo && hi == b.hi {
			continue
		}
		for _, w := range workers {
			wb := &w.cols[c].brackets[j]
			list := w.kept[c][j][:wb.kept]
			n, under := 0, 0
			for _, v := range list { // without a branch on v: its side of the bounds is a coin toss
				list[n] = v
				n += boolInt(v >= lo) & boolInt(v <= hi)
				under += boolInt(v < lo)
			}
			wb.lo, wb.hi, wb.kept, wb.below = lo, hi, int64(n), wb.below+int64(under)
		}
	}
}
