package budget

import "testing"

// tower's own unit tests (tower 0.5.3, tps_budget.rs: tps_empty, tps_leaky, tps_slots,
// tps_reserve), with tokio's paused clock as the run's times: deposit = a successful response
// (Record S), withdraw = a retry (Retry).
func TestTowerLibraryTests(t *testing.T) {
	deposit := func(g Gate, now float64) { g.Record(now, 1, Success) }
	withdraw := func(g Gate, now float64) bool { return g.Retry(now, 1, Failure) }

	// tps_empty: TpsBudget::new(1 s, 0, 1.0) has nothing to withdraw.
	if withdraw(mustParse(t, "tower:100%,ttl=1s,min=0", false).New(), 0) {
		t.Error("tps_empty: withdrew from an empty budget")
	}
	// tps_leaky: one deposit, 3 s later it has leaked away.
	g := mustParse(t, "tower:100%,ttl=1s,min=0", false).New()
	deposit(g, 0)
	if withdraw(g, 3) {
		t.Error("tps_leaky: the deposit did not expire")
	}
	// tps_slots: new(1 s, 0, 0.5): two deposits, 901 ms later a withdrawal; 2001 ms later a
	// blank slate, then deposits at +0, +301 ms and +1102 ms: the first has expired, the second
	// and third together pay for a withdrawal (withdraw = ⌊1/0.5⌋ = 2).
	g = mustParse(t, "tower:50%,ttl=1s,min=0", false).New()
	deposit(g, 0)
	deposit(g, 0)
	if !withdraw(g, 0.901) {
		t.Error("tps_slots: the deposits 901 ms old were not valid")
	}
	deposit(g, 2.902)
	deposit(g, 3.203)
	deposit(g, 4.004)
	if !withdraw(g, 4.004) {
		t.Error("tps_slots: the second and third deposits did not pay for a withdrawal")
	}
	// tps_reserve: new(1 s, 5, 1.0): five withdrawals from the reserve, not six.
	g = mustParse(t, "tower:100%,ttl=1s,min=5/s", false).New()
	for i := 0; i < 5; i++ {
		if !withdraw(g, 0) {
			t.Fatalf("tps_reserve: withdrawal %d refused", i+1)
		}
	}
	if withdraw(g, 0) {
		t.Error("tps_reserve: a sixth withdrawal was granted")
	}
}

// Hand-checked from new(): withdraw = (1.0/p) as isize on an f32 (so 0.3 → 3, acting as 33 %;
// 0.2 → 5), above 1.0 deposit 1000 and withdraw (1000.0/p) as isize (2.0 → 500), reserve =
// min × ttl.as_secs() × withdraw (1.5 s counts as 1 s).
func TestTowerAmounts(t *testing.T) {
	for _, c := range []struct {
		spec                       string
		deposit, withdraw, reserve int64
	}{
		{"tower", 1, 5, 10 * 10 * 5},
		{"tower:0.3,min=0", 1, 3, 0},
		{"tower:33%,ttl=1500ms,min=2/s", 1, 3, 2 * 1 * 3},
		{"tower:200%,ttl=2s,min=1/s", 1000, 500, 1 * 2 * 500},
		{"tower:0,min=1/s", 0, 1, 10},
	} {
		tw := mustParse(t, c.spec, false).(Tower)
		if tw.deposit != c.deposit || tw.withdraw != c.withdraw || tw.reserve != c.reserve {
			t.Errorf("%s: deposit %d withdraw %d reserve %d, want %d %d %d", c.spec,
				tw.deposit, tw.withdraw, tw.reserve, c.deposit, c.withdraw, c.reserve)
		}
	}
}

// Hand-checked slot arithmetic at ttl 1 s (window 100 ms): a deposit at 0 sits in the writer.
// At 0.25 s expire commits it to slot 0, then the gap 250 > 100 zeroes slot 1 (150 left), 150 >
// 100 zeroes slot 2 (50 left): index 3. At 0.95 s (gap 700) slot 3 takes the empty writer and
// six more loops zero slots 4..9: index 0, the deposit still counts. At 1.05 s (gap 100, no
// loop) the writer overwrites slot 0: the deposit is gone, index 1.
func TestTowerSlots(t *testing.T) {
	g := mustParse(t, "tower:100%,ttl=1s,min=0", false).New().(*towerGate)
	g.Record(0, 1, Success)
	for _, c := range []struct {
		at         float64
		index      int
		sum, slot0 int64
	}{{0.25, 3, 1, 1}, {0.95, 0, 1, 1}, {1.05, 1, 0, 0}} {
		g.expire(clockNanos(c.at))
		if g.index != c.index || g.sum() != c.sum || g.slots[0] != c.slot0 {
			t.Fatalf("at %v s: index %d, sum %d, slot 0 %d; want %d, %d, %d", c.at, g.index, g.sum(), g.slots[0], c.index, c.sum, c.slot0)
		}
	}
}
