package schedule

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// MaxSamples caps --samples.
const MaxSamples = 100000000

// Quantiles are sampled percentiles of every row's start and wait: Start[r][j] is the
// Percents[j]-th percentile of row r's start. Wait of a row that never has a wait is NaN.
type Quantiles struct {
	Percents []float64
	Start    [][]float64
	Wait     [][]float64
}

// Percentiles samples n schedules of s, sample i drawn from NewSplitMix(seed, i), and returns
// exact nearest-rank percentiles (the smallest sampled value with at least p% of samples at or
// below it) of every start and wait.
//
// It never stores n schedules. The first 16384 samples are kept and sorted: each wanted rank's
// value among them, widened by six standard deviations of rank, brackets where the value lies among
// all n. One pass over all samples then counts the values below the bracket and keeps only those
// inside it, from which the wanted rank is selected. A bracket that misses (rare) falls back to
// histogram passes that narrow a column's range bin by bin. Passes split the samples into chunks
// across cores; counts add up the same in any order and kept values are selected by rank, so the
// result is the same for any GOMAXPROCS.
func Percentiles(s Strategy, n int, seed int64, percents []float64) Quantiles {
	return percentiles(s, n, seed, percents, pilotSize, nil)
}

// PercentilesProgress is Percentiles that also counts the samples it has walked into done, for a
// progress display; a pass over all samples adds n, and most runs take one pass.
func PercentilesProgress(s Strategy, n int, seed int64, percents []float64, done *atomic.Int64) Quantiles {
	return percentiles(s, n, seed, percents, pilotSize, done)
}

// percentiles is Percentiles with a chosen pilot size (tests use tiny pilots to exercise the
// fallback).
func percentiles(s Strategy, n int, seed int64, percents []float64, pilotN int, done *atomic.Int64) Quantiles {
	rows := len(s.Fill(Constant(0.5), nil))
	cols := 2 * rows // start of row r at 2r, wait at 2r+1
	sm := &sampler{s: s, n: n, seed: seed, cols: cols, done: done}
	pilot := sm.pilot(min(n, pilotN))

	targets := make([]*target, 0, cols*len(percents))
	for c := 0; c < cols; c++ {
		for _, p := range percents {
			rank := max(1, min(int64(math.Ceil(p/100*float64(n))), int64(n)))
			t := &target{col: c, rank: rank}
			switch {
			case len(pilot[c]) == 0: // a column with no values: the wait after a last row
				t.value, t.done = math.NaN(), true
			case len(pilot[c]) == n: // every sample is in the pilot
				t.value, t.done = pilot[c][rank-1], true
			default:
				t.bracket(pilot[c], p/100)
			}
			targets = append(targets, t)
		}
	}
	sm.bracketPass(targets)
	sm.histogramPasses(targets, pilot)

	q := Quantiles{Percents: percents, Start: make([][]float64, rows), Wait: make([][]float64, rows)}
	for r := 0; r < rows; r++ {
		q.Start[r] = make([]float64, len(percents))
		q.Wait[r] = make([]float64, len(percents))
	}
	for i, t := range targets {
		p := i % len(percents)
		if t.col%2 == 0 {
			q.Start[t.col/2][p] = t.value
		} else {
			q.Wait[t.col/2][p] = t.value
		}
	}
	return q
}

// target is one wanted order statistic of one column.
type target struct {
	lo, hi    float64 // bracket from the pilot
	share     float64 // expected fraction of samples inside the bracket
	bracketed bool
	col       int
	rank      int64   // 1-based rank among all samples
	below     int64   // samples known to be below spec.lo
	spec      binSpec // the values still searched, and their grid
	keeping   bool    // the next collect pass keeps spec's values
	value     float64
	done      bool
}

// sampler generates the samples of one run.
type sampler struct {
	done *atomic.Int64 // samples walked so far, when someone watches
	s    Strategy
	n    int
	seed int64
	cols int
}

// walk calls visit with every sample's column values, from several goroutines, each with its own
// state from newState.
func walk[W any](sm *sampler, newState func() W, visit func(w W, vals []float64)) []W {
	workers := runtime.GOMAXPROCS(0)
	const chunk = 1 << 12
	var next atomic.Int64
	states := make([]W, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		states[w] = newState()
		wg.Add(1)
		go func(st W) {
			defer wg.Done()
			var g SplitMix
			rows := make([]Row, 0, sm.cols/2)
			vals := make([]float64, sm.cols)
			for {
				start := next.Add(chunk) - chunk
				if start >= int64(sm.n) {
					return
				}
				if sm.done != nil {
					sm.done.Add(min(chunk, int64(sm.n)-start))
				}
				end := min(start+chunk, int64(sm.n))
				for i := start; i < end; i++ {
					g.Reseed(sm.seed, uint64(i))
					rows = sm.s.Fill(&g, rows)
					for r, row := range rows {
						vals[2*r] = row.Start
						if row.HasWait {
							vals[2*r+1] = row.Wait
						} else {
							vals[2*r+1] = math.NaN()
						}
					}
					visit(st, vals)
				}
			}
		}(states[w])
	}
	wg.Wait()
	return states
}

// pilot returns the first m samples' values, sorted, per column.
func (sm *sampler) pilot(m int) [][]float64 {
	out := make([][]float64, sm.cols)
	var g SplitMix
	var rows []Row
	for i := 0; i < m; i++ {
		g.Reseed(sm.seed, uint64(i))
		rows = sm.s.Fill(&g, rows)
		for r, row := range rows {
			out[2*r] = append(out[2*r], row.Start)
			if row.HasWait {
				out[2*r+1] = append(out[2*r+1], row.Wait)
			}
		}
	}
	parallel(len(out), func(c int) { slices.Sort(out[c]) })
	return out
}

// parallel runs f(0..n-1) on every core.
func parallel(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		}()
	}
	wg.Wait()
}
