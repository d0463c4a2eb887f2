package budget

import "math"

// secondsToNanos turns a caller's time in seconds into whole nanoseconds (rounded), the
// resolution of the Go time.Time the AWS SDK reads its clock from; negative times are 0 and times
// past about 146 years saturate.
func secondsToNanos(seconds float64) int64 {
	const limit = float64(math.MaxInt64 / 2)
	ns := math.Round(seconds * 1e9)
	switch {
	case math.IsNaN(ns) || ns < 0:
		return 0
	case ns > limit:
		return int64(limit)
	}
	return int64(ns)
}
