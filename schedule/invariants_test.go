package schedule

import (
	"math"
	"testing"
)

// checkInvariants holds for every strategy and every draw: one row per attempt numbered from 1,
// starts non-decreasing and finite, waits never negative or NaN, only the last row without a
// wait (unless the strategy says every row has one).
func checkInvariants(t *testing.T, s Strategy, rows []Row) {
	t.Helper()
	for i, r := range rows {
		if r.Attempt != i+1 {
			t.Fatalf("%s: row %d numbered %d", s.Name(), i, r.Attempt)
		}
		if math.IsNaN(r.Start) || math.IsInf(r.Start, 0) || r.Start < 0 {
			t.Fatalf("%s: row %d start %v", s.Name(), i, r.Start)
		}
		if i > 0 && r.Start < rows[i-1].Start {
			t.Fatalf("%s: start decreases at row %d: %v < %v", s.Name(), i, r.Start, rows[i-1].Start)
		}
		if r.HasWait && (math.IsNaN(r.Wait) || math.IsInf(r.Wait, 0) || r.Wait < 0) {
			t.Fatalf("%s: row %d wait %v", s.Name(), i, r.Wait)
		}
		for j, v := range r.Extra[:len(s.Columns())] {
			if !v.Null && (math.IsNaN(v.Num) || math.IsInf(v.Num, 0)) {
				t.Fatalf("%s: row %d column %s = %v", s.Name(), i, s.Columns()[j].Key, v.Num)
			}
		}
	}
}

// clampUnit maps any fuzzed float into a valid draw u in [0, 1).
func clampUnit(u float64) float64 {
	if math.IsNaN(u) || math.IsInf(u, 0) {
		return 0.5
	}
	u = math.Abs(math.Mod(u, 1))
	return u
}

func FuzzActiveJobInvariants(f *testing.F) {
	f.Add(25, 0.15, 0.0, 0.5, int64(1), 3.0)
	f.Add(100000, 100.0, 1e6, 0.999, int64(-5), 0.5)
	f.Fuzz(func(t *testing.T, attempts int, jitter, job, u float64, seed int64, wait float64) {
		if attempts < 1 || attempts > 2000 || !(jitter >= 0 && jitter <= 100) || !(job >= 0 && job <= 3.2e7) || !(wait >= 0 && wait <= 3.2e7) {
			t.Skip()
		}
		for _, s := range []Strategy{
			Polynomial{Attempts: attempts, Jitter: jitter, JobDuration: job},
			Fixed{Attempts: attempts, Wait: wait, Jitter: jitter, JobDuration: job},
		} {
			for _, d := range []Draws{Constant(clampUnit(u)), Upper{}, NewSplitMix(seed, 0)} {
				rows := s.Fill(d, nil)
				if len(rows) != attempts {
					t.Fatalf("%s: %d rows for %d attempts", s.Name(), len(rows), attempts)
				}
				checkInvariants(t, s, rows)
			}
		}
	})
}
