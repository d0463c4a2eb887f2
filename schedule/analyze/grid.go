package analyze

import (
	"math"
	"strconv"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// grid maps a parameter's range to integer positions, in increasing value order: whole numbers,
// nanoseconds, or the bit patterns of non-negative float64s (which sort like the floats).
type grid struct {
	lo, hi uint64
	kind   param.Kind
}

func newGrid(s param.Spec) (grid, bool) {
	switch s.Kind {
	case param.Int:
		return grid{lo: uint64(s.Min), hi: uint64(s.Max), kind: s.Kind}, s.Min >= 0
	case param.Duration:
		lo := uint64(s.MinDur)
		if s.ZeroOff && lo == 0 { // 0 is "off", the far end of the range: search from 1 ns
			lo = 1
		}
		return grid{lo: lo, hi: uint64(s.MaxDur), kind: s.Kind}, s.MinDur >= 0
	case param.Float:
		hi := s.Max
		if s.OpenMax {
			hi = math.Nextafter(hi, math.Inf(-1))
		}
		return grid{lo: math.Float64bits(s.Min), hi: math.Float64bits(hi), kind: s.Kind}, s.Min >= 0
	}
	return grid{}, false
}

// value is the parameter value at a position (seconds for durations).
func (g grid) value(i uint64) param.Value {
	switch g.kind {
	case param.Int:
		return param.Number(float64(i))
	case param.Duration:
		return param.Number(time.Duration(i).Seconds())
	}
	return param.Number(math.Float64frombits(i))
}

// display is a position as a person reads it.
func (g grid) display(i uint64) string {
	switch g.kind {
	case param.Duration:
		return param.HumanSeconds(g.value(i).Num).String()
	case param.Int:
		return strconv.FormatUint(i, 10)
	}
	return strconv.FormatFloat(math.Float64frombits(i), 'g', -1, 64)
}
