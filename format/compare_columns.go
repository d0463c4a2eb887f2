package format

import (
	"math"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
)

// cmpColumn is one policy's column in a comparison: its key suffix (start_seconds,
// wait_min_seconds, ...) and its value on each row.
type cmpColumn struct {
	policy int
	suffix string
	kind   Kind
	value  func(row int) (float64, bool)
}

func (col cmpColumn) key(c *Comparison) string { return c.Policies[col.policy].Name + "_" + col.suffix }

// compareColumns lists every policy's columns in order: start, wait, envelope, percentiles,
// reached.
func compareColumns(c *Comparison) []cmpColumn {
	var cols []cmpColumn
	for i := range c.Policies {
		e := &c.Policies[i]
		add := func(suffix string, kind Kind, value func(int) (float64, bool)) {
			cols = append(cols, cmpColumn{policy: i, suffix: suffix, kind: kind, value: value})
		}
		add("start_seconds", Seconds, func(r int) (float64, bool) {
			if r < len(e.Rows) {
				return e.Rows[r].Start, true
			}
			return 0, false
		})
		if c.Waits {
			add("wait_seconds", Seconds, func(r int) (float64, bool) {
				if r < len(e.Rows) && e.Rows[r].HasWait {
					return e.Rows[r].Wait, true
				}
				return 0, false
			})
		}
		if e.Bounds != nil {
			bound := func(get func(b schedule.Bounds) float64, wait bool) func(int) (float64, bool) {
				return func(r int) (float64, bool) {
					if r >= len(e.Bounds) || (wait && e.Bounds[r].NoWait) {
						return 0, false
					}
					return get(e.Bounds[r]), true
				}
			}
			add("start_min_seconds", Seconds, bound(func(b schedule.Bounds) float64 { return b.StartMin }, false))
			add("start_max_seconds", Seconds, bound(func(b schedule.Bounds) float64 { return b.StartMax }, false))
			if c.Waits {
				add("wait_min_seconds", Seconds, bound(func(b schedule.Bounds) float64 { return b.WaitMin }, true))
				add("wait_max_seconds", Seconds, bound(func(b schedule.Bounds) float64 { return b.WaitMax }, true))
			}
		}
		q := &e.Quantiles
		if len(q.Percents) > 0 {
			quantile := func(m [][]float64, j int) func(int) (float64, bool) {
				return func(r int) (float64, bool) {
					if r >= len(m) || math.IsNaN(m[r][j]) {
						return 0, false
					}
					return m[r][j], true
				}
			}
			for j, p := range q.Percents {
				add("start_p"+analyze.PercentileName(p)+"_seconds", Seconds, quantile(q.Start, j))
			}
			if c.Waits {
				for j, p := range q.Percents {
					add("wait_p"+analyze.PercentileName(p)+"_seconds", Seconds, quantile(q.Wait, j))
				}
			}
			if !q.AllReach() {
				add("reached", Number, func(r int) (float64, bool) {
					if r < len(q.Reached) {
						return q.Reached[r], true
					}
					return 0, true
				})
			}
		}
	}
	return cols
}
