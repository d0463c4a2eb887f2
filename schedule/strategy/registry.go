// Package strategy is the registry of every strategy: its names, where its formula comes from,
// its typed parameters, how --seed seeds it and how to build it from parameter values. Every
// surface (the table, solve and check commands, policy files, the strategies list, completion,
// help) iterates this registry; nothing else lists strategies or their parameters.
package strategy

import (
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
	Summary string // one line for lists
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
	Required      []string    // parameters without a usable default: New refuses to build until they are set
	// SeedDoc says what --seed N reproduces, for the note under a seeded table: the library's own
	// generator ("Go math/rand rand.New(rand.NewSource(N)), one Float64 per NextBackOff"), or why
	// it cannot be seeded. Empty: the tool's own stream, nothing to say.
	SeedDoc string
	// New builds the strategy from parameter values; an error is an *param.InputError.
	New func(v *param.Values) (schedule.Strategy, error)
	// Config is the library's own configuration for values v, one line each, for explore (nil:
	// explore's own description, or "—").
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
	for i, e := range catalog {
		defs[i] = e.def()
	}
	return defs
})

// entry is one strategy of the list: the names it answers to (the canonical name, then its
// aliases, as its Def has them: TestCatalogNames) and its constructor, so that Find builds only
// the strategy it returns and a command that names one strategy does not build the others.
type entry struct {
	names []string
	def   func() Def
}

// catalog is every strategy in list order: seed systems, generic curves, library presets.
var catalog = []entry{
	{[]string{"polynomial", "polynomially_longer", "exponentially_longer"}, polynomial},
	{[]string{"fixed"}, fixed},
	{[]string{"sidekiq"}, sidekiq},
	{[]string{"gitlab"}, gitlab},
	{[]string{"actrunner"}, actrunner},
	{[]string{"aiven"}, aiven},
	{[]string{"constant"}, genericDef("constant")},
	{[]string{"linear"}, genericDef("linear")},
	{[]string{"exponential"}, genericDef("exponential")},
	{[]string{"fibonacci"}, genericDef("fibonacci")},
	{[]string{"decorrelated"}, decorrelated},
	{[]string{"cenkalti"}, cenkalti},
	{[]string{"k8s"}, k8s},
	{[]string{"aws"}, aws},
	{[]string{"go-retry"}, goRetry},
	{[]string{"retryablehttp"}, retryableHTTP},
	{[]string{"tenacity"}, tenacity},
	{[]string{"celery"}, celery},
	{[]string{"grpc"}, grpc},
	{[]string{"google-api-core", "google"}, googleAPICore},
	{[]string{"resilience4j", "r4j"}, resilience4j},
	{[]string{"polly"}, polly},
	{[]string{"temporal"}, temporal},
	{[]string{"envoy"}, envoy},
	{[]string{"spring-retry", "spring"}, springRetry},
	{[]string{"bullmq"}, bullmq},
	{[]string{"river"}, river},
	{[]string{"asynq"}, asynq},
	{[]string{"oban"}, oban},
}

// Find returns the strategy named name or one of its aliases.
func Find(name string) (Def, bool) {
	for _, e := range catalog {
		for _, n := range e.names {
			if n == name {
				return e.def(), true
			}
		}
	}
	return Def{}, false
}

// Names lists the canonical names, in list order, without building the strategies.
func Names() []string {
	names := make([]string, len(catalog))
	for i, e := range catalog {
		names[i] = e.names[0]
	}
	return names
}
