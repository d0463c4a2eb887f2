package presets

import (
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// checkInvariants holds for every strategy and every draw: one row per attempt numbered from 1,
// starts non-decreasing and finite, waits never negative or NaN, only the last row without a
// wait (unless the strategy says every row has one).
func checkInvariants(t *testing.T, s schedule.Strategy, rows []schedule.Row) {
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
		for _, s := range []schedule.Strategy{
			Polynomial{Attempts: attempts, Jitter: jitter, JobDuration: job},
			Fixed{Attempts: attempts, Wait: wait, Jitter: jitter, JobDuration: job},
		} {
			for _, d := range []schedule.Draws{draw.Fixed(clampUnit(u)), draw.Upper{}, draw.NewSplitMix(seed, 0)} {
				rows := s.Fill(d, nil)
				if len(rows) != attempts {
					t.Fatalf("%s: %d rows for %d attempts", s.Name(), len(rows), attempts)
				}
				checkInvariants(t, s, rows)
			}
		}
	})
}

func FuzzSidekiqInvariants(f *testing.F) {
	f.Add(25, 8, 0, 0.5, int64(1), 0.0)
	f.Add(99999, 6, 2, 0.999, int64(3), 1e6)
	f.Fuzz(func(t *testing.T, retries, major, minor int, u float64, seed int64, job float64) {
		if retries < 0 || retries > 3000 || major < 1 || major > 99 || minor < 0 || minor > 999 || !(job >= 0 && job <= 3.2e7) {
			t.Skip()
		}
		s := Sidekiq{Retries: retries, Version: SidekiqVersion{Major: major, Minor: minor}, JobDuration: job}
		for _, d := range []schedule.Draws{draw.Fixed(clampUnit(u)), draw.Upper{}, draw.NewSplitMix(seed, 1)} {
			rows := s.Fill(d, nil)
			if len(rows) != retries+1 {
				t.Fatalf("%d rows for %d retries", len(rows), retries)
			}
			checkInvariants(t, s, rows)
		}
	})
}

func FuzzGitLabInvariants(f *testing.F) {
	f.Add(0.0, 300.0, 0)
	f.Add(0.5, 0.0, 7)
	f.Add(3600.0, 2592000.0, 100000)
	f.Fuzz(func(t *testing.T, latency, timeout float64, requests int) {
		if !(latency >= 0 && latency <= 3600) || !(timeout >= 0 && timeout <= 2592000) || requests < 0 || requests > schedule.MaxAttempts {
			t.Skip()
		}
		g := GitLab{RequestLatency: latency, AcceptTimeout: timeout, Requests: requests}
		rows := g.Fill(nil, nil)
		if len(rows) == 0 || len(rows) > schedule.MaxAttempts {
			t.Fatalf("%d rows", len(rows))
		}
		checkInvariants(t, g, rows)
		for _, r := range rows {
			if r.HasWait && (r.Wait < 1 || r.Wait > 64) {
				t.Fatalf("backoff %v outside [1, 64]", r.Wait)
			}
		}
	})
}

func FuzzActRunnerInvariants(f *testing.F) {
	f.Add(2.0, 5.0, 10, 0.5, int64(1))
	f.Add(0.0, -1.0, 100, 0.999, int64(2))
	f.Add(1e-9, 2592000.0, 1000, 0.1, int64(3))
	f.Fuzz(func(t *testing.T, base, maxI float64, polls int, u float64, seed int64) {
		if !(base >= 0 && base <= 2592000) || !(maxI >= 0 && maxI <= 2592000) || polls < 1 || polls > 5000 {
			t.Skip()
		}
		a := ActRunner{FetchInterval: base, FetchIntervalMax: maxI, Polls: polls}
		for _, d := range []schedule.Draws{draw.Fixed(clampUnit(u)), draw.Upper{}, draw.NewSplitMix(seed, 2)} {
			rows := a.Fill(d, nil)
			checkInvariants(t, a, rows)
			for _, r := range rows {
				// A sleep stays within ±20% of its interval.
				if r.HasWait && (r.Wait < float64(0.8*r.Extra[0].Num)-1e-9 || r.Wait > float64(1.2*r.Extra[0].Num)+1e-9) {
					t.Fatalf("sleep %v outside ±20%% of %v", r.Wait, r.Extra[0].Num)
				}
			}
		}
	})
}

func FuzzAivenInvariants(f *testing.F) {
	f.Add(true, 1.0, 0.0, 12, 0.0, 0.5, int64(42))
	f.Add(false, 31536000.0, 31536000.0, 1000, 86400.0, 0.999, int64(-1))
	f.Fuzz(func(t *testing.T, capMode bool, bound, minDelay float64, calls int, work, u float64, seed int64) {
		if !(bound >= 0.001 && bound <= 31536000) || !(minDelay >= 0 && minDelay <= 31536000) || calls < 1 || calls > 5000 || !(work >= 0 && work <= 86400) {
			t.Skip()
		}
		a := Aiven{Mode: "timer", Timer: bound, MinDelay: minDelay, Calls: calls, Work: work}
		if capMode {
			a = Aiven{Mode: "cap", Cap: bound, MinDelay: minDelay, Calls: calls, Work: work}
		}
		for _, d := range []schedule.Draws{draw.Fixed(clampUnit(u)), draw.Upper{}, draw.NewJavaRandom(seed)} {
			rows := a.Fill(d, nil)
			if len(rows) != calls {
				t.Fatalf("%d rows for %d calls", len(rows), calls)
			}
			checkInvariants(t, a, rows)
			for _, r := range rows {
				if !r.HasWait {
					t.Fatal("every aiven row has its own sleep")
				}
				if !rule(a) {
					continue
				}
				// Under the timer rule a sleep never runs past the timer.
				if r.Start+r.Wait > bound+1e-9 && r.Wait > 0 {
					t.Fatalf("slept %v at %v past the %v timer", r.Wait, r.Start, bound)
				}
			}
		}
	})
}

func rule(a Aiven) bool { return a.Mode != "cap" }
