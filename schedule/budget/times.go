package budget

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// MaxTimesListed caps the send times --times may list.
const MaxTimesListed = 100000

// timesHelp ends every --times error: what is accepted.
const timesHelp = "write every:D (attempt i is due at i·D, like every:100ms) or a list of seconds, non-decreasing, like 0,0.5,2"

// ParseTimes reads budget trace's --times: when each attempt (counted over the whole trace from
// 0) is due. every:D spaces them D apart from 0; a list of seconds gives them one by one, and past
// its end they go on at the list's last gap (at its last time when it has one). An attempt is sent
// at the later of its due time and the previous send, plus any delay the rule imposes.
func ParseTimes(text string) (func(int) float64, error) {
	t := strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(t, "every:"); ok {
		d, err := param.ParseDuration(strings.TrimSpace(rest))
		if err != nil || d < 0 || d > 365*24*3600e9 {
			return nil, fmt.Errorf("--times %q: the step must be a duration in [0s, 365d]; %s", text, timesHelp)
		}
		ns := float64(d)
		return func(i int) float64 { return float64(i) * ns / 1e9 }, nil
	}
	if t == "" {
		return nil, fmt.Errorf("--times is empty; %s", timesHelp)
	}
	items := strings.Split(t, ",")
	if len(items) > MaxTimesListed {
		return nil, fmt.Errorf("--times lists %d times, past the cap of %d; %s", len(items), MaxTimesListed, timesHelp)
	}
	list := make([]float64, len(items))
	for i, s := range items {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 1e9 {
			return nil, fmt.Errorf("--times item %d %q must be seconds in [0, 1e9]; %s", i+1, s, timesHelp)
		}
		if i > 0 && v < list[i-1] {
			return nil, fmt.Errorf("--times item %d (%s) is earlier than the one before it; %s", i+1, strings.TrimSpace(s), timesHelp)
		}
		list[i] = v
	}
	last := list[len(list)-1]
	gap := 0.0
	if len(list) > 1 {
		gap = last - list[len(list)-2]
	}
	return func(i int) float64 {
		if i < len(list) {
			return list[i]
		}
		return last + float64(i-len(list)+1)*gap
	}, nil
}
