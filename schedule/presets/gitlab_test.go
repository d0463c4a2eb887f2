package presets

import "testing"

// GitLab's own spec (spec/lib/gitlab/ci/runner/backoff_spec.rb): elapsed seconds -> slot -> backoff.
func TestGitLabSpecCases(t *testing.T) {
	cases := []struct{ duration, slot, backoff int64 }{
		{1, 0, 1}, {2, 0, 1}, {3, 0, 1}, {4, 1, 2}, {5, 1, 2}, {6, 1, 2}, {7, 1, 2},
		{8, 2, 4}, {9, 2, 4}, {10, 2, 4}, {15, 2, 4}, {16, 3, 8}, {31, 3, 8}, {32, 4, 16},
		{63, 4, 16}, {64, 5, 32}, {127, 5, 32}, {128, 6, 64}, {250, 6, 64}, {310, 7, 64},
		{520, 8, 64}, {999, 8, 64}, {0, 0, 1},
	}
	for _, c := range cases {
		if got := GitLabSlot(c.duration); got != c.slot {
			t.Errorf("slot(%d) = %d, want %d", c.duration, got, c.slot)
		}
		if got := GitLabBackoff(c.duration); got != c.backoff {
			t.Errorf("backoff(%d) = %d, want %d", c.duration, got, c.backoff)
		}
	}
	// Powers of two are where a float log ratio can go wrong.
	for k := int64(1); k < 62; k++ {
		if got := GitLabSlot(int64(1) << k); got != k-1 {
			t.Errorf("slot(2^%d) = %d, want %d", k, got, k-1)
		}
	}
}

// The obedient runner: requests at 0, 1, 2, 3, 4, 6, ..., 256 s, then an 18th at 320 s past the
// five-minute accept window, applied without a wait.
func TestGitLabObedientRunner(t *testing.T) {
	rows := GitLab{AcceptTimeout: 300}.Fill(nil, nil)
	equalFloats(t, "starts", starts(rows), []float64{0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 320})
	equalFloats(t, "waits", waits(rows), []float64{1, 1, 1, 1, 2, 2, 4, 4, 8, 8, 16, 16, 32, 32, 64, 64, 64})
	last := rows[len(rows)-1]
	if last.HasWait || !last.Extra[1].Null {
		t.Errorf("the 18th request must be applied with no wait and no slot, got %+v", last)
	}
}

// With 0.5 s between sending and the answer: starts 0, 1.5, 3, 4.5, 7, 9.5 and backoffs 1, 1, 1,
// 2, 2, 4 (the server's ceil(elapsed) is 0, 2, 3, 5, 7, 10).
func TestGitLabRequestLatency(t *testing.T) {
	rows := GitLab{RequestLatency: 0.5, AcceptTimeout: 300, Requests: 7}.Fill(nil, nil)
	equalFloats(t, "starts", starts(rows)[:6], []float64{0, 1.5, 3, 4.5, 7, 9.5})
	equalFloats(t, "waits", waits(rows)[:6], []float64{1, 1, 1, 2, 2, 4})
	for i, want := range []float64{0, 2, 3, 5, 7, 10} {
		if got := rows[i].Extra[0].Num; got != want {
			t.Errorf("request %d duration %v, want %v", i+1, got, want)
		}
	}
	if rows[6].HasWait {
		t.Error("the last row of a limited schedule has no wait")
	}
}

// Float seconds such as 0.1 + 0.2 must not push ceil over a whole second.
func TestGitLabNoFloatCeilError(t *testing.T) {
	rows := GitLab{RequestLatency: 0.1, AcceptTimeout: 300, Requests: 4}.Fill(nil, nil)
	// starts 0, 1.1, 2.2, 3.3: ceil 0, 2, 3, 4.
	for i, want := range []float64{0, 2, 3, 4} {
		if got := rows[i].Extra[0].Num; got != want {
			t.Errorf("request %d duration %v, want %v", i+1, got, want)
		}
	}
}
