package presets

import (
	"fmt"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Vectors from the real aws-sdk-go-v2 v1.47.7 (retry.NewStandard(opts).RetryDelay with the index
// the middleware passes) under testing/cryptotest.SetGlobalRandom(t, seed), Go 1.26:
// a run of the real library, scratch program scratch-aws (go test -count=1 -v .). The 2026 rows
// are also what v1.48.0 gives, run the same way with RetryDelay(attemptNum) as its middleware
// passes and no variable set, and the legacy rows what v1.48.0 gives with
// StandardOptions.Backoff = retry.NewExponentialJitterBackoff(MaxBackoff): same numbers.
func TestAWSMatchesSDK(t *testing.T) {
	const maxB = 20 * time.Second
	cases := []struct {
		name string
		a    AWS
		seed int64
		want []int64
	}{
		{"legacy default", AWS{MaxAttempts: 3, MaxBackoff: maxB}, 1, []int64{681267020, 3429062928}},
		{"legacy default", AWS{MaxAttempts: 3, MaxBackoff: maxB}, 42, []int64{136749002, 3367202165}},
		{"legacy 20s calls 1..8", AWS{MaxAttempts: 9, MaxBackoff: maxB}, 1,
			[]int64{681267020, 3429062928, 4570174776, 12703523241, 20000000000, 20000000000, 20000000000, 20000000000}},
		{"legacy 20s calls 1..8", AWS{MaxAttempts: 9, MaxBackoff: maxB}, 42,
			[]int64{136749002, 3367202165, 7800795793, 10674351378, 20000000000, 20000000000, 20000000000, 20000000000}},
		{"legacy 5s", AWS{MaxAttempts: 6, MaxBackoff: 5 * time.Second}, 1, []int64{681267020, 3429062928, 5000000000, 5000000000, 5000000000}},
		{"legacy 5s", AWS{MaxAttempts: 6, MaxBackoff: 5 * time.Second}, 42, []int64{136749002, 3367202165, 5000000000, 5000000000, 5000000000}},
		{"legacy 16s", AWS{MaxAttempts: 7, MaxBackoff: 16 * time.Second}, 1,
			[]int64{681267020, 3429062928, 4570174776, 12703523241, 16000000000, 16000000000}},
		{"legacy 16s", AWS{MaxAttempts: 7, MaxBackoff: 16 * time.Second}, 42,
			[]int64{136749002, 3367202165, 7800795793, 10674351378, 16000000000, 16000000000}},
		{"legacy 1500ms", AWS{MaxAttempts: 4, MaxBackoff: 1500 * time.Millisecond}, 1, []int64{1500000000, 1500000000, 1500000000}},
		{"2026 default", AWS{MaxAttempts: 3, MaxBackoff: maxB, Retries2026: true}, 1, []int64{17031675, 85726573}},
		{"2026 default", AWS{MaxAttempts: 3, MaxBackoff: maxB, Retries2026: true}, 42, []int64{3418725, 84180054}},
		{"2026 calls 1..12", AWS{MaxAttempts: 13, MaxBackoff: maxB, Retries2026: true}, 1,
			[]int64{17031675, 85726573, 114254369, 317588081, 131766839, 1041882719, 1321399363, 4274905027, 2413805438, 11296278402, 7385542192, 1369342147}},
		{"2026 calls 1..12", AWS{MaxAttempts: 13, MaxBackoff: maxB, Retries2026: true}, 42,
			[]int64{3418725, 84180054, 195019894, 266858784, 300985683, 1456369923, 2062971682, 1003023115, 6170915370, 11851968630, 7525205873, 11307793826}},
		{"2026 throttle", AWS{MaxAttempts: 9, MaxBackoff: maxB, Retries2026: true, Throttle: true}, 1,
			[]int64{340633510, 1714531464, 2285087388, 6351761620, 2635336788, 13023533999, 8258746021, 13359078211}},
		{"2026 throttle", AWS{MaxAttempts: 9, MaxBackoff: maxB, Retries2026: true, Throttle: true}, 42,
			[]int64{68374501, 1683601082, 3900397896, 5337175689, 6019713669, 18204624048, 12893573014, 3134447236}},
		{"2026 base 25ms max 5s", AWS{MaxAttempts: 11, MaxBackoff: 5 * time.Second, Retries2026: true, BaseDelay: 25 * time.Millisecond}, 1,
			[]int64{8515837, 42863286, 57127184, 158794040, 65883419, 520941359, 660699681, 2137452513, 942892749, 2824069600}},
		{"2026 base 25ms max 5s", AWS{MaxAttempts: 11, MaxBackoff: 5 * time.Second, Retries2026: true, BaseDelay: 25 * time.Millisecond}, 42,
			[]int64{1709362, 42090027, 97509947, 133429392, 150492841, 728184961, 1031485841, 501511557, 2410513816, 2962992157}},
	}
	for _, c := range cases {
		s := c.a.Strategy(nil, 0)
		equalNS(t, fmt.Sprintf("%s seed %d", c.name, c.seed), waitsNS(s, draw.NewCryptoTestRand(c.seed)), c.want)
	}
}

// The legacy formula's cap: from int(log2(MaxBackoff/1s))+1 on, exactly MaxBackoff whatever the
// draw; below 2 s (and at 0) every wait is MaxBackoff.
func TestAWSLegacyCap(t *testing.T) {
	for _, c := range []struct {
		max  time.Duration
		from int
	}{{20 * time.Second, 5}, {16 * time.Second, 5}, {5 * time.Second, 3}, {2 * time.Second, 2}, {1999 * time.Millisecond, 1}, {700 * time.Millisecond, 1}, {0, 1}} {
		a := AWS{MaxAttempts: 10, MaxBackoff: c.max}
		if got := a.CapFrom(); got != c.from {
			t.Errorf("MaxBackoff %v: capped from call %d, want %d", c.max, got, c.from)
		}
		if got := a.Delay(c.from, draw.Fixed(0)); got != c.max {
			t.Errorf("MaxBackoff %v: wait after call %d at u=0 is %v, want the cap", c.max, c.from, got)
		}
	}
	// The supremum of the wait after call 4 is 16 s, below the 20 s cap that follows.
	if got := (AWS{MaxBackoff: 20 * time.Second}).Delay(4, draw.Upper{}); got != 16*time.Second {
		t.Errorf("sup of the wait after call 4 = %v, want 16s", got)
	}
}

// Huge inputs saturate: 2^k overflows to +Inf under the 2026 formula and is capped; the legacy
// shift stays below 2^32 for any accepted MaxBackoff.
func TestAWSOverflow(t *testing.T) {
	huge := 36500 * 24 * time.Hour
	for _, a := range []AWS{
		{MaxAttempts: schedule.MaxAttempts, MaxBackoff: huge, Retries2026: true, BaseDelay: huge},
		{MaxAttempts: schedule.MaxAttempts, MaxBackoff: huge},
		{MaxAttempts: 2000, MaxBackoff: huge, Retries2026: true, Throttle: true},
	} {
		for _, d := range []schedule.Draws{draw.Upper{}, draw.Fixed(0.999999), draw.NewCryptoTestRand(7)} {
			rows := a.Strategy(nil, 0).Fill(d, nil)
			sane(t, fmt.Sprintf("%+v", a), rows)
			if last := rows[len(rows)-2].Wait; last > huge.Seconds() {
				t.Errorf("%+v: last wait %v past MaxBackoff", a, last)
			}
		}
	}
}

// The SDK's own tests of the 2026 formula, aws/retry/retry2026_test.go at v1.48.0
// (TestRetry2026StandardMode, every draw fixed at 1 and no AWS_NEW_RETRIES_2026 set): 50, 100,
// 200, 400 ms over 5 calls; with MaxBackoff 200ms, 50, 100, 200, 200 ms; a throttling error 1 s;
// DynamoDB's BaseDelay 25ms, 25, 50, 100 ms.
func TestAWS2026MatchesSDKTests(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name string
		a    AWS
		want []time.Duration
	}{
		{"exponential backoff timing", AWS{MaxAttempts: 5, MaxBackoff: 20 * time.Second, Retries2026: true}, []time.Duration{50 * ms, 100 * ms, 200 * ms, 400 * ms}},
		{"max backoff time", AWS{MaxAttempts: 5, MaxBackoff: 200 * ms, Retries2026: true}, []time.Duration{50 * ms, 100 * ms, 200 * ms, 200 * ms}},
		{"throttling", AWS{MaxAttempts: 2, MaxBackoff: 20 * time.Second, Retries2026: true, Throttle: true}, []time.Duration{time.Second}},
		{"dynamodb", AWS{MaxAttempts: 4, MaxBackoff: 20 * time.Second, Retries2026: true, BaseDelay: 25 * ms}, []time.Duration{25 * ms, 50 * ms, 100 * ms}},
	} {
		for k, want := range c.want {
			if got := c.a.Delay(k+1, draw.Fixed(1)); got != want {
				t.Errorf("%s: wait after call %d = %v, want %v", c.name, k+1, got, want)
			}
		}
	}
}

func ExampleAWS() {
	s := AWS{MaxAttempts: 7, MaxBackoff: 20 * time.Second}.Strategy(nil, 0)
	for _, r := range s.Fill(draw.Fixed(0.5), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 1
	// 2 1 2
	// 3 3 4
	// 4 7 8
	// 5 15 20
	// 6 35 20
	// 7 55 0
}
