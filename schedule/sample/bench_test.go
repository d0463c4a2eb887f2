package sample

import (
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// BenchmarkPolynomial25Columns is one 25-row ActiveJob schedule written into column values, as
// the samplers walk it (WriteColumns, unrounded starts).
func BenchmarkPolynomial25Columns(b *testing.B) {
	s := presets.Polynomial{Attempts: 25, Jitter: 0.15}
	vals := make([]float64, 50)
	d := draw.NewSplitMix(1, 0)
	for b.Loop() {
		s.WriteColumns(d, vals[:0], 25, true)
	}
}

// BenchmarkPercentilesMillion is p50, p95 and p99 of every start and wait of the 25-attempt
// ActiveJob schedule over 10^6 samples.
func BenchmarkPercentilesMillion(b *testing.B) {
	s := presets.Polynomial{Attempts: 25, Jitter: 0.15}
	for b.Loop() {
		Percentiles(s, 1000000, 1, []float64{50, 95, 99})
	}
}

// BenchmarkPercentilesPlain is the same computation written plainly: one goroutine storing every
// sample, then sorting each column.
func BenchmarkPercentilesPlain(b *testing.B) {
	s := presets.Polynomial{Attempts: 25, Jitter: 0.15}
	for b.Loop() {
		exactPercentiles(s, 1000000, 1, []float64{50, 95, 99})
	}
}

// BenchmarkPlaceAligned places a block of 256 such schedules in aligned columns (each value
// counted in its bucket and written, kept when its bucket is), one bracket around each column's
// median, as the pass over all samples places them: 48 values a schedule (the first start, 0, and
// the wait after the last row have none to place); per value, the ns/value metric.
func BenchmarkPlaceAligned(b *testing.B) {
	s := presets.Polynomial{Attempts: 25, Jitter: 0.15}
	const cols, samples = 50, blockSize
	block := make([]float64, samples*cols)
	newColumnFiller(s, cols, true).fillBlock(1, 0, samples, block, cols, func(uint64) {})
	var columns []*columnCuts
	var aligned []*alignedColumn
	for c := 1; c < cols-1; c++ {
		vals := make([]float64, samples)
		for k := range vals {
			vals[k] = block[k*cols+c]
		}
		slices.Sort(vals)
		t := &target{col: c, p: 0.5}
		t.bracket(vals, 0.5, samples)
		cc := &columnCuts{col: c, targets: []*target{t}}
		cc.prepare()
		columns = append(columns, cc)
		aligned = append(aligned, newAlignedColumn(vals[0], vals[samples-1], []bracketBounds{{lo: t.lo, hi: t.hi}}))
	}
	lay := newCutLayout(columns, 2)
	copy(lay.aligned, aligned)
	st := lay.newCounts(samples)
	for b.Loop() {
		for i := range st.aligned {
			st.aligned[i].n = 0 // the same chunk again: the memory stays put
		}
		lay.placeBlock(st, block, cols, samples)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*samples*len(columns)), "ns/value")
}

// BenchmarkSettleAligned settles three percentiles of an aligned column of 2^20 values placed by
// two workers (about 47000 kept), the work done per column after a pass over a million samples.
func BenchmarkSettleAligned(b *testing.B) {
	g := draw.NewSplitMix(3, 0)
	const n, lo, hi = 1 << 20, 100.0, 200.0
	var brackets []bracketBounds
	var targets []*target
	for _, p := range []float64{0.5, 0.95, 0.99} {
		half := 1.2 // about six standard deviations of rank among 65536 pilot samples
		if p > 0.9 {
			half = 0.4
		}
		brackets = append(brackets, bracketBounds{lo: lo + float64(100*p) - half, hi: lo + float64(100*p) + half})
		targets = append(targets, &target{col: 0, p: p, lo: lo + float64(100*p) - half, hi: lo + float64(100*p) + half, bracketed: true})
	}
	cc := &columnCuts{col: 0, targets: targets}
	cc.prepare()
	lay := newCutLayout([]*columnCuts{cc}, len(cc.bounds))
	lay.aligned[0] = newAlignedColumn(lo, hi, brackets)
	states := []*cutCounts{lay.newCounts(n / 2), lay.newCounts(n / 2)}
	block := make([]float64, blockSize)
	for s := 0; s < n; s += blockSize {
		for k := range block {
			block[k] = lo + float64((hi-lo)*g.Unit())
		}
		lay.placeBlock(states[s/blockSize%2], block, 1, blockSize)
	}
	kept := 0
	for _, st := range states {
		kept += st.aligned[0].total + st.aligned[0].n
	}
	var scratch []float64
	for b.Loop() {
		for _, t := range targets {
			t.done = false
		}
		_, scratch = lay.settleAligned(0, targets, states, scratch)
		if !targets[0].done || !targets[1].done || !targets[2].done {
			b.Fatal("a percentile was not settled")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*kept), "ns/kept")
}

// BenchmarkDraws25 is the floor of one 25-row schedule: 25 draws from a reseeded generator,
// summed (testdata/bench/draws per sample).
func BenchmarkDraws25(b *testing.B) {
	var g draw.SplitMix
	sum, i := 0.0, uint64(0)
	for b.Loop() {
		g.Reseed(1, i)
		i++
		for range 25 {
			sum += g.Unit()
		}
	}
	if sum < 0 {
		b.Fatal(sum)
	}
}

// BenchmarkPolynomial25Drawn is the same schedule laid out with its draws, as the sampler
// generates it (WriteSplitMix): BenchmarkDraws25's work plus the schedule's.
func BenchmarkPolynomial25Drawn(b *testing.B) {
	s := presets.Polynomial{Attempts: 25, Jitter: 0.15}
	vals := make([]float64, 50)
	var g draw.SplitMix
	i := uint64(0)
	for b.Loop() {
		g.Reseed(1, i)
		i++
		s.WriteSplitMix(&g, vals[:0], 25, true)
	}
}
