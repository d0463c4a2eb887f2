package sim

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// waitSource lays out one logical request's waits: the strategy's exact schedule for that
// request's draws (its own SplitMix stream), walked lazily. A ColumnWriter is asked for the first
// rows only and again for twice as many when the request needs more (the same stream gives the
// same prefix); other strategies are filled once.
type waitSource struct {
	s      schedule.Strategy
	cw     schedule.ColumnWriter // nil: Fill
	raw    bool                  // cw.RawStarts()
	draws  draw.SplitMix
	rows   []schedule.Row
	runKey int64
}

func newWaitSource(s schedule.Strategy, runKey int64) *waitSource {
	w := &waitSource{s: s, runKey: runKey}
	if cw, ok := s.(schedule.ColumnWriter); ok {
		w.cw, w.raw = cw, cw.RawStarts()
	}
	return w
}

// requestWaits is one request's schedule as laid out so far: vals as ColumnWriter writes them
// (start, wait pairs; a NaN wait on the last row).
type requestWaits struct {
	stream uint64
	vals   []float64
	asked  int  // rows asked for
	full   bool // the whole schedule is in vals
}

// reset starts a request on stream, keeping vals' storage.
func (r *requestWaits) reset(stream uint64) {
	r.stream, r.vals, r.asked, r.full = stream, r.vals[:0], 0, false
}

// after returns the wait after attempt k (1-based) failed, and false when the schedule has no
// attempt k+1.
func (w *waitSource) after(r *requestWaits, k int) (float64, bool) {
	for 2*k > len(r.vals) {
		if r.full {
			return 0, false
		}
		w.fill(r, max(16, 2*r.asked, k))
	}
	wait := r.vals[2*k-1]
	if math.IsNaN(wait) {
		return 0, false
	}
	return wait, true
}

// fill lays out at least rows rows of r's schedule.
func (w *waitSource) fill(r *requestWaits, rows int) {
	w.draws.Reseed(w.runKey, r.stream)
	if w.cw != nil {
		rows = min(rows, schedule.MaxAttempts)
		if cap(r.vals) < 2*rows {
			r.vals = make([]float64, 0, 2*rows)
		}
		// raw starts where the strategy allows them: the waits are the same floats either way
		r.vals = w.cw.WriteColumns(&w.draws, r.vals[:0], rows, w.raw)
		r.asked = rows
		n := len(r.vals) / 2
		r.full = n < rows || rows == schedule.MaxAttempts || (n > 0 && math.IsNaN(r.vals[2*n-1]))
		return
	}
	w.rows = w.s.Fill(&w.draws, w.rows)
	r.vals = r.vals[:0]
	for _, row := range w.rows {
		wait := math.NaN()
		if row.HasWait {
			wait = row.Wait
		}
		r.vals = append(r.vals, row.Start, wait)
	}
	r.asked, r.full = len(w.rows), true
}

// scheduleAttempts is the strategy's attempts per logical request when no draw changes it (the
// rows at draw 0 and at draw 0.5 agree, and the strategy reaches at most 1000 rows); 0 otherwise.
func scheduleAttempts(s schedule.Strategy) int {
	if s == nil {
		return 0
	}
	count := func(u float64) int {
		if cw, ok := s.(schedule.ColumnWriter); ok {
			return len(cw.WriteColumns(draw.Fixed(u), nil, 1001, false)) / 2
		}
		return len(s.Fill(draw.Fixed(u), nil))
	}
	a, b := count(0), count(0.5)
	if a != b || a > 1000 {
		return 0
	}
	return a
}
