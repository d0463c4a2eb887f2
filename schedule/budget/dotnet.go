package budget

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const dotnetSource = "Microsoft.Extensions.Http.Resilience HttpRetryBudgetOptions (API reference, .NET 11 preview: RetryRatio, SamplingDuration, MinimumThroughput)"

// Dotnet is the retry budget of Microsoft.Extensions.Http.Resilience's HttpRetryBudgetOptions as
// its API reference states it (the .NET 11 preview pages of HttpRetryBudgetOptions and its
// RetryRatio, SamplingDuration and MinimumThroughput properties; the implementation's source was
// not available to read). What the reference says:
//
//   - requests and retries are counted over a sliding window of SamplingDuration (1 s to 1 day,
//     default 10 s);
//   - once the window holds at least MinimumThroughput requests (≥ 1, default 10), a retry is
//     allowed only while the retries in the window are below ⌊RetryRatio × requests⌋;
//     below that throughput retries are not limited;
//   - at least one retry per window is always allowed, unless RetryRatio (0 to 1, default 0.1)
//     is 0, which suppresses every retry.
//
// What it leaves open, and this model's reading: the window is exact (an event at t counts while
// now − t < SamplingDuration); "requests" are logical requests, counted at their first attempt;
// a retry counts when it is granted.
type Dotnet struct {
	ratio  float64
	window float64
	min    int
	spec   string
}

func (d Dotnet) New() Gate {
	return &dotnetGate{d: d, requests: events{span: d.window}, retries: events{span: d.window}}
}
func (d Dotnet) Spec() string   { return d.spec }
func (d Dotnet) Source() string { return dotnetSource }

type dotnetGate struct {
	d                 Dotnet
	requests, retries events
	level             float64
}

func (g *dotnetGate) Admit(now float64, attempt int, u float64) Admission {
	if attempt == 1 {
		g.requests.add(now)
	}
	g.observe(now)
	return Admission{Allowed: true}
}

// limit is the retries the window allows now (math.MaxInt below the minimum throughput).
func (g *dotnetGate) limit(now float64) (allowed, used int) {
	n, r := g.requests.count(now), g.retries.count(now)
	if g.d.ratio == 0 {
		return 0, r
	}
	if n < g.d.min {
		return math.MaxInt, r
	}
	return max(1, int(math.Floor(g.d.ratio*float64(n)))), r
}

// observe sets the level: the retries the ratio rule leaves in the window now, max(1, ⌊R·n⌋) −
// retries (0 when R is 0), whether or not the minimum throughput makes the rule apply yet.
func (g *dotnetGate) observe(now float64) {
	n, used := g.requests.count(now), g.retries.count(now)
	allowed := 0
	if g.d.ratio != 0 {
		allowed = max(1, int(math.Floor(g.d.ratio*float64(n))))
	}
	g.level = float64(max(0, allowed-used))
}

func (g *dotnetGate) Record(now float64, attempt int, o Outcome) { g.observe(now) }

func (g *dotnetGate) Retry(now float64, attempt int, o Outcome) bool {
	allowed, used := g.limit(now)
	ok := used < allowed
	if ok {
		g.retries.add(now)
	}
	g.observe(now)
	return ok
}

func (g *dotnetGate) Done(now float64, attempts int, ok bool) {}

// Level is the retries the ratio rule still allows in the window, as of the last call.
func (g *dotnetGate) Level() float64 { return g.level }

func dotnetDef() Def {
	d := Def{
		Name:    "dotnet",
		Summary: "retries in the window < max(1, ⌊R·requests⌋) once requests ≥ min-throughput (.NET HttpRetryBudgetOptions)",
		Source:  dotnetSource,
		Keys: []param.Spec{
			percentKey("ratio", "0.1", 0, 1, "RetryRatio: retries per request in the window"),
			durationKey("window", 10*time.Second, time.Second, 24*time.Hour, "SamplingDuration: the sliding window"),
			countKey("min-throughput", 10, 1, math.MaxInt32, "MinimumThroughput: requests in the window before the budget applies"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		return Dotnet{ratio: v["ratio"].Num, window: v["window"].Num, min: int(v["min-throughput"].Num), spec: spec(d, v)}, nil
	}
	return d
}
