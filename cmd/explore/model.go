// Package explore is `backoffctl explore`: a full-screen calculator over one strategy's
// parameters. It shows the schedule `table` prints for the current values, a chart of the waits or
// starts, the total window, the equivalent command line and the library's own configuration, and
// exports exactly what `table` prints by running it.
package explore

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	_ "github.com/backoffctl/backoffctl/cmd/explore/termquiet" // before Bubble Tea's init: see there
	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Options is what the command line gives explore.
type Options struct {
	Def    strategy.Def
	Values *param.Values // the strategy's flags
	Rand   float64
	Seed   int64
	Seeded bool
	// Table's own flags.
	Envelope    bool
	Percentiles []float64
	Samples     int
	Lang        string
	// Table runs the backoffctl command line args (starting with "table") and returns its error
	// message, so an export is byte for byte what that command writes.
	Table func(args []string) error
	// Renderer draws the styles; nil: no colour.
	Renderer *lipgloss.Renderer
	// Defs are the strategies Tab and Shift+Tab cycle through, in order; nil: every registered
	// strategy (strategy.All). Def is added first when it is not among them. The title counts
	// them ("polynomial (1/29)"): tests pass a fixed list so their screens do not change with
	// every strategy registered.
	Defs []strategy.Def
	// Budget is the --budget SPEC shown at the start ("" none); b cycles through the budgets.
	Budget string
}

// defaultSamples is table's --samples default.
const defaultSamples = 10000

// randSpec is --rand as a parameter row.
var randSpec = param.Spec{Name: "rand", Kind: param.Float, Doc: "every random draw u fixed at this value",
	Default: param.Number(0.5), Min: 0, Max: 1, OpenMax: true}

// values are one strategy's current values, kept when switching away and back.
type values struct {
	vals map[string]param.Value
	rand param.Value
}

// Model is the explore screen.
type Model struct {
	opts     Options
	defs     []strategy.Def
	cur      int
	state    map[string]*values
	sel      int
	envelope bool
	starts   bool // chart the starts rather than the waits
	help     bool
	saving   bool // x was pressed: m, c or j picks the format
	picking  bool // the strategy picker is open
	filter   []rune
	pick     int // the chosen line of the picker
	typing   bool
	input    []rune // the value being typed
	fresh    bool   // input still holds the current value: the first character typed replaces it
	status   string
	isErr    bool
	top      int // the first schedule row shown when the rows do not fit
	steps    []stepped
	width    int
	height   int
	calc     calc
	st       styles
	budgets  []string // b's cycle: "" (none), then budget SPECs
	bud      int      // the chosen one
}

// stepped is one step of a parameter, kept so that the opposite step puts back exactly the value
// it came from, even one between the steps' round values (a typed one, a default like 25ms) or
// at a limit.
type stepped struct {
	strategy, param string
	dir             int
	from, to        param.Value
}

// maxSteps bounds the steps kept.
const maxSteps = 1000

// calc is the schedule at the current values.
type calc struct {
	err    error
	rows   []schedule.Row
	bounds []schedule.Bounds
	q      *schedule.Quantiles
	notes  []schedule.Note
}

// New returns the model at the options' strategy and values.
func New(o Options) Model {
	if o.Samples == 0 {
		o.Samples = defaultSamples
	}
	defs := o.Defs
	if defs == nil {
		defs = strategy.All()
	}
	m := Model{opts: o, defs: defs, state: map[string]*values{}, envelope: o.Envelope,
		width: 80, height: 24, st: newStyles(o.Renderer), budgets: budgetCycle(o.Budget)}
	for i, b := range m.budgets {
		if o.Budget != "" && b == o.Budget {
			m.bud = i
		}
	}
	m.cur = -1
	for i, d := range m.defs {
		if d.Name == o.Def.Name {
			m.cur = i
		}
	}
	if m.cur < 0 {
		m.defs = append([]strategy.Def{o.Def}, m.defs...)
		m.cur = 0
	}
	v := &values{vals: map[string]param.Value{}, rand: param.Number(o.Rand)}
	for _, s := range o.Def.Params {
		v.vals[s.Name] = o.Values.Get(s.Name)
	}
	m.state[o.Def.Name] = v
	m.selectCount()
	m.recalc()
	return m
}

// Init starts nothing: the screen only changes on keys and resizes.
func (m Model) Init() tea.Cmd { return nil }

func (m Model) def() strategy.Def { return m.defs[m.cur] }

func (m Model) values() *values {
	d := m.def()
	v, ok := m.state[d.Name]
	if !ok {
		v = &values{vals: map[string]param.Value{}, rand: randSpec.Default}
		for _, s := range d.Params {
			v.vals[s.Name] = s.Default
		}
		m.state[d.Name] = v
	}
	return v
}

// sampling reports whether percentiles were asked for.
func (m Model) sampling() bool { return len(m.opts.Percentiles) > 0 }

// specs lists the rows of the parameter list: the strategy's parameters, then rand for
// strategies that draw (unless --seed samples the one schedule shown).
func (m Model) specs() []param.Spec {
	d := m.def()
	var specs []param.Spec
	for _, s := range d.Params {
		if s.Deprecated == nil {
			specs = append(specs, s)
		}
	}
	if d.Stream.Random() && (!m.opts.Seeded || m.sampling()) {
		specs = append(specs, randSpec)
	}
	return specs
}

func (m Model) get(name string) param.Value {
	v := m.values()
	if name == "rand" {
		return v.rand
	}
	return v.vals[name]
}

func (m *Model) selectCount() {
	m.sel = 0
	for i, s := range m.specs() {
		if s.Name == m.def().Count {
			m.sel = i
		}
	}
}

// paramValues builds the strategy's values as the command line would: the parameters that differ
// from their defaults are set, so the command shown and the schedule agree.
func (m Model) paramValues() (*param.Values, error) {
	d := m.def()
	pv := d.Defaults()
	for _, s := range d.Params {
		if v := m.get(s.Name); v != s.Default {
			if err := pv.SetText(s.Name, formatValue(s, v)); err != nil {
				return nil, param.BadInput("--%s %v", s.Name, err)
			}
		}
	}
	return pv, nil
}

// recalc computes the schedule, as `table` does for the same command line.
func (m *Model) recalc() {
	m.calc = calc{}
	pv, err := m.paramValues()
	if err != nil {
		m.calc.err = err
		return
	}
	d := m.def()
	s, err := d.Build(pv)
	if err != nil {
		m.calc.err = err
		return
	}
	rand := m.values().rand.Num
	draws := analyze.Draws{Rand: rand, Seed: m.opts.Seed, Seeded: m.opts.Seeded}.For(d)
	if m.sampling() {
		draws = draw.Fixed(rand)
	}
	m.calc.rows = s.Fill(draws, nil)
	m.calc.notes = s.Notes(m.calc.rows)
	if m.envelope {
		m.calc.bounds = schedule.Envelope(s)
	}
	if m.sampling() && d.Stream.Random() {
		q, err := analyze.Percentiles(s, m.opts.Samples, m.opts.Seed, m.opts.Percentiles, nil, nil)
		if err != nil {
			m.calc.err = err
			return
		}
		m.calc.q = &q
	}
}

// Args is the equivalent `backoffctl table` command line, without the program name: the
// parameters that differ from their defaults, then the draws and table's own flags.
func (m Model) Args() []string {
	d := m.def()
	args := []string{"table", d.Name}
	for _, s := range d.Params {
		if v := m.get(s.Name); v != s.Default {
			args = append(args, "--"+s.Name, formatValue(s, v))
		}
	}
	if d.Stream.Random() {
		if r := m.values().rand; r != randSpec.Default && (!m.opts.Seeded || m.sampling()) {
			args = append(args, "--rand", param.FormatNumber(r.Num))
		}
		if m.opts.Seeded {
			args = append(args, "--seed", strconv.FormatInt(m.opts.Seed, 10))
		}
	}
	if m.envelope {
		args = append(args, "--envelope")
	}
	if m.sampling() && d.Stream.Random() {
		ps := make([]string, len(m.opts.Percentiles))
		for i, p := range m.opts.Percentiles {
			ps[i] = analyze.PercentileName(p)
		}
		args = append(args, "--percentiles", strings.Join(ps, ","))
		if m.opts.Samples != defaultSamples {
			args = append(args, "--samples", strconv.Itoa(m.opts.Samples))
		}
	}
	if m.opts.Lang != "" && m.opts.Lang != "en" {
		args = append(args, "--lang", m.opts.Lang)
	}
	return args
}

// CommandLine is Args as typed in a shell.
func (m Model) CommandLine() string {
	args := m.Args()
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return "backoffctl " + strings.Join(quoted, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.,:/+=@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Update handles keys and resizes.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case tea.MouseMsg:
		if m.typing || m.help || m.picking || msg.Action != tea.MouseActionPress {
			return m, nil
		}
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.scroll(-wheelRows)
		case tea.MouseButtonWheelDown:
			m.scroll(+wheelRows)
		}
		return m, nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		if m.typing {
			return m.typeKey(msg)
		}
		if m.picking {
			return m.pickKey(msg)
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 {
			// Keys that arrive together (a fast typist, tmux send-keys) come as one message:
			// each is a key. Pasted text is not keys.
			if msg.Paste {
				return m, nil
			}
			var cmds []tea.Cmd
			var next tea.Model = m
			for _, r := range msg.Runes {
				var cmd tea.Cmd
				next, cmd = next.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				if cmd != nil {
					cmds = append(cmds, cmd)
				}
			}
			if len(cmds) == 0 {
				return next, nil
			}
			return next, tea.Sequence(cmds...)
		}
		if m.saving {
			return m.saveKey(msg)
		}
		if m.help {
			m.help = false
			if k := msg.String(); k == "q" {
				return m, tea.Quit
			}
			return m, nil
		}
		return m.key(msg)
	}
	return m, nil
}

// keys are the screen's bindings.
var keys = struct {
	quit, up, down, inc, dec, enter, next, prev, pick, envelope, starts, save, markdown, csv, json, help, budget key.Binding
	pageUp, pageDown, home, end                                                                                  key.Binding
}{
	quit:     key.NewBinding(key.WithKeys("q")),
	up:       key.NewBinding(key.WithKeys("up", "k")),
	down:     key.NewBinding(key.WithKeys("down", "j")),
	inc:      key.NewBinding(key.WithKeys("+", "=", "right", "l")),
	dec:      key.NewBinding(key.WithKeys("-", "_", "left", "h")),
	enter:    key.NewBinding(key.WithKeys("enter")),
	next:     key.NewBinding(key.WithKeys("tab", "s")),
	prev:     key.NewBinding(key.WithKeys("shift+tab", "S")),
	pick:     key.NewBinding(key.WithKeys("/")),
	envelope: key.NewBinding(key.WithKeys("e")),
	starts:   key.NewBinding(key.WithKeys("w")),
	save:     key.NewBinding(key.WithKeys("x")),
	markdown: key.NewBinding(key.WithKeys("m")),
	csv:      key.NewBinding(key.WithKeys("c")),
	json:     key.NewBinding(key.WithKeys("j", "J")),
	help:     key.NewBinding(key.WithKeys("?")),
	budget:   key.NewBinding(key.WithKeys("b")),
	pageUp:   key.NewBinding(key.WithKeys("pgup")),
	pageDown: key.NewBinding(key.WithKeys("pgdown")),
	home:     key.NewBinding(key.WithKeys("home", "g")),
	end:      key.NewBinding(key.WithKeys("end", "G")),
}

// wheelRows is how many rows one notch of the mouse wheel scrolls, as in bubbles' viewport.
const wheelRows = 3

func (m Model) key(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	m.status, m.isErr = "", false
	specs := m.specs()
	switch {
	case key.Matches(msg, keys.quit):
		return m, tea.Quit
	case key.Matches(msg, keys.up):
		m.sel = (m.sel - 1 + len(specs)) % len(specs)
	case key.Matches(msg, keys.down):
		m.sel = (m.sel + 1) % len(specs)
	case key.Matches(msg, keys.inc):
		m.step(+1)
	case key.Matches(msg, keys.dec):
		m.step(-1)
	case key.Matches(msg, keys.enter):
		s := specs[m.sel]
		m.typing, m.fresh = true, true
		m.input = []rune(formatValue(s, m.get(s.Name)))
	case key.Matches(msg, keys.next):
		m.switchTo(+1)
	case key.Matches(msg, keys.prev):
		m.switchTo(-1)
	case key.Matches(msg, keys.pick):
		m.openPicker()
	case key.Matches(msg, keys.envelope):
		m.envelope = !m.envelope
		m.recalc()
	case key.Matches(msg, keys.budget):
		m.nextBudget()
	case key.Matches(msg, keys.starts):
		m.starts = !m.starts
	case key.Matches(msg, keys.save):
		m.saving = true
	case key.Matches(msg, keys.help):
		m.help = true
	case key.Matches(msg, keys.pageUp):
		m.scroll(-max(1, m.page()))
	case key.Matches(msg, keys.pageDown):
		m.scroll(+max(1, m.page()))
	case key.Matches(msg, keys.home):
		m.top = 0
	case key.Matches(msg, keys.end):
		m.top = m.maxTop()
	}
	return m, nil
}

// scroll moves the schedule's first shown row by n rows, within the rows there are.
func (m *Model) scroll(n int) {
	m.top = max(0, min(m.maxTop(), min(m.top, m.maxTop())+n))
}

func (m *Model) switchTo(dir int) {
	m.cur = (m.cur + dir + len(m.defs)) % len(m.defs)
	m.top = 0
	m.selectCount()
	m.recalc()
}

// step moves the selected parameter one step in direction dir.
func (m *Model) step(dir int) {
	s := m.specs()[m.sel]
	from := m.get(s.Name)
	if n := len(m.steps); n > 0 {
		if last := m.steps[n-1]; last.strategy == m.def().Name && last.param == s.Name && last.dir == -dir && last.to == from {
			m.steps = m.steps[:n-1]
			m.set(s, last.from)
			return
		}
	}
	text, ok := stepText(s, from, dir)
	if !ok {
		m.status, m.isErr = "--"+s.Name+" has no steps: press Enter to type a value", true
		return
	}
	if m.setText(s, text) {
		if to := m.get(s.Name); to != from {
			if len(m.steps) == maxSteps {
				m.steps = append(m.steps[:0], m.steps[1:]...)
			}
			m.steps = append(m.steps, stepped{m.def().Name, s.Name, dir, from, to})
		}
	}
}

// setText parses text with the parameter's spec, as its flag does, and sets it.
func (m *Model) setText(s param.Spec, text string) bool {
	v, err := s.ParseText(text)
	if err != nil {
		m.status, m.isErr = "--"+s.Name+" "+err.Error(), true
		return false
	}
	m.set(s, v)
	return true
}

// set sets a parameter's value and recomputes the schedule.
func (m *Model) set(s param.Spec, v param.Value) {
	if s.Name == "rand" {
		m.values().rand = v
	} else {
		m.values().vals[s.Name] = v
	}
	m.recalc()
}

// typeKey edits the value being typed: characters, Backspace, Ctrl-U (clear), Enter, Esc.
func (m Model) typeKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEsc:
		m.typing, m.status, m.isErr = false, "", false
		return m, nil
	case tea.KeyEnter:
		if m.setText(m.specs()[m.sel], string(m.input)) {
			m.typing, m.status, m.isErr = false, "", false
		}
		return m, nil
	case tea.KeyBackspace:
		if len(m.input) > 0 {
			m.input = m.input[:len(m.input)-1]
		}
	case tea.KeyCtrlU:
		m.input = nil
	case tea.KeyRunes, tea.KeySpace:
		if m.fresh { // typing over the shown value replaces it; Backspace edits it instead
			m.input = nil
		}
		if len(m.input) < 64 {
			m.input = append(m.input, msg.Runes...)
		}
	default:
		return m, nil
	}
	m.fresh = false
	m.status, m.isErr = "", false
	return m, nil
}

// saveKey takes the key after x: m, c or j writes the file, any other key cancels.
func (m Model) saveKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	m.saving = false
	m.status, m.isErr = "", false
	switch {
	case key.Matches(msg, keys.markdown):
		m.export("markdown", ".md")
	case key.Matches(msg, keys.csv):
		m.export("csv", ".csv")
	case key.Matches(msg, keys.json):
		m.export("json", ".json")
	default:
		m.status = "nothing written"
	}
	return m, nil
}

// export writes what `table` prints for the current values in one format to STRATEGY.ext in the
// working directory, by running that command with --output. An existing file is never
// replaced: the next free name (STRATEGY-2.ext, ...) is taken instead, and the status says so.
func (m *Model) export(formatName, ext string) {
	if m.calc.err != nil {
		m.status, m.isErr = "nothing to export: "+m.calc.err.Error(), true
		return
	}
	want := m.def().Name + ext
	file, err := reserve(m.def().Name, ext)
	if err != nil {
		m.status, m.isErr = "cannot write "+want+": "+err.Error(), true
		return
	}
	args := append(m.Args(), "-o", formatName, "--output", file)
	if err := m.opts.Table(args); err != nil {
		os.Remove(file)
		m.status, m.isErr = err.Error(), true
		return
	}
	m.status = "wrote " + file + ": " + m.CommandLine() + " -o " + formatName
	if file != want {
		m.status = want + " exists, so wrote " + file + ": " + m.CommandLine() + " -o " + formatName
	}
}

// reserve creates the first of base+ext, base-2+ext, ... base-999+ext that does not exist, empty
// and only if it does not (O_EXCL: a file that appears meanwhile is not taken), and returns its
// name; the export then replaces that empty file.
func reserve(base, ext string) (string, error) {
	for i := 1; i < 1000; i++ {
		name := base + ext
		if i > 1 {
			name = base + "-" + strconv.Itoa(i) + ext
		}
		f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		return name, f.Close()
	}
	return "", errors.New(base + "-2" + ext + " to " + base + "-999" + ext + " exist too")
}

// last is the start of the last row, the schedule's window.
func (c calc) last() float64 {
	if len(c.rows) == 0 {
		return math.NaN()
	}
	return c.rows[len(c.rows)-1].Start
}

// Run shows the screen on the terminal in and out until q or Ctrl-C.
func Run(o Options, in, out *os.File) error {
	p := tea.NewProgram(New(o), tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithInput(in), tea.WithOutput(out))
	_, err := p.Run()
	return err
}
