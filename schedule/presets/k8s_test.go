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

// Vectors from a run of the real library: k8s.io/apimachinery v0.37.2 wait.ExponentialBackoff run
// by client-go v0.37.2 retry.OnError in a testing/synctest bubble (scratch-k8s, `go test -v .`,
// rand.Seed(N) under GODEBUG=randseednop=0, which is rand.New(rand.NewSource(N)).Float64; fixed u
// through the linknamed jitterRand). gaps are the sleeps between calls, wasted the sleep after the
// last call. Nanoseconds.

var (
	k8sRetry   = K8s{Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1}
	k8sBackoff = K8s{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}
)

// k8sRun returns the calls, the sleeps between them and the wasted sleep after the last.
func k8sRun(b K8s, d schedule.Draws) (calls int, gaps []int64, wasted int64) {
	rows := b.Strategy(nil).Fill(d, nil)
	for _, r := range rows {
		if r.HasWait {
			gaps = append(gaps, int64(nsOf(math.Round(r.Wait*1e9))))
		}
	}
	if last := rows[len(rows)-1]; b.Cap > 0 && !last.Extra[0].Null {
		wasted = int64(math.Round(last.Extra[0].Num * 1e9))
	}
	return len(rows), gaps, wasted
}

func TestK8sVectors(t *testing.T) {
	capped := K8s{Steps: 10, Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0.5, Cap: time.Second}
	capJ0 := capped
	capJ0.Jitter = 0
	exact := K8s{Steps: 10, Duration: 250 * time.Millisecond, Factor: 2, Cap: time.Second}
	steps := K8s{Steps: 4, Duration: time.Second, Factor: 3, Jitter: 0.25}
	cases := []struct {
		name   string
		b      K8s
		d      schedule.Draws
		calls  int
		gaps   []int64
		wasted int64
	}{
		{"DefaultRetry seed 1", k8sRetry, draw.NewGoMathRand(1), 5, []int64{10604660, 10940509, 10664560, 10437714}, 0},
		{"DefaultRetry seed 42", k8sRetry, draw.NewGoMathRand(42), 5, []int64{10373028, 10066000, 10604093, 10208818}, 0},
		{"DefaultBackoff seed 1", k8sBackoff, draw.NewGoMathRand(1), 4, []int64{10604660, 54702545, 266614001}, 0},
		{"DefaultBackoff seed 42", k8sBackoff, draw.NewGoMathRand(42), 4, []int64{10373028, 50330002, 265102346}, 0},
		{"cap seed 1", capped, draw.NewGoMathRand(1), 4, []int64{130233014, 294050908, 532912010}, 975085674},
		{"cap seed 42", capped, draw.NewGoMathRand(42), 4, []int64{118651418, 206600049, 520818770}, 883527481},
		{"cap jitter 0", capJ0, draw.NewGoMathRand(1), 4, []int64{100000000, 200000000, 400000000}, 800000000},
		{"next == cap is not past it", exact, draw.NewGoMathRand(1), 3, []int64{250000000, 500000000}, 1000000000},
		{"steps seed 1", steps, draw.NewGoMathRand(1), 4, []int64{1151165071, 3705381816, 10495260119}, 0},
		{"steps seed 42", steps, draw.NewGoMathRand(42), 4, []int64{1093257090, 3049500372, 10359211166}, 0},
		{"truncation compounds", K8s{Steps: 6, Duration: 333*time.Millisecond + 1, Factor: 1.1}, draw.Fixed(0.5), 6,
			[]int64{333000001, 366300001, 402930001, 443223001, 487545301}, 0},
		{"steps 1", K8s{Steps: 1, Duration: time.Second}, draw.Fixed(0.5), 1, nil, 0},
		{"DefaultBackoff u=0", k8sBackoff, draw.Fixed(0), 4, []int64{10000000, 50000000, 250000000}, 0},
		{"DefaultBackoff u=0.5", k8sBackoff, draw.Fixed(0.5), 4, []int64{10500000, 52500000, 262500000}, 0},
		{"DefaultBackoff largest u", k8sBackoff, draw.Fixed(math.Nextafter(1, 0)), 4, []int64{10999999, 55000000, 274999999}, 0},
		{"DefaultBackoff supremum", k8sBackoff, draw.Upper{}, 4, []int64{10999999, 55000000, 274999999}, 0},
		{"DefaultRetry largest u", k8sRetry, draw.Upper{}, 5, []int64{10999999, 10999999, 10999999, 10999999}, 0},
	}
	for _, tc := range cases {
		calls, gaps, wasted := k8sRun(tc.b, tc.d)
		if calls != tc.calls || !reflect.DeepEqual(gaps, tc.gaps) || wasted != tc.wasted {
			t.Errorf("%s: calls %d gaps %v wasted %d, want %d %v %d", tc.name, calls, gaps, wasted, tc.calls, tc.gaps, tc.wasted)
		}
	}
	// Step x5 at 10ms, Factor 0: no growth.
	if _, gaps, _ := k8sRun(K8s{Steps: 6, Duration: 10 * time.Millisecond}, draw.Fixed(0.5)); !reflect.DeepEqual(gaps, []int64{1e7, 1e7, 1e7, 1e7, 1e7}) {
		t.Errorf("factor 0: %v", gaps)
	}
}

// TestK8sDraws: one draw per Step when Jitter > 0, none at Jitter 0, none after the last call.
func TestK8sDraws(t *testing.T) {
	for _, tc := range []struct {
		b    K8s
		want int
	}{{k8sRetry, 4}, {K8s{Steps: 5, Duration: time.Second, Factor: 2}, 0}, {K8s{Steps: 10, Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0.5, Cap: time.Second}, 4}} {
		n := &countDraws{}
		tc.b.Strategy(nil).Fill(n, nil)
		if n.n != tc.want {
			t.Errorf("%+v: %d draws, want %d", tc.b, n.n, tc.want)
		}
	}
}

// TestK8sSaturates: the library has no overflow guard (1s x10 gives -2^63 ns after 1e18 on amd64,
// scratch-k8s "Step x12 ... overflow"); the table saturates at the largest time.Duration.
func TestK8sSaturates(t *testing.T) {
	b := K8s{Steps: 12, Duration: time.Second, Factor: 10}
	_, gaps, _ := k8sRun(b, draw.Fixed(0.5))
	want := []int64{1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, math.MaxInt64}
	for i := range want {
		if i >= len(gaps) || float64(gaps[i]) != float64(want[i]) {
			t.Fatalf("gaps %v, want %v", gaps, want)
		}
	}
	s := b.Strategy(nil)
	notes := s.Notes(s.Fill(draw.Fixed(0.5), nil))
	if last := notes[len(notes)-1]; last.Key != "note.k8s.saturated" || last.Args[0] != 11 {
		t.Errorf("notes %+v", notes)
	}
	b.Jitter, b.Steps = 100, 100000
	for _, r := range b.Strategy(nil).Fill(draw.Upper{}, nil) {
		if r.Wait < 0 || math.IsInf(r.Start, 0) || math.IsNaN(r.Start) {
			t.Fatalf("row %+v", r)
		}
	}
}

func TestK8sNotes(t *testing.T) {
	b := K8s{Steps: 10, Duration: 100 * time.Millisecond, Factor: 2, Cap: time.Second}
	s := b.Strategy(nil)
	notes := s.Notes(s.Fill(draw.Fixed(0.5), nil))
	if n := notes[0]; n.Key != "note.k8s.cap" || n.Args[0] != 4 || n.Args[1] != schedule.Duration(1.6) || n.Args[3] != schedule.Duration(0.8) {
		t.Errorf("cap note %+v", n)
	}
	s = k8sRetry.Strategy(nil)
	if n := s.Notes(s.Fill(draw.Fixed(0.5), nil)); n[0].Key != "note.k8s.steps" || n[0].Args[1] != 5 {
		t.Errorf("steps note %+v", n)
	}
}

// client-go's retry.DefaultBackoff under rand.Seed(1): 4 calls, sleeps in [10,11), [50,55), [250,275) ms.
func ExampleK8s() {
	b := K8s{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}
	for _, r := range b.Strategy(nil).Fill(draw.NewGoMathRand(1), nil) {
		fmt.Println(r.Attempt, r.Start, r.Wait, r.HasWait)
	}
	// Output:
	// 1 0 0.01060466 true
	// 2 0.01060466 0.054702545 true
	// 3 0.065307205 0.266614001 true
	// 4 0.331921206 0 false
}
