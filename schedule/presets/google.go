package presets

import (
	"github.com/backoffctl/backoffctl/schedule"
)

// GoogleAPICore is google-api-core v2.29.0's Python Retry (googleapis/python-api-core, tag
// v2.29.0): google/api_core/retry/retry_base.py (exponential_sleep_generator,
// _retry_error_helper, the defaults) and retry/retry_unary.py (retry_target). With the defaults
// (initial 1.0, maximum 60.0, multiplier 2.0, timeout 120) and every draw at u = 0.5:
//
//	attempt  start  wait
//	1        0      0.5
//	2        0.5    1
//	3        1.5    2
//	4        3.5    4
//	5        7.5    8
//	6        15.5   16
//	7        31.5   30
//	8        61.5   30
//	9        91.5   -
//
// Each sleep is random.uniform(0.0, max_delay), full jitter over a window that starts at
// min(initial, maximum) and becomes min(window * multiplier, maximum) after each sleep. After a
// retryable failure the next sleep is drawn, then `if deadline is not None and
// time.monotonic() + next_sleep > deadline: raise RetryError`: a sleep that would end past the
// deadline ends the retries (it is not cut to fit, as it was up to v2.10), and its draw is spent.
type GoogleAPICore struct {
	Initial, Maximum, Multiplier float64
	windows                      []float64
}

// Init precomputes the windows until they stop changing (at maximum, or at 0).
func (g *GoogleAPICore) Init() *GoogleAPICore {
	w := min(g.Initial, g.Maximum) // `max_delay = min(initial, maximum)`
	g.windows = []float64{w}
	for len(g.windows) < schedule.MaxAttempts {
		next := min(w*g.Multiplier, g.Maximum) // `max_delay = min(max_delay * multiplier, maximum)`
		if next == w {
			break
		}
		w = next
		g.windows = append(g.windows, w)
	}
	return g
}

// Window is the jitter window of the sleep after attempt k.
func (g *GoogleAPICore) Window(k int) float64 { return g.windows[min(k, len(g.windows))-1] }

// Next is one sleep: `yield random.uniform(0.0, max_delay)` = 0.0 + max_delay * random().
func (g *GoogleAPICore) Next(s schedule.Step, d schedule.Draws) (float64, bool) {
	return 0.0 + float64(g.Window(s.Attempt)*d.Unit()), true
}
