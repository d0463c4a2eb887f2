package schedule

import "github.com/backoffctl/backoffctl/schedule/draw"

// Composed is a strategy built from a policy: the waits (a curve with its jitter and cap), then
// the rules that end the schedule, applied outermost: an elapsed-time limit, then the attempt
// count. Generic strategies and library presets are Composed; their notes say what ended them.
type Composed struct {
	ID          string
	Parameters  []Param
	Waits       Policy  // the waits, without the end rules
	Attempts    int     // attempts in all (calls), at least 1
	MaxElapsed  float64 // seconds; 0: no limit
	JobDuration float64
	Explain     func(rows []Row) []Note // notes under the table; nil: none
	// Bounds computes the envelope under MaxElapsed for waits that are not independent of each
	// other (decorrelated jitter); nil: the rule for independent waits.
	Bounds func() []Bounds
	// ElapsedFree says Waits never reads Step.Elapsed and never returns a negative wait (the
	// generic curves and jitter models): without MaxElapsed, samplers may then place starts
	// unrounded (RawStarts).
	ElapsedFree bool
	walk        Policy
}

// Compose builds c's rule chain once, so walking it allocates nothing per schedule.
func Compose(c Composed) *Composed {
	p := c.Waits
	if c.MaxElapsed > 0 {
		p = WithMaxElapsed(p, c.MaxElapsed)
	}
	c.walk = WithAttempts(p, c.Attempts)
	return &c
}

// Name returns the strategy's name.
func (c *Composed) Name() string { return c.ID }

// Params lists the parameters in effect.
func (c *Composed) Params() []Param { return c.Parameters }

// Columns: none beyond attempt, start and wait.
func (c *Composed) Columns() []Column { return nil }

// Fill walks the rule chain into rows.
func (c *Composed) Fill(d Draws, rows []Row) []Row { return FillFromColumns(c, d, rows) }

// WriteColumns walks the composed policy (see ColumnWriter).
func (c *Composed) WriteColumns(d Draws, vals []float64, rows int, raw bool) []float64 {
	return WalkColumns(c.walk, c.JobDuration, d, vals, rows, raw)
}

// RawStarts is true for waits that never read the elapsed time (ElapsedFree) under no elapsed
// limit, and a non-negative, bounded job duration: the rounded start is then only printed, never
// fed back, and starts are never negative.
func (c *Composed) RawStarts() bool {
	return c.ElapsedFree && c.MaxElapsed == 0 && c.JobDuration >= 0 && c.JobDuration <= 1e12
}

// Notes says what ended the schedule.
func (c *Composed) Notes(rows []Row) []Note {
	if c.Explain == nil {
		return nil
	}
	return c.Explain(rows)
}

// Envelope is each row's least and greatest start and wait over the draws that reach the row. The
// waits grow with every draw; without an elapsed-time limit the extremes are the runs at u = 0 and
// at the supremum. With a limit D, larger draws end the schedule sooner: row k exists when the
// fastest run reaches it by D, its greatest start is the slowest run's capped at D (a continuous
// draw can land a start anywhere up to D), and its greatest wait is the slowest wait that still
// lets the next attempt start by D after the fastest run's start of row k.
func (c *Composed) Envelope() []Bounds {
	if c.MaxElapsed <= 0 {
		return EnvelopeAtExtremes(c)
	}
	if c.Bounds != nil {
		return c.Bounds()
	}
	free := Compose(Composed{Waits: c.Waits, Attempts: c.Attempts, JobDuration: c.JobDuration})
	return envelopeWithDeadline(free, c.MaxElapsed, c.JobDuration)
}

// envelopeWithDeadline is the envelope of free (a strategy monotone in its draws, without its
// elapsed-time limit) under the limit: no retry starts later than limit.
func envelopeWithDeadline(free Strategy, limit, job float64) []Bounds {
	lo := free.Fill(draw.Fixed(0), nil)
	hi := free.Fill(draw.Upper{}, nil)
	var out []Bounds
	for i := range lo {
		if i > 0 && lo[i].Start > limit {
			break
		}
		b := Bounds{StartMin: lo[i].Start, StartMax: min(hi[i].Start, limit)}
		if i+1 < len(lo) && lo[i+1].Start <= limit {
			b.WaitMin = lo[i].Wait
			b.WaitMax = min(hi[i].Wait, limit-job-lo[i].Start)
		} else {
			b.NoWait = true
		}
		out = append(out, b)
	}
	return out
}
