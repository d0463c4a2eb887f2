package strategy

import (
	"fmt"
	"math"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Celery 5.2.6 (Debian python3-celery 5.2.6-5, python3 3.11.2), research report celery.md,
// program vectors.py: direct get_exponential_backoff_interval sequences (retries 0..n, every one
// a retry here), and real autoretry_for tasks run eagerly with random.seed(S) just before, with
// the delays Task.retry scheduled and the random() that followed the task, which shows the draw
// the last failure consumes.
func TestCeleryMatchesRealRuns(t *testing.T) {
	cases := []struct {
		args  string
		seed  int64
		calls int
		waits []float64
		next  float64 // random() after the task; 0: not recorded
	}{
		{"--retry-backoff 1 --retry-backoff-max 600 --retry-jitter true --max-retries 12", 1, 13, []float64{0, 2, 0, 4, 3, 31, 57, 120, 194, 214, 96, 499}, 0},
		{"--retry-backoff 1 --retry-backoff-max 600 --retry-jitter true --max-retries 12", 42, 13, []float64{0, 0, 2, 3, 7, 8, 13, 22, 216, 32, 30, 95}, 0},
		{"--retry-backoff 1 --retry-backoff-max 600 --retry-jitter false --max-retries 12", 1, 13, []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600}, 0},
		{"--retry-backoff 1 --retry-backoff-max 600 --retry-jitter false --max-retries 12", 42, 13, []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600}, 0},
		{"--retry-backoff 3 --retry-backoff-max 600 --retry-jitter true --max-retries 10", 1, 11, []float64{1, 4, 12, 24, 4, 32, 30, 253, 460, 483}, 0},
		{"--retry-backoff 3 --retry-backoff-max 600 --retry-jitter true --max-retries 10", 42, 11, []float64{0, 0, 11, 8, 15, 28, 35, 377, 104, 558}, 0},
		{"--retry-backoff 2 --retry-backoff-max 10 --retry-jitter true --max-retries 6", 1, 7, []float64{0, 4, 1, 4, 1, 7}, 0},
		{"--retry-backoff 2 --retry-backoff-max 10 --retry-jitter true --max-retries 6", 42, 7, []float64{2, 0, 0, 4, 3, 3}, 0},
		{"--retry-backoff 5 --retry-backoff-max 60 --retry-jitter false --max-retries 6", 1, 7, []float64{5, 10, 20, 40, 60, 60}, 0},
		{"--retry-backoff 5 --retry-backoff-max 60 --retry-jitter false --max-retries 6", 42, 7, []float64{5, 10, 20, 40, 60, 60}, 0},
		{"--retry-backoff 1 --retry-backoff-max 600 --retry-jitter true --max-retries 4", 1, 5, []float64{0, 2, 0, 4}, 0},
		{"--retry-backoff 1 --retry-backoff-max 600 --retry-jitter true --max-retries 4", 42, 5, []float64{0, 0, 2, 3}, 0},
		{"", 1, 4, []float64{180, 180, 180}, 0.13436424411240122},
		{"", 42, 4, []float64{180, 180, 180}, 0.6394267984578837},
		{"--retry-backoff false", 1, 4, []float64{180, 180, 180}, 0.13436424411240122},
		{"--retry-backoff false", 42, 4, []float64{180, 180, 180}, 0.6394267984578837},
		{"--retry-backoff 0", 1, 4, []float64{180, 180, 180}, 0.13436424411240122},
		{"--retry-backoff 0", 42, 4, []float64{180, 180, 180}, 0.6394267984578837},
		{"--retry-backoff 0.5", 1, 4, []float64{180, 180, 180}, 0.13436424411240122},
		{"--retry-backoff 0.5", 42, 4, []float64{180, 180, 180}, 0.6394267984578837},
		{"--retry-backoff true", 1, 4, []float64{0, 2, 0}, 0.11791870367106105},
		{"--retry-backoff true", 42, 4, []float64{0, 0, 2}, 0.22321073814882275},
		{"--retry-backoff true --retry-jitter false", 1, 4, []float64{1, 2, 4}, 0.13436424411240122},
		{"--retry-backoff true --retry-jitter false", 42, 4, []float64{1, 2, 4}, 0.6394267984578837},
		{"--retry-backoff 3", 1, 4, []float64{1, 4, 12}, 0.06310682188770933},
		{"--retry-backoff 3", 42, 4, []float64{0, 0, 11}, 0.24489185380347622},
		{"--retry-backoff 3 --retry-jitter false", 1, 4, []float64{3, 6, 12}, 0.13436424411240122},
		{"--retry-backoff 3 --retry-jitter false", 42, 4, []float64{3, 6, 12}, 0.6394267984578837},
		{"--retry-backoff 1 --retry-backoff-max 10 --max-retries 8", 1, 9, []float64{0, 2, 0, 4, 1, 7, 7, 7}, 0.37961522332372777},
		{"--retry-backoff 1 --retry-backoff-max 10 --max-retries 8", 42, 9, []float64{0, 0, 2, 3, 3, 2, 1, 10}, 0.08693883262941615},
		{"--retry-backoff 1 --retry-backoff-max 10 --max-retries 8 --retry-jitter false", 1, 9, []float64{1, 2, 4, 8, 10, 10, 10, 10}, 0.13436424411240122},
		{"--retry-backoff 1 --retry-backoff-max 10 --max-retries 8 --retry-jitter false", 42, 9, []float64{1, 2, 4, 8, 10, 10, 10, 10}, 0.6394267984578837},
		{"--retry-backoff 1.9 --retry-backoff-max 600.9 --retry-jitter false", 1, 4, []float64{1, 2, 4}, 0.13436424411240122},
		{"--retry-backoff 1.9 --retry-backoff-max 600.9 --retry-jitter false", 42, 4, []float64{1, 2, 4}, 0.6394267984578837},
		{"--retry-backoff true --max-retries 0", 1, 1, []float64{}, 0.5692038748222122},
		{"--retry-backoff true --max-retries 0", 42, 1, []float64{}, 0.025010755222666936},
		{"--retry-backoff true --default-retry-delay 5", 1, 4, []float64{0, 2, 0}, 0.11791870367106105},
		{"--retry-backoff true --default-retry-delay 5", 42, 4, []float64{0, 0, 2}, 0.22321073814882275},
		{"--default-retry-delay 5", 1, 4, []float64{5, 5, 5}, 0.13436424411240122},
		{"--default-retry-delay 5", 42, 4, []float64{5, 5, 5}, 0.6394267984578837},
	}
	for _, c := range cases {
		r := draw.NewPyRandom(c.seed)
		checkRunWith(t, "celery", c.args, r, c.calls, c.waits, nil)
		if c.next != 0 {
			if got := r.Random(); got != c.next {
				t.Errorf("%s seed %d: next random() = %v, want %v", c.args, c.seed, got, c.next)
			}
		}
	}
}

// Huge factors and maximums saturate at the maximum: Python ints never overflow, int64 must not.
func TestCelerySaturates(t *testing.T) {
	rows := build(t, "celery", "--retry-backoff 3153600000 --retry-backoff-max 3153600000 --retry-jitter false --max-retries 99999").Fill(draw.Fixed(0.5), nil)
	if len(rows) != 100000 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows[:len(rows)-1] {
		if r.Wait != 3153600000 || math.IsInf(r.Start, 0) || (i > 0 && r.Start <= rows[i-1].Start) {
			t.Fatalf("row %d: %+v", i+1, r)
		}
	}
	up := build(t, "celery", "--retry-backoff 1 --max-retries 70").Fill(draw.Upper{}, nil)
	if w := up[69].Wait; w != 600 {
		t.Errorf("retries 69 at the greatest draw: %v, want 600", w)
	}
}

func Example_celery() {
	// retry_backoff=0.5 is int() 0: no backoff at all, every retry waits default_retry_delay.
	for _, args := range []string{"--retry-backoff 0.5", "--retry-backoff true"} {
		var waits []float64
		for _, r := range build(&testing.T{}, "celery", args).Fill(draw.NewPyRandom(1), nil) {
			if r.HasWait {
				waits = append(waits, r.Wait)
			}
		}
		fmt.Println(waits)
	}
	// Output:
	// [180 180 180]
	// [0 2 0]
}
