package budget

import "math"

// nanos turns a caller's time in seconds into whole nanoseconds, the resolution of the Go
// time.Time the AWS SDK reads its clock from; times past about 292 years saturate.
func nanos(seconds float64) int64 {
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
