package cmd

import (
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
	"github.com/backoffctl/backoffctl/schedule/sim"
	"github.com/spf13/cobra"
)

func newSimulateFleetCmd(g *globalOptions) *cobra.Command {
	var o struct {
		runners, capacity                        int
		interval, intervalMax, taskDuration, dur float64
		answer                                   float64
		rate                                     float64
		phases                                   string
		seed                                     int64
	}
	c := &cobra.Command{
		Use:   "fleet [flags]",
		Short: "act_runner poller designs: pollers, FetchTask load and pickup latency",
		Long: `Simulate a fleet of Gitea act_runner runners under the three poller designs, as their code ran:

  shared-limiter  before #819: capacity goroutines share one rate.Limiter (burst 1); no backoff
  per-worker      #819: capacity goroutines, each with its own backoff and jitter
  semaphore       #822: one poller per runner, a slot semaphore, backoff and jitter

A goroutine that fetched a task runs it before it polls again. One row per design: pollers at idle,
FetchTask requests that can be in flight at once, RPCs per minute at steady idle and with every
slot busy, and with --arrival-rate the RPCs per task and the pickup latency.

Start phases (--start-phases): when each runner starts polling. aligned starts them all at t = 0, the
worst case for the shared limiter, whose grid of fetches is fixed by each runner's first Wait and
never drifts while idle; random (default) draws an independent offset in [0, fetch_interval) per
runner from --seed; even starts runner i at i x fetch_interval / runners (idle pickups by the shared
limiter are then uniform on [0, fetch_interval / runners)).

Answer time (--answer-time): how long the server holds each FetchTask. The limiter spaces the starts
of calls, not their ends, so the shared limiter has up to runners x min(capacity,
floor(answer / fetch_interval) + 1) calls in flight (a call that ends exactly when the next starts
still counts); per-worker up to runners x capacity; the semaphore's
poller waits for each answer, one per runner. The server assigns a task when it receives the
request, so pickup latency runs from a task being queued to the start of the FetchTask that gets it;
the runner learns of the task and starts it one answer time later.`,
		Example: `  backoffctl simulate fleet --runners 3 --capacity 60
  backoffctl simulate fleet --runners 3 --capacity 60 --arrival-rate 6 --task-duration 5m
  backoffctl simulate fleet --runners 1000 --duration 24h -o json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			base, maxI := presets.ActRunner{FetchInterval: o.interval, FetchIntervalMax: o.intervalMax}.Intervals()
			cfg := sim.FleetConfig{Runners: o.runners, Capacity: o.capacity, FetchInterval: base, FetchIntervalMax: maxI,
				ArrivalRate: o.rate, TaskDuration: param.Dur(o.taskDuration), Duration: param.Dur(o.dur), Seed: o.seed,
				AnswerTime: param.Dur(o.answer)}
			switch o.phases {
			case "aligned":
				cfg.StartPhases = sim.PhasesAligned
			case "random":
				cfg.StartPhases = sim.PhasesRandom
			case "even":
				cfg.StartPhases = sim.PhasesEven
			}
			if pollers := o.runners * o.capacity; pollers > maxPollers {
				return badInput("--runners x --capacity is %d polling goroutines, past the cap of %d", pollers, maxPollers)
			}
			for _, d := range sim.Designs {
				if n := cfg.EstimatedFetches(d); n > maxSimulatedItems {
					return badInput("the %s design would simulate about %.3g FetchTask calls, past the cap of 1e8: lower --runners, --capacity or --duration", d, n)
				}
			}
			if n := o.rate * cfg.Duration.Minutes(); n > maxSimulatedItems {
				return badInput("--arrival-rate x --duration is about %.3g tasks, past the cap of 1e8", n)
			}
			p := newProgress(g.stderr, "simulating fleet", len(sim.Designs))
			results := sim.SimulateFleets(cfg, sim.Designs, p.step)
			p.done()
			return g.emit(format.FleetTable(cfg, results))
		},
	}
	fs := c.Flags()
	fs.SortFlags = false
	intFlag(fs, &o.runners, "runners", 1, 1, 100000, "number of runners")
	intFlag(fs, &o.capacity, "capacity", 1, 1, 10000, "runner.capacity: tasks a runner runs at once")
	fetchIntervalFlags(fs, &o.interval, &o.intervalMax)
	floatFlag(fs, &o.rate, "arrival-rate", 0, 0, 1e6, false, "tasks per minute for the whole fleet, Poisson (0: idle)")
	durationFlag(fs, &o.taskDuration, "task-duration", 5*time.Minute, time.Millisecond, 30*24*time.Hour, "how long each task runs")
	durationFlag(fs, &o.dur, "duration", time.Hour, time.Minute, 30*24*time.Hour, "simulated time")
	enumFlag(fs, &o.phases, "start-phases", "", "random", []string{"aligned", "random", "even"}, "when each runner starts polling")
	durationFlag(fs, &o.answer, "answer-time", 0, 0, time.Hour, "how long the server holds each FetchTask call")
	fs.Var(&int64Value{p: &o.seed}, "seed", "seed for arrivals, jitter and random start phases (same seed, same output)")
	return c
}

// maxPollers caps runners x capacity: the per-worker design keeps state for each goroutine.
const maxPollers = 1000000
