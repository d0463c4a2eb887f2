package presets

import (
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

type aivenWant struct {
	sleepMs int64
	outcome string
}

func checkAiven(t *testing.T, rows []schedule.Row, want []aivenWant) {
	t.Helper()
	for i, w := range want {
		r := rows[i]
		if got := millis(r.Wait); got != w.sleepMs || r.Extra[3].Text != w.outcome {
			t.Errorf("call %d: slept %d ms (%s), want %d ms (%s)", i+1, got, r.Extra[3].Text, w.sleepMs, w.outcome)
		}
	}
}

// SPEC vector: new Random(42), cap mode 1000 ms: sleeps 235, none, 195, none, none, 516, none,
// 468, 681, 93, 925, 462 ms (jitter 233, -457, 187, -463, -196, 452, -229, 212, 169, -419, 413, -50).
func TestAivenCapModeRandom42(t *testing.T) {
	rows := Aiven{Mode: "cap", Cap: 1, Calls: 12}.Fill(draw.NewJavaRandom(42), nil)
	checkAiven(t, rows, []aivenWant{
		{235, AivenSlept}, {0, AivenNoSleep}, {195, AivenSlept}, {0, AivenNoSleep}, {0, AivenNoSleep},
		{516, AivenSlept}, {0, AivenNoSleep}, {468, AivenSlept}, {681, AivenSlept}, {93, AivenSlept},
		{925, AivenSlept}, {462, AivenSlept},
	})
	// estimatedDelay misreports at the plateau: 2^(9+1) capped by t = 1000, while the nominal is 512.
	if e, n := rows[9].Extra[2].Num, rows[9].Extra[0].Num; e != 1000 || n != 512 {
		t.Errorf("plateau: estimated %v nominal %v, want 1000 and 512", e, n)
	}
	if rows[0].Extra[2].Num != 2 {
		t.Errorf("first estimate %v, want 2", rows[0].Extra[2].Num)
	}
}

// Timer mode, 1 s, same draws: worked out by hand from the rules. Remaining time shrinks with each
// sleep; call 8 draws next = 256 + 212 >= 54 ms left and aborts the timer; later calls are idle and
// draw nothing.
func TestAivenTimerModeRandom42(t *testing.T) {
	rows := Aiven{Mode: "timer", Timer: 1, Calls: 10}.Fill(draw.NewJavaRandom(42), nil)
	checkAiven(t, rows, []aivenWant{
		{235, AivenSlept}, {0, AivenNoSleep}, {195, AivenSlept}, {0, AivenNoSleep}, {0, AivenNoSleep},
		{516, AivenSlept}, {0, AivenNoSleep}, {0, AivenAborted}, {0, AivenIdle}, {0, AivenIdle},
	})
	if rows[6].Extra[2].Num != 54 {
		t.Errorf("estimate before call 7 = %v, want 54 (time left)", rows[6].Extra[2].Num)
	}
	if !rows[8].Extra[1].Null {
		t.Error("an idle call draws no jitter")
	}
}

// Under the timer rule sleeping stops after maxCount = floor(log2 T) calls even with time left.
// With u = 0 (J = -512) the first nine calls cannot sleep; call 10 then sleeps only if
// maxCount >= 10, i.e. T >= 1024 ms: the bit length gets the power of two right.
func TestAivenTimerRuleStopsAtMaxCount(t *testing.T) {
	cases := []struct {
		timerMs int64
		want    []aivenWant // calls 10 and 11
	}{
		{1023, []aivenWant{{0, AivenIdle}, {0, AivenIdle}}},
		{1024, []aivenWant{{512, AivenSlept}, {0, AivenIdle}}},     // maxCount 10: call 10 sleeps 512 of 1024 ms
		{2047, []aivenWant{{512, AivenSlept}, {0, AivenIdle}}},     // maxCount 10
		{2048, []aivenWant{{512, AivenSlept}, {0, AivenAborted}}},  // maxCount 11: 2048-512 >= 1536 left
		{8192, []aivenWant{{512, AivenSlept}, {1536, AivenSlept}}}, // maxCount 13
	}
	for _, c := range cases {
		rows := Aiven{Mode: "timer", Timer: float64(c.timerMs) / 1000, Calls: 11}.Fill(draw.Fixed(0), nil)
		for i := 0; i < 9; i++ {
			if rows[i].Extra[3].Text != AivenNoSleep {
				t.Fatalf("T=%d call %d: %s, want no-sleep", c.timerMs, i+1, rows[i].Extra[3].Text)
			}
		}
		checkAiven(t, rows[9:], c.want)
	}
	if log2Floor(2048) != 11 || log2Floor(2047) != 10 || log2Floor(8192) != 13 || log2Floor(1000) != 9 {
		t.Error("log2Floor wrong at a power of two")
	}
}

func TestAivenMinimumDelay(t *testing.T) {
	// setMinimumDelay(100ms): minWaitCount = ceil(log2 100) = 7, so the first nominal is 2^8.
	rows := Aiven{Mode: "cap", Cap: 1, MinDelay: 0.1, Calls: 3}.Fill(draw.Fixed(0.5), nil)
	if got := rows[0].Extra[0].Num; got != 256 {
		t.Errorf("first nominal %v, want 256", got)
	}
	if log2Ceil(100) != 7 || log2Ceil(128) != 7 || log2Ceil(129) != 8 || log2Ceil(1) != 0 {
		t.Error("log2Ceil wrong")
	}
}
