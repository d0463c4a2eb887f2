package presets

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// resilience4jJava are the sleeps (ms) printed by a JDK 17.0.15 scratch program,
// scratch-resilience4j/R4j.java (run.sh, out.txt), that quotes the arithmetic lines
// of resilience4j v2.4.0 (commit f1c3be8e79d09c70d457b2f89c3f89d03f1b5720)
// resilience4j-core/.../core/IntervalFunction.java verbatim (LongStream.iterate with
// x -> (long) (x * multiplier), Math.min with maxIntervalMillis, IntervalFunctionCompanion.randomize)
// and RetryImpl's rule (no sleep once k >= maxAttempts), with one change: Math.random() is
// rnd.nextDouble() on a new java.util.Random(seed), the class and method Math.random() itself
// calls, because Math.random()'s JVM-wide generator cannot be seeded. Maven Central is not
// reachable here, so the library itself did not run; the Java arithmetic and java.util.Random
// did. The Go side reads the same doubles from draw.NewJavaRandom(seed).
var resilience4jJava = []struct {
	r    Resilience4j
	seed int64
	want string
}{
	{Resilience4j{IntervalFunction: Resilience4jOf, InitialInterval: 500, MaxAttempts: 3}, 1, "500 500"},
	{Resilience4j{IntervalFunction: Resilience4jRandomized, InitialInterval: 500, RandomizationFactor: 0.5, MaxAttempts: 6}, 42,
		"614 592 404 388 583"},
	{Resilience4j{IntervalFunction: Resilience4jRandomized, InitialInterval: 1000, RandomizationFactor: 0.2, MaxAttempts: 6}, 7,
		"1093 1100 939 1159 1083"},
	{Resilience4j{IntervalFunction: Resilience4jExponential, InitialInterval: 500, Multiplier: 1.5, MaxAttempts: 12}, 1,
		"500 750 1125 1687 2530 3795 5692 8538 12807 19210 28815"},
	{Resilience4j{IntervalFunction: Resilience4jExponential, InitialInterval: 333, Multiplier: 1.7, MaxInterval: 10000, MaxAttempts: 12}, 1,
		"333 566 962 1635 2779 4724 8030 10000 10000 10000 10000"},
	{Resilience4j{IntervalFunction: Resilience4jExponentialRandom, InitialInterval: 500, Multiplier: 1.5, RandomizationFactor: 0.5, MaxAttempts: 10}, 42,
		"614 888 910 1311 2949 5326 4945 6623 12341"},
	{Resilience4j{IntervalFunction: Resilience4jExponentialRandom, InitialInterval: 100, Multiplier: 2, RandomizationFactor: 0.3, MaxInterval: 5000, MaxAttempts: 12}, 1234,
		"109 255 486 780 1442 2631 5000 5000 5000 5000 5000"},
	// 1 ms x 1.5 truncates back to 1 ms; randomize keeps at least 1 ms.
	{Resilience4j{IntervalFunction: Resilience4jExponentialRandom, InitialInterval: 1, Multiplier: 1.5, RandomizationFactor: 1, MaxAttempts: 8}, 99,
		"2 1 2 2 2 1 1"},
	// Saturation: (long) of a double past the long range is Long.MAX_VALUE.
	{Resilience4j{IntervalFunction: Resilience4jExponential, InitialInterval: 1000, Multiplier: 1000, MaxAttempts: 10}, 1,
		"1000 1000000 1000000000 1000000000000 1000000000000000 1000000000000000000 9223372036854775807 9223372036854775807 9223372036854775807"},
	{Resilience4j{IntervalFunction: Resilience4jExponentialRandom, InitialInterval: 1000, Multiplier: 1000, RandomizationFactor: 0.5, MaxAttempts: 10}, 5,
		"1231 588258 988904550 961837214623 948598391228313 1197712343224529920 7173637219106457600 9223372036854775807 6633859626715551744"},
	// A multiplier below 1 decays to 0 ms (ofExponentialBackoff accepts any multiplier since #1816).
	{Resilience4j{IntervalFunction: Resilience4jExponential, InitialInterval: 3, Multiplier: 0.5, MaxAttempts: 6}, 1, "3 1 0 0 0"},
	{Resilience4j{IntervalFunction: Resilience4jExponentialRandom, InitialInterval: 3, Multiplier: 0.5, RandomizationFactor: 0.5, MaxAttempts: 6}, 3,
		"4 1 1 1 1"},
}

func TestResilience4jMatchesJava(t *testing.T) {
	for _, c := range resilience4jJava {
		want := strings.Fields(c.want)
		// The longs, as intervalFunction.apply(k) returns them, from the same Java stream.
		chain := resilience4jChain(c.r.InitialInterval, c.r.Multiplier, c.r.MaxAttempts)
		d := draw.NewJavaRandom(c.seed)
		for k, w := range want {
			if got := strconv.FormatInt(c.r.interval(chain, k+1, d), 10); got != w {
				t.Errorf("%s seed %d: apply(%d) = %s, Java %s", c.r.IntervalFunction, c.seed, k+1, got, w)
			}
		}
		// The table: the same longs in seconds, no wait after attempt maxAttempts.
		rows := NewResilience4j(c.r).Fill(draw.NewJavaRandom(c.seed), nil)
		if len(rows) != c.r.MaxAttempts || rows[len(rows)-1].HasWait {
			t.Fatalf("%+v: %d rows, want %d with no wait after the last", c.r, len(rows), c.r.MaxAttempts)
		}
		for i, w := range want {
			ms, _ := strconv.ParseInt(w, 10, 64)
			r := rows[i]
			if r.Wait != float64(ms)/1000 || math.IsInf(rows[i+1].Start, 0) || rows[i+1].Start < r.Start {
				t.Errorf("%s seed %d: row %d wait %v start %v, want wait %v", c.r.IntervalFunction, c.seed, i+1, r.Wait, r.Start, float64(ms)/1000)
			}
		}
	}
}

// The envelope's supremum is evaluated at Math.random()'s largest value, where 250 + u x 501
// rounds to 751.0 in Java (checked with the same JDK): the first wait reaches 751 ms.
func TestResilience4jEnvelope(t *testing.T) {
	r := Resilience4j{IntervalFunction: Resilience4jExponentialRandom, InitialInterval: 500, Multiplier: 1.5, RandomizationFactor: 0.5, MaxAttempts: 4}
	b := schedule.Envelope(NewResilience4j(r))
	want := [][2]float64{{0.25, 0.751}, {0.375, 1.126}, {0.562, 1.688}}
	for i, w := range want {
		if b[i].WaitMin != w[0] || b[i].WaitMax != w[1] {
			t.Errorf("row %d: wait in [%v, %v], want [%v, %v]", i+1, b[i].WaitMin, b[i].WaitMax, w[0], w[1])
		}
	}
	// The cap after the jitter: nothing beyond --max-interval.
	r.MaxInterval, r.MaxAttempts = 1000, 6
	for _, row := range NewResilience4j(r).Fill(draw.Upper{}, nil) {
		if row.Wait > 1 {
			t.Errorf("row %d: wait %v past the 1 s cap", row.Attempt, row.Wait)
		}
	}
}

func TestJavaD2L(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want int64
	}{{math.NaN(), 0}, {1e300, math.MaxInt64}, {-1e300, math.MinInt64}, {0x1p63, math.MaxInt64}, {2.9, 2}, {-2.9, -2}} {
		if got := javaD2L(c.x); got != c.want {
			t.Errorf("(long) %v = %d, want %d", c.x, got, c.want)
		}
	}
}

func ExampleResilience4jInterval() {
	r := Resilience4j{IntervalFunction: Resilience4jExponentialRandom, InitialInterval: 500, Multiplier: 1.5, RandomizationFactor: 0.5}
	for k := 1; k <= 5; k++ {
		fmt.Println(k, Resilience4jInterval(r, k, 0), Resilience4jInterval(r, k, 0.5), Resilience4jInterval(r, k, 1))
	}
	// Output:
	// 1 250 500 751
	// 2 375 750 1126
	// 3 562 1125 1688
	// 4 843 1687 2531
	// 5 1265 2530 3795
}
