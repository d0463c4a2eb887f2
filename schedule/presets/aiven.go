package presets

import (
	"math"
	"math/bits"

	"github.com/backoffctl/backoffctl/schedule"
)

// Aiven is Aiven's timer-bounded backoff, io.aiven.commons.util.timing.Backoff (formerly
// io.aiven.commons.timing.Backoff), driven by a caller that calls delay() repeatedly. Each row is
// one delay() call; wait_seconds is that call's own sleep (0 when it did not sleep), on every row,
// since the caller decides whether to call again.
//
//   - reset(): T = time remaining then; maxCount = 0 if T < 1 else floor(log2 T) (from the bit
//     length: a float log ratio gets 2048, 8192, ... wrong); waitCount = minWaitCount.
//   - setMinimumDelay(d): minWaitCount = ceil(log2 d_ms), and waitCount is raised to it.
//   - delay(): t = time remaining now. It tries to sleep only if t > 0 and (timer rule off, or
//     waitCount < maxCount); then, whether or not it sleeps, waitCount++ if waitCount < maxCount.
//     Trying draws J = nextInt(1024) - 512 (a call that does not try draws nothing) and computes
//     next = 2^waitCount + J ms with the incremented count. next <= 0: no sleep. With the timer
//     rule on and next >= t, it aborts the timer instead of sleeping.
//   - estimatedDelay() = max(0, min(t, 2^(waitCount+1))) when t > 0 and (rule off or
//     waitCount < maxCount), else max(0, t): it misreports at the plateau.
//
// So nominal sleeps are 2, 4, 8, ... ms up to 2^floor(log2 T) (512 for T = 1000, not 1000), early
// calls often do not sleep at all, and under the timer rule sleeping stops after maxCount calls.
// All times are whole milliseconds, as in the Java code.
type Aiven struct {
	Mode     string // "timer": remaining = Timer - elapsed, rule on; "cap": remaining = Cap always, rule off
	Timer    float64
	Cap      float64
	MinDelay float64 // seconds; 0 for none
	Calls    int
	Work     float64 // seconds spent between calls (after a call's sleep, before the next call)
}

// Aiven's constants.
const (
	AivenMaxJitter        = 1024
	AivenJitterSubtrahend = 512
)

// Name returns "aiven".
func (a Aiven) Name() string { return "aiven" }

// Params lists the mode and its bound, min_delay_seconds, calls and work_seconds.
func (a Aiven) Params() []schedule.Param {
	p := []schedule.Param{{Name: "mode", Value: a.Mode}}
	if a.Mode == "cap" {
		p = append(p, schedule.Param{Name: "cap_seconds", Value: a.Cap})
	} else {
		p = append(p, schedule.Param{Name: "timer_seconds", Value: a.Timer})
	}
	return append(p, schedule.Param{Name: "min_delay_seconds", Value: a.MinDelay}, schedule.Param{Name: "calls", Value: a.Calls}, schedule.Param{Name: "work_seconds", Value: a.Work})
}

// Columns adds nominal_ms (2^waitCount when it tried), jitter_ms (the draw), estimated_ms
// (estimatedDelay() just before the call) and outcome.
func (a Aiven) Columns() []schedule.Column {
	return []schedule.Column{{Key: "nominal_ms", Kind: schedule.Millis}, {Key: "jitter_ms", Kind: schedule.Millis}, {Key: "estimated_ms", Kind: schedule.Millis}, {Key: "outcome", Kind: schedule.Text}}
}

// Outcomes of one delay() call.
const (
	AivenSlept   = "slept"
	AivenNoSleep = "no-sleep" // it drew a jitter that made next <= 0
	AivenAborted = "aborted"  // timer rule: next >= remaining; the timer is aborted
	AivenIdle    = "idle"     // it did not try to sleep and drew nothing
)

func millis(seconds float64) int64 { return int64(math.Round(seconds * 1000)) }

// log2Floor is floor(log2 n) for n >= 1.
func log2Floor(n int64) int64 { return int64(bits.Len64(uint64(n))) - 1 }

// log2Ceil is ceil(log2 n) for n >= 1 (0 for n <= 1).
func log2Ceil(n int64) int64 {
	if n <= 1 {
		return 0
	}
	return int64(bits.Len64(uint64(n - 1)))
}

// Fill walks the calls.
func (a Aiven) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	rows = schedule.ReserveRows(rows, max(a.Calls, 0))
	rule := a.Mode != "cap"
	bound := millis(a.Timer)
	if !rule {
		bound = millis(a.Cap)
	}
	work := millis(a.Work)
	var elapsed int64
	aborted := false
	remaining := func() int64 {
		switch {
		case !rule:
			return bound
		case aborted:
			return 0
		}
		return bound - elapsed
	}

	var minWait int64
	if m := millis(a.MinDelay); m > 0 {
		minWait = log2Ceil(m)
	}
	maxCount := int64(0)
	if t := remaining(); t >= 1 {
		maxCount = log2Floor(t)
	}
	waitCount := minWait

	for k := 1; k <= a.Calls; k++ {
		t := remaining()
		tries := t > 0 && (!rule || waitCount < maxCount)
		r := schedule.Row{Attempt: k, Start: float64(elapsed) / 1000, HasWait: true}
		r.Extra[2] = schedule.Num(float64(max(0, t)))
		if tries {
			r.Extra[2] = schedule.Num(float64(max(0, min(t, int64(1)<<(waitCount+1)))))
		}
		if waitCount < maxCount {
			waitCount++
		}
		var sleep int64
		if tries {
			jitter := d.Intn(AivenMaxJitter) - AivenJitterSubtrahend
			nominal := int64(1) << waitCount
			next := nominal + jitter
			r.Extra[0], r.Extra[1] = schedule.Num(float64(nominal)), schedule.Num(float64(jitter))
			switch {
			case next <= 0:
				r.Extra[3] = schedule.Word(AivenNoSleep)
			case rule && next >= t:
				aborted = true
				r.Extra[3] = schedule.Word(AivenAborted)
			default:
				sleep = next
				r.Extra[3] = schedule.Word(AivenSlept)
			}
		} else {
			r.Extra[0], r.Extra[1], r.Extra[3] = schedule.Null, schedule.Null, schedule.Word(AivenIdle)
		}
		r.Wait = float64(sleep) / 1000
		rows = schedule.AddRow(rows, r)
		elapsed += sleep + work
	}
	return rows
}

// Notes explains the plateau and, in timer mode, when sleeping stops.
func (a Aiven) Notes(rows []schedule.Row) []schedule.Note {
	notes := []schedule.Note{{Key: "note.aiven.rows"}}
	bound := millis(a.Timer)
	if a.Mode == "cap" {
		bound = millis(a.Cap)
	}
	if bound >= 1 {
		notes = append(notes, schedule.Note{Key: "note.aiven.plateau", Args: []any{int64(1) << log2Floor(bound), bound}})
	}
	if a.Mode != "cap" {
		notes = append(notes, schedule.Note{Key: "note.aiven.timer"})
	}
	return notes
}
