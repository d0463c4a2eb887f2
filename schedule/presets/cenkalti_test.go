package presets

import (
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Vectors from a run of the real library: github.com/cenkalti/backoff/v4 v4.3.0 run by
// scratch-cenkalti-v4 (`go run .`, the global math/rand seeded with rand.Seed(N) under
// GODEBUG=randseednop=0, a fake clock advanced by each wait) and v5.0.3 run by
// scratch-cenkalti-v5 (`go test -run 'TestReal|TestHook'`: Retry in a testing/synctest bubble, the
// hooked copy drawing rand.New(rand.NewSource(N)).Float64). Waits in nanoseconds.

// cenkaltiDefault is NewExponentialBackOff's fields with Retry's default 15m limit.
func cenkaltiDefault(major int) Cenkalti {
	return Cenkalti{Major: major, InitialInterval: 500 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 1.5,
		MaxInterval: 60 * time.Second, MaxElapsedTime: 15 * time.Minute, MaxRetries: -1}
}

// waitsNs lays c out at draws d and returns its waits in nanoseconds.
func waitsNs(s schedule.Strategy, d schedule.Draws) []int64 {
	var out []int64
	for _, r := range s.Fill(d, nil) {
		if r.HasWait {
			out = append(out, int64(math.Round(r.Wait*1e9)))
		}
	}
	return out
}

func TestCenkaltiVectors(t *testing.T) {
	withMaxCalls := func(c Cenkalti, calls int) Cenkalti {
		if c.Major == 4 {
			c.MaxRetries = calls - 1
		} else {
			c.MaxTries = calls
		}
		return c
	}
	cases := []struct {
		name  string
		c     func(major int) Cenkalti
		seed  int64
		waits []int64
	}{
		{"default seed 1", cenkaltiDefault, 1, []int64{552330144, 1080381816, 1310130060, 1582392691, 2340488664, 4506218855, 3221479586, 5608623477, 7649837917, 15394871241, 29271137938, 56813324746, 42855832355, 52839431358, 49083490460, 58133390694, 46982049071, 47586111440, 70745080555, 43113183155, 42191212599, 51652285011, 64240396564, 81749486247, 47586854673, 47824953813}},
		{"default seed 42", cenkaltiDefault, 42, []int64{436514180, 424500372, 1242105583, 1196131561, 1376540473, 3353374561, 7477245564, 7555793257, 11315734314, 22035279012, 35626306424, 31050096705, 51700965674, 37274285749, 69840656861, 57972217277, 72741952073, 72954364829, 86500272874, 88246837119, 37159907805, 50410016198, 47195347085, 43627333807}},
		{"default rf0", func(m int) Cenkalti { c := cenkaltiDefault(m); c.RandomizationFactor = 0; return c }, 1,
			[]int64{500000000, 750000000, 1125000000, 1687500000, 2531250000, 3796875000, 5695312500, 8542968750, 12814453125, 19221679687, 28832519530, 43248779295, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000, 60000000000}},
		{"cap seed 1", func(m int) Cenkalti { return withMaxCalls(cenkaltiCap(m), 9) }, 1, []int64{110466029, 288101818, 465824021, 750171350, 924637497, 1186823073, 565637019, 656519254}},
		{"cap seed 42", func(m int) Cenkalti { return withMaxCalls(cenkaltiCap(m), 9) }, 42, []int64{87302836, 113200099, 441637541, 567054962, 543818458, 883193300, 1312877136, 884445850}},
		{"elapsed seed 1", cenkaltiElapsed, 1, []int64{1104660288, 2881018177, 4658240213, 7501713497}},
		{"elapsed seed 42", cenkaltiElapsed, 42, []int64{873028361, 1132000993, 4416375406, 5670549624, 8701095337}},
		{"elapsed boundary 15s", func(m int) Cenkalti {
			c := cenkaltiElapsed(m)
			c.RandomizationFactor, c.MaxElapsedTime = 0, 15*time.Second
			return c
		}, 1, []int64{1000000000, 2000000000, 4000000000, 8000000000}},
		{"elapsed boundary 15s-1ns", func(m int) Cenkalti {
			c := cenkaltiElapsed(m)
			c.RandomizationFactor, c.MaxElapsedTime = 0, 15*time.Second-1
			return c
		}, 1, []int64{1000000000, 2000000000, 4000000000}},
		{"one call", func(m int) Cenkalti { return withMaxCalls(cenkaltiDefault(m), 1) }, 1, nil},
		{"truncation compounds", func(m int) Cenkalti {
			return withMaxCalls(Cenkalti{Major: m, InitialInterval: 333*time.Millisecond + 1, Multiplier: 1.1, MaxInterval: 10 * time.Second, MaxRetries: -1}, 13)
		}, 1, []int64{333000001, 366300001, 402930001, 443223001, 487545301, 536299831, 589929814, 648922795, 713815074, 785196581, 863716239, 950087862}},
	}
	for _, tc := range cases {
		for _, major := range []int{4, 5} {
			got := waitsNs(tc.c(major).Strategy(nil), draw.NewGoMathRand(tc.seed))
			if !reflect.DeepEqual(got, tc.waits) {
				t.Errorf("v%d %s:\n got %v\nwant %v", major, tc.name, got, tc.waits)
			}
		}
	}
}

func cenkaltiCap(major int) Cenkalti {
	return Cenkalti{Major: major, InitialInterval: 100 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Second, MaxRetries: -1}
}

func cenkaltiElapsed(major int) Cenkalti {
	return Cenkalti{Major: major, InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: 60 * time.Second,
		MaxElapsedTime: 30 * time.Second, MaxRetries: -1}
}

// TestCenkaltiMajors pins the v4/v5 differences (`go run . -mode edges`, v5 TestReal edges: six
// NextBackOff calls at RF 0, no elapsed limit), the draw taken at RF 0, and the largest draw
// (v5.0.3 with the hook returning 1-2^-53 for every draw: the waits reach hi+1).
func TestCenkaltiMajors(t *testing.T) {
	six := func(major int, init, max time.Duration, mult float64) []int64 {
		c := Cenkalti{Major: major, InitialInterval: init, Multiplier: mult, MaxInterval: max, MaxRetries: -1, Attempts: 7}
		return waitsNs(c.Strategy(nil), draw.Fixed(0.5))
	}
	g := int64(time.Second)
	for _, tc := range []struct {
		name   string
		v4, v5 []int64
		got    func(int) []int64
	}{
		{"MaxInterval 0", []int64{g, 0, 0, 0, 0, 0}, []int64{g, g, g, g, g, g}, func(m int) []int64 { return six(m, time.Second, 0, 2) }},
		{"Multiplier 0", []int64{g, 0, 0, 0, 0, 0}, []int64{g, g, g, g, g, g}, func(m int) []int64 { return six(m, time.Second, time.Minute, 0) }},
		{"Multiplier 0.5", []int64{g, g / 2, g / 4, g / 8, g / 16, g / 32}, nil, func(m int) []int64 { return six(m, time.Second, time.Minute, 0.5) }},
		{"Initial > Max", []int64{5 * g, 2 * g, 2 * g, 2 * g, 2 * g, 2 * g}, nil, func(m int) []int64 { return six(m, 5*time.Second, 2*time.Second, 2) }},
	} {
		if tc.v5 == nil {
			tc.v5 = tc.v4
		}
		if got := tc.got(4); !reflect.DeepEqual(got, tc.v4) {
			t.Errorf("v4 %s: %v, want %v", tc.name, got, tc.v4)
		}
		if got := tc.got(5); !reflect.DeepEqual(got, tc.v5) {
			t.Errorf("v5 %s: %v, want %v", tc.name, got, tc.v5)
		}
	}
	c := cenkaltiDefault(5)
	c.MaxElapsedTime, c.Attempts = 0, 15
	want := []int64{750000001, 1125000001, 1687500000, 2531250001, 3796875000, 5695312501, 8542968750, 12814453126, 19221679688, 28832519531, 43248779296, 64873168943, 90000000001, 90000000001}
	if got := waitsNs(c.Strategy(nil), draw.Fixed(math.Nextafter(1, 0))); !reflect.DeepEqual(got, want) {
		t.Errorf("largest draw: %v, want %v", got, want)
	}
	if got := waitsNs(c.Strategy(nil), draw.Upper{}); !reflect.DeepEqual(got, want) {
		t.Errorf("supremum draw: %v, want the largest draw's %v", got, want)
	}
	// One draw per NextBackOff, even at RF 0; none after the last call.
	c.RandomizationFactor = 0
	n := &countDraws{}
	c.Strategy(nil).Fill(n, nil)
	if n.n != 14 {
		t.Errorf("RF 0, 15 calls: %d draws, want 14", n.n)
	}
}

type countDraws struct{ n int }

func (c *countDraws) Unit() float64      { c.n++; return 0.5 }
func (c *countDraws) Intn(n int64) int64 { c.n++; return 0 }

// TestCenkaltiEnvelope checks the envelope under the elapsed limit against brute force: every
// row's bounds contain what seeded runs reach, and the default's first and capped rows are exact.
func TestCenkaltiEnvelope(t *testing.T) {
	c := cenkaltiElapsed(4)
	s := c.Strategy(nil)
	env := schedule.Envelope(s)
	for seed := int64(0); seed < 3000; seed++ {
		rows := s.Fill(draw.NewGoMathRand(seed), nil)
		if len(rows) > len(env) {
			t.Fatalf("seed %d reaches row %d, the envelope has %d", seed, len(rows), len(env))
		}
		for i, r := range rows {
			b := env[i]
			if r.Start < b.StartMin || r.Start > b.StartMax || (r.HasWait && (b.NoWait || r.Wait < b.WaitMin || r.Wait > b.WaitMax)) {
				t.Fatalf("seed %d row %d: %+v outside %+v", seed, i+1, r, b)
			}
		}
	}
	if b := env[0]; b.WaitMin != 0.5 || b.WaitMax != 1.500000001 {
		t.Errorf("row 1 waits [%v, %v], want [0.5, 1.500000001]", b.WaitMin, b.WaitMax)
	}
	last := env[len(env)-1]
	if !last.NoWait || last.StartMax != 30 {
		t.Errorf("last row %+v: want no wait, start up to the 30 s limit", last)
	}
	d := schedule.Envelope(cenkaltiDefault(5).Strategy(nil))
	if b := d[12]; b.WaitMin != 30 || b.WaitMax != 90.000000001 {
		t.Errorf("default row 13 waits [%v, %v], want [30, 90.000000001]: the jitter after the cap", b.WaitMin, b.WaitMax)
	}
}

// TestCenkaltiSaturates: the largest inputs stay finite and non-negative.
func TestCenkaltiSaturates(t *testing.T) {
	huge := 36500 * 24 * time.Hour
	c := Cenkalti{Major: 4, InitialInterval: huge, RandomizationFactor: 1, Multiplier: 1000, MaxInterval: huge,
		MaxElapsedTime: huge, MaxRetries: -1, JobDuration: huge}
	for _, d := range []schedule.Draws{draw.Fixed(0), draw.Upper{}, draw.Fixed(0.5)} {
		rows := c.Strategy(nil).Fill(d, nil)
		for _, r := range rows {
			if r.Wait < 0 || math.IsInf(r.Start, 0) || math.IsNaN(r.Wait) {
				t.Fatalf("row %+v", r)
			}
		}
	}
	c.MaxElapsedTime, c.Attempts = 0, 50
	rows := c.Strategy(nil).Fill(draw.Upper{}, nil)
	// 100 years ± 100 years: the top, 2*MaxInterval+1 ns, rounds to a float64 of 6.3e18 ns
	if w := c.randomized(huge, 1); w < 2*huge-4096 || rows[0].Wait != seconds(w) {
		t.Errorf("largest wait %v ns (row %v s), want about 2*MaxInterval", int64(w), rows[0].Wait)
	}
}

func TestCenkaltiNotes(t *testing.T) {
	s := cenkaltiDefault(5).Strategy(nil)
	rows := s.Fill(draw.Fixed(0.5), nil)
	notes := s.Notes(rows)
	if len(rows) != 25 || notes[0].Key != "note.cenkalti.elapsed" || notes[1].Key != "note.cenkalti.capped" || notes[1].Args[1] != 13 {
		t.Errorf("%d rows, notes %+v", len(rows), notes)
	}
	c := cenkaltiCap(4)
	c.MaxRetries = 8
	if n := c.Strategy(nil).Notes(make([]schedule.Row, 9)); n[0].Key != "note.cenkalti.retries" {
		t.Errorf("notes %+v", n)
	}
}

// The v4 WithMaxRetries(8) schedule of 100ms x2 capped at 1s, seeded as rand.Seed(1).
func ExampleCenkalti() {
	c := Cenkalti{Major: 4, InitialInterval: 100 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 2,
		MaxInterval: time.Second, MaxRetries: 8}
	for _, r := range c.Strategy(nil).Fill(draw.NewGoMathRand(1), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 0.110466029
	// 2 0.110466029 0.288101818
	// 3 0.398567847 0.465824021
	// 4 0.864391868 0.75017135
	// 5 1.614563218 0.924637497
	// 6 2.539200715 1.186823073
	// 7 3.726023788 0.565637019
	// 8 4.291660807 0.656519254
	// 9 4.948180061 0
}
