package presets

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// springJava are the sleeps (ms) printed by a JDK 17.0.15 scratch program,
// scratch-spring-retry/SpringRetry.java (run.sh, out.txt), that quotes the
// arithmetic of spring-retry v2.0.12 (commit 802c4450ce5850588947bbd8d2830f6f07a6076a)
// verbatim: ExponentialBackOffContext.getSleepAndIncrement and getNextInterval,
// ExponentialRandomBackOffContext.getSleepAndIncrement, UniformRandomBackOffPolicy.doBackOff,
// FixedBackOffPolicy, the setters' coercions, and RetryTemplate's rule (no back-off once
// retryCount reaches maxAttempts). Its one change: the policies' generators, new Random() and
// new Random(System.currentTimeMillis()), are new Random(seed). Maven Central is not reachable
// here, so Spring itself did not run; the Java arithmetic and java.util.Random did. The Go side
// reads the same stream from draw.NewJavaRandom(seed): Intn(n) is nextInt(n), and Intn(1<<24)
// is next(24), the bits of nextFloat().
var springJava = []struct {
	s    SpringRetry
	seed int64
	want string
}{
	{SpringRetry{BackOffPolicy: SpringExponential, InitialInterval: 100, Multiplier: 2, MaxInterval: 30000, MaxAttempts: 12}, 1,
		"100 200 400 800 1600 3200 6400 12800 25600 30000 30000"},
	{SpringRetry{BackOffPolicy: SpringExponential, InitialInterval: 333, Multiplier: 1.7, MaxInterval: 10000, MaxAttempts: 12}, 1,
		"333 566 962 1635 2779 4724 8030 10000 10000 10000 10000"},
	// 3375 x 1.5 truncates to 5062, past maxInterval: capped from there on.
	{SpringRetry{BackOffPolicy: SpringExponential, InitialInterval: 1000, Multiplier: 1.5, MaxInterval: 5000, MaxAttempts: 8}, 1,
		"1000 1500 2250 3375 5000 5000 5000"},
	// setInitialInterval(0), setMultiplier(0.5), setMaxInterval(0): 1 ms, 1.0, 1 ms.
	{SpringRetry{BackOffPolicy: SpringExponential, InitialInterval: 1, Multiplier: 1, MaxInterval: 1, MaxAttempts: 4}, 1, "1 1 1"},
	{SpringRetry{BackOffPolicy: SpringExponentialRandom, InitialInterval: 100, Multiplier: 2, MaxInterval: 30000, MaxAttempts: 12}, 42,
		"172 210 673 838 2093 6214 8173 21858 30000 30000 30000"},
	{SpringRetry{BackOffPolicy: SpringExponentialRandom, InitialInterval: 250, Multiplier: 1.5, MaxInterval: 4000, MaxAttempts: 10}, 7,
		"341 494 772 847 1484 2361 4000 4000 4000"},
	{SpringRetry{BackOffPolicy: SpringExponentialRandom, InitialInterval: 1000, Multiplier: 3, MaxInterval: 20000, MaxAttempts: 8}, 1234,
		"2293 4558 20000 20000 20000 20000 20000"},
	{SpringRetry{BackOffPolicy: SpringFixed, BackOffPeriod: 1000, MaxAttempts: 4}, 1, "1000 1000 1000"},
	{SpringRetry{BackOffPolicy: SpringUniformRandom, MinBackOffPeriod: 500, MaxBackOffPeriod: 1500, MaxAttempts: 8}, 1700000000000,
		"1365 1040 1130 1170 905 1004 667"},
	{SpringRetry{BackOffPolicy: SpringUniformRandom, MinBackOffPeriod: 100, MaxBackOffPeriod: 100000, MaxAttempts: 6}, 5,
		"49887 29792 23274 84624 65506"},
	{SpringRetry{BackOffPolicy: SpringUniformRandom, MinBackOffPeriod: 1000, MaxBackOffPeriod: 1000, MaxAttempts: 4}, 5, "1000 1000 1000"},
	// The largest maxInterval the tool takes (100 years of ms) with multiplier 1000: no overflow,
	// the interval stops growing at the cap.
	{SpringRetry{BackOffPolicy: SpringExponential, InitialInterval: 1000, Multiplier: 1000, MaxInterval: 3153600000000, MaxAttempts: 8}, 1,
		"1000 1000000 1000000000 1000000000000 3153600000000 3153600000000 3153600000000"},
	{SpringRetry{BackOffPolicy: SpringExponentialRandom, InitialInterval: 1000, Multiplier: 1000, MaxInterval: 3153600000000, MaxAttempts: 8}, 9,
		"730431 253478175 766669544816 3153600000000 3153600000000 3153600000000 3153600000000"},
}

func TestSpringRetryMatchesJava(t *testing.T) {
	for _, c := range springJava {
		rows := NewSpringRetry(c.s).Fill(draw.NewJavaRandom(c.seed), nil)
		if len(rows) != c.s.MaxAttempts || rows[len(rows)-1].HasWait {
			t.Fatalf("%+v: %d rows, want %d with no wait after the last", c.s, len(rows), c.s.MaxAttempts)
		}
		for i, w := range strings.Fields(c.want) {
			ms, _ := strconv.ParseInt(w, 10, 64)
			if r := rows[i]; r.Wait != float64(ms)/1000 || rows[i+1].Start < r.Start {
				t.Errorf("%s seed %d: row %d wait %v, Java slept %d ms", c.s.BackOffPolicy, c.seed, i+1, r.Wait, ms)
			}
		}
	}
}

// The envelope: the jitter's supremum is nextFloat()'s largest value, (2^24 - 1) / 2^24, so the
// first wait of the defaults reaches 199 ms, not 200.
func TestSpringRetryEnvelope(t *testing.T) {
	s := SpringRetry{BackOffPolicy: SpringExponentialRandom, InitialInterval: 100, Multiplier: 2, MaxInterval: 30000, MaxAttempts: 12}
	b := schedule.Envelope(NewSpringRetry(s))
	if b[0].WaitMin != 0.1 || b[0].WaitMax != 0.199 || b[9].WaitMin != 30 || b[9].WaitMax != 30 {
		t.Errorf("first wait in [%v, %v], tenth in [%v, %v]", b[0].WaitMin, b[0].WaitMax, b[9].WaitMin, b[9].WaitMax)
	}
	u := SpringRetry{BackOffPolicy: SpringUniformRandom, MinBackOffPeriod: 500, MaxBackOffPeriod: 1500, MaxAttempts: 3}
	if b := schedule.Envelope(NewSpringRetry(u)); b[0].WaitMin != 0.5 || b[0].WaitMax != 1.499 {
		t.Errorf("uniform wait in [%v, %v], want [0.5, 1.499]", b[0].WaitMin, b[0].WaitMax)
	}
}

func ExampleSpringExponentialRandomSleep() {
	// The default ExponentialRandomBackOffPolicy's first sleep (100 ms) at nextFloat() = 0, 0.5
	// and its largest value, and at the 30 s cap, where the jitter vanishes.
	for _, f := range []float32{0, 0.5, 1 - 0x1p-24} {
		fmt.Println(SpringExponentialRandomSleep(100, 2, 30000, f), SpringExponentialRandomSleep(30000, 2, 30000, f))
	}
	// Output:
	// 100 30000
	// 150 30000
	// 199 30000
}
