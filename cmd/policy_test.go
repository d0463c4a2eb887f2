package cmd

import (
	"errors"
	"strings"
	"testing"
)

// FuzzPolicyFile: any file contents either parse into policies or fail with one line naming the
// file, as bad input (exit 2); nothing panics.
func FuzzPolicyFile(f *testing.F) {
	f.Add("policies:\n  - name: a\n    strategy: polynomial\n    params: {attempts: 25}\n    assert: {max-window: 30d}\n")
	f.Add("policies:\n  - name: b\n    strategy: aiven\n    params: {mode: cap, cap: 1s, seed: 42}\n    assert: {max-wait: 1s, percentile: 50, samples: 10}\n")
	f.Add("policies: [")
	f.Add("- 1\n- 2\n")
	f.Add("policies:\n  - &a {name: x}\n  - *a\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, data string) {
		policies, err := parsePolicies("p.yaml", []byte(data))
		if err != nil {
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != exitBadInput {
				t.Fatalf("error %v is not bad input", err)
			}
			if !strings.HasPrefix(err.Error(), "p.yaml") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q does not name the file on one line", err)
			}
			return
		}
		if len(policies) == 0 {
			t.Fatal("no error and no policies")
		}
	})
}
