package budget

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The decisions of go-kratos/aegis v0.2.0's SRE breaker and go-zero v1.10.3's google breaker,
// printed by testdata/budgetvectors-more (the real libraries, driven with scripted attempts and a
// recorded math/rand source): every attempt's draw and answer, replayed here through Kratos and
// GoZero at the measured times.
func TestLibraryVectors(t *testing.T) {
	f, err := os.Open("../../testdata/budgetvectors-more/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type try struct {
		letter byte
		drew   bool
		u      float64
		ok     bool
	}
	var gate Gate
	var name string
	var pending []try
	tries, rejected := map[string]int{}, map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch fields[0] {
		case "lib":
			name = fields[1]
			layer, err := Parse(name, true)
			if err != nil {
				t.Fatal(err)
			}
			gate = layer.New()
		case "try":
			u, _ := strconv.ParseFloat(fields[3], 64)
			pending = append(pending, try{fields[1][0], fields[2] == "true", u, fields[4] == "true"})
		case "phase":
			from, _ := strconv.ParseInt(fields[2], 10, 64)
			now := float64(from) / 1e9
			for i, tr := range pending {
				u := tr.u
				if !tr.drew {
					u = 0 // no draw: the answer must not depend on it
				}
				got := gate.Admit(now, 1, u)
				if got.Allowed != tr.ok {
					t.Fatalf("%s at %s s, attempt %d of the phase (%c, u=%v): allowed %v, the library %v",
						name, fields[1], i+1, tr.letter, tr.u, got.Allowed, tr.ok)
				}
				if (gate.Level() > 0) != tr.drew && !(tr.drew && gate.Level() == 0) {
					t.Fatalf("%s at %s s, attempt %d: level %v, the library drew %v", name, fields[1], i+1, gate.Level(), tr.drew)
				}
				tries[name]++
				if !got.Allowed {
					rejected[name]++
				} else if tr.letter == 'S' {
					gate.Record(now, 1, Success)
				} else if tr.letter == 'F' {
					gate.Record(now, 1, Failure)
				}
			}
			pending = nil
		}
	}
	// The script reaches every branch: both libraries reject some attempts and admit others.
	for _, n := range []string{"kratos", "go-zero"} {
		if tries[n] < 100 || rejected[n] == 0 || rejected[n] == tries[n] {
			t.Errorf("%s: %d attempts, %d rejected", n, tries[n], rejected[n])
		}
	}
}
