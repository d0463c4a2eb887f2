// Package strategy is the registry of every strategy: its names, where its formula comes from,
// its typed parameters, how --seed seeds it and how to build it from parameter values. Every
// surface (the table, solve and check commands, policy files, the strategies list, completion,
// help) iterates this registry; nothing else lists strategies or their parameters.
package strategy

import (
	"slices"
	"sync"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// Group is a strategy's family, for lists.
type Group string

const (
	// Seed systems: the named systems the tool started from.
	Seed Group = "seed systems"
	// Generic curves with their jitter models.
	Generic Group = "generic"
	// Library presets, each reproducing one library.
	Library Group = "libraries"
)

// Def is one strategy.
type Def struct {
	Name    string
	Aliases []string
	Group   Group
	Summary string // one line: what it is and its formula
	// Library is the system or library whose formula this is, as people name it (Rails
	// ActiveJob, cenkalti/backoff); empty for the generic curves. Version is the version (or
	// range) checked against; empty where the source has none.
	Library string
	Version string
	// Brief says what it is in at most 26 characters, so the list of strategies keeps one line
	// per strategy at 80 columns: "Go job queue, k^4 s ±10%".
	Brief   string
	Source  string // where the formula comes from, and the quirks worth knowing
	Example string // command-line examples for help, indented two spaces
	Window  string // a --window the defaults reach, for solve's examples
	Params  []param.Spec
	// Count is the parameter that sets how many rows the schedule has; a row count of n is the
	// value n - CountOffset (sidekiq's retries count retries, not executions).
	Count       string
	CountOffset int
	// CountBy names the count parameter for values v when it depends on them (grpc counts
	// connection attempts with --attempts, RPC calls with --max-attempts); nil: Count.
	CountBy func(v *param.Values) string
	// CountReshapes: the count parameter changes the waits themselves, not only how many rows
	// there are (Oban scales the attempt to max_attempts), so a longer schedule does not begin
	// with a shorter one; solve then searches the count, assuming the last start grows with it.
	CountReshapes bool
	Stream        draw.Stream // what --seed N reproduces; draw.None: the strategy draws nothing
	// SeedDoc says what --seed N reproduces, for the note under a seeded table: the library's own
	// generator ("Go math/rand rand.New(rand.NewSource(N)), one Float64 per NextBackOff"), or why
	// it cannot be seeded. Empty: the tool's own stream, nothing to say.
	SeedDoc string
	// New builds the strategy from parameter values; an error is an *param.InputError.
	New func(v *param.Values) (schedule.Strategy, error)
	// Config is the library's own configuration for values v, one line each, as explore and
	// `backoffctl config` print it; a value the library cannot express is said in a trailing
	// comment. nil: "—".
	Config func(v *param.Values) []string
}

// Defaults returns the strategy's parameters at their defaults.
func (d Def) Defaults() *param.Values { return param.Defaults(d.Params) }

// At returns d with Count naming the count parameter for values v.
func (d Def) At(v *param.Values) Def {
	if d.CountBy != nil {
		d.Count = d.CountBy(v)
	}
	return d
}

// Build returns the strategy at values v.
func (d Def) Build(v *param.Values) (schedule.Strategy, error) { return d.New(v) }

// All lists every strategy, in the order lists print them. The list is built once and shared:
// callers read it and do not change it.
func All() []Def { return registry() }

var registry = sync.OnceValue(func() []Def {
	defs := make([]Def, len(catalog))
	for i, def := range catalog {
		defs[i] = def()
	}
	return defs
})

// catalog is every strategy in list order: seed systems, generic curves, library presets. Names,
// aliases and everything else come from each Def.
var catalog = []func() Def{
	polynomial, fixed, sidekiq, gitlab, actrunner, aiven,
	genericDef("constant"), genericDef("linear"), genericDef("exponential"), genericDef("fibonacci"), decorrelated,
	cenkalti, k8s, aws, goRetry, retryableHTTP, tenacity, celery, grpc, googleAPICore, resilience4j, polly,
	temporal, envoy, springRetry, bullmq, river, asynq, oban,
}

// Find returns the strategy named name or one of its aliases.
func Find(name string) (Def, bool) {
	for _, d := range All() {
		if d.Name == name || slices.Contains(d.Aliases, name) {
			return d, true
		}
	}
	return Def{}, false
}

// Names lists the canonical names, in list order.
func Names() []string {
	defs := All()
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = d.Name
	}
	return names
}
