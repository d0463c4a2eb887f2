package generic

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/sample"
)

func TestCurvesClosedForms(t *testing.T) {
	fib := []float64{1, 1, 2, 3, 5, 8, 13, 21}
	for k := 1; k <= 8; k++ {
		kf := float64(k)
		cases := []struct {
			c    Curve
			want float64
		}{
			{Constant{Wait: 2}, 2},
			{Linear{Base: 1, Increment: 2}, 1 + 2*(kf-1)},
			{Exponential{Base: 1, Factor: 3}, math.Pow(3, kf-1)},
			{Exponential{Base: 0.5, Factor: 1}, 0.5},
			{Fibonacci{Base: 1.5}, 1.5 * fib[k-1]},
		}
		for _, c := range cases {
			if got := c.c.Nominal(k); got != c.want {
				t.Errorf("%#v d(%d) = %v, want %v", c.c, k, got, c.want)
			}
		}
	}
}

func TestFibonacciFarOut(t *testing.T) {
	// F(78) = 8944394323791464 is the last below 2^53; the table sums floats as any float
	// implementation does, and saturates past the float range.
	if got := fib(78); got != 8944394323791464 {
		t.Errorf("F(78) = %v", got)
	}
	if got := saturate(Fibonacci{Base: 1}.Nominal(5000)); got != MaxWait {
		t.Errorf("F(5000) saturates to %v, want %v", got, MaxWait)
	}
}

// TestJitterModelsClosedForms: each model at the least draw, the middle and the supremum, for
// d = 8 s and f = 0.25, written out from the model's formula.
func TestJitterModelsClosedForms(t *testing.T) {
	cases := []struct {
		model         string
		lo, mid, high float64
	}{
		{None, 8, 8, 8},
		{Full, 0, 4, 8},
		{Equal, 4, 6, 8},
		{Sym, 6, 8, 10},
		{Add, 8, 9, 10},
		{Band, 6, 7, 8},
	}
	for _, c := range cases {
		for _, p := range []struct {
			d    schedule.Draws
			want float64
		}{{draw.Fixed(0), c.lo}, {draw.Fixed(0.5), c.mid}, {draw.Upper{}, c.high}} {
			if got := Jittered(c.model, 0.25, 8, p.d); got != p.want {
				t.Errorf("%s at %v: %v, want %v", c.model, p.d, got, p.want)
			}
		}
	}
}

func waits(rows []schedule.Row) []float64 {
	var out []float64
	for _, r := range rows {
		if r.HasWait {
			out = append(out, r.Wait)
		}
	}
	return out
}

func exponential(cap float64, order, model string, f float64, attempts int, limit float64) *schedule.Composed {
	c := Exponential{Base: 1, Factor: 2}
	return Compose(Config{Name: "exponential", Waits: Waits(c), Curve: c, Cap: cap, CapOrder: order, Jitter: model,
		JitterFactor: f, Attempts: attempts, MaxElapsed: limit})
}

func TestCapOrder(t *testing.T) {
	// sym 0.5 at the supremum: the cap before the jitter lets waits reach 1.5 x cap, after it not.
	before := waits(exponential(5, CapThenJitter, Sym, 0.5, 6, 0).Fill(draw.Upper{}, nil))
	after := waits(exponential(5, JitterThenCap, Sym, 0.5, 6, 0).Fill(draw.Upper{}, nil))
	if want := []float64{1.5, 3, 6, 7.5, 7.5}; !slices.Equal(before, want) {
		t.Errorf("cap-then-jitter %v, want %v", before, want)
	}
	if want := []float64{1.5, 3, 5, 5, 5}; !slices.Equal(after, want) {
		t.Errorf("jitter-then-cap %v, want %v", after, want)
	}
}

// TestAWSFullJitterEnvelope is the contract's check: exponential, base 1 s, factor 2, cap 30 s,
// full jitter, 10 attempts: the greatest waits are 1, 2, 4, 8, 16, 30, 30, 30, 30.
func TestAWSFullJitterEnvelope(t *testing.T) {
	env := schedule.Envelope(exponential(30, CapThenJitter, Full, 0, 10, 0))
	var got []float64
	for _, b := range env[:9] {
		got = append(got, b.WaitMax)
		if b.WaitMin != 0 {
			t.Errorf("full jitter's least wait is %v, want 0", b.WaitMin)
		}
	}
	if want := []float64{1, 2, 4, 8, 16, 30, 30, 30, 30}; !slices.Equal(got, want) {
		t.Errorf("wait max %v, want %v", got, want)
	}
}

func TestSaturation(t *testing.T) {
	huge := Compose(Config{Name: "x", Waits: Waits(Exponential{Base: 1, Factor: 1000}), Jitter: Sym, JitterFactor: 1, Attempts: 400})
	for _, d := range []schedule.Draws{draw.Fixed(0), draw.Fixed(0.5), draw.Upper{}} {
		for _, r := range huge.Fill(d, nil) {
			if math.IsNaN(r.Start) || math.IsInf(r.Start, 0) || r.Start < 0 || r.Wait < 0 || r.Wait > MaxWait {
				t.Fatalf("row %d: start %v wait %v", r.Attempt, r.Start, r.Wait)
			}
		}
	}
	zero := Waits(Exponential{Base: 0, Factor: 1000})
	if w, _ := zero.Next(schedule.Step{Attempt: 300}, draw.Fixed(0)); w != 0 {
		t.Errorf("base 0 at attempt 300: %v, want 0 (not NaN)", w)
	}
}

// TestDecorrelatedEnvelopeBruteForce compares the decorrelated envelope under an elapsed-time
// limit with a grid over three draws: no grid point beats the computed supremum, and the best grid
// point comes within the grid's resolution of it.
func TestDecorrelatedEnvelopeBruteForce(t *testing.T) {
	c := Decorrelated{Base: 1, Cap: 30}
	const limit, job = 20.0, 0.5
	env := c.Envelope(4, limit, job)
	const n = 120
	best := make([]float64, 3)
	start := make([]float64, 4)
	for i := 0; i <= n; i++ {
		for j := 0; j <= n; j++ {
			for k := 0; k <= n; k++ {
				us := []float64{float64(i) / n, float64(j) / n, float64(k) / n}
				prev, s := 1.0, 0.0
				for r := 0; r < 3; r++ {
					w := math.Min(c.Cap, c.Base+float64(us[r]*(float64(3*prev)-c.Base)))
					next := s + job + w
					if next > limit {
						break
					}
					best[r] = math.Max(best[r], w)
					s, prev = next, w
					start[r+1] = math.Max(start[r+1], s)
				}
			}
		}
	}
	for r := 0; r < 3; r++ {
		got := env[r].WaitMax
		if best[r] > got+1e-9 || got-best[r] > 0.3 {
			t.Errorf("row %d: envelope wait max %v, grid best %v", r+1, got, best[r])
		}
	}
	if env[3].StartMax < start[3]-1e-9 {
		t.Errorf("row 4 start max %v below a reachable %v", env[3].StartMax, start[3])
	}
}

// TestPercentilesAgainstBruteForce samples exponential with full jitter under an elapsed-time
// limit and compares every row's nearest-rank percentile with a brute force over the same
// per-sample streams.
func TestPercentilesAgainstBruteForce(t *testing.T) {
	s := exponential(30, CapThenJitter, Full, 0, 12, 60)
	const n, seed = 30000, 11
	percents := []float64{5, 50, 95}
	q := sample.Percentiles(s, n, seed, percents)
	var cols [][]float64
	for i := 0; i < n; i++ {
		rows := s.Fill(draw.NewSplitMix(seed, uint64(i)), nil)
		for len(cols) < 2*len(rows) {
			cols = append(cols, nil)
		}
		for r, row := range rows {
			cols[2*r] = append(cols[2*r], row.Start)
			if row.HasWait {
				cols[2*r+1] = append(cols[2*r+1], row.Wait)
			}
		}
	}
	if len(q.Start)*2 != len(cols) {
		t.Fatalf("%d sampled rows, brute force %d", len(q.Start), len(cols)/2)
	}
	for c, vals := range cols {
		slices.Sort(vals)
		for j, p := range percents {
			got := q.Start[c/2][j]
			if c%2 == 1 {
				got = q.Wait[c/2][j]
			}
			if len(vals) == 0 {
				if !math.IsNaN(got) {
					t.Errorf("column %d: %v, want NaN", c, got)
				}
				continue
			}
			if want := vals[max(1, int(math.Ceil(p/100*float64(len(vals)))))-1]; got != want {
				t.Errorf("column %d p%v = %v, want %v", c, p, got, want)
			}
		}
	}
}

func ExampleExponential() {
	s := Compose(Config{Name: "exponential", Waits: Waits(Exponential{Base: 1, Factor: 2}), Cap: 10, CapOrder: CapThenJitter,
		Jitter: None, Attempts: 7})
	for _, r := range s.Fill(draw.Fixed(0.5), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 1
	// 2 1 2
	// 3 3 4
	// 4 7 8
	// 5 15 10
	// 6 25 10
	// 7 35 0
}

func ExampleFibonacci() {
	s := Compose(Config{Name: "fibonacci", Waits: Waits(Fibonacci{Base: 1}), Jitter: None, Attempts: 6})
	for _, r := range s.Fill(draw.Fixed(0.5), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait)
	}
	// Output:
	// 1 0 1
	// 2 1 1
	// 3 2 2
	// 4 4 3
	// 5 7 5
	// 6 12 0
}

// FuzzGenericInvariants: any curve, jitter model, cap, cap order and limit gives waits in
// [0, MaxWait], finite non-decreasing starts, no more rows than attempts, and no start past the
// elapsed-time limit.
func FuzzGenericInvariants(f *testing.F) {
	f.Add(uint8(2), uint8(1), 1.0, 2.0, 30.0, true, 120.0, 0.5, uint16(20), 0.3)
	f.Add(uint8(4), uint8(3), 0.1, 1000.0, 0.0, false, 0.0, 1.0, uint16(500), 0.99)
	f.Fuzz(func(t *testing.T, curve, model uint8, base, x, capS float64, capFirst bool, limit, jf float64, attempts uint16, u float64) {
		for _, v := range []*float64{&base, &x, &capS, &limit, &jf, &u} {
			if math.IsNaN(*v) || math.IsInf(*v, 0) {
				*v = 0
			}
			*v = math.Abs(*v)
		}
		base, capS, limit = math.Min(base, MaxWait), math.Min(capS, MaxWait), math.Min(limit, MaxWait)
		u = math.Mod(u, 1)
		m := Models[int(model)%len(Models)]
		jf = math.Min(jf, FactorMax(m))
		order := JitterThenCap
		if capFirst {
			order = CapThenJitter
		}
		var waits schedule.Policy
		switch curve % 5 {
		case 0:
			waits = Waits(Constant{Wait: base})
		case 1:
			waits = Waits(Linear{Base: base, Increment: math.Min(x, MaxWait)})
		case 2:
			waits = Waits(Exponential{Base: base, Factor: 1 + math.Min(x, 999)})
		case 3:
			waits = Waits(Fibonacci{Base: base})
		default:
			waits = Decorrelated{Base: base, Cap: math.Max(capS, 1e-9)}.Policy()
			m = None
		}
		n := int(attempts%2000) + 1
		s := Compose(Config{Name: "f", Waits: waits, Cap: capS, CapOrder: order, Jitter: m, JitterFactor: jf, Attempts: n, MaxElapsed: limit})
		for _, d := range []schedule.Draws{draw.Fixed(u), draw.Upper{}, draw.NewSplitMix(int64(attempts), 1)} {
			rows := s.Fill(d, nil)
			if len(rows) > n || len(rows) == 0 {
				t.Fatalf("%d rows for %d attempts", len(rows), n)
			}
			prev := 0.0
			for _, r := range rows {
				if r.Start < prev || math.IsNaN(r.Start) || math.IsInf(r.Start, 0) {
					t.Fatalf("row %d start %v after %v", r.Attempt, r.Start, prev)
				}
				if limit > 0 && r.Attempt > 1 && r.Start > limit*(1+1e-12) {
					t.Fatalf("row %d starts at %v past the limit %v", r.Attempt, r.Start, limit)
				}
				if r.HasWait && (r.Wait < 0 || r.Wait > MaxWait*2 || math.IsNaN(r.Wait)) {
					t.Fatalf("row %d wait %v", r.Attempt, r.Wait)
				}
				prev = r.Start
			}
		}
	})
}
