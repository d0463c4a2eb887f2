package cmd

import (
	"io"
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/spf13/pflag"
)

// evaluation says how solve and check read a schedule: at the --rand draws (or the one schedule
// --seed samples), or at a sampled percentile of every start and wait.
type evaluation struct {
	percentile float64 // 0: at the draws
	samples    int
	atRand     bool // at --rand even when --seed is given (it seeds a sampler elsewhere)
}

func (e *evaluation) bind(fs *pflag.FlagSet) {
	fs.Var(&percentileValue{p: &e.percentile}, "percentile", "evaluate at this sampled percentile (of --samples schedules from --seed) instead of at --rand")
	samplesFlag(fs, &e.samples)
}

func (e *evaluation) sampling() bool { return e.percentile > 0 }

// view is a schedule as evaluated: each row's start and wait (NaN where a row has no wait).
type view struct {
	starts, waits []float64
}

func (e *evaluation) view(b *boundStrategy, s schedule.Strategy, stderr io.Writer) (view, error) {
	if !e.sampling() {
		draws := b.random.draws(b.def.javaSeed)
		if e.atRand {
			draws = schedule.Constant(b.random.rand)
		}
		rows := s.Fill(draws, nil)
		v := view{starts: make([]float64, len(rows)), waits: make([]float64, len(rows))}
		for i, r := range rows {
			v.starts[i], v.waits[i] = r.Start, math.NaN()
			if r.HasWait {
				v.waits[i] = r.Wait
			}
		}
		return v, nil
	}
	rows := len(s.Fill(schedule.Constant(0.5), nil))
	if cost := float64(e.samples) * float64(rows); cost > maxSampledRows {
		return view{}, badInput("--samples %d x %d rows is %.3g sampled rows, past the cap of %.0e: lower --samples or the attempts", e.samples, rows, cost, maxSampledRows)
	}
	done, stop := watchSamples(stderr, int64(e.samples))
	q := schedule.PercentilesProgress(s, e.samples, b.random.seed, []float64{e.percentile}, done)
	stop()
	v := view{starts: make([]float64, rows), waits: make([]float64, rows)}
	for i := range v.starts {
		v.starts[i], v.waits[i] = q.Start[i][0], q.Wait[i][0]
	}
	return v, nil
}

// label names the evaluation for output: "rand 0.5", "seed 7" or "p95".
func (e *evaluation) label(b *boundStrategy) string {
	switch {
	case e.sampling():
		return "p" + percentileName(e.percentile)
	case !b.def.random:
		return "exact"
	case b.random.seeded() && !e.atRand:
		return "seed " + formatInt(b.random.seed)
	}
	return "rand " + formatNumber(b.random.rand)
}
