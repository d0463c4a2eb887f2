package plot

import (
	"reflect"
	"testing"
)

// Ticks by hand: multiples of 1, 2 or 5 times a power of ten, at most steps+1, trimmed labels.
func TestNumberTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		steps  int
		want   []string
	}{
		{0, 1, 8, []string{"0", "0.2", "0.4", "0.6", "0.8", "1"}},
		{0, 4, 5, []string{"0", "1", "2", "3", "4"}},
		{0, 4.2, 5, []string{"0", "1", "2", "3", "4"}},
		{0, 20, 5, []string{"0", "5", "10", "15", "20"}},
		{0, 0.05, 5, []string{"0", "0.01", "0.02", "0.03", "0.04", "0.05"}},
	} {
		var got []string
		for _, tk := range NumberTicks(c.lo, c.hi, c.steps) {
			got = append(got, tk.Label)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("NumberTicks(%v, %v, %d) = %v, want %v", c.lo, c.hi, c.steps, got, c.want)
		}
	}
}
