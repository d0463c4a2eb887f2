package cmd

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/format"
	"github.com/spf13/pflag"
)

// runFor solves a numeric parameter: the least value whose last attempt starts at or after the
// window, assuming the last start grows with the parameter. The search runs over the parameter's
// own grain (whole units for integers, nanoseconds for durations, every float64 for numbers), so
// the answer is the exact least value, not an approximation.
func (o *solveOptions) runFor(g *globalOptions, b *boundStrategy) error {
	f := b.fs.Lookup(strings.TrimPrefix(o.param, "--"))
	if f == nil || f.Name == "rand" || f.Name == "seed" || f.Name == "samples" || f.Name == "percentile" || f.Name == "window" {
		return badInput("--for takes a numeric parameter of %s: %s", b.def.name, strings.Join(numericParams(b), ", "))
	}
	grid, ok := newSearchGrid(f.Value)
	if !ok {
		return badInput("--for takes a numeric parameter of %s: %s", b.def.name, strings.Join(numericParams(b), ", "))
	}
	lastStart := func(i uint64) (float64, error) {
		if err := b.fs.Set(f.Name, grid.text(i)); err != nil {
			return 0, err
		}
		s, err := b.strategy(o.eval.sampling())
		if err != nil {
			return 0, err
		}
		v, err := o.eval.view(b, s, g.stderr)
		if err != nil {
			return 0, err
		}
		return v.starts[len(v.starts)-1], nil
	}
	hiStart, err := lastStart(grid.hi)
	if err != nil {
		return err
	}
	if hiStart < o.window {
		return badInput("no --%s in %s reaches --window %s: at %s the last attempt starts at %s",
			f.Name, grid.rangeText(), format.Duration(o.window), grid.display(grid.hi), format.Duration(hiStart))
	}
	lo, hi := grid.lo, grid.hi // invariant: hi reaches the window
	if s, err := lastStart(lo); err != nil {
		return err
	} else if s >= o.window {
		hi = lo
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		s, err := lastStart(mid)
		if err != nil {
			return err
		}
		if s >= o.window {
			hi = mid
		} else {
			lo = mid
		}
	}
	start, err := lastStart(hi)
	if err != nil {
		return err
	}
	s, _ := b.strategy(o.eval.sampling())
	value := grid.value(hi)
	t := &format.Table{
		Head: []format.Field{
			{Name: "strategy", Value: b.def.name},
			{Name: "window_seconds", Value: o.window},
			{Name: "parameter", Value: f.Name},
			{Name: "value", Value: value},
		},
		Parameters: fieldsOf(s, b),
		Columns: []format.Column{
			{Key: "draws", Kind: format.Text},
			{Key: "parameter", Kind: format.Text},
			{Key: "value", Kind: grid.kind},
			{Key: "last_start_seconds", Kind: format.Seconds},
		},
		Rows:  [][]format.Cell{{{Text: o.eval.label(b)}, {Text: "--" + f.Name}, {Num: value}, {Num: start}}},
		Notes: []format.Message{{Key: "note.solve.for", Args: []any{f.Name, grid.display(hi), format.Duration(start), format.Duration(o.window)}}},
	}
	return g.emit(t)
}

// numericParams lists the parameters --for can solve.
func numericParams(b *boundStrategy) []string {
	var names []string
	b.fs.VisitAll(func(f *pflag.Flag) {
		if _, ok := newSearchGrid(f.Value); ok && f.Name != "rand" && f.Name != "samples" && f.Name != "percentile" && f.Name != "window" {
			names = append(names, f.Name)
		}
	})
	return names
}

// searchGrid maps a flag's range to integer positions, in increasing value order: whole numbers,
// nanoseconds, or the bit patterns of non-negative float64s (which sort like the floats).
type searchGrid struct {
	lo, hi    uint64
	kind      format.Kind
	text      func(uint64) string  // the flag text for a position
	value     func(uint64) float64 // the value reported (seconds for durations)
	rangeText func() string
}

func newSearchGrid(v pflag.Value) (searchGrid, bool) {
	switch x := v.(type) {
	case *intValue:
		return searchGrid{lo: uint64(x.min), hi: uint64(x.max), kind: format.Integer,
			text:      func(i uint64) string { return strconv.FormatUint(i, 10) },
			value:     func(i uint64) float64 { return float64(i) },
			rangeText: func() string { return fmt.Sprintf("[%d, %d]", x.min, x.max) }}, x.min >= 0
	case *durationValue:
		return searchGrid{lo: uint64(x.min), hi: uint64(x.max), kind: format.Seconds,
			text:      func(i uint64) string { return strconv.FormatUint(i, 10) + "ns" },
			value:     func(i uint64) float64 { return time.Duration(i).Seconds() },
			rangeText: func() string { return fmt.Sprintf("[%s, %s]", formatDuration(x.min), formatDuration(x.max)) }}, true
	case *floatValue:
		hi := x.max
		if x.openMax {
			hi = math.Nextafter(hi, math.Inf(-1))
		}
		return searchGrid{lo: math.Float64bits(x.min), hi: math.Float64bits(hi), kind: format.Number,
			text:      func(i uint64) string { return strconv.FormatFloat(math.Float64frombits(i), 'g', -1, 64) },
			value:     func(i uint64) float64 { return math.Float64frombits(i) },
			rangeText: x.rangeText}, x.min >= 0
	}
	return searchGrid{}, false
}

// display is a position as a person reads it.
func (g searchGrid) display(i uint64) string {
	if g.kind == format.Seconds {
		return format.Duration(g.value(i)).String()
	}
	return g.text(i)
}
