package sim

import (
	"errors"
	"fmt"
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/budget"
)

// HerdMode is how a client's logical requests follow each other.
type HerdMode int

const (
	// Closed: a client has one logical request in flight; its next starts at the later of its next
	// arrival and the end of the previous one (Brooker's retry_sim SerialClient).
	Closed HerdMode = iota
	// Open: requests start on the load process whatever is in flight (Brooker's retry_sim Client).
	Open
)

func (m HerdMode) String() string { return [...]string{"closed", "open"}[m] }

// HerdConfig is one `simulate herd`: N clients, each running Strategy for every logical request,
// against Server over Network, with an optional budget and throttle.
//
// Model (matching aws-samples/aws-arch-backoff-simulator src/backoff_simulator.py and
// mbrooker/simulator_example retry_sim and simple_collapse_sim):
//   - every client's first request is sent at t = 0 and reaches the server one network delay later;
//   - an attempt is one call to the server: for occ a read then a conditional write, and only the
//     write is a call (the AWS simulator counts stats.calls in OccServer.write);
//   - after a failed attempt (an error reply, a timeout, a local throttle rejection) the client
//     waits the strategy's wait after that attempt, then sends the next; the strategy's own stop
//     rule (its rows) ends the request as failed;
//   - the timeout runs from the attempt's send; a reply that comes later is ignored, and the
//     server still serves the attempt (simple_collapse_sim's Client.done ignores it).
//
// The waits of a logical request are the strategy's exact schedule for one draw of its jitter:
// the request's own stream (seed, run, client, request number) fed to the strategy's
// WriteColumns (Fill for strategies without it).
//
// Zero values: Runs 0 is 1 run, Bucket 0 is 1 s, RecoverWindow 0 is 10 buckets; Duration 0 stops
// arrivals at once (a herd needs none); a closed herd makes one request per client unless Repeat.
type HerdConfig struct {
	Clients int
	Mode    HerdMode
	Load    Load
	// Repeat: in closed mode under LoadHerd, each client starts its next request Think seconds
	// after the last ends, until Duration (otherwise one request per client).
	Repeat   bool
	Think    float64
	Strategy schedule.Strategy
	Network  Network
	Server   Server
	Service  float64 // fail: seconds the server works on an attempt
	Timeout  float64 // seconds from send; 0: none
	// Budget and Throttle are optional (nil); FleetScope shares one state among all clients.
	Budget, Throttle budget.Layer
	FleetScope       bool
	Bucket           float64 // row width, seconds
	Duration         float64 // when arrivals stop, seconds
	Runs             int
	Seed             int64
	Percentiles      []float64 // in (0, 100]
	RecoverWindow    int       // buckets
	// Workers runs that many runs at once; 0: GOMAXPROCS. Results do not depend on it.
	Workers int
}

// Herd columns, in the order of the rows' values (t_seconds is the bucket's start, apart).
const (
	ColFirstTries = iota
	ColRetries
	ColOffered
	ColSuccesses
	ColFailures
	ColTimeouts
	ColBudgetDenied
	ColThrottled
	ColInFlight
	ColTokens
	HerdCols
)

// HerdColumnNames are the CSV/JSON names of a row's values, after t_seconds.
var HerdColumnNames = [HerdCols]string{"first_tries", "retries", "offered", "successes", "failures",
	"timeouts", "budget_denied", "throttled", "in_flight", "tokens"}

// HerdRow is one time bucket: counts of events in the bucket (attempts sent, replies, timeouts,
// refusals), the attempts in flight at its end and the mean budget level at its end. Over several
// runs each value is the mean.
type HerdRow [HerdCols]float64

// HerdSummary is the whole simulation in numbers; over several runs, the mean per run.
type HerdSummary struct {
	TotalCalls         float64 // attempts that reached the server (occ: writes)
	LogicalRequests    float64
	Work               float64 // TotalCalls / LogicalRequests
	SuccessRate        float64 // logical requests that succeeded / LogicalRequests
	PeakLoadMultiplier float64 // max over buckets with first tries of offered / first_tries
	MeanLoadMultiplier float64 // mean over the same buckets of offered / first_tries
	CompletionSeconds  float64 // when the last request ended
	// TimeToRecover is seconds from the trigger's end (the herd at 0, a spike's end, a ramp's
	// peak, an outage's end: the latest) to the first bucket from which successes ≥ 0.95 ×
	// first_tries holds for RecoverWindow buckets; valid when Recovered.
	TimeToRecover float64
	Recovered     bool
	CollapsedRuns int // runs whose successes / first_tries over the last window before Duration is < 0.5
	// BurstRetries: retries one fresh budget state grants in a row under total failure, at one
	// instant, before its first refusal; -1 without a budget (or more than 10^6).
	BurstRetries int
	// InFlightAtHorizon: requests still unfinished when the run stopped at the row cap (mean).
	InFlightAtHorizon float64
	TokensKnown       bool // the budget reports a level: the tokens column is meaningful
}

// HerdResult is what Run returns.
type HerdResult struct {
	Rows []HerdRow // mean over runs, bucket by bucket
	// Quantiles[i] are the Percentiles[i]-th nearest-rank percentiles over runs, bucket by bucket.
	Quantiles [][]HerdRow
	Summary   HerdSummary
	// Attempts is the strategy's attempts per logical request when it does not depend on the
	// draws (0 otherwise); ClosedForm holds for fail:x servers under it (see FailClosedForm).
	Attempts   int
	ClosedForm bool
}

// Caps: what Run refuses before starting.
const (
	MaxHerdClients  = 1000000
	MaxHerdRuns     = 10000
	MaxHerdBuckets  = 100000  // rows of one run, the drain included: the run stops there
	MaxHerdCells    = 1000000 // runs × rows kept for --percentiles (10 values each)
	MaxHerdAttempts = 1e8     // estimated attempts over all runs (and the hard stop of one run)
)

// Validate refuses a configuration out of range or past a cap; each error is one line naming the
// flag and its range or cap.
func (c *HerdConfig) Validate() error {
	switch {
	case c.Strategy == nil:
		return errors.New("simulate herd needs a strategy")
	case c.Clients < 1 || c.Clients > MaxHerdClients:
		return fmt.Errorf("--clients must be in [1, %d], got %d", MaxHerdClients, c.Clients)
	case c.Runs < 1 || c.Runs > MaxHerdRuns:
		return fmt.Errorf("--runs must be in [1, %d], got %d", MaxHerdRuns, c.Runs)
	case !(c.Bucket >= 0.001) || c.Bucket > maxHerdTime:
		return fmt.Errorf("--bucket must be in [1ms, 30d], got %gs", c.Bucket)
	case !(c.Duration >= 0) || c.Duration > maxHerdTime:
		return fmt.Errorf("--duration must be in [0s, 30d], got %gs", c.Duration)
	case !(c.Timeout >= 0) || c.Timeout > maxHerdTime:
		return fmt.Errorf("--timeout must be in [0s, 30d], got %gs", c.Timeout)
	case !(c.Service >= 0) || c.Service > maxHerdTime:
		return fmt.Errorf("--service must be in [0s, 30d], got %gs", c.Service)
	case c.Repeat && !(c.Think >= 0.001 && c.Think <= maxHerdTime):
		return fmt.Errorf("--think must be in [1ms, 30d], got %gs", c.Think)
	case c.RecoverWindow < 1 || c.RecoverWindow > MaxHerdBuckets:
		return fmt.Errorf("--recover-window must be in [1, %d] buckets, got %d", MaxHerdBuckets, c.RecoverWindow)
	}
	for _, p := range c.Percentiles {
		if !(p > 0 && p <= 100) {
			return fmt.Errorf("--percentiles must be in (0, 100], got %g", p)
		}
	}
	if b := c.Duration / c.Bucket; b >= MaxHerdBuckets {
		return fmt.Errorf("--duration / --bucket is %.0f rows, past the cap of %d", math.Ceil(b), MaxHerdBuckets)
	}
	if len(c.Percentiles) > 0 {
		if cells := float64(c.Runs) * math.Max(1, math.Ceil(c.Duration/c.Bucket)); cells > MaxHerdCells {
			return fmt.Errorf("--runs × rows is %.3g with --percentiles, past the cap of %.0e (every run's rows are kept): lower --runs or --duration", cells, float64(MaxHerdCells))
		}
	}
	if a := c.EstimatedAttempts(); a > MaxHerdAttempts {
		return fmt.Errorf("this herd would simulate about %.3g attempts (--runs × requests × attempts per request), past the cap of 1e8: lower --clients, --runs, --duration or the load", a)
	}
	return nil
}

// EstimatedRequests is the expected logical requests of one run.
func (c *HerdConfig) EstimatedRequests() float64 {
	n := float64(c.Clients)
	switch c.Load.Kind {
	case LoadHerd:
		if c.oneShot() {
			return n
		}
		// at most one request per think time (the request's own span only lowers it)
		return n * (1 + c.Duration/c.Think)
	}
	return n + c.Load.MaxRate()*c.Duration
}

// oneShot: every client makes one request, at t = 0.
func (c *HerdConfig) oneShot() bool {
	return c.Load.Kind == LoadHerd && !(c.Mode == Closed && c.Repeat)
}

// withDefaults fills the zero values HerdConfig documents.
func (c HerdConfig) withDefaults() HerdConfig {
	if c.Runs == 0 {
		c.Runs = 1
	}
	if c.Bucket == 0 {
		c.Bucket = 1
	}
	if c.RecoverWindow == 0 {
		c.RecoverWindow = 10
	}
	return c
}

// EstimatedAttempts is the expected attempts over all runs: requests × attempts per request,
// where a request takes the closed form's (1 − x^M)/(1 − x) on fail:x and at most min(M, 10)
// otherwise (M the strategy's attempts; a strategy without a fixed count counts as 10).
func (c *HerdConfig) EstimatedAttempts() float64 {
	m := float64(scheduleAttempts(c.Strategy))
	if m == 0 {
		m = 10
	}
	per := math.Min(m, 10)
	if c.Server.Kind == ServerFail && !c.Server.HasOutage() && c.Timeout == 0 {
		x := c.Server.FailRate
		if x < 1 {
			per = (1 - math.Pow(x, m)) / (1 - x)
		} else {
			per = m
		}
	}
	return float64(c.Runs) * c.EstimatedRequests() * per
}

// FailClosedForm is work W = (1 − x^(N+1))/(1 − x) (N + 1 at x = 1) and success = 1 − x^(N+1)
// for N retries against independent failures with probability x.
func FailClosedForm(x float64, retries int) (work, success float64) {
	m := float64(retries + 1)
	if x >= 1 {
		return m, 0
	}
	return (1 - math.Pow(x, m)) / (1 - x), 1 - math.Pow(x, m)
}
