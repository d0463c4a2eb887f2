package sample

import (
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// An aligned column settles each percentile on the very value sorting every sample gives, or
// leaves it to the histogram passes: with ties and point masses, values on bucket edges, at and
// past both ends of the range, zeros of both signs, negative values, infinities and NaN, kept
// values past one chunk, and several workers. Brackets come from a pilot of the values
// or at random (often wrong); the pilot's brackets, which hold their ranks, must settle.
func TestAlignedSettlesAsSorted(t *testing.T) {
	g := draw.NewSplitMix(17, 0)
	settled := 0
	for trial := range 600 {
		settled += alignedTrial(t, g, trial)
	}
	if settled < 600 {
		t.Fatalf("only %d of %d targets settled", settled, 4*600)
	}
}

// FuzzAlignedSettlesAsSorted is TestAlignedSettlesAsSorted's trial from any seed.
func FuzzAlignedSettlesAsSorted(f *testing.F) {
	f.Add(uint64(1), uint16(0))
	f.Add(uint64(2), uint16(7))
	f.Add(uint64(3), uint16(10))
	f.Fuzz(func(t *testing.T, seed uint64, trial uint16) {
		alignedTrial(t, draw.NewSplitMix(int64(seed), 0), int(trial))
	})
}

// alignedTrial places a column of values drawn from g (the trial number picks point masses, a
// range of one value and kept values past a chunk) through an aligned column and checks every
// settled percentile against sorting; it returns how many settled.
func alignedTrial(t *testing.T, g *draw.SplitMix, trial int) (settled int) {
	t.Helper()
	lo := math.Ldexp(1+g.Unit(), int(g.Intn(40))-20)
	hi := lo * (1 + math.Ldexp(g.Unit(), -int(g.Intn(50))))
	if trial%7 == 0 {
		hi = lo // a range of one value
	}
	mass := lo + float64((hi-lo)*g.Unit())
	pool := []float64{lo, hi, mass, math.Nextafter(lo, 0), math.Nextafter(hi, math.Inf(1)), 0, math.Copysign(0, -1), -lo, math.Inf(1), math.Inf(-1), math.NaN(), 1e300, math.MaxFloat64, 2 * hi}
	value := func() float64 {
		switch r := g.Intn(10); {
		case r == 0:
			return pool[g.Intn(int64(len(pool)))]
		case r <= 2 && trial%3 == 0:
			return mass // a point mass: a third of the values or so
		default:
			return lo + float64((hi-lo)*g.Unit())
		}
	}
	const cols, col = 3, 1
	blocks, samples := 1+int(g.Intn(6)), 1+int(g.Intn(blockSize))
	if trial%10 == 0 {
		blocks, samples = 20+int(g.Intn(20)), blockSize // kept values past a chunk
	}
	workers := 1 + int(g.Intn(3))
	blockOf := make([][]float64, blocks)
	for b := range blockOf {
		blockOf[b] = make([]float64, cols*samples)
		for i := range blockOf[b] {
			blockOf[b][i] = value()
		}
	}
	// Every bucket edge of the range is a value too, now and then.
	probe := newAlignedColumn(lo, hi, nil)
	if probe == nil {
		t.Fatalf("range [%v, %v] refused", lo, hi)
	}
	for b := range blockOf {
		for k := range samples {
			if g.Intn(8) == 0 {
				u := uint64(g.Intn(int64(probe.limit) + 1))
				v := math.Float64frombits(probe.base + u<<probe.shift)
				blockOf[b][k*cols+col] = v
			}
		}
	}
	var all []float64
	for b := range blockOf {
		for k := range samples {
			if v := blockOf[b][k*cols+col]; v == v {
				all = append(all, v)
			}
		}
	}
	sorted := slices.Clone(all)
	slices.Sort(sorted)
	percents := []float64{0.01, 0.5, 0.9, 0.999}
	var targets []*target
	var brackets []bracketBounds
	for _, p := range percents {
		tg := &target{col: col, p: p}
		if len(sorted) > 0 && g.Intn(3) != 0 {
			k := max(1, min(int(math.Ceil(p*float64(len(sorted)))), len(sorted))) - 1
			tg.lo, tg.hi = sorted[max(k-int(g.Intn(3)), 0)], sorted[min(k+int(g.Intn(3)), len(sorted)-1)]
		} else {
			tg.lo, tg.hi = lo+float64((hi-lo)*g.Unit()), hi
		}
		tg.bracketed = true
		targets = append(targets, tg)
		brackets = append(brackets, bracketBounds{lo: tg.lo, hi: tg.hi})
	}
	cc := &columnCuts{col: col, targets: targets}
	cc.prepare()
	lay := newCutLayout([]*columnCuts{cc}, max(len(cc.bounds), 1))
	lay.aligned[0] = newAlignedColumn(lo, hi, brackets)
	states := make([]*cutCounts, workers)
	for w := range states {
		states[w] = lay.newCounts(0) // no room expected: the kept lists grow
	}
	for b, block := range blockOf {
		lay.placeBlock(states[b%workers], block, cols, samples)
	}
	total, _ := lay.settleAligned(0, targets, states, nil)
	if total != int64(len(sorted)) {
		t.Fatalf("trial %d: total %d, want %d", trial, total, len(sorted))
	}
	for j, tg := range targets {
		if !tg.done {
			continue
		}
		settled++
		if len(sorted) == 0 {
			if !math.IsNaN(tg.value) {
				t.Fatalf("trial %d: no values, p%v = %v", trial, tg.p, tg.value)
			}
			continue
		}
		want := sorted[tg.rank-1]
		if math.Float64bits(tg.value) != math.Float64bits(want) {
			t.Fatalf("trial %d [%v, %v]: p%v = %v, sorting gives %v (bracket %v)", trial, lo, hi, percents[j], tg.value, want, brackets[j])
		}
	}
	return settled
}

// A bracket that holds its rank always settles, from one worker's values or several.
func TestAlignedSettlesWithinBracket(t *testing.T) {
	g := draw.NewSplitMix(5, 0)
	for trial := range 200 {
		const cols, col, samples = 2, 0, blockSize
		block := make([]float64, cols*samples)
		var all []float64
		for k := range samples {
			v := 10 + float64(g.Unit()*float64(1+trial))
			block[k*cols+col], block[k*cols+1] = v, math.NaN()
			all = append(all, v)
		}
		sorted := slices.Clone(all)
		slices.Sort(sorted)
		p := g.Unit()
		k := max(1, int(math.Ceil(p*samples))) - 1
		tg := &target{col: col, p: p, lo: sorted[max(k-1, 0)], hi: sorted[min(k+1, samples-1)], bracketed: true}
		cc := &columnCuts{col: col, targets: []*target{tg}}
		cc.prepare()
		lay := newCutLayout([]*columnCuts{cc}, len(cc.bounds))
		lay.aligned[0] = newAlignedColumn(sorted[0], sorted[samples-1], []bracketBounds{{lo: tg.lo, hi: tg.hi}})
		st := lay.newCounts(samples)
		lay.placeBlock(st, block, cols, samples)
		lay.settleAligned(0, []*target{tg}, []*cutCounts{st}, nil)
		if !tg.done || tg.value != sorted[k] {
			t.Fatalf("trial %d: done %v value %v, want %v", trial, tg.done, tg.value, sorted[k])
		}
	}
}

// planAligned refuses a column whose kept buckets would hold many more values than its brackets:
// a point mass next to a bracket.
func TestPlanAlignedRefusesPointMass(t *testing.T) {
	values := make([]float64, 1000)
	for i := range values {
		values[i] = 1 + float64(i)/1000
	}
	narrow := []bracketBounds{{lo: 1.5, hi: 1.51, share: 0.011}}
	if planAligned(1, 2, narrow, values, len(values)) == nil {
		t.Fatal("a spread column is refused")
	}
	for i := 500; i < 900; i++ {
		values[i] = math.Nextafter(1.51, 2) // in the bracket's last bucket, above it
	}
	if a := planAligned(1, 2, narrow, values, len(values)); a != nil {
		t.Fatalf("a point mass beside the bracket is accepted (share %v)", a.share)
	}
	if planAligned(0, 2, narrow, values, len(values)) != nil || planAligned(1, math.Inf(1), narrow, values, len(values)) != nil {
		t.Fatal("a range from zero or to infinity is accepted")
	}
}
