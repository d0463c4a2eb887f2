package presets

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
)

// javaD2L is Java's (long) cast of a double (JLS 5.1.3): NaN is 0, values beyond the long range
// saturate, everything else truncates toward zero. Go's int64 conversion is undefined there.
func javaD2L(x float64) int64 {
	switch {
	case x != x:
		return 0
	case x >= 0x1p63:
		return math.MaxInt64
	case x <= -0x1p63:
		return math.MinInt64
	}
	return int64(x)
}

// composeMillis completes c with waits that a JVM library computes as a long of milliseconds
// after attempt k (Thread.sleep's unit), handed to the table in seconds.
func composeMillis(c schedule.Composed, millis func(k int, d schedule.Draws) int64) *schedule.Composed {
	c.Waits = schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		return float64(millis(s.Attempt, d)) / 1000, true
	})
	return schedule.Compose(c)
}
