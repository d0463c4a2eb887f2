package presets

import (
	"fmt"
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// seqDraws hands out the draws in order, cycling.
type seqDraws struct {
	u []float64
	i int
}

func (s *seqDraws) Unit() float64      { u := s.u[s.i%len(s.u)]; s.i++; return u }
func (s *seqDraws) Intn(n int64) int64 { return draw.ScaleDiscrete(s.Unit(), n) }

// pollyOf builds a Polly from ticks (100 ns).
func pollyOf(typ string, delay int64, retries int, maxDelay int64, jitter bool) *Polly {
	return &Polly{BackoffType: typ, Delay: delay, MaxRetryAttempts: retries, MaxDelay: maxDelay, UseJitter: jitter}
}

// equalTicks compares a schedule's waits with TimeSpan ticks, as the seconds the table shows.
func equalTicks(t *testing.T, name string, s schedule.Strategy, d schedule.Draws, want []int64) {
	t.Helper()
	var got []float64
	for _, r := range s.Fill(d, nil) {
		if r.HasWait {
			got = append(got, r.Wait)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d waits, want %d", name, len(got), len(want))
		return
	}
	for i := range got {
		if got[i] != float64(want[i])/1e7 {
			t.Errorf("%s: wait %d = %v s, want %d ticks\n got  %v", name, i+1, got[i], want[i], got)
			return
		}
	}
}

// Vectors in ticks. .NET cannot run here, so they come from scratch-polly/main.go
// (not committed; `go run .`), a line-by-line port of Polly 8.7.0 (a824c6b9)
// src/Polly.Core/Retry/RetryHelper.cs GetRetryDelay/ApplyJitter/DecorrelatedJitterBackoffV2 and of
// .NET 8's System.TimeSpan (TotalMilliseconds, FromMilliseconds, operator *), written separately
// from this preset. The unjittered ones and "constant 2s jitter 0.5" were also checked by hand
// (at u = 0.5 ApplyJitter's offset cancels: 2000 + (2000*0.5*0.5 - 500) = 2000 ms). Draws listed
// are what the Randomizer returns, in order.
func TestPollyMatchesLibrary(t *testing.T) {
	const s = 10_000_000 // ticks per second
	const day = 864_000_000_000
	seq := []float64{0.1, 0.9, 0.25, 0.75, 0.0, 0.999999}
	cases := []struct {
		name  string
		p     *Polly
		draws []float64
		want  []int64
	}{
		{"defaults", pollyOf(PollyConstant, 2*s, 3, -1, false), []float64{0.5}, []int64{2 * s, 2 * s, 2 * s}},
		{"linear 2s", pollyOf(PollyLinear, 2*s, 5, -1, false), []float64{0.5}, []int64{2 * s, 4 * s, 6 * s, 8 * s, 10 * s}},
		{"exponential 2s", pollyOf(PollyExponential, 2*s, 6, -1, false), []float64{0.5},
			[]int64{2 * s, 4 * s, 8 * s, 16 * s, 32 * s, 64 * s}},
		{"linear 333.3333ms", pollyOf(PollyLinear, 3333333, 4, -1, false), []float64{0.5}, []int64{3333333, 6666666, 9999999, 13333332}},
		{"exponential 1d overflow", pollyOf(PollyExponential, day, 26, -1, false), []float64{0.5},
			[]int64{864000000000, 1728000000000, 3456000000000, 6912000000000, 13824000000000, 27648000000000, 55296000000000,
				110592000000000, 221184000000000, 442368000000000, 884736000000000, 1769472000000000, 3538944000000000,
				7077888000000000, 14155776000000000, 28311552000000000, 56623104000000000, 113246208000000000,
				226492416000000000, 452984832000000000, 905969664000000000, 1811939328000000000, 3623878656000000000,
				7247757312000000000, math.MaxInt64, math.MaxInt64}},
		{"exponential 2s max 1d", pollyOf(PollyExponential, 2*s, 18, day, false), []float64{0.5},
			[]int64{2 * s, 4 * s, 8 * s, 16 * s, 32 * s, 64 * s, 128 * s, 256 * s, 512 * s, 1024 * s, 2048 * s, 4096 * s,
				8192 * s, 16384 * s, 32768 * s, 65536 * s, day, day}},
		{"constant 2s jitter 0.5", pollyOf(PollyConstant, 2*s, 3, -1, true), []float64{0.5}, []int64{2 * s, 2 * s, 2 * s}},
		{"constant 2s jitter", pollyOf(PollyConstant, 2*s, 6, -1, true), seq,
			[]int64{16000000, 24000000, 17500000, 22500000, 15000000, 24999989}},
		{"constant 1.2345678s jitter", pollyOf(PollyConstant, 12345678, 6, -1, true), seq,
			[]int64{9876542, 14814813, 10802468, 13888887, 9259258, 15432091}},
		{"linear 500ms jitter max 2s", pollyOf(PollyLinear, 5_000_000, 6, 2*s, true), seq,
			[]int64{4000000, 12000000, 13125000, 20000000, 18750000, 20000000}},
		{"linear 333.3333ms jitter", pollyOf(PollyLinear, 3333333, 6, -1, true), seq,
			[]int64{2666666, 7999999, 8749999, 14999998, 12499998, 24999987}},
		{"exponential 2s jitter 0.5", pollyOf(PollyExponential, 2*s, 6, -1, true), []float64{0.5},
			[]int64{17948098, 21860070, 40714959, 80919588, 161672632, 323273256}},
		{"exponential 2s jitter", pollyOf(PollyExponential, 2*s, 6, -1, true), seq,
			[]int64{8570217, 44317792, 14730629, 124420076, 36379409, 685765356}},
		{"exponential 1s jitter max 5s", pollyOf(PollyExponential, s, 8, 5*s, true), seq,
			[]int64{4285108, 22158896, 7365314, 50000000, 18189704, 50000000, 32811648, 50000000}},
		{"delay 0 jitter", pollyOf(PollyExponential, 0, 3, -1, true), seq, []int64{0, 0, 0}},
	}
	for _, c := range cases {
		equalTicks(t, c.name, c.p, &seqDraws{u: c.draws}, c.want)
	}
}

// The constants as .NET computes them: MaxTimeSpanTicks rounds to 2^63 - 1024, 1/1.4d.
func TestPollyConstants(t *testing.T) {
	if int64(pollyMaxTicks) != 9223372036854774784 || pollyRpScaling != 0.7142857142857143 {
		t.Errorf("MaxTimeSpanTicks %d, RpScalingFactor %v", int64(pollyMaxTicks), pollyRpScaling)
	}
}

// Delay 0 returns before the randomizer: no draw is read; a jittered schedule reads one per retry.
func TestPollyDrawCount(t *testing.T) {
	d := &seqDraws{u: []float64{0.5}}
	pollyOf(PollyExponential, 0, 5, -1, true).Fill(d, nil)
	if d.i != 0 {
		t.Errorf("delay 0 read %d draws", d.i)
	}
	pollyOf(PollyLinear, 1e7, 5, -1, true).Fill(d, nil)
	if d.i != 5 {
		t.Errorf("5 jittered retries read %d draws", d.i)
	}
}

// Overflow: an unjittered exponential past 2^63 ticks is TimeSpan.MaxValue (or MaxDelay); the
// decorrelated formula saturates at 2^63 - 1024 ticks, and from attempt 1024 2^t is infinite.
// Over 99999 retries every row stays finite and the starts keep growing.
func TestPollyOverflow(t *testing.T) {
	const day = 864_000_000_000
	rows := pollyOf(PollyExponential, day, 1030, -1, true).Fill(draw.Fixed(0.5), nil)
	if w := rows[1029].Wait; w != float64(int64(pollyMaxTicks))/1e7 {
		t.Errorf("decorrelated wait after attempt 1030 = %v s, want 2^63-1024 ticks", w)
	}
	if w := rows[25].Wait; w != float64(int64(9223372036854774784))/1e7 {
		t.Errorf("decorrelated wait after attempt 26 = %v s, want saturated", w)
	}
	for _, p := range []*Polly{
		pollyOf(PollyExponential, day, schedule.MaxAttempts-1, -1, false),
		pollyOf(PollyExponential, day, schedule.MaxAttempts-1, -1, true),
		pollyOf(PollyExponential, day, schedule.MaxAttempts-1, day, true),
		pollyOf(PollyLinear, day, schedule.MaxAttempts-1, -1, true),
	} {
		rows := p.Fill(draw.Upper{}, nil)
		sane(t, fmt.Sprintf("%+v", *p), rows)
		if len(rows) != schedule.MaxAttempts {
			t.Errorf("%+v: %d rows", *p, len(rows))
		}
	}
	if got := waitsNS(pollyOf(PollyExponential, day, 30, day, false), draw.Fixed(0)); got[29] != day*100 {
		t.Errorf("overflow with MaxDelay: %d ns, want MaxDelay", got[29])
	}
}

// The decorrelated envelope: the first wait spans [0, f(1)·Delay/1.4), later ones
// [0, f(k+1) - f(k-1)); starts telescope, so the grid's ends bound them, and brute force over
// sampled draws stays inside.
func TestPollyDecorrelatedEnvelope(t *testing.T) {
	for _, p := range []*Polly{
		pollyOf(PollyExponential, 10_000_000, 6, -1, true),
		pollyOf(PollyExponential, 10_000_000, 6, 30_000_000, true),
	} {
		env := p.Envelope()
		if env[0].WaitMin != 0 || env[1].WaitMin != 0 {
			t.Errorf("least waits %v, %v: want 0", env[0].WaitMin, env[1].WaitMin)
		}
		g := draw.Own.Seeded(7)
		for n := 0; n < 20000; n++ {
			for i, r := range p.Fill(g, nil) {
				b := env[i]
				if r.Start < b.StartMin-1e-9 || r.Start > b.StartMax+1e-9 || (r.HasWait && (r.Wait < b.WaitMin || r.Wait > b.WaitMax)) {
					t.Fatalf("%+v: row %d %+v outside %+v", *p, i+1, r, b)
				}
			}
		}
	}
}

func ExamplePolly() {
	p := &Polly{BackoffType: PollyExponential, Delay: 20_000_000, MaxRetryAttempts: 4, MaxDelay: -1, UseJitter: true}
	for _, r := range p.Fill(draw.Fixed(0.5), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 1.7948098
	// 2 1.7948098 2.186007
	// 3 3.9808168 4.0714959
	// 4 8.0523127 8.0919588
	// 5 16.1442715 0
}
