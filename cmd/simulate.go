package cmd

import (
	"github.com/spf13/cobra"
)

// maxSimulatedItems caps a simulation's size: fetches per run for fleets, jobs for capacity.
const maxSimulatedItems = 1e8

func newSimulateCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "simulate KIND",
		Short: "Simulate fleets and retry storms: act_runner pollers, GitLab limited-capacity workers, herds",
		Long: `Discrete-event simulations of fleet behaviour, seeded and deterministic:

  fleet      act_runner poller designs (shared limiter, per-worker backoff, semaphore): pollers,
             FetchTask RPCs per minute at idle and at full load, and task pickup latency
  capacity   GitLab's LimitedCapacity::Worker: how fast a backlog drains
  herd       retry storms: many clients, a strategy, a server with limits, budgets and throttles`,
		Example: `  backoffctl simulate fleet --runners 3 --capacity 60
  backoffctl simulate capacity --max-running-jobs 10 --backlog 100 --job-duration 10s`,
		Args: cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("simulate needs a kind: fleet, capacity or herd")
			}
			return badInput("unknown simulation %q: choose fleet, capacity or herd", args[0])
		},
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
	}
	c.AddCommand(newSimulateFleetCmd(g), newSimulateCapacityCmd(g), newSimulateHerdCmd(g))
	return c
}
