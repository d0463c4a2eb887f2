package cmd

import "testing"

// An ::error annotation points at the policy's line, down to the assertion's line when it is
// later; the file name and title are escaped as properties, the message as a message.
func TestAnnotation(t *testing.T) {
	for _, c := range []struct {
		at   source
		msg  string
		want string
	}{
		{source{}, "FAIL polynomial max-wait: 2s > 1s at rand 0.5",
			"::error title=backoffctl check::FAIL polynomial max-wait: 2s > 1s at rand 0.5"},
		{source{file: "ci/policies.yaml", line: 2, assertLine: 5}, "FAIL mailer max-window: 21d > 20d at rand 0.5",
			"::error file=ci/policies.yaml,line=2,endLine=5,title=backoffctl check::FAIL mailer max-window: 21d > 20d at rand 0.5"},
		{source{file: "p.yaml", line: 7, assertLine: 7}, "m",
			"::error file=p.yaml,line=7,title=backoffctl check::m"},
		{source{file: "p.yaml", line: 7}, "m",
			"::error file=p.yaml,line=7,title=backoffctl check::m"},
		{source{file: "a,b:c%.yaml", line: 1, assertLine: 3}, "x\n::error::boom 100%",
			"::error file=a%2Cb%3Ac%25.yaml,line=1,endLine=3,title=backoffctl check::x%0A::error::boom 100%25"},
	} {
		if got := annotation(c.at, c.msg); got != c.want {
			t.Errorf("%+v:\n got %s\nwant %s", c.at, got, c.want)
		}
	}
}
