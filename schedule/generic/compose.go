package generic

import "github.com/backoffctl/backoffctl/schedule"

// Cap orders.
const (
	CapThenJitter = "cap-then-jitter" // the cap bounds the nominal wait, then jitter: AWS's U(0, min(cap, base*2^k))
	JitterThenCap = "jitter-then-cap" // the cap bounds the jittered wait
)

// CapOrders lists the cap orders, the default first.
var CapOrders = []string{CapThenJitter, JitterThenCap}

// Config is one generic strategy: its nominal waits and the rules around them.
type Config struct {
	Name         string
	Params       []schedule.Param
	Waits        schedule.Policy // nominal waits: Waits(curve), or the decorrelated rule
	Curve        Curve           // the curve behind Waits, for notes; nil for decorrelated
	Cap          float64         // seconds; 0: none
	CapOrder     string
	Jitter       string
	JitterFactor float64
	Attempts     int
	MaxElapsed   float64 // seconds; 0: none
	JobDuration  float64
	// Bounds is the envelope under MaxElapsed when the waits depend on each other; nil: the
	// rule for independent waits.
	Bounds func() []schedule.Bounds
}

// Compose builds the strategy: the waits, the cap inside or outside the jitter (the wrapping
// order is the cap order), then the elapsed-time limit and the attempt count.
func Compose(c Config) *schedule.Composed {
	p := c.Waits
	if c.Cap > 0 && c.CapOrder == CapThenJitter {
		p = schedule.Capped(p, c.Cap)
	}
	p = WithJitter(p, c.Jitter, c.JitterFactor)
	if c.Cap > 0 && c.CapOrder == JitterThenCap {
		p = schedule.Capped(p, c.Cap)
	}
	return schedule.Compose(schedule.Composed{
		ID: c.Name, Parameters: c.Params, Waits: p, Attempts: c.Attempts, MaxElapsed: c.MaxElapsed,
		JobDuration: c.JobDuration, Explain: c.notes, Bounds: c.Bounds,
		ElapsedFree: true, // curves, jitter models and the cap read the attempt and the previous wait only
	})
}

// notes say what ended the schedule, where the cap starts to bind, and when jitter can exceed it.
func (c Config) notes(rows []schedule.Row) []schedule.Note {
	last := len(rows)
	var notes []schedule.Note
	if last < c.Attempts {
		notes = append(notes, schedule.Note{Key: "note.generic.elapsed", Args: []any{last, schedule.Duration(c.MaxElapsed)}})
	} else {
		notes = append(notes, schedule.Note{Key: "note.generic.attempts", Args: []any{last}})
	}
	if c.Cap > 0 && c.Curve != nil {
		for k := 1; k < last; k++ {
			if saturate(c.Curve.Nominal(k)) >= c.Cap {
				notes = append(notes, schedule.Note{Key: "note.generic.capped", Args: []any{schedule.Duration(c.Cap), k}})
				break
			}
		}
	}
	if c.Cap > 0 && c.CapOrder == CapThenJitter && Exceeds(c.Jitter) {
		notes = append(notes, schedule.Note{Key: "note.generic.exceeds", Args: []any{c.Jitter, schedule.Duration(c.Cap * (1 + c.JitterFactor))}})
	}
	return notes
}
