package explore

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
)

func options(t *testing.T, name string) Options {
	t.Helper()
	d, ok := strategy.Find(name)
	if !ok {
		t.Fatalf("no strategy %s", name)
	}
	return Options{Def: d, Values: d.Defaults(), Rand: 0.5, Lang: "en",
		Table: func([]string) error { t.Fatal("export not expected"); return nil }}
}

// viewDefs are the strategies the golden screens cycle through: a fixed list, so their titles
// ("polynomial (1/5)") do not change whenever a strategy is registered.
var viewDefs = []string{"polynomial", "fixed", "sidekiq", "exponential", "decorrelated"}

func defs(t *testing.T, names ...string) []strategy.Def {
	t.Helper()
	out := make([]strategy.Def, len(names))
	for i, n := range names {
		out[i] = options(t, n).Def
	}
	return out
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// press sends keys to the model as Update receives them.
func press(m Model, keys ...tea.Msg) Model {
	for _, k := range keys {
		next, _ := m.Update(k)
		m = next.(Model)
	}
	return m
}

func selected(m Model) string { return m.specs()[m.sel].Name }

// TestViews drives the program through teatest at 80x24 and compares the final screens with
// golden files (go test ./cmd/explore -update rewrites them; read them before committing).
func TestViews(t *testing.T) {
	cases := []struct {
		name     string
		strategy string
		keys     []tea.Msg
	}{
		{"start", "polynomial", nil},
		{"jitter_envelope", "polynomial", []tea.Msg{runes("j"), runes("+"), runes("e")}},
		{"attempts_25", "polynomial", []tea.Msg{tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("25"), tea.KeyMsg{Type: tea.KeyEnter}}},
		{"scroll_page_down", "polynomial", []tea.Msg{tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("40"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyPgDown}}},
		{"scroll_end", "polynomial", []tea.Msg{tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("25"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyEnd}}},
		{"typed_error", "polynomial", []tea.Msg{runes("k"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("1.5"), tea.KeyMsg{Type: tea.KeyEnter}}},
		{"help", "sidekiq", []tea.Msg{runes("?")}},
		{"cap_order_without_cap", "exponential", []tea.Msg{runes("jjjj"), runes("+")}},
		{"exponential_full_cap", "exponential", []tea.Msg{runes("jjjjj"), runes("+"), runes("kk"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("10s"), tea.KeyMsg{Type: tea.KeyEnter}, runes("e")}},
		{"exponential_sym", "exponential", []tea.Msg{runes("jjjjj"), runes("+++")}},
		{"decorrelated_defaults", "decorrelated", nil},
		{"long_names", "temporal", nil},
		{"save_prompt", "polynomial", []tea.Msg{runes("x")}},
		{"picker", "polynomial", []tea.Msg{runes("/")}},
		{"picker_filtered", "polynomial", []tea.Msg{runes("/"), runes("e"), runes("x"), runes("p"), tea.KeyMsg{Type: tea.KeyDown}}},
		{"envelope_25", "polynomial", []tea.Msg{tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("25"), tea.KeyMsg{Type: tea.KeyEnter}, runes("e")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := options(t, c.strategy)
			o.Defs = defs(t, viewDefs...)
			tm := teatest.NewTestModel(t, New(o), teatest.WithInitialTermSize(80, 24))
			for _, k := range c.keys {
				if r, ok := k.(tea.KeyMsg); ok && r.Type == tea.KeyRunes && len(r.Runes) > 1 && !strings.ContainsAny(string(r.Runes), "0123456789") {
					for _, x := range r.Runes {
						tm.Send(runes(string(x)))
					}
					continue
				}
				tm.Send(k)
			}
			// Wait until the last key has been handled: the view stops changing.
			time.Sleep(50 * time.Millisecond)
			tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
			m := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
			view := m.View()
			for i, l := range strings.Split(view, "\n") {
				if w := len([]rune(l)); w > 80 {
					t.Errorf("line %d is %d cells wide", i+1, w)
				}
			}
			if n := strings.Count(view, "\n") + 1; n != 24 {
				t.Errorf("view has %d lines, want 24", n)
			}
			golden.RequireEqual(t, []byte(view))
		})
	}
}

func TestCountSelectedFirst(t *testing.T) {
	for _, d := range strategy.All() {
		m := New(options(t, d.Name))
		if got := selected(m); got != d.Count {
			t.Errorf("%s: %s selected first, want %s", d.Name, got, d.Count)
		}
	}
}

func TestSelectionWraps(t *testing.T) {
	m := New(options(t, "polynomial")) // attempts, jitter, job-duration, rand
	if got := selected(press(m, runes("j"), runes("j"))); got != "job-duration" {
		t.Errorf("j j selects %s", got)
	}
	if got := selected(press(m, tea.KeyMsg{Type: tea.KeyUp})); got != "rand" {
		t.Errorf("up from the first selects %s, want the last (rand)", got)
	}
	if got := selected(press(m, tea.KeyMsg{Type: tea.KeyDown}, runes("k"))); got != "attempts" {
		t.Errorf("down then k selects %s", got)
	}
}

func TestSteps(t *testing.T) {
	cases := []struct {
		strategy, param, from string
		dir                   int
		want                  string
	}{
		{"polynomial", "attempts", "5", +1, "6"},
		{"polynomial", "attempts", "1", -1, "1"},
		{"polynomial", "jitter", "0.15", +1, "0.16"},
		{"polynomial", "jitter", "0.15", -1, "0.14"},
		{"polynomial", "jitter", "0", +1, "0.01"},
		{"polynomial", "job-duration", "0s", +1, "100ms"},
		{"fixed", "wait", "3s", +1, "3.2s"},
		{"fixed", "wait", "3s", -1, "2.8s"},
		{"fixed", "wait", "1m0s", +1, "1m5s"},
		{"fixed", "wait", "2d", +1, "50h0m0s"},
		{"exponential", "factor", "2", +1, "2.2"},
		{"exponential", "factor", "1", -1, "1"},
		{"exponential", "jitter", "none", +1, "full"},
		{"exponential", "jitter", "none", -1, "band"},
		{"aiven", "mode", "cap", +1, "timer"},
		{"aiven", "timer", "1s", -1, "950ms"},
		{"aiven", "timer", "950ms", +1, "1s"},
		{"polynomial", "job-duration", "100ms", -1, "0s"},
		{"polynomial", "jitter", "0.01", -1, "0"},
		{"fixed", "wait", "2s", -1, "1.9s"},
		{"fixed", "wait", "1.9s", +1, "2s"},
		{"fixed", "wait", "5s", -1, "4.8s"},
		{"fixed", "wait", "10s", -1, "9.5s"},
		{"fixed", "wait", "2.5s", -1, "2.4s"},
		{"fixed", "wait", "2.5s", +1, "2.6s"},
		{"sidekiq", "sidekiq-version", "8.0.0", +1, "6.2.1"},
		{"sidekiq", "sidekiq-version", "7.7.0", +1, "6.2.1"},
	}
	for _, c := range cases {
		d, _ := strategy.Find(c.strategy)
		v := d.Defaults()
		s, _ := v.Spec(c.param)
		from, err := s.ParseText(c.from)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := stepText(s, from, c.dir)
		if !ok || got != c.want {
			t.Errorf("%s --%s %s step %+d = %q, %v; want %q", c.strategy, c.param, c.from, c.dir, got, ok, c.want)
		}
	}
	// rand stays below 1: [0, 1) is open at the top.
	r, _ := randSpec.ParseText("0.95")
	if got, _ := stepText(randSpec, r, +1); got != "0.95" {
		t.Errorf("rand 0.95 + step = %s, want 0.95", got)
	}
}

// TestStepsReverse: on the steps' values, Left undoes Right and Right undoes Left, for every
// stepped parameter of every strategy, from 0 and from its default (after a first step onto the
// steps' values, as 25ms is between 24ms and 26ms) along twenty steps each way.
func TestStepsReverse(t *testing.T) {
	for _, d := range strategy.All() {
		specs := append(d.Defaults().Specs(), randSpec)
		for _, s := range specs {
			if s.Kind != param.Float && s.Kind != param.Duration && s.Kind != param.Int {
				continue
			}
			starts := []string{formatValue(s, s.Default)}
			if z, err := s.ParseText("0"); err == nil {
				starts = append(starts, formatValue(s, z))
			}
			for _, from := range starts {
				for _, dir := range []int{+1, -1} {
					text := from
					if v, _ := s.ParseText(from); from != "0" && from != "0s" {
						text, _ = stepText(s, v, dir)
					}
					for i := 0; i < 20; i++ {
						v, err := s.ParseText(text)
						if err != nil {
							t.Fatalf("%s --%s: %v", d.Name, s.Name, err)
						}
						next, _ := stepText(s, v, dir)
						if next == text {
							break // at a limit
						}
						nv, err := s.ParseText(next)
						if err != nil {
							t.Fatalf("%s --%s %s step %+d = %q: %v", d.Name, s.Name, text, dir, next, err)
						}
						if back, _ := stepText(s, nv, -dir); back != text {
							t.Errorf("%s --%s: %s step %+d = %s, step %+d = %s", d.Name, s.Name, text, dir, next, -dir, back)
							break
						}
						text = next
					}
				}
			}
		}
	}
}

// TestLeftUndoesRight: with the keys, Left puts back the value Right changed, whatever it was:
// 0, a default between the steps' values, a typed one, the top of the range.
func TestLeftUndoesRight(t *testing.T) {
	right, left := tea.KeyMsg{Type: tea.KeyRight}, tea.KeyMsg{Type: tea.KeyLeft}
	cases := []struct {
		strategy, param, from string
	}{
		{"polynomial", "job-duration", "0s"},
		{"polynomial", "jitter", "0"},
		{"envoy", "base-interval", "25ms"},
		{"fixed", "wait", "3.33s"},
		{"polynomial", "jitter", "0.999"},
		{"polynomial", "jitter", "100"},
		{"polynomial", "attempts", "1"},
	}
	for _, c := range cases {
		m := New(options(t, c.strategy))
		for selected(m) != c.param {
			m = press(m, runes("j"))
		}
		m = press(m, tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes(c.from), tea.KeyMsg{Type: tea.KeyEnter})
		s, _ := m.def().Defaults().Spec(c.param)
		show := func(m Model) string { return formatValue(s, m.get(c.param)) }
		start := show(m)
		// Each key that changes the value is undone by the opposite one; at a limit it does nothing.
		for _, keys := range [][2]tea.KeyMsg{{right, left}, {left, right}} {
			var path []string
			n := 0
			for ; n < 3; n++ {
				before := show(m)
				if m = press(m, keys[0]); show(m) == before {
					break
				}
				path = append(path, show(m))
			}
			for i := 0; i < n; i++ {
				m = press(m, keys[1])
				path = append(path, show(m))
			}
			if got := show(m); got != start {
				t.Errorf("%s --%s %s: %s x%d, %s x%d: %v, want back at %s", c.strategy, c.param, c.from, keys[0], n, keys[1], n, path, start)
			}
		}
	}
}

func TestKeysChangeTheSelected(t *testing.T) {
	m := press(New(options(t, "polynomial")), runes("+"), tea.KeyMsg{Type: tea.KeyRight}, runes("j"), runes("-"))
	if got := strings.Join(m.Args(), " "); got != "table polynomial --attempts 7 --jitter 0.14" {
		t.Errorf("args = %s", got)
	}
	m = press(m, runes("k"), tea.KeyMsg{Type: tea.KeyLeft}, tea.KeyMsg{Type: tea.KeyLeft}, runes("j"), runes("+"))
	if got := m.CommandLine(); got != "backoffctl table polynomial" {
		t.Errorf("back at the defaults the command is %q", got)
	}
	if len(m.calc.rows) != 5 || m.calc.rows[4].Start != 388.55 {
		t.Errorf("rows at the defaults: %+v", m.calc.rows)
	}
}

func TestTypedValues(t *testing.T) {
	m := press(New(options(t, "polynomial")), tea.KeyMsg{Type: tea.KeyEnter})
	if !m.typing || string(m.input) != "5" {
		t.Fatalf("Enter starts typing at the value: typing %v, %q", m.typing, string(m.input))
	}
	m = press(m, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("0"), tea.KeyMsg{Type: tea.KeyEnter})
	if want := `--attempts must be an integer in [1, 100000], got "0"`; m.status != want || !m.typing {
		t.Errorf("status %q (typing %v), want %q and still typing", m.status, m.typing, want)
	}
	m = press(m, tea.KeyMsg{Type: tea.KeyBackspace}, runes("12"), tea.KeyMsg{Type: tea.KeyEnter})
	if m.typing || m.status != "" || len(m.calc.rows) != 12 {
		t.Errorf("12 then Enter: typing %v, status %q, %d rows", m.typing, m.status, len(m.calc.rows))
	}
	// Typing over the shown value replaces it (not 129); Backspace first edits it instead.
	m = press(m, tea.KeyMsg{Type: tea.KeyEnter}, runes("9"), tea.KeyMsg{Type: tea.KeyEnter})
	if got := strings.Join(m.Args(), " "); got != "table polynomial --attempts 9" {
		t.Errorf("Enter 9 Enter over 12: %s", got)
	}
	m = press(m, tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyBackspace}, runes("12"), tea.KeyMsg{Type: tea.KeyEnter})
	if got := strings.Join(m.Args(), " "); got != "table polynomial --attempts 12" {
		t.Errorf("Enter Backspace 12 Enter over 9: %s", got)
	}
	// Esc leaves the value alone.
	m = press(m, runes("j"), tea.KeyMsg{Type: tea.KeyEnter}, runes("9"), tea.KeyMsg{Type: tea.KeyEsc})
	if got := strings.Join(m.Args(), " "); got != "table polynomial --attempts 12" {
		t.Errorf("after Esc: %s", got)
	}
	// Durations take the flag's syntax and its message.
	m = press(m, runes("j"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("2x"), tea.KeyMsg{Type: tea.KeyEnter})
	if want := `--job-duration must be a duration (like 90s, 1m30s, 36h, 2d, 1w) in [0s, 365d], got "2x"`; m.status != want {
		t.Errorf("status %q, want %q", m.status, want)
	}
	// rand as --rand refuses it.
	m = press(m, tea.KeyMsg{Type: tea.KeyEsc}, runes("j"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("1"), tea.KeyMsg{Type: tea.KeyEnter})
	if want := "--rand must be in [0, 1), got 1"; m.status != want {
		t.Errorf("status %q, want %q", m.status, want)
	}
}

func TestStrategySwitching(t *testing.T) {
	m := press(New(options(t, "polynomial")), runes("+"))
	all := strategy.All()
	for i := 1; i <= len(all); i++ {
		key := tea.Msg(tea.KeyMsg{Type: tea.KeyTab})
		if i%2 == 0 {
			key = runes("s")
		}
		m = press(m, key)
		want := all[i%len(all)]
		if m.def().Name != want.Name || selected(m) != want.Count {
			t.Fatalf("switch %d: %s with %s selected, want %s with %s", i, m.def().Name, selected(m), want.Name, want.Count)
		}
	}
	// Back at polynomial its values were kept.
	if got := strings.Join(m.Args(), " "); got != "table polynomial --attempts 6" {
		t.Errorf("after a full turn: %s", got)
	}
	if m = press(m, tea.KeyMsg{Type: tea.KeyShiftTab}); m.def().Name != all[len(all)-1].Name {
		t.Errorf("shift+tab from the first goes to %s", m.def().Name)
	}
}

// TestGivenStrategies: Options.Defs is the list Tab cycles through and the title counts; a
// strategy outside it is put first.
func TestGivenStrategies(t *testing.T) {
	o := options(t, "sidekiq")
	o.Defs = defs(t, viewDefs...)
	m := New(o)
	var got []string
	for range viewDefs {
		got = append(got, m.def().Name)
		m = press(m, tea.KeyMsg{Type: tea.KeyTab})
	}
	if want := "sidekiq exponential decorrelated polynomial fixed"; strings.Join(got, " ") != want {
		t.Errorf("tab cycles %v, want %s", got, want)
	}
	if title := strings.SplitN(m.View(), "\n", 2)[0]; !strings.Contains(title, "sidekiq (3/5)") {
		t.Errorf("title %q, want sidekiq (3/5)", title)
	}

	o = options(t, "gitlab")
	o.Defs = defs(t, "polynomial", "sidekiq")
	m = New(o)
	if title := strings.SplitN(m.View(), "\n", 2)[0]; !strings.Contains(title, "gitlab (1/3)") {
		t.Errorf("title %q, want gitlab (1/3)", title)
	}
	if m = press(m, tea.KeyMsg{Type: tea.KeyShiftTab}); m.def().Name != "sidekiq" {
		t.Errorf("shift+tab from gitlab goes to %s, want sidekiq", m.def().Name)
	}
}

func TestSeedHidesRand(t *testing.T) {
	o := options(t, "polynomial")
	o.Seed, o.Seeded = 42, true
	m := New(o)
	for _, s := range m.specs() {
		if s.Name == "rand" {
			t.Error("rand listed with --seed")
		}
	}
	if got := m.CommandLine(); got != "backoffctl table polynomial --seed 42" {
		t.Errorf("command %q", got)
	}
}

func TestConfig(t *testing.T) {
	cases := []struct {
		strategy string
		set      map[string]string
		want     string
	}{
		{"polynomial", map[string]string{"attempts": "6"}, "retry_on SomeError, wait: :polynomially_longer, attempts: 6\nconfig.active_job.retry_jitter = 0.15  # or retry_on jitter: 0.15"},
		{"polynomial", map[string]string{"jitter": "0"}, "retry_on SomeError, wait: :polynomially_longer, attempts: 5\nconfig.active_job.retry_jitter = 0.0  # or retry_on jitter: 0.0"},
		{"fixed", map[string]string{"wait": "30s"}, "retry_on SomeError, wait: 30.seconds, attempts: 5\nconfig.active_job.retry_jitter = 0.15  # or retry_on jitter: 0.15"},
		{"sidekiq", map[string]string{"retries": "10", "sidekiq-version": "7"}, "sidekiq_options retry: 10\n# Sidekiq 7.0.0: jitter rand(10) * (count + 1)"},
		{"actrunner", map[string]string{"fetch-interval-max": "60s"}, "config.yaml: runner: { fetch_interval: 2s, fetch_interval_max: 1m0s }"},
		{"aiven", nil, "new Backoff(new Timer(Duration.ofMillis(1000)).getBackoffConfig())  // timer started"},
		{"exponential", map[string]string{"jitter": "full"}, "— cenkalti/backoff, the closest library, draws only the symmetric jitter (--jitter sym), not full"},
		{"decorrelated", nil, "— the AWS Architecture Blog's decorrelated jitter (2015); no library reproduced here offers it as a setting"},
	}
	for _, c := range cases {
		d, _ := strategy.Find(c.strategy)
		v := d.Defaults()
		for k, x := range c.set {
			if err := v.SetText(k, x); err != nil {
				t.Fatal(err)
			}
		}
		if got := strings.Join(Config(d, v), "\n"); got != c.want {
			t.Errorf("%s %v:\n%s\nwant\n%s", c.strategy, c.set, got, c.want)
		}
	}
	// A strategy's own Config wins.
	d, _ := strategy.Find("polynomial")
	d.Config = func(*param.Values) []string { return []string{"own"} }
	if got := Config(d, d.Defaults()); len(got) != 1 || got[0] != "own" {
		t.Errorf("Def.Config ignored: %v", got)
	}
}

func TestResize(t *testing.T) {
	m := press(New(options(t, "polynomial")), tea.WindowSizeMsg{Width: 120, Height: 40})
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 40 {
		t.Errorf("%d lines at 120x40", len(lines))
	}
	if !bytes.Contains([]byte(m.View()), []byte("6m 28.55s")) {
		t.Error("no window at 120x40")
	}
	m = press(m, tea.WindowSizeMsg{Width: 40, Height: 10})
	if !strings.Contains(m.View(), "needs at least 60x16") {
		t.Errorf("small terminal: %q", m.View())
	}
}

// TestScroll: every row of a schedule longer than the screen can be reached with PgDn, End and
// the mouse wheel, and PgUp, Home and the wheel go back.
func TestScroll(t *testing.T) {
	m := press(New(options(t, "polynomial")), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU},
		runes("25"), tea.KeyMsg{Type: tea.KeyEnter})
	rowsOf := func(m Model) []int {
		idx, _, _ := m.shown(m.mid())
		return idx
	}
	seen := map[int]bool{}
	for i := 0; i < 10; i++ {
		for _, r := range rowsOf(m) {
			seen[r] = true
		}
		m = press(m, tea.KeyMsg{Type: tea.KeyPgDown})
	}
	if len(seen) != 25 {
		t.Errorf("PgDn reaches %d of 25 rows", len(seen))
	}
	if !strings.Contains(m.View(), "⋮  11 above · PgUp") || strings.Contains(m.View(), "more · PgDn") {
		t.Errorf("at the end:\n%s", m.View())
	}
	if got := rowsOf(m); got[0] != 11 || got[len(got)-1] != 24 {
		t.Errorf("at the end rows %v are shown, want 12 to 25", got)
	}
	m = press(m, tea.KeyMsg{Type: tea.KeyHome})
	if got := rowsOf(m); got[0] != 0 || !strings.Contains(m.View(), "⋮  11 more · PgDn") {
		t.Errorf("Home shows rows %v", got)
	}
	m = press(m, runes("G"))
	if got := rowsOf(m); got[0] != 11 {
		t.Errorf("G shows rows %v", got)
	}
	m = press(m, runes("g"), tea.KeyMsg{Type: tea.KeyPgDown}, tea.KeyMsg{Type: tea.KeyPgUp})
	if got := rowsOf(m); got[0] != 0 {
		t.Errorf("PgDn PgUp shows rows %v", got)
	}
	wheel := func(b tea.MouseButton) tea.MouseMsg {
		return tea.MouseMsg{X: 50, Y: 10, Button: b, Action: tea.MouseActionPress}
	}
	m = press(m, wheel(tea.MouseButtonWheelDown))
	if got := rowsOf(m); got[0] != 3 || !strings.Contains(m.View(), "⋮  3 above · PgUp") {
		t.Errorf("one notch down shows rows %v:\n%s", got, m.View())
	}
	for i := 0; i < 10; i++ {
		m = press(m, wheel(tea.MouseButtonWheelDown))
	}
	if got := rowsOf(m); got[len(got)-1] != 24 || got[len(got)-2] != 23 {
		t.Errorf("the wheel does not reach the end: rows %v", got)
	}
	for i := 0; i < 10; i++ {
		m = press(m, wheel(tea.MouseButtonWheelUp))
	}
	if got := rowsOf(m); got[0] != 0 {
		t.Errorf("the wheel does not reach the start: rows %v", got)
	}
	// A taller screen shows them all, whatever was scrolled.
	m = press(m, runes("G"), tea.WindowSizeMsg{Width: 120, Height: 40})
	if got := rowsOf(m); len(got) != 25 {
		t.Errorf("at 120x40 %d rows shown", len(got))
	}
}

// TestParamsAligned: every strategy's parameter values start in one column, whole, at 80x24 and
// 120x40, however long the names (temporal's schedule-to-close-timeout) and the values.
func TestParamsAligned(t *testing.T) {
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 120, Height: 40}} {
		for _, d := range strategy.All() {
			m := press(New(options(t, d.Name)), size)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			col, shown := -1, 0
			for i, s := range m.specs() {
				v := formatValue(s, m.get(s.Name))
				var l string
				for _, x := range lines[3:] {
					name := strings.Fields(strings.TrimPrefix(strings.TrimPrefix(x+" .", "  "), "▸ "))[0]
					if cut := strings.TrimSuffix(name, "…"); name == s.Name || cut != name && strings.HasPrefix(s.Name, cut) && x[0] != ' ' == (i == m.sel) {
						l = x
						break
					}
				}
				if l == "" {
					continue // not shown: more parameters than lines
				}
				shown++
				if v == "" {
					continue
				}
				at := strings.Index(l, " "+v+" ")
				name := strings.Fields(strings.TrimPrefix(strings.TrimPrefix(l, "  "), "▸ "))[0]
				// The name is whole, or cut with … where a name and a value cannot both fit (tenacity's
				// --max 4.611686018427388e+18 at 80 columns).
				if at < 0 || name != s.Name && m.leftWidth(size.Width) >= 2+longest(m) {
					t.Errorf("%dx%d %s: --%s %s shown as %q", size.Width, size.Height, d.Name, s.Name, v, l)
					continue
				}
				if c := len([]rune(l[:at])); col < 0 {
					col = c
				} else if c != col {
					t.Errorf("%dx%d %s: --%s's value at column %d, the first's at %d:\n%s", size.Width, size.Height, d.Name, s.Name, c, col, strings.Join(lines[3:3+len(m.specs())], "\n"))
				}
			}
			if shown < min(len(m.specs()), 10) {
				t.Errorf("%dx%d %s: %d of %d parameters shown", size.Width, size.Height, d.Name, shown, len(m.specs()))
			}
		}
	}
}

// TestWindowWhole: the window and its envelope show whole in the left pane for every strategy
// at 80x24 and 120x40 (polynomial's 25 attempts: 20d 9h 44m 28s – 23d 3h 4m 5s), wrapped onto a
// second line when the pane cannot grow enough.
func TestWindowWhole(t *testing.T) {
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 120, Height: 40}} {
		for _, d := range strategy.All() {
			for _, attempts := range []string{"", "25"} {
				m := press(New(options(t, d.Name)), size, runes("e"))
				if attempts != "" {
					m = press(m, tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes(attempts), tea.KeyMsg{Type: tea.KeyEnter})
				}
				if m.calc.err != nil || len(m.calc.bounds) == 0 {
					continue
				}
				lw := m.leftWidth(size.Width)
				var left []string
				for _, l := range strings.Split(ansi.Strip(m.View()), "\n")[2:] {
					r := []rune(l)
					left = append(left, strings.TrimSpace(string(r[:min(lw, len(r))])))
				}
				text := strings.Join(left, " ")
				b := m.calc.bounds[len(m.calc.bounds)-1]
				last := m.calc.last()
				for _, want := range []string{
					"envelope " + param.HumanDuration(b.StartMin) + " – " + param.HumanDuration(b.StartMax),
					param.HumanDuration(last) + " (" + raw(last) + "s)",
				} {
					if !strings.Contains(text, want) {
						t.Errorf("%dx%d %s %s: %q not whole in the left pane:\n%s", size.Width, size.Height, d.Name, attempts, want, strings.Join(left, "\n"))
					}
				}
			}
		}
	}
}

// longest is the widest name and value of m's parameters, with the space between them.
func longest(m Model) int {
	nameW, valW := 0, 0
	for _, s := range m.specs() {
		nameW = max(nameW, len(s.Name))
		valW = max(valW, len(formatValue(s, m.get(s.Name))))
	}
	return nameW + 1 + valW
}

// TestExport: x then m, c or j writes what table prints; m, c, J alone write nothing, and an
// existing file is never replaced: the next free name is taken and the status says so.
func TestExport(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	o := options(t, "polynomial")
	var ran []string
	o.Table = func(args []string) error {
		ran = append(ran, strings.Join(args, " "))
		if args[len(args)-1] == "polynomial-3.json" {
			return errors.New("disk full")
		}
		return os.WriteFile(args[len(args)-1], []byte(strings.Join(args, " ")), 0o666)
	}
	files := func() string {
		es, _ := os.ReadDir(dir)
		var out []string
		for _, e := range es {
			b, _ := os.ReadFile(e.Name())
			out = append(out, e.Name()+"="+string(b))
		}
		return strings.Join(out, "; ")
	}
	m := press(New(o), runes("m"), runes("c"), runes("J"))
	if got := files(); got != "" || len(ran) != 0 {
		t.Fatalf("m c J alone wrote %q", got)
	}
	if selected(m) != "attempts" {
		t.Errorf("J moved the selection to %s", selected(m))
	}
	m = press(m, runes("x"), tea.KeyMsg{Type: tea.KeyEsc})
	if got := files(); got != "" || m.status != "nothing written" || m.saving {
		t.Fatalf("x Esc: files %q, status %q", got, m.status)
	}
	m = press(m, runes("x"), runes("m"))
	if want := "polynomial.md=table polynomial -o markdown --output polynomial.md"; files() != want {
		t.Errorf("x m: %s, want %s", files(), want)
	}
	if want := "wrote polynomial.md: backoffctl table polynomial -o markdown"; m.status != want {
		t.Errorf("x m: status %q, want %q", m.status, want)
	}
	m = press(m, runes("+"), runes("x"), runes("m"))
	if want := "polynomial-2.md=table polynomial --attempts 6 -o markdown --output polynomial-2.md; polynomial.md=table polynomial -o markdown --output polynomial.md"; files() != want {
		t.Errorf("x m again: %s", files())
	}
	if want := "polynomial.md exists, so wrote polynomial-2.md: backoffctl table polynomial --attempts 6 -o markdown"; m.status != want {
		t.Errorf("x m again: status %q, want %q", m.status, want)
	}
	if !strings.Contains(m.View(), "polynomial.md exists, so wrote polynomial-2.md") {
		t.Errorf("the screen does not say so:\n%s", m.View())
	}
	os.WriteFile("polynomial.csv", []byte("keep"), 0o666)
	os.WriteFile("polynomial.json", []byte("keep"), 0o666)
	os.WriteFile("polynomial-2.json", []byte("keep"), 0o666)
	m = press(m, runes("x"), runes("c"))
	if got := files(); !strings.Contains(got, "polynomial.csv=keep;") || !strings.Contains(got, "polynomial-2.csv=table polynomial --attempts 6 -o csv --output polynomial-2.csv") {
		t.Errorf("x c over polynomial.csv: %s", got)
	}
	// Keys that arrive in one message (tmux send-keys x m) are keys one by one.
	m = press(m, runes("xm"))
	if got := files(); !strings.Contains(got, "polynomial-3.md=") {
		t.Errorf("xm in one message: %s", got)
	}
	// A failed export leaves no empty file behind.
	m = press(m, runes("x"), runes("j"))
	if got := files(); strings.Contains(got, "polynomial-3.json") || m.status != "disk full" || !m.isErr {
		t.Errorf("failed export: %s, status %q", got, m.status)
	}
}

// TestPicker: / opens the strategy picker; typing filters (names that start with the text first,
// then names and summaries containing it), ↑ ↓ choose, Enter picks, Esc cancels, and letters
// are text there, not keys (q does not quit, j does not move).
func TestPicker(t *testing.T) {
	m := press(New(options(t, "polynomial")), runes("+"), runes("/"))
	if !m.picking || !strings.Contains(m.View(), "Strategy /") || !strings.Contains(m.View(), "▸ polynomial") {
		t.Fatalf("/ does not open the picker at polynomial:\n%s", m.View())
	}
	names := func(m Model) []string {
		var out []string
		for _, i := range m.matches() {
			out = append(out, m.defs[i].Name)
		}
		return out
	}
	if got := len(names(m)); got != len(strategy.All()) {
		t.Errorf("the empty filter lists %d strategies", got)
	}
	m = press(m, runes("temp"), tea.KeyMsg{Type: tea.KeyEnter})
	if m.picking || m.def().Name != "temporal" || selected(m) != m.def().Count {
		t.Errorf("/ temp Enter: %s (picking %v)", m.def().Name, m.picking)
	}
	// Back at polynomial its values were kept; Esc leaves the strategy alone.
	m = press(m, runes("/"), runes("poly"), tea.KeyMsg{Type: tea.KeyEnter})
	if got := strings.Join(m.Args(), " "); got != "table polynomial --attempts 6" {
		t.Errorf("/ poly Enter: %s", got)
	}
	m = press(m, runes("/"), runes("sidekiq"), tea.KeyMsg{Type: tea.KeyEsc})
	if m.picking || m.def().Name != "polynomial" {
		t.Errorf("Esc: %s (picking %v)", m.def().Name, m.picking)
	}
	// Prefix matches first, then names containing the text, then summaries.
	m = press(m, runes("/"), runes("exp"))
	got := names(m)
	if len(got) < 2 || got[0] != "exponential" {
		t.Errorf("/exp lists %v, want exponential first", got)
	}
	m = press(m, tea.KeyMsg{Type: tea.KeyDown}, tea.KeyMsg{Type: tea.KeyEnter})
	if m.def().Name != got[1] {
		t.Errorf("/exp Down Enter picks %s, want %s", m.def().Name, got[1])
	}
	// No match: Enter says so and keeps the picker open.
	m = press(m, runes("/"), runes("qjzz"), tea.KeyMsg{Type: tea.KeyEnter})
	if !m.picking || !strings.Contains(m.status, `no strategy matches "qjzz"`) || !strings.Contains(m.View(), "0 of ") {
		t.Errorf("no match: picking %v, status %q", m.picking, m.status)
	}
	m = press(m, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("fixed"), tea.KeyMsg{Type: tea.KeyEnter})
	if m.def().Name != "fixed" {
		t.Errorf("Ctrl-U fixed Enter picks %s", m.def().Name)
	}
	// An alias matches too.
	for _, d := range strategy.All() {
		if len(d.Aliases) > 0 {
			m = press(m, runes("/"), runes(d.Aliases[0]))
			if got := names(m); len(got) == 0 || got[0] != d.Name && !strings.HasPrefix(got[0], d.Aliases[0]) {
				t.Errorf("/%s lists %v, want %s first", d.Aliases[0], got, d.Name)
			}
			m = press(m, tea.KeyMsg{Type: tea.KeyEsc})
			break
		}
	}
}

func TestQuit(t *testing.T) {
	for _, k := range []tea.KeyMsg{runes("q"), {Type: tea.KeyCtrlC}} {
		_, cmd := New(options(t, "polynomial")).Update(k)
		if cmd == nil {
			t.Fatalf("%s does nothing", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("%s does not quit", k)
		}
	}
}
