// Command backoffctl calculates retry and backoff schedules of real systems (Rails ActiveJob,
// Sidekiq, GitLab, Gitea act_runner, Aiven) and prints them as tables, CSV or JSON.
package main

import (
	"os"

	"github.com/backoffctl/backoffctl/cmd"
)

func main() { os.Exit(cmd.Main()) }
