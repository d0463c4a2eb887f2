package sim

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

var updatePin = flag.Bool("update-pin", false, "rewrite testdata/capacity_tracked.golden")

// pinConfigs are runs whose results, under status tracking "tracked", must stay exactly what the
// model gave before status tracking was modelled (testdata/capacity_tracked.golden was written by
// that code).
func pinConfigs() []CapacityConfig {
	day := 24 * time.Hour
	return []CapacityConfig{
		{MaxRunningJobs: 10, Backlog: 100, JobDuration: 10 * time.Second, CronInterval: time.Minute, Horizon: 30 * day, Seed: 1, StatusTracking: Tracked},
		{MaxRunningJobs: 10, Backlog: 100, JobDuration: 300 * time.Second, CronInterval: time.Minute, Horizon: 30 * day, Seed: 1, StatusTracking: Tracked},
		{MaxRunningJobs: 10, Backlog: 100, JobDuration: 10 * time.Second, FailureRate: 1, CronInterval: time.Minute, Horizon: 10 * time.Minute, Seed: 1, StatusTracking: Tracked},
		{MaxRunningJobs: 10, Backlog: 100, JobDuration: 10 * time.Second, FailureRate: 1, FailureConsumes: true, CronInterval: time.Minute, Horizon: time.Hour, Seed: 1, StatusTracking: Tracked},
		{MaxRunningJobs: 25, Backlog: 100000, JobDuration: 2 * time.Second, FailureRate: 0.01, CronInterval: time.Minute, Horizon: 30 * day, Seed: 7, StatusTracking: Tracked},
		{MaxRunningJobs: 7, Backlog: 5000, JobDuration: 13 * time.Second, FailureRate: 0.05, CronInterval: 45 * time.Second, PickupLatency: 1500 * time.Millisecond, Horizon: 30 * day, Seed: 3, StatusTracking: Tracked},
		{MaxRunningJobs: 1, Backlog: 3, JobDuration: 10 * time.Second, PickupLatency: 5 * time.Second, CronInterval: time.Minute, Horizon: time.Hour, StatusTracking: Tracked},
		{MaxRunningJobs: 100, Backlog: 20000, JobDuration: 90 * time.Second, FailureRate: 0.2, CronInterval: time.Minute, Horizon: 2 * day, Seed: 11, StatusTracking: Tracked},
	}
}

func pinFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// pinDump prints what the golden file holds for one run.
func pinDump(i int, res CapacityResult, meanUtilisation float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "run %d\n", i)
	fmt.Fprintf(&b, "drained %v drain %d completed %d failed %d lost %d started %d mean %s\n",
		res.Drained, int64(res.DrainTime), res.Completed, res.Failed, res.Lost, res.JobsStarted, pinFloat(meanUtilisation))
	for _, r := range res.Rows {
		fmt.Fprintf(&b, "%d %d %d %d %d %d %s\n", int64(r.Start), r.Running, r.MaxRunning, r.Remaining, r.Completed, r.Failed, pinFloat(r.UtilisationPct))
	}
	return b.String()
}

func TestCapacityTrackedPinned(t *testing.T) {
	var b strings.Builder
	for i, c := range pinConfigs() {
		res := SimulateCapacity(c)
		b.WriteString(pinDump(i, res, res.MeanUtilisation))
	}
	const golden = "testdata/capacity_tracked.golden"
	if *updatePin {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("results changed from the pinned ones:\n%s", got)
	}
}
