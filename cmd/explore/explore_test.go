package explore

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	tea "github.com/charmbracelet/bubbletea"
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
		{"typed_error", "polynomial", []tea.Msg{runes("k"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("1.5"), tea.KeyMsg{Type: tea.KeyEnter}}},
		{"help", "sidekiq", []tea.Msg{runes("?")}},
		{"cap_order_without_cap", "exponential", []tea.Msg{runes("jjjj"), runes("+")}},
		{"exponential_full_cap", "exponential", []tea.Msg{runes("jjjjj"), runes("+"), runes("kk"), tea.KeyMsg{Type: tea.KeyEnter}, tea.KeyMsg{Type: tea.KeyCtrlU}, runes("10s"), tea.KeyMsg{Type: tea.KeyEnter}, runes("e")}},
		{"exponential_sym", "exponential", []tea.Msg{runes("jjjjj"), runes("+++")}},
		{"decorrelated_defaults", "decorrelated", nil},
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
		{"aiven", "timer", "1s", -1, "900ms"},
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
		{"exponential", map[string]string{"jitter": "full"}, "—"},
		{"decorrelated", nil, "—"},
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
