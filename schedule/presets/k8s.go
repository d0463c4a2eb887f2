package presets

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// K8s is k8s.io/apimachinery's wait.ExponentialBackoff with a wait.Backoff (module
// k8s.io/apimachinery v0.37.2, pkg/util/wait/backoff.go ExponentialBackoff, Backoff.Step and delay;
// wait.go Jitter and jitterRand), as k8s.io/client-go v0.37.2 util/retry/util.go OnError and
// RetryOnConflict run it. With the default, retry.DefaultRetry (Steps 5, Duration 10ms, Factor
// 1.0, Jitter 0.1), and every draw at u = 0.5:
//
//	attempt  start    wait     wait range
//	1        0s       10.5ms   [10ms, 11ms): jitter only adds
//	2        10.5ms   10.5ms
//	3        21ms     10.5ms
//	4        31.5ms   10.5ms
//	5        42ms     -        Steps 5 = 5 calls: ErrWaitTimeout (OnError: the last error)
//
// retry.DefaultBackoff (Steps 4, 10ms, Factor 5.0, Jitter 0.1) sleeps 10.5ms, 52.5ms, 262.5ms.
// A row is one condition call. ExponentialBackoff calls the condition while Steps > 0, breaks
// when Steps == 1 (no sleep after the last call), and otherwise sleeps Step(). Step() returns the
// current Duration jittered upward and moves Duration to trunc(Duration*Factor) (Factor 0: no
// growth), unjittered; when that next value passes Cap it becomes Cap and Steps becomes 0, so the
// loop sleeps once more and ends without calling the condition: that wasted sleep is the
// wasted_sleep_seconds column of the last row, never a wait.
type K8s struct {
	Duration    time.Duration
	Factor      float64
	Jitter      float64
	Steps       int
	Cap         time.Duration // 0: none
	JobDuration time.Duration
}

// step is Backoff.Step() with delay()'s arithmetic: the sleep, the next Duration and Steps
// (steps >= 1, as ExponentialBackoff only steps then).
func (b K8s) step(duration time.Duration, steps int, d schedule.Draws) (sleep, next time.Duration, nextSteps int) {
	steps--
	next = duration
	if b.Factor != 0 { // backoff.go delay: if factor != 0 { ... } else { next = duration }
		next = nsOf(float64(duration) * b.Factor) // truncated every step; saturating where the library wraps
		if b.Cap > 0 && next > b.Cap {
			next, steps = b.Cap, 0 // if cap > 0 && next > cap { next = cap; steps = 0 }
		}
	}
	sleep = duration
	if b.Jitter > 0 { // one draw per Step, only when Jitter > 0
		// wait.go Jitter: duration + time.Duration(jitterRand()*maxFactor*float64(duration))
		sleep = nsAdd(duration, nsOf(libraryUnit(d.Unit())*b.Jitter*float64(duration)))
	}
	return sleep, next, steps
}

// Strategy is the preset as a table of condition calls.
func (b K8s) Strategy(params []schedule.Param) schedule.Strategy {
	return &k8sSchedule{b: b, params: params}
}

type k8sSchedule struct {
	b      K8s
	params []schedule.Param
}

func (s *k8sSchedule) Name() string             { return "k8s" }
func (s *k8sSchedule) Params() []schedule.Param { return s.params }

// Columns: the wasted sleep after the last call, when a cap can cause one.
func (s *k8sSchedule) Columns() []schedule.Column {
	if s.b.Cap > 0 {
		return []schedule.Column{{Key: "wasted_sleep_seconds", Kind: schedule.Seconds}}
	}
	return nil
}

// Fill walks ExponentialBackoff: for backoff.Steps > 0 { condition; if Steps == 1 { break }; sleep(Step()) }.
func (s *k8sSchedule) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	b := s.b
	rows = rows[:0]
	duration, steps := b.Duration, b.Steps
	job := seconds(b.JobDuration)
	var start schedule.StartSum
	for k := 1; steps > 0 && k <= schedule.MaxAttempts; k++ {
		row := schedule.Row{Attempt: k, Start: start.Now()}
		row.Extra[0] = schedule.Null
		if steps == 1 || k == schedule.MaxAttempts {
			return append(rows, row) // if backoff.Steps == 1 { break }: no sleep after the last call
		}
		var sleep time.Duration
		sleep, duration, steps = b.step(duration, steps, d)
		if steps == 0 { // the cap ended the loop: it sleeps, then returns without a call
			row.Extra[0] = schedule.Num(seconds(sleep))
			return append(rows, row)
		}
		row.Wait, row.HasWait = seconds(sleep), true
		start.Add(job)
		start.Add(row.Wait)
		rows = schedule.AddRow(rows, row)
	}
	return rows
}

// durationAt is the unjittered Duration Step() starts from after call k, and the first call whose
// sleep starts from a saturated one (0: none by call k).
func (b K8s) durationAt(k int) (d time.Duration, saturated int) {
	d = b.Duration
	for i := 1; i < k && b.Factor != 0; i++ {
		f := float64(d) * b.Factor
		if saturated == 0 && f >= math.MaxInt64 {
			saturated = i + 1
		}
		d = nsOf(f)
	}
	return d, saturated
}

// Notes say what ended the loop, the numbering, the jitter's direction and any saturation.
func (s *k8sSchedule) Notes(rows []schedule.Row) []schedule.Note {
	b := s.b
	last := len(rows)
	var notes []schedule.Note
	d, saturated := b.durationAt(last)
	capped := b.Cap > 0 && !rows[last-1].Extra[0].Null
	if capped {
		next := nsOf(float64(d) * b.Factor)
		notes = append(notes, schedule.Note{Key: "note.k8s.cap", Args: []any{last, schedule.Duration(seconds(next)),
			schedule.Duration(seconds(b.Cap)), schedule.Duration(rows[last-1].Extra[0].Num)}})
	} else {
		notes = append(notes, schedule.Note{Key: "note.k8s.steps", Args: []any{last, b.Steps}})
	}
	if b.Jitter > 0 && (last > 1 || capped) {
		notes = append(notes, schedule.Note{Key: "note.k8s.jitter", Args: []any{param.FormatNumber(b.Jitter), param.FormatNumber(b.Jitter)}})
	}
	if b.Factor == 0 && last > 1 {
		notes = append(notes, schedule.Note{Key: "note.k8s.nogrowth"})
	}
	if saturated > 0 && saturated < last {
		notes = append(notes, schedule.Note{Key: "note.k8s.saturated", Args: []any{saturated}})
	}
	return notes
}
