package configin

import "testing"

// TestMillisExact checks that milliseconds become the correctly rounded seconds: 9 ms is 0.009,
// where 9 * 0.001 is 0.009000000000000001 (Python prints both).
func TestMillisExact(t *testing.T) {
	cases := []struct {
		lang, src, want string
	}{
		{"python", "@retry(wait=wait_fixed(timedelta(milliseconds=9)), stop=stop_after_attempt(2))\n", "--wait-fixed=0.009"},
		{"java", "RetryConfig.custom().waitDuration(Duration.ofMillis(9)).build();\n", "--initial-interval=9ms"},
	}
	for _, c := range cases {
		found, err := Read("f", []byte(c.src), c.lang)
		if err != nil {
			t.Fatal(err)
		}
		ok := false
		for _, a := range found[0].Args() {
			ok = ok || a == c.want
		}
		if !ok {
			t.Errorf("%s: %v, want %s", c.lang, found[0].Args(), c.want)
		}
	}
}
