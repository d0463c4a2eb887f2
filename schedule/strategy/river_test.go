package strategy

import (
	"strings"
	"testing"
)

// TestRiverSourceNamesCapAttempts: the help names the attempts presets.TestRiverCapAttempts
// derives, 303 (a jittered wait) and 310 (every wait).
func TestRiverSourceNamesCapAttempts(t *testing.T) {
	src := river().Source
	for _, want := range []string{"from attempt 303", "303^4 s * 1.1 > 2^63-1 ns", "from attempt 310"} {
		if !strings.Contains(src, want) {
			t.Errorf("river Source lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "309") {
		t.Errorf("river Source still names attempt 309:\n%s", src)
	}
}
