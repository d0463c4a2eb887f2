// Package presets reproduces the retry schedules of real libraries, bit for bit: each file is one
// library, its doc comment the library's default schedule, its arithmetic the library's own (integer
// nanoseconds, float64 in the library's operation order, its truncations), with a comment at every
// quirk pointing at the line of the library that causes it. Waits are computed as the library's
// time.Duration and handed to the table in seconds.
package presets

import "time"

// seconds is a time.Duration as the table's seconds.
func seconds(d time.Duration) float64 { return float64(d) / float64(time.Second) }
