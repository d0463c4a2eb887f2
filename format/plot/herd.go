package plot

import "github.com/backoffctl/backoffctl/schedule/sim"

// Herd is simulate herd's chart: offered load (attempts sent), successes and attempts in flight
// per time bucket, against the bucket's start.
func Herd(rows []sim.HerdRow, bucket float64) *Chart {
	c := &Chart{Title: "Retry storm: load per bucket", XLabel: "time (s)", YLabel: "attempts per bucket", Counts: true}
	for g, col := range []struct {
		name string
		col  int
	}{{"offered", sim.ColOffered}, {"successes", sim.ColSuccesses}, {"in flight", sim.ColInFlight}} {
		s := Series{Name: col.name, Group: g}
		for b, r := range rows {
			s.Points = append(s.Points, Point{X: float64(b) * bucket, Y: r[col.col]})
		}
		c.Series = append(c.Series, s)
	}
	return c
}
