package presets

import (
	"strconv"
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// Printed by a JDK 17.0.15 harness that runs the delay()/reset()/setMinimumDelay() arithmetic of
// io.aiven.commons.util.timing.Backoff (its float log10 ratios, Math.pow, new Random(seed)) against
// a simulated clock: for each call, "elapsed ms:sleep ms", -1 where the timer was aborted.
var javaAivenRuns = []struct {
	a    Aiven
	seed int64
	want string
}{
	{Aiven{Mode: "timer", Timer: 1, Calls: 12}, 7,
		"0:238 238:145 383:263 646:0 646:0 646:54 700:-1 700:0 700:0 700:0 700:0 700:0"},
	{Aiven{Mode: "cap", Cap: 1, MinDelay: 0.1, Calls: 12}, 3,
		"0:492 492:575 1067:72 1139:824 1963:68 2031:595 2626:786 3412:588 4000:232 4232:872 5104:676 5780:361"},
	{Aiven{Mode: "timer", Timer: 5, Work: 0.1, Calls: 20}, 11,
		"0:237 337:223 660:0 760:0 860:164 1124:0 1224:0 1324:675 2099:193 2392:804 3296:1580 4976:-1 5076:0 5176:0 5276:0 5376:0 5476:0 5576:0 5676:0 5776:0"},
	{Aiven{Mode: "timer", Timer: 2.048, Calls: 14}, 42,
		"0:235 235:0 235:195 430:0 430:0 430:516 946:0 946:468 1414:-1 1414:0 1414:0 1414:0 1414:0 1414:0"},
}

func TestAivenMatchesJavaRuns(t *testing.T) {
	for _, run := range javaAivenRuns {
		rows := run.a.Fill(draw.NewJavaRandom(run.seed), nil)
		var got []string
		for _, r := range rows {
			sleep := strconv.FormatInt(millis(r.Wait), 10)
			if r.Extra[3].Text == AivenAborted {
				sleep = "-1"
			}
			got = append(got, strconv.FormatInt(millis(r.Start), 10)+":"+sleep)
		}
		if g := strings.Join(got, " "); g != run.want {
			t.Errorf("%+v seed %d:\n got %s\nwant %s", run.a, run.seed, g, run.want)
		}
	}
}
