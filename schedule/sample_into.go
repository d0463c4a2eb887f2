package schedule

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// ColumnSampler is the optional fast path a strategy offers samplers: SampleInto writes one
// schedule straight into its column values, row r's start at vals[2r] and its wait at vals[2r+1]
// (NaN on the last row, which has no wait), without building Rows. It writes at most len(vals)/2
// rows and returns how many it wrote; the caller sets the columns after them to NaN.
//
// The values must be the very floats Fill computes from the same draws, with the same operations
// in the same order (starts through StartSum), and SampleInto must consume the same draws as Fill
// up to the rows it writes. Strategies without it are sampled through Fill (FillColumns).
type ColumnSampler interface {
	SampleInto(d Draws, vals []float64) (rows int)
}

// columnFiller samples one schedule of a strategy into column values: through SampleInto when the
// strategy has it, else through Fill and a reused row slice.
type columnFiller struct {
	s    Strategy
	fast ColumnSampler
	raw  RawStartSampler // set when starts are written unrounded (see RawStartSampler)
	lane rawBlockSampler // raw's block sampler, when it has one
	rows []Row
}

// newColumnFiller returns a filler for s; with raw, starts are written unrounded when s allows it
// (rawStarts) and raw must be what rawStarts reports.
func newColumnFiller(s Strategy, cols int, raw bool) *columnFiller {
	f := &columnFiller{s: s}
	if rs, ok := rawStarts(s); ok && raw {
		f.raw = rs
		f.lane, _ = rs.(rawBlockSampler)
	} else if cs, ok := s.(ColumnSampler); ok {
		f.fast = cs
	} else {
		f.rows = make([]Row, 0, cols/2)
	}
	return f
}

// fill writes one sample's values into vals: NaN where the sample has no value (the wait after its
// last row, and every row it does not reach). It reports whether the sample may have more rows
// than vals holds: through Fill the rows say it; through SampleInto, when the rows fill vals and
// the last has a wait (the caller then measures the sample, see noteLonger).
func (f *columnFiller) fill(d Draws, vals []float64) (longer bool) {
	var n int
	switch {
	case f.raw != nil:
		n = f.raw.SampleRawInto(d, vals)
	case f.fast != nil:
		n = f.fast.SampleInto(d, vals)
	default:
		f.rows = f.s.Fill(d, f.rows)
		n = FillColumns(f.rows, vals)
	}
	for c := 2 * n; c < len(vals); c++ {
		vals[c] = math.NaN()
	}
	if f.raw == nil && f.fast == nil {
		return len(f.rows) > n // the rows say it: a last row with a wait may be the last
	}
	return n > 0 && 2*n == len(vals) && !math.IsNaN(vals[len(vals)-1])
}

// fillBlock writes samples first..first+count-1 of a run seeded with seed into block (sample k at
// block[k*cols:(k+1)*cols]), as fill does, and calls longer with each sample that had more rows
// than the columns hold.
func (f *columnFiller) fillBlock(seed int64, first uint64, count int, block []float64, cols int, longer func(i uint64)) {
	if f.lane != nil && f.lane.sampleRawBlock(seed, first, count, block, cols) {
		return
	}
	var g draw.SplitMix
	for k := 0; k < count; k++ {
		g.Reseed(seed, first+uint64(k))
		if f.fill(&g, block[k*cols:(k+1)*cols]) {
			longer(first + uint64(k))
		}
	}
}

// FillColumns writes rows into column values as SampleInto does and returns the rows written:
// start and wait of each row that fits, NaN for a row without a wait. Rows past len(vals)/2 are
// left out.
func FillColumns(rows []Row, vals []float64) int {
	rows = rows[:min(len(rows), len(vals)/2)]
	for r, row := range rows {
		vals[2*r] = row.Start
		if row.HasWait {
			vals[2*r+1] = row.Wait
		} else {
			vals[2*r+1] = math.NaN()
		}
	}
	return len(rows)
}

// walkInto is Walk writing column values: the same steps, the same float operations, the same
// draws, stopping once vals is full. With raw, starts are written unrounded (SampleRawInto), and
// so is the elapsed time the policy is given: only for a policy that never reads it.
func walkInto(p Policy, job float64, d Draws, vals []float64, raw bool) int {
	var sum StartSum
	step := Step{}
	for k := 1; 2*k <= len(vals); k++ {
		start := sum.start(raw)
		vals[2*k-2] = start
		vals[2*k-1] = math.NaN()
		if k >= MaxAttempts {
			return k
		}
		step.Attempt = k
		step.Elapsed = start + job
		w, ok := p.Next(step, d)
		if !ok {
			return k
		}
		vals[2*k-1], step.Prev = w, w
		sum.Add(job)
		sum.Add(w)
	}
	return len(vals) / 2
}

// SampleInto writes one schedule's column values (see ColumnSampler).
func (c *Composed) SampleInto(d Draws, vals []float64) int {
	return walkInto(c.walk, c.JobDuration, d, vals, false)
}

// SampleInto writes one schedule's column values (see ColumnSampler).
func (f Fixed) SampleInto(d Draws, vals []float64) int { return f.sample(d, vals, false) }

// sample is walkInto over WithAttempts(f.waits(), f.Attempts) without the policies' calls: the
// same checks, the same draws and the same float operations in the same order (the wait w +
// u*w*jitter, or w + 0 without jitter, then the job duration and the wait added to the start sum),
// with the seeded generator called directly.
func (f Fixed) sample(d Draws, vals []float64, raw bool) int {
	w := math.Trunc(f.Wait)
	g, seeded := d.(*draw.SplitMix)
	var sum StartSum
	for k := 1; 2*k <= len(vals); k++ {
		vals[2*k-2], vals[2*k-1] = sum.start(raw), math.NaN()
		if k >= MaxAttempts || k >= f.Attempts {
			return k
		}
		jitter := 0.0 // activeJobJitter: no draw without jitter
		switch {
		case f.Jitter != 0 && seeded:
			jitter = g.Unit() * w * f.Jitter
		case f.Jitter != 0:
			jitter = d.Unit() * w * f.Jitter
		}
		wait := w + jitter
		vals[2*k-1] = wait
		sum.Add(f.JobDuration)
		sum.Add(wait)
	}
	return len(vals) / 2
}

// SampleInto writes one schedule's column values with Fill's operations (see ColumnSampler).
func (p Polynomial) SampleInto(d Draws, vals []float64) int { return p.sample(d, vals, false) }

// sample is SampleInto, with unrounded starts when raw (SampleRawInto).
func (p Polynomial) sample(d Draws, vals []float64, raw bool) int {
	if g, ok := d.(*draw.SplitMix); ok && p.Jitter != 0 {
		return p.sampleSplitMix(g, vals, raw)
	}
	n := min(p.Attempts, len(vals)/2)
	var clock StartSum
	for e := 1; e <= n; e++ {
		vals[2*e-2] = clock.start(raw)
		if e < p.Attempts {
			delay := fourthPower(e)
			w := delay + activeJobJitter(d, delay, p.Jitter) + 2
			vals[2*e-1] = w
			clock.Add(p.JobDuration)
			clock.Add(w)
		} else {
			vals[2*e-1] = math.NaN()
		}
	}
	return n
}

// sampleSplitMix is sample with the seeded generator called directly (inlined), for a non-zero
// jitter: the same operations as activeJobJitter's d.Unit() * delay * jitter.
func (p Polynomial) sampleSplitMix(g *draw.SplitMix, vals []float64, raw bool) int {
	n := min(p.Attempts, len(vals)/2)
	var clock StartSum
	for e := 1; e <= n; e++ {
		vals[2*e-2] = clock.start(raw)
		if e < p.Attempts {
			delay := fourthPower(e)
			w := delay + float64(g.Unit()*delay*p.Jitter) + 2
			vals[2*e-1] = w
			if p.JobDuration != 0 { // adding +0 to a non-negative clock changes no bit of it
				clock.Add(p.JobDuration)
			}
			clock.Add(w)
		} else {
			vals[2*e-1] = math.NaN()
		}
	}
	return n
}

// SampleInto writes one schedule's column values with Fill's operations (see ColumnSampler).
func (s Sidekiq) SampleInto(d Draws, vals []float64) int { return s.sample(d, vals, false) }

// sample is SampleInto, with unrounded starts when raw (SampleRawInto).
func (s Sidekiq) sample(d Draws, vals []float64, raw bool) int {
	n := min(s.Retries+1, len(vals)/2)
	var clock StartSum
	for c := int64(0); c < int64(n); c++ {
		vals[2*c] = clock.start(raw)
		if c < int64(s.Retries) {
			w := fourthPowerPlus(int(c), 15+s.Version.jitter(d, c))
			vals[2*c+1] = w
			clock.Add(s.JobDuration)
			clock.Add(w)
		} else {
			vals[2*c+1] = math.NaN()
		}
	}
	return n
}

// SampleInto writes one schedule's column values with Fill's operations (see ColumnSampler).
func (a ActRunner) SampleInto(d Draws, vals []float64) int { return a.sample(d, vals, false) }

// sample is SampleInto, with unrounded starts when raw (SampleRawInto).
func (a ActRunner) sample(d Draws, vals []float64, raw bool) int {
	n := min(a.Polls, len(vals)/2)
	base, maxI := a.Intervals()
	var clock StartSum
	for k := 1; k <= n; k++ {
		vals[2*k-2] = clock.start(raw)
		if k < a.Polls {
			w := ActRunnerJitter(d, ActRunnerInterval(base, maxI, int64(k))).Seconds()
			vals[2*k-1] = w
			clock.Add(w)
		} else {
			vals[2*k-1] = math.NaN()
		}
	}
	return n
}
