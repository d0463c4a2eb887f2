package param

import (
	"errors"
	"math"
	"testing"
	"time"
)

// Specs of every kind, as the shared groups declare them.
var (
	attempts = Attempts(5, "")
	retries  = Retries("retries", 25, "retries after the first")
	jitter   = ScaleJitter(0.15, "scale jitter")
	unit     = Spec{Name: "u", Kind: Float, Doc: "a draw", Min: 0, Max: 1, OpenMax: true}
	wait     = Wait("wait", 3*time.Second, 0, 365*24*time.Hour, "the wait")
	mode     = Choice("jitter-mode", "none", []string{"none", "full", "equal"}, "how to jitter")
	flag     = Switch("strict", "refuse more")
)

func TestParseText(t *testing.T) {
	cases := []struct {
		spec    Spec
		text    string
		want    Value
		wantErr string
	}{
		{attempts, "25", Number(25), ""},
		{attempts, " 7 ", Number(7), ""},
		{attempts, "0", Value{}, `must be an integer in [1, 100000], got "0"`},
		{attempts, "2.5", Value{}, `must be an integer in [1, 100000], got "2.5"`},
		{retries, "0", Number(0), ""},
		{retries, "100000", Value{}, `must be an integer in [0, 99999], got "100000"`},
		{jitter, "100", Number(100), ""},
		{jitter, "100.5", Value{}, "must be in [0, 100], got 100.5"},
		{unit, "0.25", Number(0.25), ""},
		{unit, "1", Value{}, "must be in [0, 1), got 1"},
		{unit, "NaN", Value{}, `must be a number in [0, 1), got "NaN"`},
		{unit, "abc", Value{}, `must be a number in [0, 1), got "abc"`},
		{wait, "1m30s", Number(90), ""},
		{wait, "2d", Number(172800), ""},
		{wait, "366d", Value{}, `must be a duration (like 90s, 1m30s, 36h, 2d, 1w) in [0s, 365d], got "366d"`},
		{mode, "full", Word("full"), ""},
		{mode, "ful", Value{}, `must be one of none, full, equal, got "ful"`},
		{flag, " TRUE ", Word("true"), ""},
		{flag, "0", Word("false"), ""},
		{flag, "yes", Value{}, `must be true or false, got "yes"`},
		{Spec{Name: "x", Kind: Kind(99)}, "1", Value{}, "has an unknown kind"},
	}
	for _, c := range cases {
		got, err := c.spec.ParseText(c.text)
		if c.wantErr != "" {
			if err == nil || err.Error() != c.wantErr {
				t.Errorf("%s %q: %v, want error %q", c.spec.Name, c.text, err, c.wantErr)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s %q: %+v, %v; want %+v", c.spec.Name, c.text, got, err, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	cases := []struct {
		spec    Spec
		v       Value
		wantErr string
	}{
		{attempts, Number(3), ""},
		{attempts, Number(2.5), "must be an integer in [1, 100000], got 2"},
		{attempts, Number(0), "must be an integer in [1, 100000], got 0"},
		{unit, Number(0.999), ""},
		{unit, Number(1), "must be in [0, 1), got 1"},
		{unit, Number(math.NaN()), "must be in [0, 1), got NaN"},
		{wait, Number(0), ""},
		{wait, Number(-1), "must be a duration in [0s, 365d], got -1s"},
		{wait, Number(366 * 86400), "must be a duration in [0s, 365d], got 366d"},
		{mode, Word("equal"), ""},
		{mode, Word("half"), `must be one of none, full, equal, got "half"`},
		{flag, Word("true"), ""},
	}
	for _, c := range cases {
		err := c.spec.Check(c.v)
		if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || err.Error() != c.wantErr) {
			t.Errorf("%s %+v: %v, want %q", c.spec.Name, c.v, err, c.wantErr)
		}
	}
}

func TestTexts(t *testing.T) {
	cases := []struct {
		spec               Spec
		v                  Value
		format, rng, usage string
		numeric            bool
	}{
		{attempts, Number(25), "25", "[1, 100000]", "executions including the first, in [1, 100000]", true},
		{jitter, Number(0.15), "0.15", "[0, 100]", "scale jitter, in [0, 100]", true},
		{unit, Number(1e-9), "1e-09", "[0, 1)", "a draw, in [0, 1)", true},
		{wait, Number(90), "1m30s", "[0s, 365d]", "the wait", true},
		{wait, Number(172800), "2d", "[0s, 365d]", "the wait", true},
		{wait, Number(0), "0s", "[0s, 365d]", "the wait", true},
		{mode, Word("full"), "full", "none, full, equal", "how to jitter: none, full, equal", false},
		{flag, Word("true"), "true", "", "refuse more", false},
	}
	for _, c := range cases {
		if got := c.spec.Format(c.v); got != c.format {
			t.Errorf("%s Format(%+v) = %q, want %q", c.spec.Name, c.v, got, c.format)
		}
		if got := c.spec.RangeText(); got != c.rng {
			t.Errorf("%s RangeText = %q, want %q", c.spec.Name, got, c.rng)
		}
		if got := c.spec.Usage(); got != c.usage {
			t.Errorf("%s Usage = %q, want %q", c.spec.Name, got, c.usage)
		}
		if got := c.spec.Numeric(); got != c.numeric {
			t.Errorf("%s Numeric = %v, want %v", c.spec.Name, got, c.numeric)
		}
	}
	if !flag.IsSwitch() || mode.IsSwitch() {
		t.Error("IsSwitch: only the switch is one")
	}
}

func TestGroups(t *testing.T) {
	cases := []struct {
		spec       Spec
		name       string
		kind       Kind
		def        Value
		min, max   float64
		minD, maxD time.Duration
		zeroOff    bool
	}{
		{Attempts(25, "calls"), "attempts", Int, Number(25), 1, MaxRows, 0, 0, false},
		{Retries("retry", 3, ""), "retry", Int, Number(3), 0, MaxRows - 1, 0, 0, false},
		{Count("requests", 10, 2, ""), "requests", Int, Number(10), 2, MaxRows, 0, 0, false},
		{ScaleJitter(0.15, ""), "jitter", Float, Number(0.15), 0, 100, 0, 0, false},
		{JobDuration(), "job-duration", Duration, Value{}, 0, 0, 0, 365 * 24 * time.Hour, false},
		{Wait("base", time.Second, time.Millisecond, time.Hour, ""), "base", Duration, Number(1), 0, 0, time.Millisecond, time.Hour, false},
		{Cap(""), "cap", Duration, Number(0), 0, 0, 0, MaxDuration, true},
		{MaxElapsed(), "max-elapsed", Duration, Number(0), 0, 0, 0, MaxDuration, true},
		{Choice("mode", "a", []string{"a", "b"}, ""), "mode", Enum, Word("a"), 0, 0, 0, 0, false},
		{Switch("on", ""), "on", Custom, Word("false"), 0, 0, 0, 0, false},
	}
	for _, c := range cases {
		s := c.spec
		if s.Name != c.name || s.Kind != c.kind || s.Default != c.def || s.Min != c.min || s.Max != c.max ||
			s.MinDur != c.minD || s.MaxDur != c.maxD || s.ZeroOff != c.zeroOff {
			t.Errorf("%s: %+v", c.name, s)
		}
	}
	if got := Attempts(5, "").Doc; got != "executions including the first" {
		t.Errorf("Attempts' default doc %q", got)
	}
	if got := Cap("").Doc; got != "longest wait (0: no cap)" {
		t.Errorf("Cap's default doc %q", got)
	}
}

func TestValues(t *testing.T) {
	v := Defaults([]Spec{attempts, wait, mode, flag})
	if len(v.Specs()) != 4 || v.Int("attempts") != 5 || v.Num("wait") != 3 || v.Text("jitter-mode") != "none" || v.On("strict") {
		t.Fatalf("defaults: %d specs, attempts %d, wait %v, mode %q, strict %v",
			len(v.Specs()), v.Int("attempts"), v.Num("wait"), v.Text("jitter-mode"), v.On("strict"))
	}
	if v.Changed("attempts") {
		t.Error("a default reads as changed")
	}
	c := v.Clone()
	for _, set := range [][2]string{{"attempts", "25"}, {"wait", "2d"}, {"jitter-mode", "full"}, {"strict", "true"}} {
		if err := v.SetText(set[0], set[1]); err != nil {
			t.Fatalf("SetText %s %s: %v", set[0], set[1], err)
		}
	}
	if v.Int("attempts") != 25 || v.Show("wait") != "2d" || v.Get("jitter-mode") != Word("full") || !v.On("strict") || !v.Changed("wait") {
		t.Errorf("after SetText: attempts %d, wait %q, mode %+v, strict %v", v.Int("attempts"), v.Show("wait"), v.Get("jitter-mode"), v.On("strict"))
	}
	if c.Int("attempts") != 5 || c.Changed("attempts") {
		t.Error("a clone follows the original")
	}
	if err := v.Set("attempts", Number(7)); err != nil || v.Int("attempts") != 7 {
		t.Errorf("Set 7: %v, %d", err, v.Int("attempts"))
	}
	for _, c := range []struct {
		name string
		set  func() error
		want string
	}{
		{"SetText unknown", func() error { return v.SetText("nosuch", "1") }, "is not a parameter"},
		{"Set unknown", func() error { return v.Set("nosuch", Number(1)) }, "is not a parameter"},
		{"SetText out of range", func() error { return v.SetText("attempts", "0") }, `must be an integer in [1, 100000], got "0"`},
		{"Set out of range", func() error { return v.Set("attempts", Number(0)) }, "must be an integer in [1, 100000], got 0"},
	} {
		if err := c.set(); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if v.Int("attempts") != 7 {
		t.Errorf("a refused value changed attempts to %d", v.Int("attempts"))
	}
	if _, ok := v.Spec("nosuch"); ok {
		t.Error("Spec found an unknown name")
	}
}

func TestBadInput(t *testing.T) {
	err := BadInput("--%s %d is too many", "attempts", 7)
	var bad *InputError
	if !errors.As(err, &bad) || bad.Msg != "--attempts 7 is too many" || err.Error() != bad.Msg {
		t.Errorf("BadInput: %#v", err)
	}
}

func TestDur(t *testing.T) {
	cases := []struct {
		seconds float64
		want    time.Duration
	}{
		{0, 0},
		{1.5, 1500 * time.Millisecond},
		{0.1, 100 * time.Millisecond}, // 0.1 x 1e9 rounds to exactly 1e8 ns
		{172800, 48 * time.Hour},
		{1e30, math.MaxInt64}, // saturates rather than wrapping
	}
	for _, c := range cases {
		if got := Dur(c.seconds); got != c.want {
			t.Errorf("Dur(%v) = %v, want %v", c.seconds, got, c.want)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	cases := []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{5 * time.Second, "5s"},
		{time.Minute, "1m0s"},
		{36 * time.Hour, "36h0m0s"}, // not whole days
		{48 * time.Hour, "2d"},
		{MaxDuration, "36500d"},
	}
	for _, c := range cases {
		if got := FormatDuration(c.d); got != c.want {
			t.Errorf("FormatDuration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
