// Package schedule computes retry and backoff schedules. It does no I/O: every strategy is a pure
// function of its parameters and of the random draws handed to it, so a schedule is reproducible
// and tests can pin exact values.
//
// Multiply-adds: the Go compiler may fuse x*y + z into one instruction that rounds once (always on
// arm64, with GOAMD64=v3 and up on amd64), across statements and inlined calls, and the modelled
// systems round the product first. So every product that an addition or subtraction consumes is
// written float64(x*y), an explicit conversion, which the language defines to round and to forbid
// the fusion, and functions that add their arguments (StartSum.Add) convert them on entry. The
// arm64 and amd64-v3 builds of every package, tests included, hold no fused instruction
// (.ci/fma-check).
package schedule

import (
	"math"
	"slices"
)

// MaxAttempts caps the number of rows a schedule may have, so no input can allocate without bound.
const MaxAttempts = 100000

// Kind says how an extra column's numbers are meant to be read.
type Kind int

const (
	// Seconds is a duration in seconds (shown human-readable in tables).
	Seconds Kind = iota
	// Count is a whole number (a counter, a slot, a retry count).
	Count
	// Millis is a number of milliseconds, shown as it is.
	Millis
	// Text is a word such as an outcome.
	Text
)

// Column describes a strategy-specific column that follows attempt, start and wait.
type Column struct {
	Key  string // snake_case CSV/JSON name, also the message key for headers
	Kind Kind
}

// Value is one cell of an extra column: a number, a word, or nothing.
type Value struct {
	Num  float64
	Text string
	Null bool
}

// Num makes a numeric Value.
func Num(v float64) Value { return Value{Num: v} }

// Word makes a textual Value.
func Word(s string) Value { return Value{Text: s} }

// Null is the empty Value.
var Null = Value{Null: true}

// MaxExtra is the largest number of strategy-specific columns any strategy has.
const MaxExtra = 4

// Row is one attempt (execution, request, poll or call) of a schedule.
type Row struct {
	Attempt int
	Start   float64 // seconds after attempt 1 started
	Wait    float64 // seconds from the end of this attempt to the start of the next
	HasWait bool    // false on the last row: no retry follows it
	Extra   [MaxExtra]Value
}

// Note is a sentence printed under a table, as a message key and its arguments, so renderers can
// translate it.
type Note struct {
	Key  string
	Args []any
}

// Param is one parameter of a schedule as it was used, for the JSON "parameters" object.
type Param struct {
	Name  string
	Value any
}

// Strategy is a retry policy that can be walked into rows.
type Strategy interface {
	// Name is the canonical strategy name.
	Name() string
	// Params lists the parameters in effect, in a stable order.
	Params() []Param
	// Columns lists the strategy-specific columns; Row.Extra holds their values in this order.
	Columns() []Column
	// Fill writes the schedule's rows into rows (reusing its storage, growing it when needed) using
	// d for every random draw, and returns them. Samplers call it millions of times with one slice.
	Fill(d Draws, rows []Row) []Row
	// Notes says what happens after the last row and any quirk of the modelled system worth
	// knowing when reading rows.
	Notes(rows []Row) []Note
}

// AddRow appends r to rows as append does, but doubles the storage when it is full where
// append grows a large slice by a quarter: a Row is 160 bytes and a schedule walked into nil
// storage (solve's searches, the envelope) can have 100000 of them, which append copies about
// four times over. Fill implementations append their rows with it.
func AddRow(rows []Row, r Row) []Row {
	if len(rows) == cap(rows) {
		rows = slices.Grow(rows, max(len(rows), 8))
	}
	return append(rows, r)
}

// ReserveRows returns rows emptied, with room for n rows: its storage when large enough, else new
// storage for exactly n. A Fill that knows its row count up front reserves them, so appending
// never grows the slice.
func ReserveRows(rows []Row, n int) []Row {
	if cap(rows) < n {
		return make([]Row, 0, n)
	}
	return rows[:0]
}

// StartSum accumulates start times. A start is the sum of the waits before it (each a bit-exact float
// of the modelled system), kept with a compensation term holding the exact rounding error of every
// addition and then rounded to the nanosecond, the resolution of any real scheduler's clock:
// ActiveJob's fifth execution starts at 388.55 s, not at the 388.54999999999995 s a naive float
// sum prints.
type StartSum struct{ sum, comp float64 }

// Add advances the clock by d seconds (Plus).
func (c *StartSum) Add(d float64) { *c = c.Plus(d) }

// Plus is the clock advanced by d seconds: the sum, and the exact rounding error of that addition
// added to the compensation (Neumaier's summation). The error is found with Knuth's TwoSum, six
// operations without a branch, exact for any two floats whose sum does not overflow. Neumaier's
// own step, (a-t)+b with a the operand of larger magnitude, is exact too, so both give the same
// error, to the bit: the exact error of a float sum is a float, which each computes exactly
// (TestPlusIsNeumaier). TwoSum needs no comparison of magnitudes, which a sampling loop pays for
// on every row and mispredicts where the sum overtakes the wait.
//
// d is rounded first (see the package doc on multiply-adds): the error is exact for a float
// addend, not for a product fused into its first addition. A hot loop keeps its clock as a value
// (clock = clock.Plus(w)), which the compiler holds in registers, where a clock whose address is
// taken (Add) stays in memory.
func (c StartSum) Plus(d float64) StartSum {
	d = float64(d)
	t := c.sum + d
	dd := t - c.sum // the part of d the sum took
	ds := t - dd    // the part of the old sum it kept
	c.comp += (c.sum - ds) + (d - dd)
	c.sum = t
	return c
}

// Now returns the accumulated seconds, rounded to the nanosecond while a float64 can hold
// nanoseconds exactly (below about 52 days; beyond, a float64 is coarser than a nanosecond anyway).
func (c StartSum) Now() float64 { return RoundStart(c.Raw()) }

// Raw returns the accumulated seconds before Now's rounding: Now() == RoundStart(Raw()).
func (c StartSum) Raw() float64 { return c.sum + c.comp }

// RoundStart rounds an accumulated start to the nanosecond as Now does, while a float64 can hold
// nanoseconds exactly (below about 52 days; beyond, a float64 is coarser than a nanosecond anyway).
//
// It is monotone non-decreasing: v*1e9, the rounding to an integer and /1e9 each are (a product or
// quotient by a positive constant, correctly rounded, keeps order), and across the threshold
// RoundStart(v) <= 4.5e6 <= v' for v < 4.5e6 <= v' (4.5e15 and 4.5e6 are exact), likewise on the
// negative side. Samplers rely on that (see ColumnWriter.RawStarts).
func RoundStart(v float64) float64 {
	if math.Abs(v) < 4.5e6 {
		return roundHalfAway(float64(v*1e9)) / 1e9
	}
	return v
}

// roundHalfAway is math.Round (half away from zero) for finite x, written with Trunc, which
// compiles to one instruction on current CPUs where math.Round is bit manipulation, and without a
// branch (the fraction is as likely to round up as down): d = x - Trunc(x) is exact, Trunc(2d) is
// ±1 when |d| >= 0.5 and ±0 otherwise, and the sign of a zero result is x's, as math.Round's.
// Its one caller rounds the product it passes (float64(v*1e9): the package doc, multiply-adds).
func roundHalfAway(x float64) float64 {
	t := math.Trunc(x)
	d := x - t
	return math.Copysign(t+math.Trunc(d+d), x)
}

// Duration marks a note argument as seconds of time, so renderers can print it human-readable.
type Duration float64
