package sim

import (
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"
)

// RunHerd simulates cfg.Runs independent runs and combines them: each column the mean over runs,
// bucket by bucket, and the summary. Run r draws from its own streams (the seed and r), runs go
// in parallel on cfg.Workers, and results are folded in run order, so the output does not depend
// on GOMAXPROCS.
func RunHerd(cfg HerdConfig) (HerdResult, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return HerdResult{}, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Runs)
	keep := len(cfg.Percentiles) > 0
	var kept [][]HerdRow
	keptRows := 0
	f := newFold(&cfg)
	chunk := max(workers*4, 1)
	outs := make([]runOut, chunk)
	errs := make([]error, chunk)
	for first := 0; first < cfg.Runs; first += chunk {
		n := min(chunk, cfg.Runs-first)
		var wg sync.WaitGroup
		next := make(chan int, n)
		for i := 0; i < n; i++ {
			next <- i
		}
		close(next)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					outs[i], errs[i] = runHerd(&cfg, first+i)
				}
			}()
		}
		wg.Wait()
		for i := 0; i < n; i++ {
			if errs[i] != nil {
				return HerdResult{}, errs[i]
			}
			f.add(outs[i])
			if keep {
				kept = append(kept, outs[i].rows)
				if keptRows += len(outs[i].rows); keptRows > 2*MaxHerdCells {
					return HerdResult{}, errKeptCap
				}
			}
			outs[i] = runOut{}
		}
	}
	res := f.result()
	if keep {
		res.Quantiles = quantiles(kept, cfg.Percentiles, len(res.Rows))
	}
	return res, nil
}

// errKeptCap is returned when the rows kept for percentiles pass twice the cap checked before.
var errKeptCap = fmt.Errorf("the runs' rows kept for --percentiles passed %d (the drain after --duration added rows): lower --runs or raise --bucket", 2*MaxHerdCells)

// fold accumulates runs in order.
type fold struct {
	cfg                                 *HerdConfig
	sum                                 []HerdRow
	lastLevel                           []float64 // per run, to pad its tokens after it ended
	runs                                int
	calls, firsts, logical, succ, compl float64
	unfinished                          float64
	collapsed                           int
}

func newFold(cfg *HerdConfig) *fold { return &fold{cfg: cfg} }

func (f *fold) add(o runOut) {
	if len(o.rows) > len(f.sum) {
		grown := make([]HerdRow, len(o.rows))
		copy(grown, f.sum)
		// earlier runs ended sooner: their tokens stay at their last level
		for b := len(f.sum); b < len(grown); b++ {
			for _, l := range f.lastLevel {
				grown[b][ColTokens] += l
			}
		}
		f.sum = grown
	}
	for b := range f.sum {
		if b < len(o.rows) {
			for c := range o.rows[b] {
				f.sum[b][c] += o.rows[b][c]
			}
		} else {
			f.sum[b][ColTokens] += o.lastLevel
		}
	}
	f.lastLevel = append(f.lastLevel, o.lastLevel)
	f.runs++
	f.calls += o.calls
	f.firsts += o.firsts
	f.logical += o.logical
	f.succ += o.succ
	f.compl += o.completion
	f.unfinished += o.unfinished
	if collapsed(o.rows, f.cfg) {
		f.collapsed++
	}
}

// collapsed: successes / first_tries over the last RecoverWindow buckets before Duration is
// below 0.5 (a run without first tries there has not collapsed).
func collapsed(rows []HerdRow, cfg *HerdConfig) bool {
	end := min(len(rows), int(math.Ceil(cfg.Duration/cfg.Bucket)))
	var s, ft float64
	for b := max(0, end-cfg.RecoverWindow); b < end; b++ {
		s += rows[b][ColSuccesses]
		ft += rows[b][ColFirstTries]
	}
	return ft > 0 && s/ft < 0.5
}

func (f *fold) result() HerdResult {
	cfg := f.cfg
	r := float64(f.runs)
	rows := make([]HerdRow, len(f.sum))
	for b := range f.sum {
		for c := range f.sum[b] {
			rows[b][c] = f.sum[b][c] / r
		}
	}
	s := HerdSummary{
		TotalCalls: f.calls / r, LogicalRequests: f.logical / r,
		CompletionSeconds: f.compl / r, CollapsedRuns: f.collapsed, InFlightAtHorizon: f.unfinished / r,
		BurstRetries: burstRetries(cfg),
	}
	if f.logical > 0 {
		s.Work, s.SuccessRate = f.calls/f.logical, f.succ/f.logical
	}
	n := 0
	for _, row := range rows {
		if row[ColFirstTries] > 0 {
			m := row[ColOffered] / row[ColFirstTries]
			s.PeakLoadMultiplier = math.Max(s.PeakLoadMultiplier, m)
			s.MeanLoadMultiplier += m
			n++
		}
	}
	if n > 0 {
		s.MeanLoadMultiplier /= float64(n)
	}
	s.TimeToRecover, s.Recovered = recovery(rows, cfg)
	if len(rows) > 0 && !math.IsNaN(rows[0][ColTokens]) {
		s.TokensKnown = true
	}
	res := HerdResult{Rows: rows, Summary: s, Attempts: scheduleAttempts(cfg.Strategy)}
	res.ClosedForm = cfg.Server.Kind == ServerFail && !cfg.Server.HasOutage() && cfg.Timeout == 0 &&
		cfg.Budget == nil && cfg.Throttle == nil && res.Attempts > 0
	return res
}

// quantiles are the nearest-rank percentiles over runs of every column, bucket by bucket (a run
// that ended before a bucket counts as zero there, its tokens at its last level).
func quantiles(runs [][]HerdRow, ps []float64, buckets int) [][]HerdRow {
	out := make([][]HerdRow, len(ps))
	for i := range out {
		out[i] = make([]HerdRow, buckets)
	}
	vals := make([]float64, len(runs))
	for b := 0; b < buckets; b++ {
		for c := 0; c < HerdCols; c++ {
			for r, rows := range runs {
				switch {
				case b < len(rows):
					vals[r] = rows[b][c]
				case c == ColTokens && len(rows) > 0:
					vals[r] = rows[len(rows)-1][c]
				default:
					vals[r] = 0
				}
			}
			sort.Float64s(vals)
			for i, p := range ps {
				k := int(math.Ceil(p/100*float64(len(vals)))) - 1
				out[i][b][c] = vals[max(0, min(k, len(vals)-1))]
			}
		}
	}
	return out
}
