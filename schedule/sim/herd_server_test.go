package sim

import (
	"math"
	"testing"
)

func runHerdT(t *testing.T, cfg HerdConfig) HerdResult {
	t.Helper()
	res, err := RunHerd(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Servers against N clients all sending at t = 0 without network delay, one attempt each: the
// results follow from the server's rule alone.
func TestHerdServers(t *testing.T) {
	cases := []struct {
		name       string
		server     Server
		clients    int
		timeout    float64
		calls      float64
		success    float64
		completion float64
		timeouts   float64
	}{
		// slowdown: the i-th arrival finds i in service, latency 1 + 0.01 i; the last ends at 1 + 0.01 N
		{"slowdown", Server{Kind: ServerSlowdown, Base: 1, Slope: 0.01}, 50, 0, 50, 1, 1.5, 0},
		// capacity 10/s with 4 waiting: 5 are served (the last at 5/10 s), 45 fail at once
		{"capacity", Server{Kind: ServerCapacity, Capacity: 10, Queue: 4}, 50, 0, 50, 0.1, 0.5, 0},
		// capacity without a queue: one is served, at 1/C
		{"capacity queue 0", Server{Kind: ServerCapacity, Capacity: 4}, 3, 0, 3, 1.0 / 3, 0.25, 0},
		// a timeout shorter than every latency: every attempt times out at 0.5 s
		{"timeout", Server{Kind: ServerSlowdown, Base: 1, Slope: 0.01}, 20, 0.5, 20, 0, 0.5, 20},
		// a timeout between latencies: arrivals 1..9 end by 1.09 s, the rest time out at 1.095 s
		{"timeout between", Server{Kind: ServerSlowdown, Base: 1, Slope: 0.01}, 20, 1.095, 20, 9.0 / 20, 1.095, 11},
		// an outage from 0: everything fails at once
		{"outage", Server{Kind: ServerFail, OutageStart: 0, OutageEnd: 10}, 20, 0, 20, 0, 0, 0},
		// fail with service time: the reply comes after the service
		{"service", Server{Kind: ServerFail}, 5, 0, 5, 1, 0.25, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := herdBase(t, "constant --wait 0 --attempts 1")
			cfg.Clients, cfg.Server, cfg.Timeout, cfg.Bucket = c.clients, c.server, c.timeout, 0.1
			if c.name == "service" {
				cfg.Service = 0.25
			}
			res := runHerdT(t, cfg)
			s := res.Summary
			if s.TotalCalls != c.calls || math.Abs(s.SuccessRate-c.success) > 1e-12 || math.Abs(s.CompletionSeconds-c.completion) > 1e-9 {
				t.Errorf("calls %v success %v completion %v; want %v %v %v", s.TotalCalls, s.SuccessRate, s.CompletionSeconds, c.calls, c.success, c.completion)
			}
			var timeouts float64
			for _, r := range res.Rows {
				timeouts += r[ColTimeouts]
			}
			if timeouts != c.timeouts {
				t.Errorf("timeouts %v, want %v", timeouts, c.timeouts)
			}
		})
	}
}

// A timed-out attempt is still served. Two clients against slowdown:1s,0.4s with a 1.5 s timeout:
// both arrive at 0, A (latency 1.4 s) succeeds, B (1.8 s) times out at 1.5 s and retries at once.
// B's first attempt is still in service until 1.8 s, so the retry finds 2 in service, takes
// 1.8 s and times out at 3 s: success 1/2. Were it dropped, the retry would take 1.4 s and succeed.
func TestHerdTimedOutAttemptsStillServed(t *testing.T) {
	cfg := herdBase(t, "constant --wait 0 --attempts 2")
	cfg.Clients, cfg.Server, cfg.Timeout, cfg.Bucket = 2, Server{Kind: ServerSlowdown, Base: 1, Slope: 0.4}, 1.5, 0.5
	res := runHerdT(t, cfg)
	if res.Summary.TotalCalls != 3 || res.Summary.SuccessRate != 0.5 || res.Summary.CompletionSeconds != 3 {
		t.Fatalf("%+v", res.Summary)
	}
	if res.Rows[3][ColTimeouts] != 1 || res.Rows[6][ColTimeouts] != 1 || res.Rows[2][ColSuccesses] != 1 {
		t.Fatalf("rows %v", res.Rows)
	}
}

// In-flight counts at bucket ends: N attempts sent at 0 to a server taking 1.5 s are in flight at
// the end of bucket 0 (1 s), none at the end of bucket 1.
func TestHerdInFlight(t *testing.T) {
	cfg := herdBase(t, "constant --wait 0 --attempts 1")
	cfg.Clients, cfg.Service = 7, 1.5
	res := runHerdT(t, cfg)
	if len(res.Rows) != 2 || res.Rows[0][ColInFlight] != 7 || res.Rows[1][ColInFlight] != 0 || res.Rows[1][ColSuccesses] != 7 {
		t.Fatalf("rows %v", res.Rows)
	}
}
