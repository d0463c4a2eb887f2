package sim

import (
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// The calendar pops what a sorted list would: times ascending, equal times last pushed first,
// with peeks between pushes, pushes earlier than a peeked top, items far past the window and
// jumps over empty stretches.
func TestCalendarPopsInOrder(t *testing.T) {
	seeds := int64(40)
	if testing.Short() { // the first 10 of the same runs
		seeds = 10
	}
	for seed := int64(0); seed < seeds; seed++ {
		g := draw.NewSplitMix(seed, 0)
		q := newCalendar(int64(1+g.Intn(1<<32)), 1+int(g.Intn(2000)))
		type ref struct {
			t   int64
			seq int
			id  int32
		}
		var pending []ref
		var last int64
		seq := 0
		for step := 0; step < 6000; step++ {
			switch op := g.Intn(10); {
			case op < 5 || len(pending) == 0: // push at or after the last popped time
				var dt int64
				switch g.Intn(4) {
				case 0: // a tie with a pending time or with the last popped one
					if len(pending) > 0 {
						dt = pending[g.Intn(int64(len(pending)))].t - last
					}
				case 1:
					dt = g.Intn(1 << 40) // far past any window
				default:
					dt = g.Intn(1 << 33)
				}
				seq++
				q.push(last+dt, int32(seq))
				pending = append(pending, ref{last + dt, seq, int32(seq)})
			case op < 7: // peek
				slices.SortFunc(pending, func(a, b ref) int {
					if a.t != b.t {
						return int(a.t - b.t)
					}
					return b.seq - a.seq
				})
				if got := q.top(); got.t != pending[0].t || got.id != pending[0].id {
					t.Fatalf("seed %d step %d: top %v, want %v", seed, step, got, pending[0])
				}
			default:
				slices.SortFunc(pending, func(a, b ref) int {
					if a.t != b.t {
						if a.t < b.t {
							return -1
						}
						return 1
					}
					return b.seq - a.seq
				})
				got := q.pop()
				if got.t != pending[0].t || got.id != pending[0].id {
					t.Fatalf("seed %d step %d: pop %v, want %v", seed, step, got, pending[0])
				}
				last = got.t
				pending = pending[1:]
			}
			if q.len() != len(pending) {
				t.Fatalf("seed %d: len %d, want %d", seed, q.len(), len(pending))
			}
		}
	}
}
