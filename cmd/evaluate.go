package cmd

import (
	"io"

	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/spf13/pflag"
)

// evaluation is --percentiles and --samples: how solve and check read a schedule.
type evaluation struct {
	percentile float64 // 0: at the draws
	samples    int
	bound      string          // check's --bound: min or max of the exact envelope
	budget     *analyze.Budget // shared by every evaluation of one command
}

func (e *evaluation) bind(fs *pflag.FlagSet) {
	fs.Var(&percentileValue{p: &e.percentile}, "percentiles", "evaluate at this sampled percentile (one, of --samples schedules from --seed) instead of at --rand")
	renamedFlag(fs, "percentile", "percentiles")
	samplesFlag(fs, &e.samples)
}

func (e *evaluation) sampling() bool { return e.percentile > 0 }

// with is the evaluation of b's parameters, with progress on stderr.
func (e *evaluation) with(b *boundStrategy, stderr io.Writer) analyze.Evaluation {
	return analyze.Evaluation{Draws: b.random.draws(), Percentile: e.percentile, Samples: e.samples, Bound: e.bound, Watch: watcher(stderr), Budget: e.budget}
}

// bindBound registers check's --bound.
func (e *evaluation) bindBound(fs *pflag.FlagSet) {
	enumFlag(fs, &e.bound, "bound", "", "", []string{"min", "max"},
		"evaluate at the exact least (min) or greatest (max) start and wait over all draws instead of at --rand")
}
