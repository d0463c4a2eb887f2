package schedule

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// TestKernelLayout pins the field offsets fused_amd64.s reads.
func TestKernelLayout(t *testing.T) {
	var k polyKernel
	var c kernelColumn
	var b kernelBracket
	for _, f := range []struct {
		name      string
		got, want uintptr
	}{
		{"seed", unsafe.Offsetof(k.seed), 0},
		{"first", unsafe.Offsetof(k.first), 8},
		{"groups", unsafe.Offsetof(k.groups), 16},
		{"rows", unsafe.Offsetof(k.rows), 24},
		{"attempts", unsafe.Offsetof(k.attempts), 32},
		{"jitter", unsafe.Offsetof(k.jitter), 40},
		{"job", unsafe.Offsetof(k.job), 48},
		{"hasJob", unsafe.Offsetof(k.hasJob), 56},
		{"delays", unsafe.Offsetof(k.delays), 64},
		{"columns", unsafe.Offsetof(k.columns), 72},
		{"targets", unsafe.Offsetof(c.targets), 0},
		{"brackets", unsafe.Offsetof(c.brackets), 32},
		{"kernelColumn size", unsafe.Sizeof(c), 32 + kernelTargets*64},
		{"lo", unsafe.Offsetof(b.lo), 0},
		{"hi", unsafe.Offsetof(b.hi), 8},
		{"below", unsafe.Offsetof(b.below), 16},
		{"at", unsafe.Offsetof(b.at), 24},
		{"keep", unsafe.Offsetof(b.keep), 32},
		{"kept", unsafe.Offsetof(b.kept), 40},
		{"base", unsafe.Offsetof(b.base), 48},
		{"kernelBracket size", unsafe.Sizeof(b), 64},
	} {
		if f.got != f.want {
			t.Errorf("%s at %d, the kernel reads it at %d", f.name, f.got, f.want)
		}
	}
}

// kernelCase runs the kernel over groups of eight samples from first on, and places the same
// samples one by one through sampleSplitMix and fusedWorker.place, with the same brackets (per
// column; a column's wait after the last attempt is never placed), and reports any difference in
// what they counted and kept.
func kernelCase(p Polynomial, seed int64, first uint64, groups int, brackets [][]kernelBracket) error {
	rows := p.Attempts
	template := make([]kernelColumn, 2*rows)
	for c := range template {
		if c < len(brackets) && c != 2*rows-1 {
			template[c].targets = int64(len(brackets[c]))
			copy(template[c].brackets[:], brackets[c])
		}
	}
	n := 8 * groups
	workers := [2]*fusedWorker{}
	for i := range workers {
		w := &fusedWorker{cols: append([]kernelColumn(nil), template...), kept: make([][kernelTargets][]float64, len(template))}
		for c := range w.cols {
			for j := range w.cols[c].targets {
				w.kept[c][j] = make([]float64, n+8)
				w.room(c, int(j), n)
			}
		}
		workers[i] = w
	}
	delays := make([]float64, rows)
	for e := 1; e <= rows; e++ {
		delays[e-1] = fourthPower(e)
	}
	k := polyKernel{seed: uint64(seed), first: first, groups: int64(groups), rows: int64(rows), attempts: int64(p.Attempts),
		jitter: p.Jitter, job: p.JobDuration, hasJob: int64(boolInt(p.JobDuration != 0)), delays: &delays[0], columns: &workers[0].cols[0]}
	runPolyKernel(&k)
	var g draw.SplitMix
	vals := make([]float64, 2*rows)
	for i := range n {
		g.Reseed(seed, first+uint64(i))
		p.sampleSplitMix(&g, vals, true)
		for c, v := range vals {
			if workers[1].cols[c].targets > 0 {
				workers[1].place(c, v)
			}
		}
	}
	for c := range template {
		for j := range template[c].targets {
			a, b := workers[0].cols[c].brackets[j], workers[1].cols[c].brackets[j]
			if a.below != b.below || a.at != b.at || a.kept != b.kept {
				return fmt.Errorf("column %d bracket [%v, %v]: kernel counted below %d, at %d, kept %d; one by one %d, %d, %d",
					c, a.lo, a.hi, a.below, a.at, a.kept, b.below, b.at, b.kept)
			}
			for i, v := range workers[0].kept[c][j][:a.kept] {
				if w := workers[1].kept[c][j][i]; math.Float64bits(v) != math.Float64bits(w) {
					return fmt.Errorf("column %d bracket [%v, %v]: kept value %d is %v, one by one %v", c, a.lo, a.hi, i, v, w)
				}
			}
		}
	}
	return nil
}

// bracketsAround are brackets for every column of p's samples, cut at the values of a few of them
// (so that values fall below, inside, at and above them): a value's own bracket of one value, one
// from one value to another, one without a lower or an upper bound, one holding everything, and
// one below every value.
func bracketsAround(p Polynomial, seed int64) [][]kernelBracket {
	var g draw.SplitMix
	a, b := make([]float64, 2*p.Attempts), make([]float64, 2*p.Attempts)
	g.Reseed(seed+1, 0)
	p.sampleSplitMix(&g, a, true)
	g.Reseed(seed+1, 1)
	p.sampleSplitMix(&g, b, true)
	out := make([][]kernelBracket, 2*p.Attempts)
	inf := math.Inf(1)
	for c := range out {
		lo, hi := min(a[c], b[c]), max(a[c], b[c])
		for _, bounds := range [][2]float64{{lo, lo}, {lo, hi}, {-inf, hi}, {lo, inf}, {-inf, inf}, {-inf, -1}} {
			out[c] = append(out[c], kernelBracket{lo: bounds[0], hi: bounds[1], keep: int64(boolInt(bounds[0] < bounds[1]))})
		}
	}
	return out
}

// The kernel counts and keeps what placing the same samples one by one does, value for value.
func TestKernelMatchesPlace(t *testing.T) {
	if !haveKernel {
		t.Skip("no AVX-512 on this processor: the kernel is not run")
	}
	for _, c := range []struct {
		p     Polynomial
		seed  int64
		first uint64
	}{
		{Polynomial{Attempts: 25, Jitter: 0.15}, 1, 0},
		{Polynomial{Attempts: 25, Jitter: 0.15, JobDuration: 30}, 7, 1 << 40},
		{Polynomial{Attempts: 1, Jitter: 0.15}, 2, 5},
		{Polynomial{Attempts: 2, Jitter: 1, JobDuration: 0.5}, -3, 9},
		{Polynomial{Attempts: 40, Jitter: 1e-9}, 4, 123},
		{Polynomial{Attempts: 12, Jitter: 1e6, JobDuration: 1e12}, math.MaxInt64, math.MaxUint64 - 100},
	} {
		if err := kernelCase(c.p, c.seed, c.first, 40, bracketsAround(c.p, c.seed)); err != nil {
			t.Errorf("%+v seed %d: %v", c.p, c.seed, err)
		}
	}
}

func FuzzKernelMatchesPlace(f *testing.F) {
	if !haveKernel {
		f.Skip("no AVX-512 on this processor: the kernel is not run")
	}
	f.Add(uint8(25), 0.15, 0.0, int64(1), uint64(0))
	f.Add(uint8(3), 1.0, 30.0, int64(-5), uint64(1)<<63)
	f.Fuzz(func(t *testing.T, attempts uint8, jitter, job float64, seed int64, first uint64) {
		p := Polynomial{Attempts: int(attempts%40) + 1, Jitter: jitter, JobDuration: job}
		if _, ok := kernelPolynomial(p, true); !ok {
			return
		}
		if err := kernelCase(p, seed, first, 3, bracketsAround(p, seed)); err != nil {
			t.Error(err)
		}
	})
}

// rawColumns are the column values of p's first n samples seeded with seed, raw starts.
func rawColumns(p Polynomial, seed int64, n int) [][]float64 {
	columns := make([][]float64, 2*p.Attempts)
	var g draw.SplitMix
	vals := make([]float64, 2*p.Attempts)
	for i := range n {
		g.Reseed(seed, uint64(i))
		p.sampleSplitMix(&g, vals, true)
		for c, v := range vals {
			columns[c] = append(columns[c], v)
		}
	}
	return columns
}

// withoutKernel runs f with the fused pass turned off, as on a processor without AVX-512.
func withoutKernel(f func()) {
	had := haveKernel
	haveKernel = false
	defer func() { haveKernel = had }()
	f()
}

// The fused pass gives the percentiles the bracket pass gives, bit for bit: with narrowing
// (n past twice 65536), several percentiles, the extremes, a job duration, one or two attempts,
// more percentiles than the kernel takes (the bracket pass then runs), a tiny pilot (brackets that
// miss, settled by the histogram passes), and on one core and on several.
func TestFusedPassEqualsBracketPass(t *testing.T) {
	if !haveKernel {
		t.Skip("no AVX-512 on this processor: the fused pass is not taken")
	}
	many := []float64{1, 5, 10, 25, 50, 75, 90, 95, 99}
	cases := []struct {
		p        Polynomial
		n        int
		seed     int64
		percents []float64
		pilot    int
		procs    int
	}{
		{Polynomial{Attempts: 25, Jitter: 0.15}, 300_001, 1, []float64{50, 95, 99}, 0, 0},
		{Polynomial{Attempts: 25, Jitter: 0.15, JobDuration: 30}, 140_000, 7, []float64{0, 0.1, 50, 99.9, 100}, 0, 0},
		{Polynomial{Attempts: 1, Jitter: 0.15}, 70_000, 3, []float64{50}, 0, 0},
		{Polynomial{Attempts: 2, Jitter: 1, JobDuration: 0.5}, 100_003, -2, []float64{10, 90}, 0, 3},
		{Polynomial{Attempts: 30, Jitter: 1e-9}, 90_000, 2, []float64{50, 95}, 0, 1},
		{Polynomial{Attempts: 5, Jitter: 0.15}, 70_001, 5, many, 0, 0},
		{Polynomial{Attempts: 6, Jitter: 0.15}, 20_000, 8, []float64{1, 50, 99}, 3, 0},
		{Polynomial{Attempts: 6, Jitter: 0.5}, 50_000, 9, []float64{50, 95, 99}, 64, 2},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%+v n %d seed %d pilot %d", c.p, c.n, c.seed, c.pilot)
		if c.procs > 0 {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(c.procs))
		}
		pilot := c.pilot
		if pilot == 0 {
			pilot = pilotSizeFor(c.p)
		}
		var want Quantiles
		withoutKernel(func() { want = percentiles(c.p, c.n, c.seed, c.percents, pilot, nil) })
		got := percentiles(c.p, c.n, c.seed, c.percents, pilot, nil)
		sameQuantiles(t, name, got, want)
		if c.procs > 0 {
			runtime.GOMAXPROCS(runtime.NumCPU())
		}
	}
}

// After narrowing, what each bracket counted and kept is still every value below it and every
// value inside it among the samples walked, and the brackets are no wider than before.
func TestNarrowFusedKeepsCountsExact(t *testing.T) {
	if !haveKernel {
		t.Skip("no AVX-512 on this processor: the fused pass is not taken")
	}
	p := Polynomial{Attempts: 6, Jitter: 0.15, JobDuration: 1}
	const m = 1 << 14
	columns := rawColumns(p, 4, m)
	sm := &sampler{s: p, n: m, seed: 4, raw: true, lo: 0, hi: 12, cols: 12}
	template := make([]kernelColumn, 12)
	byCol := make([][]*target, 12)
	for c := 0; c < 11; c++ {
		pilot := slices.Sorted(slices.Values(columns[c][:1024])) // the first samples: a small pilot
		for _, q := range []float64{0.5, 0.95} {
			t := &target{col: c, p: q}
			t.bracket(pilot, q, 1024) // a wide bracket
			byCol[c] = append(byCol[c], t)
			j := template[c].targets
			template[c].brackets[j] = kernelBracket{lo: t.lo, hi: t.hi, keep: int64(boolInt(t.lo < t.hi))}
			template[c].targets++
		}
	}
	workers := []*fusedWorker{newFusedWorker(template, byCol, nil, m, nil), newFusedWorker(template, byCol, nil, m, nil)}
	walk := fusedWalk{sm: sm, p: p, rows: 6, workers: workers}
	walk.run(0, m)
	narrowed := 0
	for c := 0; c < 11; c++ {
		before := workers[0].cols[c]
		narrowFused(byCol[c], c, workers, m)
		for j := range byCol[c] {
			b, below, lists := bracketState(workers, c, j)
			if b.keep == 1 && (b.lo < before.brackets[j].lo || b.hi > before.brackets[j].hi) {
				t.Errorf("column %d: bracket [%v, %v] widened to [%v, %v]", c, before.brackets[j].lo, before.brackets[j].hi, b.lo, b.hi)
			}
			if b.lo > before.brackets[j].lo && b.hi < before.brackets[j].hi {
				narrowed++
			}
			var wantBelow, wantIn int64
			for _, v := range columns[c] {
				if v < b.lo {
					wantBelow++
				} else if v <= b.hi {
					wantIn++
				}
			}
			if got := int64(keptLen(lists)); below != wantBelow || b.keep == 1 && got != wantIn || b.keep == 0 && b.at+workers[1].cols[c].brackets[j].at != wantIn {
				t.Errorf("column %d bracket [%v, %v]: below %d, kept %d; want %d, %d", c, b.lo, b.hi, below, got, wantBelow, wantIn)
			}
		}
	}
	if narrowed < 20 { // two brackets in each of ten columns; the first start's is of one value
		t.Errorf("%d brackets narrowed at both ends, want 20", narrowed)
	}
}

// selectInBracket selects what sorting selects, among lists of positive values and of values of
// any sign.
func TestSelectInBracketIsSorting(t *testing.T) {
	var g draw.SplitMix
	g.Reseed(1, 1)
	for _, shift := range []float64{0, -0.5} {
		var lists [][]float64
		var all []float64
		for l := range 3 {
			var list []float64
			for range 1000 * (l + 1) {
				v := 1 + g.Unit() + shift
				if g.Unit() < 0.1 {
					v = 1 + shift // repeated values
				}
				list = append(list, v)
			}
			lists, all = append(lists, list), append(all, list...)
		}
		slices.Sort(all)
		for _, k := range []int{0, 1, 999, 3000, len(all) - 1} {
			if got := selectInBracket(lists, k, all[0], all[len(all)-1]); got != all[k] {
				t.Errorf("shift %v rank %d: %v, want %v", shift, k, got, all[k])
			}
		}
	}
}

func TestFusedCheckpoints(t *testing.T) {
	for _, c := range []struct {
		first, n int
		want     []int
	}{
		{65536, 1_000_000, []int{65536, 262144}},
		{65536, 131072, []int{65536}},
		{65536, 131071, nil},
		{0, 1_000_000, nil},
		{65536, 10_000_000, []int{65536, 262144, 1048576, 4194304}},
	} {
		if got := fusedCheckpoints(c.first, c.n); !slices.Equal(got, c.want) {
			t.Errorf("fusedCheckpoints(%d, %d) = %v, want %v", c.first, c.n, got, c.want)
		}
	}
}

// A rank outside its bracket is left undone by the fused pass, and the histogram passes then
// settle it exactly, as after the bracket pass.
func TestFusedMissFallsToHistograms(t *testing.T) {
	if !haveKernel {
		t.Skip("no AVX-512 on this processor: the fused pass is not taken")
	}
	p := Polynomial{Attempts: 4, Jitter: 0.15}
	const n = 20_001
	columns := rawColumns(p, 6, n)
	sm := &sampler{s: p, n: n, seed: 6, raw: true, lo: 0, hi: 8, cols: 8, counts: make([]int64, 8)}
	pilot := make([][]float64, 8)
	var targets []*target
	for c := 1; c < 7; c++ {
		sorted := slices.Sorted(slices.Values(columns[c]))
		pilot[c] = []float64{sorted[0], sorted[n-1]}
		// The median's bracket is around the tenth percentile: it misses. The 90th's holds it.
		targets = append(targets,
			&target{col: c, p: 0.5, lo: sorted[n/20], hi: sorted[n/7], share: 0.1, bracketed: true},
			&target{col: c, p: 0.9, lo: sorted[n*8/10], hi: sorted[n*95/100], share: 0.15, bracketed: true})
	}
	if !sm.fusedBracketPass(targets) {
		t.Fatal("the fused pass was not taken")
	}
	for _, tg := range targets {
		if tg.done != (tg.p == 0.9) {
			t.Errorf("column %d p%v: done %v after the fused pass", tg.col, tg.p, tg.done)
		}
	}
	sm.histogramPasses(targets, pilot)
	for _, tg := range targets {
		sorted := slices.Sorted(slices.Values(columns[tg.col]))
		if want := sorted[tg.rank-1]; !tg.done || tg.value != want {
			t.Errorf("column %d p%v: %v (done %v), want %v", tg.col, tg.p, tg.value, tg.done, want)
		}
	}
}

// BenchmarkFusedKernel runs the kernel over 1024 schedules of 25 attempts on one core, each
// column with three brackets around its 50th, 95th and 99th percentiles as wide as a pass narrowed
// from a pilot of 65536 samples has them (2.4%, 1% and 0.5% of the values): the ns/sample metric is
// generating a schedule and placing its 49 values, 147 brackets.
func BenchmarkFusedKernel(b *testing.B) {
	if !haveKernel {
		b.Skip("no AVX-512 on this processor: the kernel is not run")
	}
	p := Polynomial{Attempts: 25, Jitter: 0.15}
	const pilot, samples = 20000, 1024
	columns := rawColumns(p, 99, pilot)
	w := &fusedWorker{cols: make([]kernelColumn, 50), kept: make([][kernelTargets][]float64, 50)}
	for c := range 49 {
		slices.Sort(columns[c])
		for j, q := range [][2]float64{{0.5, 0.012}, {0.95, 0.005}, {0.99, 0.0025}} {
			lo, hi := columns[c][int((q[0]-q[1])*pilot)], columns[c][int((q[0]+q[1])*pilot)]
			w.cols[c].brackets[j] = kernelBracket{lo: lo, hi: hi, keep: int64(boolInt(lo < hi))}
			w.kept[c][j] = make([]float64, samples+8)
		}
		w.cols[c].targets = 3
	}
	delays := make([]float64, 25)
	for e := range delays {
		delays[e] = fourthPower(e + 1)
	}
	first := uint64(0)
	for b.Loop() {
		for c := range 49 {
			for j := range 3 {
				w.cols[c].brackets[j].kept = 0
				w.room(c, j, samples)
			}
		}
		k := polyKernel{seed: 1, first: first, groups: samples / 8, rows: 25, attempts: 25, jitter: 0.15, delays: &delays[0], columns: &w.cols[0]}
		runPolyKernel(&k)
		first += samples
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/samples, "ns/sample")
}
