package sim

import (
	"strings"
	"testing"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// herdStrategy builds a registry strategy from "NAME --key value ...".
func herdStrategy(t testing.TB, spec string) schedule.Strategy {
	t.Helper()
	words := strings.Fields(spec)
	def, ok := strategy.Find(words[0])
	if !ok {
		t.Fatalf("no strategy %s", words[0])
	}
	v := def.Defaults()
	for i := 1; i+1 < len(words); i += 2 {
		if err := v.SetText(strings.TrimPrefix(words[i], "--"), words[i+1]); err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
	}
	s, err := def.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// herdBase is a small valid configuration tests start from.
func herdBase(t testing.TB, strat string) HerdConfig {
	return HerdConfig{Clients: 100, Strategy: herdStrategy(t, strat), Bucket: 1, Duration: 60,
		Runs: 1, RecoverWindow: 10}
}
