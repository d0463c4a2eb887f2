package presets

import (
	"fmt"

	"github.com/backoffctl/backoffctl/schedule"
)

// Sidekiq is Sidekiq's default retry delay (lib/sidekiq/job_retry.rb, delay_for). After the
// execution with retry_count c fails (c = 0 on the first failure), the next run is scheduled
// c^4 + 15 + J seconds later; a retry happens while c < retries, so 25 retries make 26 executions.
// The jitter J changed twice:
//
//	<= 6.2.1:      J = rand(30) * (c + 1)
//	6.2.2 - 7.x:   J = rand(10) * (c + 1)
//	>= 8.0:        J = rand(10 * (c + 1))
//
// With u = 0.5 the 7.x rows are the Sidekiq wiki's table (c^4 + 15 + 5(c+1); 1765020 s in all for
// 25 retries, which the wiki calls "about 21 days": it is 20d 10h 17m). Real runs start later by
// the scheduled-set poll interval (about 5 s on average), which this schedule leaves out.
type Sidekiq struct {
	Retries     int            // sidekiq_options retry: (default 25)
	Version     SidekiqVersion // selects the jitter formula
	JobDuration float64        // seconds each execution runs before it fails
}

// SidekiqVersion is a Sidekiq version as major, minor, patch.
type SidekiqVersion struct{ Major, Minor, Patch int }

func (v SidekiqVersion) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

func (v SidekiqVersion) less(o SidekiqVersion) bool {
	if v.Major != o.Major {
		return v.Major < o.Major
	}
	if v.Minor != o.Minor {
		return v.Minor < o.Minor
	}
	return v.Patch < o.Patch
}

// jitter returns J for retry count c.
func (v SidekiqVersion) jitter(d schedule.Draws, c int64) int64 {
	switch {
	case v.less(SidekiqVersion{6, 2, 2}): // up to 6.2.1
		return d.Intn(30) * (c + 1)
	case v.less(SidekiqVersion{8, 0, 0}):
		return d.Intn(10) * (c + 1)
	default:
		return d.Intn(10 * (c + 1))
	}
}

// Name returns "sidekiq".
func (s Sidekiq) Name() string { return "sidekiq" }

// Params lists retries, sidekiq_version and job_duration_seconds.
func (s Sidekiq) Params() []schedule.Param {
	return []schedule.Param{{Name: "retries", Value: s.Retries}, {Name: "sidekiq_version", Value: s.Version.String()}, {Name: "job_duration_seconds", Value: s.JobDuration}}
}

// Columns adds retry_count: the count Sidekiq stores when this execution fails.
func (s Sidekiq) Columns() []schedule.Column {
	return []schedule.Column{{Key: "retry_count", Kind: schedule.Count}}
}

// Fill lays out executions 1..retries+1 (WriteColumns), each with the retry count it fails with.
func (s Sidekiq) Fill(d schedule.Draws, rows []schedule.Row) []schedule.Row {
	rows = schedule.FillFromColumns(s, d, rows)
	for c := range rows {
		rows[c].Extra[0] = schedule.Num(float64(c))
	}
	return rows
}

// WriteColumns is the schedule (see ColumnWriter): after the execution that fails with retry
// count c, the wait c^4 + 15 + jitter. Ruby adds exact integers (bignums past int64); the sum is
// rounded once, at the end.
func (s Sidekiq) WriteColumns(d schedule.Draws, vals []float64, rows int, raw bool) []float64 {
	var clock schedule.StartSum
	for c := int64(0); c < int64(min(s.Retries+1, rows)); c++ {
		vals = schedule.AppendRow(vals, clock, raw)
		if c < int64(s.Retries) {
			w := fourthPowerPlus(int(c), 15+s.Version.jitter(d, c))
			vals[len(vals)-1] = w
			clock = clock.Plus(s.JobDuration)
			clock = clock.Plus(w)
		}
	}
	return vals
}

// RawStarts is true for a non-negative, bounded job duration (the range the command line
// accepts): every wait is at least 15 s and finite, so starts are positive after the first (+0).
func (s Sidekiq) RawStarts() bool { return s.JobDuration >= 0 && s.JobDuration <= 1e12 }

// Notes says where the job goes after the last retry.
func (s Sidekiq) Notes(rows []schedule.Row) []schedule.Note {
	last := rows[len(rows)-1]
	return []schedule.Note{
		{Key: "note.sidekiq.dead", Args: []any{last.Attempt, s.Retries, schedule.Duration(last.Start)}},
		{Key: "note.sidekiq.poll"},
	}
}
