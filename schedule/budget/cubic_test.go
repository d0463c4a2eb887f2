package budget

import (
	"math"
	"testing"
)

// sdkEpsilon is the tolerance of the SDK's own tests (floatEqual in
// aws/retry/adaptive_ratelimit_test.go): their expectations are printed to 12-15 digits.
const sdkEpsilon = 0.000000000001

func sdkEqual(a, b float64) bool { return (a-b) < sdkEpsilon && (b-a) < sdkEpsilon }

// TestCubicSDKTable is TestAdaptiveRateLimit_cubic of aws-sdk-go-v2 v1.48.0 (identical in
// v1.47.7), aws/retry/adaptive_ratelimit_test.go lines 14-121, run on cubicLimiter the same way:
// lastMaxRate 10 and a throttle at 5 s, then calculateTimeWindow and cubicSuccess or
// cubicThrottle at each timestamp.
func TestCubicSDKTable(t *testing.T) {
	type step struct {
		throttled bool
		at        int64 // seconds
		want      float64
	}
	cases := map[string][]step{
		"success": {
			{at: 5, want: 7.},
			{at: 6, want: 9.64893600966},
			{at: 7, want: 10.000030849917364},
			{at: 8, want: 10.453284520772092},
			{at: 9, want: 13.408697022224185},
			{at: 10, want: 21.26626835427364},
			{at: 11, want: 36.425998516920465},
		},
		"mixed": {
			{at: 5, want: 7.},
			{at: 6, want: 9.64893600966},
			{throttled: true, at: 7, want: 6.754255206761999},
			{throttled: true, at: 8, want: 4.727978644733399},
			{at: 9, want: 4.670125557970046},
			{at: 10, want: 4.770870456867401},
			{at: 11, want: 6.011819748005445},
			{at: 12, want: 10.792973431384178},
		},
	}
	for name, steps := range cases {
		t.Run(name, func(t *testing.T) {
			a := newCubicLimiter()
			a.lastMaxRate = 10.
			a.lastThrottleTime = 5e9
			var calculatedRate float64
			for _, s := range steps {
				a.calculateTimeWindow()
				if s.throttled {
					calculatedRate = a.cubicThrottle(calculatedRate)
					a.lastThrottleTime = s.at * 1e9
					a.lastMaxRate = calculatedRate
				} else {
					calculatedRate = a.cubicSuccess(s.at * 1e9)
				}
				if !sdkEqual(s.want, calculatedRate) {
					t.Errorf("at %ds: calculated rate %v, the SDK's table %v", s.at, calculatedRate, s.want)
				}
			}
		})
	}
}

// TestCubicSDKUpdate is TestAdaptiveRateLimit_Update (lines 123-246): Update every 200 ms with
// two throttles, the measured rate and the fill rate after each.
func TestCubicSDKUpdate(t *testing.T) {
	steps := []struct {
		throttled      bool
		ms             int64
		measured, fill float64
	}{
		{ms: 200, measured: 0., fill: 0.5},
		{ms: 400, measured: 0., fill: 0.5},
		{ms: 600, measured: 4.8, fill: 0.5},
		{ms: 800, measured: 4.8, fill: 0.5},
		{ms: 1000, measured: 4.16, fill: 0.5},
		{ms: 1200, measured: 4.16, fill: 0.6912},
		{ms: 1400, measured: 4.16, fill: 1.0976},
		{ms: 1600, measured: 5.632, fill: 1.6384},
		{ms: 1800, measured: 5.632, fill: 2.3328},
		{throttled: true, ms: 2000, measured: 4.3264, fill: 3.02848},
		{ms: 2200, measured: 4.3264, fill: 3.4866391734702598},
		{ms: 2400, measured: 4.3264, fill: 3.8218744160402554},
		{ms: 2600, measured: 5.665280, fill: 4.053385727709987},
		{ms: 2800, measured: 5.665280, fill: 4.200373108479455},
		{ms: 3000, measured: 4.333056, fill: 4.282036558348658},
		{throttled: true, ms: 3200, measured: 4.333056, fill: 2.99742559084406},
		{ms: 3400, measured: 4.333056, fill: 3.4522263943863463},
	}
	a := newCubicLimiter()
	for _, s := range steps {
		a.update(s.ms*1e6, s.throttled)
		if !sdkEqual(s.measured, a.measuredTxRate) || !sdkEqual(s.fill, a.fillRate) {
			t.Errorf("at %d ms: measured %v fill %v, the SDK's table %v %v", s.ms, a.measuredTxRate, a.fillRate, s.measured, s.fill)
		}
	}
}

// TestCubicStreamVector is SPEC Part 4's aws-cubic vector: one throttling error at t = 5 s in a
// stream of 10 attempts a second. The figures are the SPEC's, rounded as printed there; the
// rows themselves equal aws-sdk-go-v2's (testdata/aws148_adaptive_stream.txt).
func TestCubicStreamVector(t *testing.T) {
	layer, err := Parse("aws-cubic", true)
	if err != nil {
		t.Fatal(err)
	}
	script, _ := ParseScript("50*S,HS,40*S")
	rows := Trace(layer, script, TraceOptions{Requests: len(script), MaxAttempts: 3, Times: Every(0.1)})
	col := func(name string) int {
		for i, n := range cubicStateNames {
			if n == name {
				return i
			}
		}
		t.Fatalf("no column %s", name)
		return -1
	}
	at := func(sec float64) TraceRow {
		for _, r := range rows {
			if nanos(r.Sent) == nanos(sec) {
				return r
			}
		}
		t.Fatalf("no attempt at %v s", sec)
		return TraceRow{}
	}
	h := at(5)
	if h.Outcome != Throttling || h.State[col("limiter_enabled")] != 1 {
		t.Fatalf("the attempt at 5 s: %+v", h)
	}
	checks := []struct {
		row       TraceRow
		name      string
		want, tol float64
	}{
		{h, "fill_rate", 6.99999985664, 5e-12},
		{h, "time_window", 1.9574338, 5e-8},
		{at(6), "calculated_rate", 9.6489358, 5e-8},
		{at(7), "calculated_rate", 10.0000306, 5e-8},
	}
	for _, c := range checks {
		if got := c.row.State[col(c.name)]; math.Abs(got-c.want) > c.tol {
			t.Errorf("%s at %v s = %.12g, want %v", c.name, c.row.Sent, got, c.want)
		}
	}
	for _, r := range rows {
		if r.Delay != 0 || r.Decision == Refused || !math.IsNaN(r.Level) {
			t.Fatalf("aws-cubic delays nothing in this stream and has no level: %+v", r)
		}
	}
	// the limiter alone is the adaptive retryer's limiter: same state, row by row
	adaptive, _ := Parse("aws-adaptive", false)
	for i, r := range Trace(adaptive, script, TraceOptions{Requests: len(script), MaxAttempts: 3, Times: Every(0.1)}) {
		for k := range r.State {
			if r.State[k] != rows[i].State[k] {
				t.Fatalf("row %d %s: aws-adaptive %v, aws-cubic %v", i+1, cubicStateNames[k], r.State[k], rows[i].State[k])
			}
		}
	}
}
