package presets

import (
	"strconv"

	"github.com/backoffctl/backoffctl/schedule"
)

// Celery is Celery 5.2.6 autoretry_for (Debian python3-celery 5.2.6-5): celery/app/autoretry.py
// (add_autoretry_behaviour), celery/utils/time.py (get_exponential_backoff_interval) and
// celery/app/task.py (Task.retry, max_retries = 3, default_retry_delay = 3 * 60). With Celery's
// defaults (retry_backoff False, max_retries 3) every retry waits default_retry_delay:
//
//	attempt  start  wait
//	1        0      180
//	2        180    180
//	3        360    180
//	4        540    -
//
// With --retry-backoff true the countdown after call c is randrange(min(600, 2**(c-1)) + 1), whole
// seconds, 0 included. Attempt k is the call with request.retries = k-1; max_retries 3 is 4 calls.
type Celery struct {
	Backoff      int64 // int(retry_backoff): 0 is off
	BackoffText  string
	BackoffMax   int64 // int(retry_backoff_max)
	Jitter       bool
	MaxRetries   int
	DefaultDelay float64
	JobDuration  float64
	Parameters   []schedule.Param
}

// countdown is get_exponential_backoff_interval(factor, retries, maximum, full_jitter):
//
//	countdown = min(maximum, factor * (2 ** retries))
//	if full_jitter: countdown = random.randrange(countdown + 1)
//	return max(0, countdown)
//
// Python ints never overflow; here the product saturates at maximum, which min() picks anyway.
func (c Celery) countdown(retries int, d schedule.Draws) int64 {
	cd := c.BackoffMax
	if retries < 62 && c.Backoff <= c.BackoffMax>>uint(retries) {
		cd = c.Backoff << uint(retries)
	}
	if c.Jitter {
		cd = d.Intn(cd + 1) // randrange: _randbelow, a draw even for randrange(1)
	}
	return max(0, cd)
}

// Name is celery.
func (c Celery) Name() string { return "celery" }

// Params lists the parameters in effect.
func (c Celery) Params() []schedule.Param { return c.Parameters }

// Columns: none.
func (c Celery) Columns() []schedule.Column { return nil }

// Fill runs the autoretry loop: after call k fails, the countdown is computed (autoretry.py, with
// its draw), then Task.retry raises once retries = k > max_retries, so the last failure draws a
// countdown it never uses.
func (c Celery) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	rows = schedule.ReserveRows(rows, max(c.MaxRetries+1, 0))
	var sum schedule.StartSum
	for k := 1; ; k++ {
		r := schedule.Row{Attempt: k, Start: sum.Now()}
		wait := c.DefaultDelay // task.py: `if not eta and countdown is None: countdown = self.default_retry_delay`
		if c.Backoff != 0 {    // autoretry.py: `if retry_backoff:`
			wait = float64(c.countdown(k-1, d))
		}
		if k <= c.MaxRetries { // task.py: `if max_retries is not None and retries > max_retries: raise`
			r.Wait, r.HasWait = wait, true
			sum.Add(c.JobDuration)
			sum.Add(wait)
		}
		rows = schedule.AddRow(rows, r)
		if !r.HasWait {
			return rows
		}
	}
}

// Notes say what ends the schedule (retries, not calls) and why waits look as they do.
func (c Celery) Notes(rows []schedule.Row) []schedule.Note {
	k := len(rows)
	notes := []schedule.Note{{Key: "note.celery.exhausted", Args: []any{k, k - 1, c.MaxRetries}}}
	switch {
	case c.Backoff == 0:
		notes = append(notes, schedule.Note{Key: "note.celery.off", Args: []any{c.BackoffText, schedule.Duration(c.DefaultDelay)}})
	case c.BackoffText != "true" && c.BackoffText != strconv.FormatInt(c.Backoff, 10):
		notes = append(notes, schedule.Note{Key: "note.celery.truncated", Args: []any{c.BackoffText, c.Backoff}})
	}
	if c.Backoff != 0 && c.Jitter {
		notes = append(notes, schedule.Note{Key: "note.celery.jitter", Args: []any{c.BackoffMax}})
	}
	return notes
}
