package sim

import "testing"

// rowsOf builds rows from (first_tries, successes, failures) triples.
func rowsOf(v ...[3]float64) []HerdRow {
	rows := make([]HerdRow, len(v))
	for i, x := range v {
		rows[i][ColFirstTries], rows[i][ColSuccesses], rows[i][ColFailures] = x[0], x[1], x[2]
	}
	return rows
}

func TestHerdRecovery(t *testing.T) {
	ok, bad := [3]float64{10, 10, 0}, [3]float64{10, 2, 8}
	open := HerdConfig{Load: Load{Kind: LoadPoisson, Rate: 10}, Bucket: 1, Duration: 8, RecoverWindow: 3}
	cases := []struct {
		name      string
		cfg       HerdConfig
		rows      []HerdRow
		t         float64
		recovered bool
	}{
		{"from the start", open, rowsOf(ok, ok, ok, ok, ok, ok, ok, ok), 0, true},
		{"after two bad buckets", open, rowsOf(bad, bad, ok, ok, ok, ok, ok, ok), 2, true},
		{"a relapse restarts the window", open, rowsOf(bad, ok, ok, bad, ok, ok, ok, bad), 4, true},
		{"the window must end before --duration", open, rowsOf(bad, bad, bad, bad, bad, bad, ok, ok, ok, ok), 0, false},
		// an outage ending at 2.5 s: the first bucket at or after it is 3; time from 2.5 s
		{"from the trigger's end", HerdConfig{Load: open.Load, Bucket: 1, Duration: 8, RecoverWindow: 3,
			Server: Server{OutageStart: 1, OutageEnd: 2.5}}, rowsOf(ok, bad, bad, ok, ok, ok, ok, ok), 0.5, true},
		// a one-shot herd: buckets without first tries hold when nothing failed in them
		{"one-shot herd", HerdConfig{Bucket: 1, RecoverWindow: 10}, rowsOf([3]float64{10, 3, 7}, [3]float64{0, 4, 3}, [3]float64{0, 3, 0}), 2, true},
		{"one-shot herd failing to the end", HerdConfig{Bucket: 1, RecoverWindow: 10}, rowsOf([3]float64{10, 0, 10}, [3]float64{0, 0, 10}), 0, false},
	}
	for _, c := range cases {
		got, rec := recovery(c.rows, &c.cfg)
		if rec != c.recovered || got != c.t {
			t.Errorf("%s: %v, %v; want %v, %v", c.name, got, rec, c.t, c.recovered)
		}
	}
}

// A run has collapsed when successes / first_tries over the last window before --duration is
// below 0.5.
func TestHerdCollapsed(t *testing.T) {
	cfg := HerdConfig{Bucket: 1, Duration: 4, RecoverWindow: 2}
	half, low := [3]float64{10, 5, 5}, [3]float64{10, 4, 6}
	for _, c := range []struct {
		rows []HerdRow
		want bool
	}{
		{rowsOf(low, low, half, half, low), false},  // buckets 2 and 3: exactly 0.5
		{rowsOf(half, half, half, low, half), true}, // 9 / 20
		{rowsOf([3]float64{0, 0, 3}), false},        // no first tries in the window
	} {
		if got := collapsed(c.rows, &cfg); got != c.want {
			t.Errorf("%v: collapsed %v, want %v", c.rows, got, c.want)
		}
	}
}
