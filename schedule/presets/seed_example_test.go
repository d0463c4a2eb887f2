package presets

import (
	"fmt"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// printRows prints a schedule as the table's first columns: attempt, start and wait in seconds.
func printRows(rows []schedule.Row) {
	for _, r := range rows {
		if r.HasWait {
			fmt.Printf("%d %v %v\n", r.Attempt, r.Start, r.Wait)
		} else {
			fmt.Printf("%d %v -\n", r.Attempt, r.Start)
		}
	}
}

// Without jitter, execution e waits e^4 + 2 seconds: 3, 18, 83, 258.
func ExamplePolynomial() {
	printRows(Polynomial{Attempts: 5}.Fill(draw.Fixed(0), nil))
	// Output:
	// 1 0 3
	// 2 3 18
	// 3 21 83
	// 4 104 258
	// 5 362 -
}

// retry_on's default wait is 3 seconds; with jitter 0.15 and every draw 0.5 each wait is
// 3 + 0.5*3*0.15 = 3.225 s, and the job's 2 s run comes before each.
func ExampleFixed() {
	printRows(Fixed{Attempts: 4, Wait: 3, Jitter: 0.15, JobDuration: 2}.Fill(draw.Fixed(0.5), nil))
	// Output:
	// 1 0 3.225
	// 2 5.225 3.225
	// 3 10.45 3.225
	// 4 15.675 -
}

// Sidekiq 7 waits c^4 + 15 + rand(10)*(c+1) after the execution that fails with retry count c;
// with the least draw, 15, 16, 31, 96 s.
func ExampleSidekiq() {
	printRows(Sidekiq{Retries: 4, Version: SidekiqVersion{Major: 7}}.Fill(draw.Fixed(0), nil))
	// Output:
	// 1 0 15
	// 2 15 16
	// 3 31 31
	// 4 62 96
	// 5 158 -
}

// The server's backoff is 2^(floor(log2 d) - 1) seconds for a pending state d seconds old (1 s
// below 2 s, at most 64 s): the runner's requests go out at 0, 1, 2, 3, 4, 6, 8, 12, 16, ...
func ExampleGitLab() {
	printRows(GitLab{AcceptTimeout: 300, Requests: 9}.Fill(nil, nil))
	// Output:
	// 1 0 1
	// 2 1 1
	// 3 2 1
	// 4 3 1
	// 5 4 2
	// 6 6 2
	// 7 8 4
	// 8 12 4
	// 9 16 -
}

// An idle act_runner poller doubles its interval from 2 s to the 5 s maximum; with the middle
// draw the ±20 % jitter is 0.
func ExampleActRunner() {
	printRows(ActRunner{Polls: 5}.Fill(draw.Fixed(0.5), nil))
	// Output:
	// 1 0 2
	// 2 2 4
	// 3 6 5
	// 4 11 5
	// 5 16 -
}

// With a one-second timer and the middle draw (jitter 0), the sleeps double from 2 ms until the
// next one (512 ms) would pass the 490 ms left: the timer is aborted and no call sleeps again.
func ExampleAiven() {
	printRows(Aiven{Mode: "timer", Timer: 1, Calls: 11}.Fill(draw.Fixed(0.5), nil))
	// Output:
	// 1 0 0.002
	// 2 0.002 0.004
	// 3 0.006 0.008
	// 4 0.014 0.016
	// 5 0.03 0.032
	// 6 0.062 0.064
	// 7 0.126 0.128
	// 8 0.254 0.256
	// 9 0.51 0
	// 10 0.51 0
	// 11 0.51 0
}
