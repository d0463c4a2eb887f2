package generic

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Envelope is the decorrelated schedule's bounds under an elapsed-time limit (limit > 0): no
// retry starts later than limit. The generic rule (slowest wait capped by what the fastest start
// leaves) does not hold here, because a long wait needs a long previous wait, which delays the
// row. Row k's greatest wait is the supremum over x = w(k-1) of min(cap, 3x, room(x)), where
// room(x) is what is left before the limit when the earlier waits are as short as x allows:
// w(i) = max(base, x / 3^(k-1-i)). room falls and 3x rises with x, so the supremum is where they
// cross, found by bisection.
func (c Decorrelated) Envelope(attempts int, limit, job float64) []schedule.Bounds {
	free := schedule.Compose(schedule.Composed{Waits: c.Policy(), Attempts: attempts, JobDuration: job})
	lo := free.Fill(draw.Fixed(0), nil)
	hi := free.Fill(draw.Upper{}, nil)
	var out []schedule.Bounds
	for i := range lo {
		if i > 0 && lo[i].Start > limit {
			break
		}
		b := schedule.Bounds{StartMin: lo[i].Start, StartMax: min(hi[i].Start, limit)}
		if i+1 < len(lo) && lo[i+1].Start <= limit {
			k := i + 1
			b.WaitMin = lo[i].Wait
			b.WaitMax = max(b.WaitMin, c.greatestWait(k, limit-float64(float64(k)*job)))
		} else {
			b.NoWait = true
		}
		out = append(out, b)
	}
	return out
}

// greatestWait is the supremum of w(k) over draws whose waits w(1..k) sum to at most room.
func (c Decorrelated) greatestWait(k int, room float64) float64 {
	if c.Cap <= c.Base { // every wait is the cap
		return math.Min(c.Cap, room)
	}
	if k == 1 {
		return math.Min(math.Min(c.Cap, 3*c.Base), room)
	}
	prefix := func(x float64) float64 { // least w(1) + ... + w(k-1) with w(k-1) = x
		sum, w := 0.0, x
		for i := k - 1; i >= 1; i-- {
			sum += math.Max(c.Base, w)
			w /= 3
		}
		return sum
	}
	value := func(x float64) float64 { return math.Min(math.Min(c.Cap, 3*x), room-prefix(x)) }
	xLo := c.Base
	xHi := math.Min(c.Cap, c.Base*math.Pow(3, float64(k-1)))
	if 3*xHi <= room-prefix(xHi) || c.Cap <= room-prefix(xHi) {
		return value(xHi)
	}
	if math.Min(c.Cap, 3*xLo) >= room-prefix(xLo) {
		return value(xLo)
	}
	for range 200 { // 3x - room(x) is increasing: find where it crosses zero
		mid := xLo + float64((xHi-xLo)/2)
		if mid <= xLo || mid >= xHi {
			break
		}
		if math.Min(c.Cap, 3*mid) < room-prefix(mid) {
			xLo = mid
		} else {
			xHi = mid
		}
	}
	return math.Max(value(xLo), value(xHi))
}
