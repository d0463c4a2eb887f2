package budget

import "testing"

// dotnet, hand-checked against the API reference's rule: below MinimumThroughput (10) retries
// are not limited; from it, retries in the window < max(1, ⌊0.1 × requests⌋): 10 requests allow
// 1, 25 allow 2, 30 allow ⌊3.0000000000000004⌋ = 3; RetryRatio 0 allows none even below the
// throughput; events leave the 10 s window when now − t reaches 10 s.
func TestDotnet(t *testing.T) {
	for _, c := range []struct {
		spec     string
		requests int
		granted  int
	}{
		{"dotnet", 9, 40},
		{"dotnet", 10, 1},
		{"dotnet", 25, 2},
		{"dotnet", 30, 3},
		{"dotnet:ratio=0", 5, 0},
		{"dotnet:ratio=50%,min-throughput=1", 7, 3},
	} {
		g := mustParse(t, c.spec, false).New()
		for i := 0; i < c.requests; i++ {
			g.Admit(0, 1, 0)
		}
		granted := 0
		for i := 0; i < 40; i++ {
			if g.Retry(0, 1, Failure) {
				granted++
			}
		}
		if granted != c.granted {
			t.Errorf("%s, %d requests: %d retries, want %d", c.spec, c.requests, granted, c.granted)
		}
	}
	g := mustParse(t, "dotnet", false).New()
	for i := 0; i < 20; i++ {
		g.Admit(0, 1, 0)
	}
	if !g.Retry(0, 1, Failure) || !g.Retry(0, 1, Failure) || g.Retry(9.999, 1, Failure) {
		t.Fatal("20 requests should allow exactly 2 retries in the window")
	}
	if g.Level() != 0 {
		t.Fatalf("level %v with the window's retries used, want 0", g.Level())
	}
	if !g.Retry(10, 1, Failure) {
		t.Fatal("at 10 s the window is empty again: below the throughput, retries are free")
	}
}

// sre, hand-checked with the book's formula (u = the caller's draw, rejected iff u < p):
// 10 failed attempts give p = 10/11; a rejection is itself a request, so the next p is 11/12;
// 6 successes in 10 give a negative numerator, so 0; protection 5 gives 5/11; min 20 keeps p at
// 0 with 10 requests; the 2 min window drops events when now − t reaches 120 s.
func TestSRE(t *testing.T) {
	fill := func(g Gate, now float64, script string) {
		for i := range script {
			g.Admit(now, 1, 1)
			g.Record(now, 1, outcomeOf(script[i]))
		}
	}
	g := mustParse(t, "sre", true).New()
	fill(g, 0, "FFFFFFFFFF")
	if a := g.Admit(1, 1, 0.9); a.Allowed || g.Level() != 10.0/11 {
		t.Fatalf("u 0.9 at p %v: allowed %v; want rejected at 10/11", g.Level(), a.Allowed)
	}
	if a := g.Admit(1, 1, 0.9166); a.Allowed || g.Level() != 11.0/12 {
		t.Fatalf("after a rejection p %v, allowed %v; want 11/12, rejected", g.Level(), a.Allowed)
	}
	if a := g.Admit(1, 1, 0.99); !a.Allowed || g.Level() != 12.0/13 {
		t.Fatalf("u 0.99 at p %v: allowed %v; want allowed at 12/13", g.Level(), a.Allowed)
	}
	if g.Admit(120, 1, 0); g.Level() != 3.0/4 {
		t.Fatalf("at 120 s p %v, want 3/4 (the three requests of 1 s are left)", g.Level())
	}
	if g.Admit(121, 1, 0); g.Level() != 1.0/2 {
		t.Fatalf("at 121 s p %v, want 1/2 (only the request of 120 s is left)", g.Level())
	}
	for _, c := range []struct {
		spec, script string
		p            float64
	}{
		{"sre", "SSSSSSFFFF", 0},
		{"sre:k=2,window=2m,protection=5", "FFFFFFFFFF", 5.0 / 11},
		{"sre:min=20", "FFFFFFFFFF", 0},
		{"sre:k=1.5", "SSSSFFFFFF", (10 - 1.5*4) / 11.0},
	} {
		g := mustParse(t, c.spec, true).New()
		fill(g, 0, c.script)
		g.Admit(0, 1, 1)
		if g.Level() != c.p {
			t.Errorf("%s after %s: p %v, want %v", c.spec, c.script, g.Level(), c.p)
		}
	}
}
