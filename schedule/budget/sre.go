package budget

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const sreSource = "Site Reliability Engineering (O'Reilly, 2016), chapter 21 \"Handling Overload\", client-side throttling (equation 21-1)"

// SRE is the client-side adaptive throttling of the SRE book's chapter 21 ("Handling
// Overload", equation 21-1): each client keeps, over a window of history, requests (attempts
// the application made, local rejections included) and accepts (attempts the backend
// accepted), and rejects a new attempt locally with probability
//
//	p = max(0, (requests − protection − K·accepts) / (requests + 1))
//
// once requests ≥ min (the book's form has protection 0 and min 0; libraries add them). The
// caller's uniform draw u rejects iff u < p. The window is exact: an event at t counts at now
// while now − t < window. Every attempt, retries included, passes the throttle; an attempt that
// ends in success is an accept, any other outcome is not.
type SRE struct {
	k, protection, window float64
	min                   int
	spec                  string
}

func (s SRE) New() Gate {
	return &sreGate{s: s, requests: events{span: s.window}, accepts: events{span: s.window}}
}
func (s SRE) Spec() string   { return s.spec }
func (s SRE) Source() string { return sreSource }

type sreGate struct {
	s                 SRE
	requests, accepts events
	p                 float64
}

// probability is the rejection probability at now.
func (g *sreGate) probability(now float64) float64 {
	req, acc := g.requests.count(now), g.accepts.count(now)
	if req < g.s.min {
		return 0
	}
	return math.Max(0, (float64(req)-g.s.protection-g.s.k*float64(acc))/(float64(req)+1))
}

func (g *sreGate) Admit(now float64, attempt int, u float64) Admission {
	g.p = g.probability(now)
	g.requests.add(now)
	return Admission{Allowed: !(u < g.p)}
}

func (g *sreGate) Record(now float64, attempt int, o Outcome) {
	if o == Success {
		g.accepts.add(now)
	}
}

func (g *sreGate) Retry(now float64, attempt int, o Outcome) bool { return true }
func (g *sreGate) Done(now float64, attempts int, ok bool)        {}

// Level is the rejection probability the last attempt met.
func (g *sreGate) Level() float64 { return g.p }

func sreDef() Def {
	d := Def{
		Name:     "sre",
		Throttle: true,
		Summary:  "reject with probability max(0, (requests − P − K·accepts)/(requests + 1)) over a window (SRE book ch. 21)",
		Source:   sreSource,
		Keys: []param.Spec{
			floatKey("k", 2, 0, 1e6, "K: accepts weigh K requests (2 in the book)"),
			durationKey("window", 2*time.Minute, time.Millisecond, param.MaxDuration, "the history the counts cover"),
			countKey("min", 0, 0, math.MaxInt32, "requests in the window before any rejection"),
			floatKey("protection", 0, 0, 1e9, "requests always let through (subtracted from requests)"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		return SRE{k: v["k"].Num, window: v["window"].Num, min: int(v["min"].Num), protection: v["protection"].Num, spec: spec(d, v)}, nil
	}
	return d
}
