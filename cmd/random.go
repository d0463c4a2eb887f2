package cmd

import (
	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/spf13/pflag"
)

// randomOptions are --rand and --seed: a fixed draw for every random value, or one schedule sampled
// from a seeded generator.
type randomOptions struct {
	rand float64
	seed int64
	fs   *pflag.FlagSet
}

func (r *randomOptions) bind(fs *pflag.FlagSet) {
	r.fs = fs
	floatFlag(fs, &r.rand, "rand", 0.5, 0, 1, true, "every random draw u fixed at this value (discrete draws take floor(u*n))")
	fs.Var(&int64Value{p: &r.seed}, "seed", "sample one schedule from a generator seeded with this integer")
}

// seeded reports whether --seed was given.
func (r *randomOptions) seeded() bool { return r.fs != nil && r.fs.Changed("seed") }

// validate refuses --rand together with --seed.
func (r *randomOptions) validate() error {
	if r.fs != nil && r.fs.Changed("rand") && r.fs.Changed("seed") {
		return badInput("--rand and --seed cannot be used together: --rand fixes every draw, --seed samples them")
	}
	return nil
}

// draws returns the draws as analyses take them.
func (r *randomOptions) draws() analyze.Draws {
	return analyze.Draws{Rand: r.rand, Seed: r.seed, Seeded: r.seeded(), RandGiven: r.fs != nil && r.fs.Changed("rand")}
}

// params describes the draws for the JSON parameters object.
func (r *randomOptions) params() []format.Field {
	if r.seeded() {
		return []format.Field{{Name: "seed", Value: r.seed}}
	}
	return []format.Field{{Name: "rand", Value: r.rand}}
}
