package presets

import (
	"sort"

	"github.com/backoffctl/backoffctl/schedule"
)

// span is a closed range of whole milliseconds.
type span struct{ lo, hi int64 }

// Envelope is exact for Aiven's backoff. In cap mode each call's sleep grows with its own draw and
// does not change later calls, so the least and greatest draws give the bounds. Under the timer
// rule a longer sleep leaves less time, and a draw that reaches the remaining time aborts the
// timer, which ends all later sleeps: the longest schedule is not the one with the largest draws.
// So it tracks every reachable elapsed time, as a short list of ranges, call by call (the wait
// count does not depend on the draws).
func (a Aiven) Envelope() []schedule.Bounds {
	if a.Mode == "cap" {
		return schedule.EnvelopeAtExtremes(a)
	}
	bound := millis(a.Timer)
	work := millis(a.Work)
	var minWait int64
	if m := millis(a.MinDelay); m > 0 {
		minWait = log2Ceil(m)
	}
	maxCount := int64(0)
	if bound >= 1 {
		maxCount = log2Floor(bound)
	}
	waitCount := minWait
	live := []span{{0, 0}}               // elapsed times with the timer still running
	aborted, hasAborted := span{}, false // elapsed times after an abort: later calls are idle
	out := make([]schedule.Bounds, 0, a.Calls)
	for k := 1; k <= a.Calls; k++ {
		b := schedule.Bounds{StartMin: inf, StartMax: -inf, WaitMin: inf, WaitMax: -inf}
		for _, s := range live {
			b.StartMin, b.StartMax = minF(b.StartMin, s.lo), maxF(b.StartMax, s.hi)
		}
		if hasAborted {
			b.StartMin, b.StartMax = minF(b.StartMin, aborted.lo), maxF(b.StartMax, aborted.hi)
			b.WaitMin = 0
			b.WaitMax = maxF(b.WaitMax, 0)
		}
		tries := waitCount < maxCount
		if waitCount < maxCount {
			waitCount++
		}
		nominal := int64(1) << waitCount
		nextLo, nextHi := nominal-AivenJitterSubtrahend, nominal+AivenMaxJitter-1-AivenJitterSubtrahend
		var next []span
		for _, s := range live {
			// t = bound - e > 0 needs e < bound; a later e has less time left.
			if !tries || s.lo >= bound {
				next = append(next, span{s.lo, s.hi})
				b.WaitMin, b.WaitMax = 0, maxF(b.WaitMax, 0)
				continue
			}
			if s.hi >= bound { // part of the range has no time left: idle there
				next = append(next, span{bound, s.hi})
				b.WaitMin, b.WaitMax = 0, maxF(b.WaitMax, 0)
				s.hi = bound - 1
			}
			if nextLo <= 0 { // a draw can make next <= 0: no sleep
				next = append(next, s)
				b.WaitMin, b.WaitMax = 0, maxF(b.WaitMax, 0)
			}
			// next >= t = bound - e aborts: possible when nextHi >= bound - s.hi.
			if nextHi >= bound-s.hi {
				lo := max(s.lo, bound-nextHi)
				aborted, hasAborted = joinSpan(aborted, hasAborted, span{lo, s.hi})
				b.WaitMin, b.WaitMax = 0, maxF(b.WaitMax, 0)
			}
			// Sleeps are next in [max(1, nextLo), min(nextHi, t-1)]; the e allowing any has
			// bound - e - 1 >= max(1, nextLo).
			sleepLo := max(1, nextLo)
			eMax := min(s.hi, bound-1-sleepLo)
			if eMax < s.lo || sleepLo > nextHi {
				continue
			}
			b.WaitMin = minF(b.WaitMin, sleepLo)
			b.WaitMax = maxF(b.WaitMax, min(nextHi, bound-s.lo-1))
			// e + next ranges over [e + sleepLo, min(e + nextHi, bound - 1)], contiguous across e.
			next = append(next, span{s.lo + sleepLo, min(eMax+nextHi, bound-1)})
		}
		live = mergeSpans(next, work)
		if hasAborted {
			aborted = span{aborted.lo + work, aborted.hi + work}
		}
		out = append(out, schedule.Bounds{StartMin: b.StartMin / 1000, StartMax: b.StartMax / 1000, WaitMin: b.WaitMin / 1000, WaitMax: b.WaitMax / 1000})
	}
	return out
}

const inf = 1e308

func minF(a float64, b int64) float64 { return min(a, float64(b)) }
func maxF(a float64, b int64) float64 { return max(a, float64(b)) }

func joinSpan(a span, ok bool, b span) (span, bool) {
	if !ok {
		return b, true
	}
	return span{min(a.lo, b.lo), max(a.hi, b.hi)}, true
}

// mergeSpans shifts every range by work and merges overlapping or adjacent ones, so the list
// stays short.
func mergeSpans(spans []span, work int64) []span {
	sort.Slice(spans, func(i, j int) bool { return spans[i].lo < spans[j].lo })
	out := spans[:0]
	for _, s := range spans {
		s = span{s.lo + work, s.hi + work}
		if n := len(out); n > 0 && s.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, s.hi)
			continue
		}
		out = append(out, s)
	}
	return out
}
