package presets

import (
	"math"
	"math/big"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

func starts(rows []schedule.Row) []float64 {
	out := make([]float64, len(rows))
	for i, r := range rows {
		out[i] = r.Start
	}
	return out
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

func equalFloats(t *testing.T, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d values %v, want %d %v", what, len(got), got, len(want), want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s[%d] = %v, want %v", what, i, got[i], want[i])
		}
	}
}

// The published vectors: Rails' formula evaluated by hand (e^4 + 0.5*e^4*0.15 + 2).
func TestPolynomialPublishedVectors(t *testing.T) {
	cases := []struct {
		name       string
		p          Polynomial
		u          float64
		wantWaits  []float64
		wantStarts []float64
	}{
		{"no jitter", Polynomial{Attempts: 5}, 0.5, []float64{3, 18, 83, 258}, []float64{0, 3, 21, 104, 362}},
		{"defaults", Polynomial{Attempts: 5, Jitter: 0.15}, 0.5,
			[]float64{3.075, 19.2, 89.075, 277.2}, []float64{0, 3.075, 22.275, 111.35, 388.55}},
		{"u=0 is the jitter-free schedule", Polynomial{Attempts: 3, Jitter: 0.15}, 0, []float64{3, 18}, []float64{0, 3, 21}},
		{"job duration adds to each start", Polynomial{Attempts: 3, JobDuration: 10}, 0.5, []float64{3, 18}, []float64{0, 13, 41}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := c.p.Fill(draw.Fixed(c.u), nil)
			equalFloats(t, "waits", waits(rows), c.wantWaits)
			equalFloats(t, "starts", starts(rows), c.wantStarts)
			if rows[len(rows)-1].HasWait {
				t.Error("the last attempt must have no wait")
			}
		})
	}
}

// schedule.Row 25 of the 25-attempt default schedule starts at 1895294.5 s (21d 22h 28m 14.5s), the sum of
// e^4 + 0.075 e^4 + 2 for e = 1..24 = 1.075 * 1763020 + 48 exactly.
func TestPolynomialTwentyFifthAttempt(t *testing.T) {
	rows := Polynomial{Attempts: 25, Jitter: 0.15}.Fill(draw.Fixed(0.5), nil)
	if got := rows[24].Start; got != 1895294.5 {
		t.Fatalf("attempt 25 starts at %v, want 1895294.5", got)
	}
	if got := rows[4].Start; got != 388.55 {
		t.Fatalf("attempt 5 starts at %v, want 388.55", got)
	}
}

// Each wait is computed in Ruby's order, d + (u*d)*j + 2; a different association rounds
// differently for some u, so pin the order against an independent evaluation.
func TestPolynomialFloatOrder(t *testing.T) {
	for _, u := range []float64{0.1, 0.3, 0.7, 0.123456789, 0.999999} {
		rows := Polynomial{Attempts: 30, Jitter: 0.15}.Fill(draw.Fixed(u), nil)
		for i, w := range waits(rows) {
			e := float64(i + 1)
			d := float64(e * e * e * e)
			want := d + float64((u*d)*0.15) + 2
			if w != want {
				t.Fatalf("u=%v e=%v: wait %v, want %v", u, e, w, want)
			}
		}
	}
}

// The seed blog's table computes its jitter as 0.5*(n*4)*0.15, a typo for n**4. Its rows follow
// that typo (row 5 at 365 s, row 25 at 1763158 s, truncated) while real ActiveJob gives 388.55 s
// and 1895294.5 s.
func TestBlogTableIsTheTypo(t *testing.T) {
	blogStart := func(row int) float64 {
		start := 0.0
		for n := 1; n < row; n++ {
			e := float64(n)
			start += float64(e*e*e*e) + float64(0.5*(e*4)*0.15) + 2
		}
		return start
	}
	if got := math.Trunc(blogStart(5)); got != 365 {
		t.Errorf("typo formula row 5 = %v, blog prints 365", got)
	}
	if got := math.Trunc(blogStart(25)); got != 1763158 {
		t.Errorf("typo formula row 25 = %v, blog prints 1763158", got)
	}
	rows := Polynomial{Attempts: 25, Jitter: 0.15}.Fill(draw.Fixed(0.5), nil)
	if rows[4].Start == blogStart(5) || rows[24].Start == blogStart(25) {
		t.Error("the real schedule must differ from the blog's typo")
	}
}

func TestFixed(t *testing.T) {
	rows := Fixed{Attempts: 5, Wait: 3, Jitter: 0.15}.Fill(draw.Fixed(0.5), nil)
	equalFloats(t, "waits", waits(rows), []float64{3.225, 3.225, 3.225, 3.225})
	// Rails truncates the wait to whole seconds before jitter: 3.9s is 3s.
	rows = Fixed{Attempts: 2, Wait: 3.9}.Fill(draw.Fixed(0.5), nil)
	equalFloats(t, "truncated", waits(rows), []float64{3})
	if n := (Fixed{Attempts: 2, Wait: 3.9}).Notes(rows); len(n) != 2 {
		t.Errorf("want a note about truncation, got %v", n)
	}
}

// fourthPower must equal the correctly rounded e^4 (what converting Ruby's exact integer gives).
func TestFourthPowerExactRounding(t *testing.T) {
	for e := 1; e <= schedule.MaxAttempts; e++ {
		b := new(big.Int).Exp(big.NewInt(int64(e)), big.NewInt(4), nil)
		want, _ := new(big.Float).SetInt(b).Float64()
		if got := fourthPower(e); got != want {
			t.Errorf("fourthPower(%d) = %v, want %v", e, got, want)
		}
	}
}

func TestMaxAttemptsStaysFinite(t *testing.T) {
	rows := Polynomial{Attempts: schedule.MaxAttempts, Jitter: 100, JobDuration: 365 * 86400}.Fill(draw.Upper{}, nil)
	last := rows[len(rows)-1]
	if math.IsInf(last.Start, 0) || math.IsNaN(last.Start) || last.Start <= 0 {
		t.Fatalf("last start %v is not a finite positive number", last.Start)
	}
}

// WriteSplitMix writes what WriteColumns writes from the same generator, bit for bit, and leaves
// the generator where WriteColumns leaves it: with and without jitter and job duration, every row
// or fewer, raw or rounded.
func TestPolynomialWriteSplitMixIsWriteColumns(t *testing.T) {
	for _, p := range []Polynomial{
		{Attempts: 25, Jitter: 0.15},
		{Attempts: 25, Jitter: 0.15, JobDuration: 0.3},
		{Attempts: 7, Jitter: 0},
		{Attempts: 1, Jitter: 0.5},
		{Attempts: 40, Jitter: 1, JobDuration: 2},
	} {
		for _, rows := range []int{1, 5, p.Attempts, p.Attempts + 3} {
			for _, raw := range []bool{false, true} {
				a, b := draw.NewSplitMix(3, uint64(rows)), draw.NewSplitMix(3, uint64(rows))
				got := p.WriteSplitMix(a, nil, rows, raw)
				want := p.WriteColumns(b, nil, rows, raw)
				if len(got) != len(want) {
					t.Fatalf("%+v rows %d: %d values, WriteColumns %d", p, rows, len(got), len(want))
				}
				for i := range got {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("%+v rows %d raw %v: value %d is %v, WriteColumns gives %v", p, rows, raw, i, got[i], want[i])
					}
				}
				if x, y := a.Unit(), b.Unit(); x != y {
					t.Errorf("%+v rows %d: the next draw is %v, after WriteColumns %v", p, rows, x, y)
				}
			}
		}
	}
}
