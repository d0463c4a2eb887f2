package cmd

import (
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/spf13/pflag"
)

// strategyDef describes one strategy on the command line: its names, where its formula comes from,
// and how its flags bind into a schedule.Strategy. Commands that take a strategy (table, solve,
// check) share these definitions, and policy files set the same flags by name.
type strategyDef struct {
	name     string
	aliases  []string
	short    string // one line for lists
	source   string // where the formula comes from, and the quirks worth knowing
	example  string
	random   bool // takes --rand / --seed
	javaSeed bool // --seed drives java.util.Random instead of the tool's own generator
	// count is the flag that sets how many rows the schedule has; a row count of n is the value
	// n - countOffset (sidekiq's --retries counts retries, not executions).
	count       string
	countOffset int
	// window is a --window this strategy's schedule reaches with its defaults, for examples.
	window string
	// bind registers the strategy's own flags and returns the constructor to call after parsing.
	bind func(fs *pflag.FlagSet) func() (schedule.Strategy, error)
}

// strategies lists every strategy, in the order `backoffctl strategies` prints them.
func strategies() []strategyDef {
	return []strategyDef{polynomialDef(), fixedDef(), sidekiqDef(), gitlabDef(), actrunnerDef(), aivenDef()}
}

// findStrategy returns the definition named name or one of its aliases.
func findStrategy(name string) (strategyDef, bool) {
	for _, d := range strategies() {
		if d.name == name {
			return d, true
		}
		for _, a := range d.aliases {
			if a == name {
				return d, true
			}
		}
	}
	return strategyDef{}, false
}

func strategyNames() []string {
	var names []string
	for _, d := range strategies() {
		names = append(names, d.name)
	}
	return names
}

// maxJobDuration bounds --job-duration and similar per-attempt times.
const maxJobDuration = 365 * 24 * time.Hour

func polynomialDef() strategyDef {
	return strategyDef{
		name:    "polynomial",
		aliases: []string{"polynomially_longer", "exponentially_longer"},
		short:   "Rails ActiveJob retry_on wait: :polynomially_longer",
		source: "rails/activejob/lib/active_job/exceptions.rb (Rails 6.1-8.1): wait = e^4 + (rand*e^4)*jitter + 2 " +
			"after execution e. Named :exponentially_longer until Rails 7.0, renamed in 7.1 (old name deprecated), " +
			"old name removed in 7.2. Jitter 0.15 is retry_jitter on load_defaults 6.1+; bare ActiveJob's class " +
			"attribute is 0.0 and Rails 6.0 had no jitter.",
		example: `  backoffctl table polynomial --attempts 25
  backoffctl table polynomial --attempts 25 -o markdown --lang ja
  backoffctl table polynomial --jitter 0 --attempts 5 -o csv`,
		random: true,
		count:  "attempts",
		window: "24h",
		bind: func(fs *pflag.FlagSet) func() (schedule.Strategy, error) {
			var p schedule.Polynomial
			intFlag(fs, &p.Attempts, "attempts", 5, 1, schedule.MaxAttempts, "executions including the first (retry_on attempts:)")
			floatFlag(fs, &p.Jitter, "jitter", 0.15, 0, 100, false, "retry_jitter (0.15 on load_defaults 6.1+, 0.0 in bare ActiveJob)")
			durationFlag(fs, &p.JobDuration, "job-duration", 0, 0, maxJobDuration, "time each execution runs before it fails")
			return func() (schedule.Strategy, error) { return p, nil }
		},
	}
}

func fixedDef() strategyDef {
	return strategyDef{
		name:  "fixed",
		short: "Rails ActiveJob retry_on default wait (3.seconds)",
		source: "rails/activejob/lib/active_job/exceptions.rb (Rails 6.1-8.1): wait = w + (rand*w)*jitter with w the wait " +
			"truncated to whole seconds (.to_i).",
		example: `  backoffctl table fixed
  backoffctl table fixed --wait 30s --attempts 10 -o csv`,
		random: true,
		count:  "attempts",
		window: "1m",
		bind: func(fs *pflag.FlagSet) func() (schedule.Strategy, error) {
			var f schedule.Fixed
			intFlag(fs, &f.Attempts, "attempts", 5, 1, schedule.MaxAttempts, "executions including the first (retry_on attempts:)")
			durationFlag(fs, &f.Wait, "wait", 3*time.Second, 0, maxJobDuration, "retry_on wait: (whole seconds are used)")
			floatFlag(fs, &f.Jitter, "jitter", 0.15, 0, 100, false, "retry_jitter (0.15 on load_defaults 6.1+, 0.0 in bare ActiveJob)")
			durationFlag(fs, &f.JobDuration, "job-duration", 0, 0, maxJobDuration, "time each execution runs before it fails")
			return func() (schedule.Strategy, error) { return f, nil }
		},
	}
}
