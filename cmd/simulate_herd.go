package cmd

import (
	"math"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/format/plot"
	"github.com/backoffctl/backoffctl/schedule/budget"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/sim"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// defaultHerdStrategy is --strategy's default: AWS-style capped exponential backoff, full jitter.
const defaultHerdStrategy = "exponential --base 100ms --cap 10s --jitter full --attempts 4"

// herdOptions are simulate herd's flags (and plot herd's).
type herdOptions struct {
	clients, runs, recoverWindow             int
	mode, load, think, strategy              string
	network, server, budget, throttle, scope string
	service, timeout, bucket, duration       float64
	seed                                     int64
	percentiles                              []float64
}

func (o *herdOptions) bind(fs *pflag.FlagSet) {
	fs.SortFlags = false
	intFlag(fs, &o.clients, "clients", 100, 1, math.MaxInt32, "clients (at most 1000000)")
	enumFlag(fs, &o.mode, "mode", "", "closed", []string{"closed", "open"}, "closed: one logical request in flight per client; open: requests arrive whatever is in flight")
	fs.StringVar(&o.load, "load", "herd", "herd, poisson:RATE, const:RATE, spike:BASE,PEAK@START+DURATION or ramp:PEAK,SLOPE@TPEAK (RATE over all clients, e.g. 40/s)")
	fs.StringVar(&o.think, "think", "", "with --load herd in closed mode: time from a request's end to the client's next (default: one request per client)")
	fs.StringVar(&o.strategy, "strategy", defaultHerdStrategy, "a table strategy and its flags; --attempts 0 on a generic curve retries until success")
	fs.StringVar(&o.network, "network", "none", "one-way delay of each message: none, exp:MEAN or normal:MEAN,SD (folded)")
	fs.StringVar(&o.server, "server", "fail:0", "fail:X, capacity:C[,queue=Q], occ or slowdown:BASE,SLOPE, each with optional ,outage=A..B")
	durationFlag(fs, &o.service, "service", 0, 0, time.Hour, "fail: time the server works on each attempt")
	durationFlag(fs, &o.timeout, "timeout", 0, 0, 30*24*time.Hour, "client-side timeout of each attempt from its send (0: none); a later reply is ignored")
	fs.StringVar(&o.budget, "budget", "", "retry budget SPEC (see SPEC Part 4)")
	fs.StringVar(&o.throttle, "throttle", "", "throttle SPEC")
	enumFlag(fs, &o.scope, "budget-scope", "", "client", []string{"client", "fleet"}, "one budget state per client, or one for the fleet")
	durationFlag(fs, &o.bucket, "bucket", time.Second, time.Millisecond, 30*24*time.Hour, "row width")
	durationFlag(fs, &o.duration, "duration", time.Minute, 0, 30*24*time.Hour, "when arrivals stop (requests in flight then drain)")
	intFlag(fs, &o.runs, "runs", 1, 1, math.MaxInt32, "independent runs, averaged (at most 10000)")
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed of every random draw (same seed, same output)")
	fs.Var(&percentList{p: &o.percentiles}, "percentiles", "with --runs: add per-bucket percentiles over runs, e.g. 50,95")
	intFlag(fs, &o.recoverWindow, "recover-window", 10, 1, sim.MaxHerdBuckets, "buckets that must hold successes >= 0.95 x first tries to count as recovered")
}

// config turns the flags into the engine's configuration; every error is one line.
func (o *herdOptions) config(fs *pflag.FlagSet) (sim.HerdConfig, error) {
	cfg := sim.HerdConfig{Clients: o.clients, Service: o.service, Timeout: o.timeout, Bucket: o.bucket,
		Duration: o.duration, Runs: o.runs, Seed: o.seed, Percentiles: o.percentiles,
		RecoverWindow: o.recoverWindow, FleetScope: o.scope == "fleet"}
	if o.mode == "open" {
		cfg.Mode = sim.Open
	}
	if o.clients > sim.MaxHerdClients {
		return cfg, badInput("--clients %d is past the cap of %d clients", o.clients, sim.MaxHerdClients)
	}
	if o.runs > sim.MaxHerdRuns {
		return cfg, badInput("--runs %d is past the cap of %d runs", o.runs, sim.MaxHerdRuns)
	}
	var err error
	if cfg.Load, err = sim.ParseLoad(o.load); err != nil {
		return cfg, badInput("%v", err)
	}
	if cfg.Network, err = sim.ParseNetwork(o.network); err != nil {
		return cfg, badInput("%v", err)
	}
	if cfg.Server, err = sim.ParseServer(o.server); err != nil {
		return cfg, badInput("%v", err)
	}
	if fs.Changed("service") && cfg.Server.Kind != sim.ServerFail {
		return cfg, badInput("--service applies to --server fail:X only")
	}
	if fs.Changed("think") {
		if cfg.Load.Kind != sim.LoadHerd || cfg.Mode != sim.Closed {
			return cfg, badInput("--think applies with --load herd in --mode closed")
		}
		d, err := param.ParseDuration(strings.TrimSpace(o.think))
		if err != nil || d < time.Millisecond || d > 30*24*time.Hour {
			return cfg, badInput("--think must be a duration in [1ms, 30d], got %q", o.think)
		}
		cfg.Think, cfg.Repeat = d.Seconds(), true
	}
	if len(o.percentiles) > 0 && o.runs < 2 {
		return cfg, badInput("--percentiles applies with --runs 2 or more")
	}
	if o.budget != "" {
		if cfg.Budget, err = budget.Parse(o.budget, false); err != nil {
			return cfg, badInput("--budget: %v", err)
		}
	}
	if o.throttle != "" {
		if cfg.Throttle, err = budget.Parse(o.throttle, true); err != nil {
			return cfg, badInput("--throttle: %v", err)
		}
	}
	if fs.Changed("budget-scope") && cfg.Budget == nil && cfg.Throttle == nil {
		return cfg, badInput("--budget-scope applies with --budget or --throttle")
	}
	spec, err := herdSpec(o.strategy)
	if err != nil {
		return cfg, err
	}
	p, err := parseSpec(spec)
	if err != nil {
		msg := describeError(err)
		if strings.Contains(msg, "--attempts must be an integer in [1, ") {
			msg += " (or 0 on a generic curve: retry until success)"
		}
		return cfg, badInput("--strategy %s", msg)
	}
	if cfg.Strategy, err = p.bound.strategy(false); err != nil {
		return cfg, badInput("--strategy %q: %s", o.strategy, describeError(err))
	}
	if err := cfg.Validate(); err != nil {
		return cfg, badInput("%v", err)
	}
	return cfg, nil
}

// herdSpec rewrites --attempts 0 on a generic curve to the most attempts a schedule has, which
// the herd treats as retrying until success.
func herdSpec(spec string) (string, error) {
	words, err := splitSpec(spec)
	if err != nil || len(words) == 0 {
		return spec, nil // parseSpec reports it
	}
	def, ok := strategy.Find(words[0])
	if !ok || def.Group != strategy.Generic {
		return spec, nil
	}
	changed := false
	for i := 1; i < len(words); i++ {
		switch {
		case words[i] == "--attempts" && i+1 < len(words) && strings.TrimSpace(words[i+1]) == "0":
			words[i+1], changed = "100000", true
		case words[i] == "--attempts=0":
			words[i], changed = "--attempts=100000", true
		}
	}
	if !changed {
		return spec, nil
	}
	for i, w := range words {
		words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(words, " "), nil
}

func newSimulateHerdCmd(g *globalOptions) *cobra.Command {
	var o herdOptions
	c := &cobra.Command{
		Use:   "herd [flags]",
		Short: "Retry storms: many clients, a strategy, a server with limits, budgets and throttles",
		Long: `Simulate N clients that each run a retry strategy against one server, seeded and deterministic:
one row per time bucket and a summary (work, success rate, load multipliers, recovery).

Model, as the published simulators run it (aws-samples/aws-arch-backoff-simulator and
mbrooker/simulator_example's retry_sim and simple_collapse_sim): every client's first request is
sent at t = 0 and reaches the server one network delay later; an attempt is one call (occ: a read,
then a conditional write, and only the write is a call); after a failure the client waits the
strategy's wait after that attempt, drawn from its own stream, and the strategy's own stop rule
ends the request as failed. --attempts 0 on a generic curve retries until success. The AWS
simulator's first retry waits 2 x base: its base 5ms is --base 10ms here.

Servers: fail:X (each attempt fails with probability X, after --service); capacity:C[,queue=Q]
(C completions per second, one at a time; Q more may wait, the rest fail at once as throttling);
occ (one row with a version); slowdown:BASE,SLOPE (latency BASE + SLOPE x attempts in service,
this one included; timed-out attempts are still served); ,outage=A..B fails every attempt (occ:
every write) reaching the server in [A, B).

Caps: --clients 1000000, --runs 10000, 100000 rows per run (the run stops there), about 1e8
attempts in all (estimated before the run and enforced during it), and with --percentiles
--runs x rows 1e6 (every run's rows are kept).`,
		Example: `  backoffctl simulate herd --clients 100 --server occ --network normal:10ms,2ms --strategy 'exponential --base 10ms --cap 2s --jitter full --attempts 0'
  backoffctl simulate herd --clients 100 --mode open --load poisson:1000/s --server fail:0.3 --strategy 'constant --wait 0 --attempts 4'
  backoffctl simulate herd --mode open --load spike:40/s,80/s@20s+5s --server slowdown:1s,10ms --timeout 3s --strategy 'constant --wait 0 --attempts 3' --duration 80s`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := o.config(cmd.Flags())
			if err != nil {
				return err
			}
			p := newProgress(g.stderr, "simulating herd", 1)
			res, err := sim.RunHerd(cfg)
			p.done()
			if err != nil {
				return badInput("%v", err)
			}
			return g.emit(format.HerdTable(cfg, res, o.strategy))
		},
	}
	o.bind(c.Flags())
	return c
}

// newPlotHerdCmd is `plot herd`: simulate herd's flags, drawn as a chart of offered load,
// successes and attempts in flight over time.
func newPlotHerdCmd(g *globalOptions) *cobra.Command {
	var o herdOptions
	var height int
	c := &cobra.Command{
		Use:   "herd [flags]",
		Short: "Draw a simulated retry storm: offered load, successes and attempts in flight over time",
		Long: `Run simulate herd with the same flags and draw, per time bucket, the attempts sent (offered), the
successes and the attempts in flight: in the terminal, or with --output chart.svg / chart.png as an
image. See backoffctl simulate herd --help for the model.`,
		Example: `  backoffctl plot herd --clients 1000 --server occ --network normal:10ms,2ms --strategy 'exponential --base 10ms --cap 2s --jitter full --attempts 0' --bucket 250ms
  backoffctl plot herd --mode open --load spike:40/s,80/s@20s+5s --server slowdown:1s,10ms --timeout 3s --strategy 'constant --wait 0 --attempts 3' --duration 80s --output storm.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			kind, err := g.imageKind()
			if err != nil {
				return err
			}
			cfg, err := o.config(cmd.Flags())
			if err != nil {
				return err
			}
			res, err := sim.RunHerd(cfg)
			if err != nil {
				return badInput("%v", err)
			}
			return g.drawChart(plot.Herd(res.Rows, cfg.Bucket), kind, height)
		},
	}
	o.bind(c.Flags())
	intFlag(c.Flags(), &height, "height", 16, 4, 200, "rows of the terminal chart")
	return c
}
