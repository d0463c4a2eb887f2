package sample

import (
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// A pilot histogram keeps the column's values (least first, greatest last) and brackets every
// rank at least as widely as the ordered column, by at most its rank's bucket on either side:
// the aligned placement then keeps the very buckets the exact bracket gives.
func TestPilotHistogramBrackets(t *testing.T) {
	g := draw.NewSplitMix(3, 0)
	for trial := range 300 {
		n := 1 + int(g.Intn(3000))
		v := make([]float64, n)
		scale := math.Ldexp(1, int(g.Intn(60))-30)
		for i := range v {
			switch g.Intn(5) {
			case 0:
				v[i] = scale // ties
			default:
				v[i] = scale * (1 + float64(g.Unit()*float64(1+trial%7)))
			}
		}
		sorted := slices.Clone(v)
		slices.Sort(sorted)
		h := newPilotHistogram(v)
		if h == nil {
			t.Fatalf("trial %d: positive values refused", trial)
		}
		if v[0] != sorted[0] || v[n-1] != sorted[n-1] {
			t.Fatalf("trial %d: ends %v %v, want %v %v", trial, v[0], v[n-1], sorted[0], sorted[n-1])
		}
		if got := slices.Sorted(slices.Values(v)); !slices.Equal(got, sorted) {
			t.Fatalf("trial %d: the column's values changed", trial)
		}
		for _, p := range []float64{0.001, 0.05, 0.5, 0.95, 0.999} {
			var exact, wide target
			exact.bracket(sorted, p, n)
			h.bracket(&wide, n, p, n)
			if !(wide.lo <= exact.lo && exact.hi <= wide.hi) || wide.share != exact.share {
				t.Fatalf("trial %d p%v: [%v, %v] does not hold [%v, %v]", trial, p, wide.lo, wide.hi, exact.lo, exact.hi)
			}
			a, b := newAlignedColumn(sorted[0], sorted[n-1], []bracketBounds{{lo: exact.lo, hi: exact.hi}}), newAlignedColumn(sorted[0], sorted[n-1], []bracketBounds{{lo: wide.lo, hi: wide.hi}})
			if a.keep != b.keep {
				t.Fatalf("trial %d p%v: the widened bracket keeps other buckets", trial, p)
			}
		}
	}
	for _, v := range [][]float64{{3, 1, 2}, {3, 2, 1}, {1, 3, 2}, {2, 3, 1}, {2, 1, 3}, {5}, {4, 4}} {
		want := slices.Sorted(slices.Values(v))
		if newPilotHistogram(v); v[0] != want[0] || v[len(v)-1] != want[len(want)-1] {
			t.Errorf("ends of %v, want %v first and %v last", v, want[0], want[len(want)-1])
		}
	}
	for _, bad := range [][]float64{{0, 1}, {-1, 2}, {1, math.Inf(1)}, {}} {
		if newPilotHistogram(bad) != nil {
			t.Errorf("%v: a histogram for a range alignedColumn does not cut", bad)
		}
	}
}
