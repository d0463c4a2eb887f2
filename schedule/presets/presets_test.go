package presets

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
)

// waitsNS returns a schedule's waits as the library's nanoseconds.
func waitsNS(s schedule.Strategy, d schedule.Draws) []int64 {
	var out []int64
	for _, r := range s.Fill(d, nil) {
		if r.HasWait {
			out = append(out, int64(math.Round(r.Wait*1e9)))
		}
	}
	return out
}

// equalNS reports a difference between got and want, naming the case.
func equalNS(t *testing.T, name string, got, want []int64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d waits %v, want %d %v", name, len(got), got, len(want), want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s: wait %d = %d ns, want %d\n got  %v\n want %v", name, i+1, got[i], want[i], got, want)
			return
		}
	}
}

// sane checks the invariants every schedule keeps: finite, non-negative waits, non-decreasing starts.
func sane(t *testing.T, name string, rows []schedule.Row) {
	t.Helper()
	for i, r := range rows {
		if math.IsNaN(r.Wait) || math.IsInf(r.Wait, 0) || r.Wait < 0 || math.IsNaN(r.Start) || math.IsInf(r.Start, 0) {
			t.Fatalf("%s: row %d has start %v, wait %v", name, i+1, r.Start, r.Wait)
		}
		if i > 0 && r.Start < rows[i-1].Start {
			t.Fatalf("%s: row %d starts at %v, before row %d at %v", name, i+1, r.Start, i, rows[i-1].Start)
		}
	}
}

// chacha is math/rand/v2's rand.New(rand.NewChaCha8(key)), key = seed little-endian in bytes 0-7:
// the stand-in the research programs swapped in for the unseedable global math/rand/v2, so a
// preset's arithmetic can be pinned against the library's own code with random draws.
type chacha struct{ r *rand.Rand }

func newChaCha(seed uint64) chacha {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:8], seed)
	return chacha{rand.New(rand.NewChaCha8(key))}
}

func (c chacha) Unit() float64      { return c.r.Float64() }
func (c chacha) Intn(n int64) int64 { return c.r.Int64N(n) }
