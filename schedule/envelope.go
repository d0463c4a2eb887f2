package schedule

import "github.com/backoffctl/backoffctl/schedule/draw"

// Bounds are the least and greatest start and wait of one row over the draws that reach the row.
// For continuous draws the greatest is the supremum (u -> 1): 3.15 s for ActiveJob's first wait at
// jitter 0.15.
type Bounds struct {
	StartMin, StartMax float64
	WaitMin, WaitMax   float64
	NoWait             bool // no draw that reaches this row is followed by a retry
}

// Enveloper is implemented by strategies whose rows are not monotone in the draws, or whose row
// count depends on them, so the extremes are not simply the runs at the least and greatest draws.
type Enveloper interface {
	Envelope() []Bounds
}

// Envelope returns each row's bounds over all draws. Strategies whose starts and waits grow (or
// shrink) with every draw are evaluated at u = 0 and at the supremum; others compute their own.
func Envelope(s Strategy) []Bounds {
	if e, ok := s.(Enveloper); ok {
		return e.Envelope()
	}
	return EnvelopeAtExtremes(s)
}

// EnvelopeAtExtremes is the bounds of a strategy monotone in each draw. When the two runs differ
// in length, a row only one of them reaches takes its bounds from that run. It is EnvelopeOfRuns of
// the two runs, with the second run walked into the first one's storage once the first is taken
// in: a long schedule's rows (solve takes the envelope of 100000) are laid out in memory once.
func EnvelopeAtExtremes(s Strategy) []Bounds {
	rows := s.Fill(draw.Fixed(0), nil)
	out := make([]Bounds, len(rows))
	for i, r := range rows {
		widen(&out[i], true, r)
	}
	reached := len(rows)
	rows = s.Fill(draw.Upper{}, rows)
	for i, r := range rows {
		if i >= reached {
			out = append(out, Bounds{})
		}
		widen(&out[i], i >= reached, r)
	}
	return out
}

// EnvelopeOfRuns is each row's least and greatest start and wait over the given runs, for a
// strategy whose extremes are attained by those runs. A row only some runs reach takes its bounds
// from those.
func EnvelopeOfRuns(runs ...[]Row) []Bounds {
	n := 0
	for _, run := range runs {
		n = max(n, len(run))
	}
	out := make([]Bounds, n)
	for i := range out {
		first := true
		for _, run := range runs {
			if i < len(run) {
				widen(&out[i], first, run[i])
				first = false
			}
		}
	}
	return out
}

// widen takes row r of one more run into b, the bounds of its row over the runs before (first: no
// run before reaches the row).
func widen(b *Bounds, first bool, r Row) {
	if first {
		*b = Bounds{StartMin: r.Start, StartMax: r.Start, NoWait: true}
	}
	b.StartMin, b.StartMax = min(b.StartMin, r.Start), max(b.StartMax, r.Start)
	if r.HasWait && b.NoWait {
		b.WaitMin, b.WaitMax, b.NoWait = r.Wait, r.Wait, false
	} else if r.HasWait {
		b.WaitMin, b.WaitMax = min(b.WaitMin, r.Wait), max(b.WaitMax, r.Wait)
	}
}
