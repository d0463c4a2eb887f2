package sample

import "github.com/backoffctl/backoffctl/schedule"

// elapsedLimited is ten attempts of a wait in [10, 20) that grows with its draw, under a 35 s
// elapsed-time limit: a schedule whose length depends on its draws (two to four rows).
func elapsedLimited() *schedule.Composed {
	tenToTwenty := schedule.PolicyFunc(func(_ schedule.Step, d schedule.Draws) (float64, bool) { return 10 * (1 + d.Unit()), true })
	return schedule.Compose(schedule.Composed{ID: "test", Waits: tenToTwenty, Attempts: 10, MaxElapsed: 35})
}
