package draw

import (
	"math/rand"
	"time"
)

// NanoClockRand reproduces a library that seeds a fresh Go math/rand source from the wall clock's
// nanosecond on every draw, as hashicorp/go-retryablehttp's LinearJitterBackoff does
// (rand.New(rand.NewSource(int64(time.Now().Nanosecond()))).Float64()). --seed N is the clock's
// Nanosecond() when attempt 1 starts (N mod 1e9); a draw at elapsed time e reads the source seeded
// with (N + e) mod 1e9, as in a testing/synctest bubble whose clock moves only by the sleeps and
// the calls' own time.
type NanoClockRand struct{ n int64 }

// NewNanoClockRand starts the clock at nanosecond seed mod 1e9.
func NewNanoClockRand(seed int64) *NanoClockRand { return &NanoClockRand{n: (seed%1e9 + 1e9) % 1e9} }

// At is the first Float64 of math/rand seeded with the clock's Nanosecond() after elapsed.
func (c *NanoClockRand) At(elapsed time.Duration) float64 {
	ns := (c.n + int64(elapsed%time.Second)) % 1e9
	return rand.New(rand.NewSource(ns)).Float64()
}

// Unit is the draw at elapsed 0, for strategies that do not know the time.
func (c *NanoClockRand) Unit() float64 { return c.At(0) }

// Intn returns floor(u*n) for that draw.
func (c *NanoClockRand) Intn(n int64) int64 { return ScaleDiscrete(c.Unit(), n) }
