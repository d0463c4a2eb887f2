package presets

import (
	"fmt"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
)

// queueInts hands out the given discrete draws in order.
type queueInts struct {
	r []int64
	i int
}

func (q *queueInts) Unit() float64 { panic("asynq draws integers only") }

func (q *queueInts) Intn(n int64) int64 { v := q.r[q.i]; q.i++; return v }

// asynqRun is one real run of asynq v0.26.0's DefaultRetryDelayFunc(n, nil, nil) (Go 1.26,
// linux/amd64), from scratch-asynq/asynq_test.go: the delay in nanoseconds, and the
// rand.IntN(30) draw r recovered from it by trying r = 0..29 (exactly one matches). asynq draws
// from the unseedable global math/rand/v2, so the draws come from the run, not from a seed.
var asynqRun = []struct{ n, ns, r int64 }{
	{0, 39000000000, 24},
	{1, 40000000000, 12},
	{2, 55000000000, 8},
	{3, 96000000000, 0},
	{4, 371000000000, 20},
	{5, 682000000000, 7},
	{6, 1388000000000, 11},
	{7, 2480000000000, 8},
	{8, 4354000000000, 27},
	{9, 6666000000000, 9},
	{10, 10026000000000, 1},
	{11, 14692000000000, 3},
	{12, 20972000000000, 17},
	{13, 28842000000000, 19},
	{14, 38806000000000, 25},
	{15, 50912000000000, 17},
	{16, 65670000000000, 7},
	{17, 83986000000000, 25},
	{18, 105333000000000, 18},
	{19, 130676000000000, 17},
	{20, 160078000000000, 3},
	{21, 195024000000000, 24},
	{22, 234386000000000, 5},
	{23, 280408000000000, 23},
	{24, 331866000000000, 3},
	{100, 100002540000000000, 25},
	{309, 9116629126000000000, 25},
	// From n = 310 time.Duration(s) * time.Second wraps around int64.
	{310, -9211527527709551616, 21},
	{311, -9091790345709551616, 6},
	{1000, 3875827041684212736, 7},
	{55108, -460139081508289024, 24},
	// 55109^4 > 2^63: int(math.Pow) is the minimum int64 on amd64, and its product with 10^9 is 0.
	{55109, 826665000000000, 15},
	{99999, 200015000000000, 2},
}

func TestAsynqRealRun(t *testing.T) {
	for _, v := range asynqRun {
		if got := asynqDelayNanos(v.n, v.r); got != v.ns {
			t.Errorf("n %d, r %d: %d ns, asynq returned %d ns", v.n, v.r, got, v.ns)
		}
		want := max(float64(v.ns)/1e9, 0)
		if got := AsynqDelay(v.n, v.r); got != want {
			t.Errorf("n %d, r %d: wait %v s, want %v", v.n, v.r, got, want)
		}
	}
}

// The run's first 25 delays walked as the default schedule (MaxRetry 25: 26 executions).
func TestAsynqSchedule(t *testing.T) {
	var rs []int64
	for _, v := range asynqRun[:25] {
		rs = append(rs, v.r)
	}
	rows := Asynq{MaxRetry: 25}.Fill(&queueInts{r: rs}, nil)
	if len(rows) != 26 || rows[25].HasWait || rows[25].Extra[0].Num != 25 {
		t.Fatalf("%d rows; want 26, the last without a wait and retried 25", len(rows))
	}
	var start float64
	for i, v := range asynqRun[:25] {
		if rows[i].Start != start || rows[i].Wait != float64(v.ns/1e9) {
			t.Errorf("row %d: start %v wait %v, want %v and %v", i+1, rows[i].Start, rows[i].Wait, start, v.ns/1e9)
		}
		start += float64(v.ns / 1e9)
	}
}

// Past the wrap the delay is not monotone in the draw: the envelope takes every draw's value, and
// no wait is negative.
func TestAsynqEnvelopeAfterWrap(t *testing.T) {
	a := Asynq{MaxRetry: 320}
	b := a.Envelope()
	for n, x := range b[:320] {
		lo, hi := AsynqDelay(int64(n), 0), AsynqDelay(int64(n), 29)
		if x.WaitMin > min(lo, hi) || x.WaitMax < max(lo, hi) || x.WaitMin < 0 {
			t.Fatalf("n %d: [%v, %v] misses %v or %v", n, x.WaitMin, x.WaitMax, lo, hi)
		}
	}
	if b[310].WaitMin != 0 {
		t.Errorf("n 310: least wait %v, want 0 (a negative delay)", b[310].WaitMin)
	}
	if b[25].WaitMin != 25*25*25*25+15 || b[25].WaitMax != 25*25*25*25+15+29*26 {
		t.Errorf("n 25: [%v, %v]", b[25].WaitMin, b[25].WaitMax)
	}
	rows := Asynq{MaxRetry: 99999}.Fill(&queueInts{r: make([]int64, 99999)}, nil)
	for i := 1; i < len(rows); i++ {
		if rows[i].Start < rows[i-1].Start {
			t.Fatalf("row %d starts before row %d", i+1, i)
		}
	}
	if n := len(a.Notes(a.Fill(&queueInts{r: make([]int64, 320)}, nil))); n != 3 {
		t.Errorf("%d notes, want archived, wrapped and forwarder", n)
	}
	_ = schedule.Envelope(a)
}

func ExampleAsynqDelay() {
	for _, n := range []int64{0, 1, 2, 3, 25} {
		fmt.Println(n, AsynqDelay(n, 0), AsynqDelay(n, 15), AsynqDelay(n, 29))
	}
	// Output:
	// 0 15 30 44
	// 1 16 46 74
	// 2 31 76 118
	// 3 96 156 212
	// 25 390640 391030 391394
}
