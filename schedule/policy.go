package schedule

// Step is what a policy knows when an attempt has just failed.
type Step struct {
	Attempt int     // 1-based attempt that just failed
	Elapsed float64 // seconds from attempt 1's start to this failure (its start plus the job duration)
	Prev    float64 // the previous wait (0 after the first attempt)
}

// Policy decides the wait after a failed attempt from the step and the draws. ok is false when no
// retry follows. A policy is a pure function of its arguments: everything random comes from d.
// Wrappers (Capped, WithMaxElapsed, WithAttempts, the jitter models) take a policy and return one,
// as sethvargo/go-retry's middlewares do; the wrapping order is the order of the rules.
type Policy interface {
	Next(s Step, d Draws) (wait float64, ok bool)
}

// PolicyFunc makes a function a Policy.
type PolicyFunc func(s Step, d Draws) (float64, bool)

// Next calls f.
func (f PolicyFunc) Next(s Step, d Draws) (float64, bool) { return f(s, d) }

// Walk lays a policy out as rows: attempt 1 starts at 0, each failure asks the policy for the wait,
// and start(k+1) = start(k) + job + wait(k). It stops when the policy says so, or at MaxAttempts
// rows. rows' storage is reused (samplers walk millions of schedules with one slice). Rows past its
// capacity are kept as their start and wait alone (24 bytes, no pointers, where a Row is 160) and
// laid out once at the end in storage allocated at the schedule's length: a long schedule walked
// into nil (solve's searches walk thousands of 100000-row schedules) no longer grows and copies a
// slice of Rows a row at a time, the bulk of its cost.
func Walk(p Policy, job float64, d Draws, rows []Row) []Row {
	rows = rows[:0]
	var more [][]walked // the rows that did not fit in rows' storage, in chunks never copied
	n := 0              // rows walked
	var sum StartSum
	step := Step{}
	for k := 1; ; k++ {
		r := walked{start: sum.Now()}
		if k < MaxAttempts {
			step.Attempt = k
			step.Elapsed = r.start + job
			if w, ok := p.Next(step, d); ok {
				r.wait, r.hasWait, step.Prev = w, true, w
				sum.Add(job)
				sum.Add(w)
			}
		}
		n++
		if more == nil && len(rows) < cap(rows) {
			rows = append(rows, Row{Attempt: k, Start: r.start, Wait: r.wait, HasWait: r.hasWait})
		} else {
			if last := len(more) - 1; last < 0 || len(more[last]) == cap(more[last]) {
				size := 256
				if last >= 0 {
					size = min(2*cap(more[last]), 1<<14)
				}
				more = append(more, make([]walked, 0, size))
			}
			more[len(more)-1] = append(more[len(more)-1], r)
		}
		if !r.hasWait {
			break
		}
	}
	if more == nil {
		return rows
	}
	// Twice the old capacity at least, as append grows, so a slice reused for schedules of
	// growing length is not reallocated for every one.
	out := make([]Row, n, max(n, 2*cap(rows)))
	k := copy(out, rows)
	// out is zeroed: setting the scalar fields alone writes no pointer (no write barrier).
	for _, chunk := range more {
		for _, r := range chunk {
			o := &out[k]
			k++
			o.Attempt, o.Start, o.Wait, o.HasWait = k, r.start, r.wait, r.hasWait
		}
	}
	return out
}

// walked is a row as Walk computes it.
type walked struct {
	start, wait float64
	hasWait     bool
}

// WithAttempts allows n attempts in all: no retry after attempt n, and no draw either (it is the
// outermost rule, so the inner policy is not asked).
func WithAttempts(p Policy, n int) Policy {
	return PolicyFunc(func(s Step, d Draws) (float64, bool) {
		if s.Attempt >= n {
			return 0, false
		}
		return p.Next(s, d)
	})
}

// WithMaxElapsed ends the schedule at an elapsed-time limit: no retry starts later than limit
// seconds after attempt 1 started. The inner policy is asked first (its draw is consumed), then
// the retry is dropped when it would start past the limit, as a deadline check does.
func WithMaxElapsed(p Policy, limit float64) Policy {
	return PolicyFunc(func(s Step, d Draws) (float64, bool) {
		w, ok := p.Next(s, d)
		if !ok || s.Elapsed+w > limit {
			return 0, false
		}
		return w, true
	})
}

// Capped bounds every wait at limit: this is not a total time, each wait is cut on its own. The
// cap applies where it wraps: around the jitter it bounds the jittered wait, inside it the
// nominal one. The builtin min is math.Min for a finite limit (they differ only for -Inf and NaN
// together), inlined.
func Capped(p Policy, limit float64) Policy {
	return PolicyFunc(func(s Step, d Draws) (float64, bool) {
		w, ok := p.Next(s, d)
		return min(w, limit), ok
	})
}
