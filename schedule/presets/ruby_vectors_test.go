package presets

import (
	"strconv"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Waits printed by Ruby 3.1.2 (x86_64-linux-gnu) evaluating Rails' determine_delay expressions —
// delay = executions**4; delay + (rand * delay * jitter) + 2 — with rand fixed to u, as "%.17g".
// They cover exact integers, e^4 past 2^53 (e >= 9742), Ruby's switch to bignums (e > 55108) and
// the tool's cap, so Fill must agree with Ruby to the last bit everywhere.
var rubyPolynomialWaits = []struct {
	u, jitter float64
	waits     []string // for e = 1, 2, 3, 7, 25, 100, 9741, 9742, 65535, 65536, 99999, 100000
}{
	{0.5, 0.15, []string{"3.0750000000000002", "19.199999999999999", "89.075000000000003", "2583.0749999999998", "419923.875", "107500002", "9678825001253106", "9682800082057556", "1.982903956454017e+19", "1.9830249879237767e+19", "1.0749570006449956e+20", "1.075e+20"}},
	{0.123456789, 0.15, []string{"3.0185185183500001", "18.296296293600001", "84.499999986350005", "2447.4629625583502", "397860.79623046872", "101851853.83499999", "9170290697344418", "9174056923773506", "1.8787203718678122e+19", "1.8788350442336297e+19", "1.0184777782203731e+20", "1.01851851835e+20"}},
	{0.987654321, 0.3, []string{"3.2962962963", "22.7407407408", "107.00000000029999", "3114.4074074163", "506367.74074218748", "129629631.63", "11671279071311854", "11676072450404226", "2.3910986555069383e+19", "2.3912446021543666e+19", "1.2962444452259206e+20", "1.2962962963000001e+20"}},
	{0.1, 0.15, []string{"3.0149999999999997", "18.239999999999998", "84.215000000000003", "2439.0149999999999", "396486.375", "101500002", "9138611512811072", "9142364728640390", "1.8722302472565834e+19", "1.8723445234815193e+19", "1.0149594006089959e+20", "1.015e+20"}},
}

var rubyExecutions = []int{1, 2, 3, 7, 25, 100, 9741, 9742, 65535, 65536, 99999, 100000}

func TestPolynomialMatchesRuby(t *testing.T) {
	for _, c := range rubyPolynomialWaits {
		rows := Polynomial{Attempts: schedule.MaxAttempts + 1, Jitter: c.jitter}.Fill(draw.Fixed(c.u), nil)
		for i, e := range rubyExecutions {
			want, err := strconv.ParseFloat(c.waits[i], 64)
			if err != nil {
				t.Fatal(err)
			}
			if got := rows[e-1].Wait; got != want {
				t.Errorf("u=%v jitter=%v e=%d: wait %.17g, Ruby %s", c.u, c.jitter, e, got, c.waits[i])
			}
		}
	}
}

// Ruby: delay = seconds.to_i; delay + (rand * delay * jitter), for 3, 3.9 and 30 seconds at u 0.5.
func TestFixedMatchesRuby(t *testing.T) {
	for _, c := range []struct {
		wait float64
		want string
	}{{3, "3.2250000000000001"}, {3.9, "3.2250000000000001"}, {30, "32.25"}} {
		want, _ := strconv.ParseFloat(c.want, 64)
		rows := Fixed{Attempts: 2, Wait: c.wait, Jitter: 0.15}.Fill(draw.Fixed(0.5), nil)
		if rows[0].Wait != want {
			t.Errorf("wait %v: %.17g, Ruby %s", c.wait, rows[0].Wait, c.want)
		}
	}
}
