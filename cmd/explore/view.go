package explore

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// styles are the screen's few styles: fixed ANSI colours, never adaptive ones (those would query
// the terminal's background).
type styles struct {
	title, head, sel, faint, err, bar, band lipgloss.Style
}

func newStyles(r *lipgloss.Renderer) styles {
	if r == nil {
		r = lipgloss.NewRenderer(nil)
		r.SetColorProfile(termenv.Ascii)
	}
	r.SetHasDarkBackground(true) // set, never detected
	return styles{
		title: r.NewStyle().Bold(true).Reverse(true),
		head:  r.NewStyle().Bold(true).Foreground(lipgloss.Color("6")),
		sel:   r.NewStyle().Bold(true).Reverse(true),
		faint: r.NewStyle().Faint(true),
		err:   r.NewStyle().Foreground(lipgloss.Color("1")),
		bar:   r.NewStyle().Foreground(lipgloss.Color("6")),
		band:  r.NewStyle().Foreground(lipgloss.Color("8")),
	}
}

// minLeft is the parameter column's least width; it grows to fit its lines, up to leaving
// minRight cells for the schedule, and never past half the screen.
const (
	minLeft  = 32
	minRight = 42
)

// fit pads or truncates s (plain text) to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if lipgloss.Width(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-lipgloss.Width(s))
}

// View draws the screen at the last reported size.
func (m Model) View() string {
	w, h := m.width, m.height
	if w < 60 || h < 16 {
		return fit(fmt.Sprintf("backoffctl explore needs at least 60x16 (this is %dx%d); q quits", w, h), w)
	}
	d := m.def()
	title := fmt.Sprintf(" backoffctl explore · %s (%d/%d) · %s", d.Name, m.cur+1, len(m.defs), d.Summary)
	lines := []string{m.st.title.Render(fit(title, w)), ""}

	bottom := m.bottom(w)
	mid := h - len(lines) - len(bottom) - 1 // as m.mid()
	switch {
	case m.help:
		lines = append(lines, m.helpLines(w, mid)...)
	case m.picking:
		lines = append(lines, m.pickLines(w, mid)...)
	default:
		lw := m.leftWidth(w)
		left := m.left(lw, mid)
		right := m.right(w-lw-2, mid)
		for i := 0; i < mid; i++ {
			lines = append(lines, left[i]+"  "+right[i])
		}
	}
	lines = append(lines, "")
	lines = append(lines, bottom...)
	return strings.Join(lines, "\n")
}

// mid is how many lines the screen has between the title and the bottom lines.
func (m Model) mid() int { return m.height - 2 - len(m.bottom(m.width)) - 1 }

// leftWidth is the parameter column's width on a screen w cells wide: as wide as its lines (the
// names and values, the window, the envelope on one line), within minLeft and the room the
// schedule leaves; a window line that cannot fit on one line wraps, and then the column is only
// as wide as the wrapped lines.
func (m Model) leftWidth(w int) int {
	nameW, valW := 0, 0
	for _, s := range m.specs() {
		nameW = max(nameW, lipgloss.Width(s.Name))
		valW = max(valW, lipgloss.Width(formatValue(s, m.get(s.Name))))
	}
	need := 2 + nameW + 1 + valW
	most := max(minLeft, min(w-minRight-2, w/2))
	for _, segs := range m.window() {
		if one := 2 + lipgloss.Width(strings.Join(segs, " ")); one <= most {
			need = max(need, one)
			continue
		}
		for _, l := range wrapPieces(segs, most) { // wrapped: no wider than its lines
			need = max(need, lipgloss.Width(l))
		}
	}
	return max(minLeft, min(need, most))
}

// window is the window's lines under "Window", each as pieces that stay whole when a line wraps.
func (m Model) window() [][]string {
	if m.calc.err != nil || len(m.calc.rows) == 0 {
		return nil
	}
	last := m.calc.last()
	out := [][]string{{param.HumanDuration(last), "(" + raw(last) + "s)"}}
	if n := len(m.calc.bounds); n > 0 {
		b := m.calc.bounds[n-1]
		out = append(out, []string{"envelope", param.HumanDuration(b.StartMin) + " –", param.HumanDuration(b.StartMax)})
	}
	if q := m.calc.q; q != nil && len(q.Start) > 0 {
		lastQ := q.Start[len(q.Start)-1]
		for j, p := range q.Percents {
			out = append(out, []string{"p" + analyze.PercentileName(p), param.HumanDuration(lastQ[j])})
		}
	}
	return out
}

// wrapPieces joins pieces with spaces into lines of at most w cells after a two-cell indent;
// a line that wraps goes on under its second piece (under the value after "envelope").
func wrapPieces(segs []string, w int) []string {
	indent := 2
	if len(segs) > 2 {
		indent = 2 + lipgloss.Width(segs[0]) + 1
	}
	var lines []string
	line := "  " + segs[0]
	for _, seg := range segs[1:] {
		if lipgloss.Width(line)+1+lipgloss.Width(seg) > w {
			lines = append(lines, line)
			line = strings.Repeat(" ", indent) + seg
			continue
		}
		line += " " + seg
	}
	return append(lines, line)
}

// left is the parameter list and the window, mid lines of lw cells.
func (m Model) left(lw, mid int) []string {
	specs := m.specs()
	// Names and values in two columns: the names as long as the longest, unless the values would
	// not fit, then names cut with "…".
	nameW, valW := 0, 0
	for _, s := range specs {
		nameW = max(nameW, lipgloss.Width(s.Name))
		valW = max(valW, lipgloss.Width(formatValue(s, m.get(s.Name))))
	}
	nameW = max(4, min(nameW, lw-3-valW))
	var win []string
	if w := m.window(); len(w) > 0 {
		win = append(win, m.st.head.Render(fit("Window", lw)))
		for _, segs := range w {
			for _, l := range wrapPieces(segs, lw) {
				win = append(win, fit(l, lw))
			}
		}
	}
	// The window stays in sight: when the parameters and it do not fit, the blank line between
	// them goes, then the parameters shown are those around the selected one.
	first, n := 0, len(specs)
	room := mid - 1 - len(win)
	blank := len(win) == 0 || n < room
	if n > room && room > 0 {
		n = room
		first = max(0, min(m.sel-n/2, len(specs)-n))
	}
	head := "Parameters"
	if n < len(specs) {
		head = fmt.Sprintf("Parameters %d–%d of %d", first+1, first+n, len(specs))
	}
	out := []string{m.st.head.Render(fit(head, lw))}
	for i := first; i < first+n; i++ {
		s := specs[i]
		line := fit("  "+fit(s.Name, nameW)+" "+formatValue(s, m.get(s.Name)), lw)
		if i == m.sel {
			line = m.st.sel.Render(fit("▸ "+strings.TrimPrefix(line, "  "), lw))
		}
		out = append(out, line)
	}
	if blank {
		out = append(out, fit("", lw))
	}
	out = append(out, win...)
	return pad(out, mid, lw)
}

// pad cuts or extends lines to n lines of w cells.
func pad(lines []string, n, w int) []string {
	if len(lines) > n {
		return lines[:n]
	}
	for len(lines) < n {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return lines
}

// raw prints seconds as table's human formats do in brackets: rounded to the millisecond.
func raw(v float64) string {
	r := math.Round(v*1000) / 1000
	if r == 0 {
		r = 0
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// right is the schedule with its chart, mid lines of w cells.
func (m Model) right(w, mid int) []string {
	if m.calc.err != nil {
		var out []string
		for _, l := range wrap(m.calc.err.Error(), w) {
			out = append(out, m.st.err.Render(fit(l, w)))
		}
		return pad(out, mid, w)
	}
	rows := m.calc.rows
	idx, above, gap := m.shown(mid)
	// The columns fit the rows shown: fitting every row would leave no room for the chart at 80
	// columns.
	numW, startW, waitW := len("#"), len("start"), len("wait")
	for _, i := range idx {
		r := rows[i]
		numW = max(numW, len(strconv.Itoa(r.Attempt)))
		startW = max(startW, lipgloss.Width(param.HumanDuration(r.Start)))
		if r.HasWait {
			waitW = max(waitW, lipgloss.Width(param.HumanDuration(r.Wait)))
		}
	}
	barW := w - numW - startW - waitW - 6
	what := "waits"
	if m.starts {
		what = "starts"
	}
	head := fmt.Sprintf("%*s  %*s  %*s  %s", numW, "#", startW, "start", waitW, "wait", what)
	out := []string{m.st.head.Render(fit(head, w))}
	if above > 0 {
		out = append(out, m.st.faint.Render(fit(fmt.Sprintf("%*s  %d above · PgUp", numW, "⋮", above), w)))
	}
	scale := m.scale(idx)
	for k, i := range idx {
		if k == gap {
			out = append(out, m.st.faint.Render(fit(fmt.Sprintf("%*s  %d more · PgDn", numW, "⋮", len(rows)-len(idx)-above), w)))
		}
		r := rows[i]
		wait := "-"
		if r.HasWait {
			wait = param.HumanDuration(r.Wait)
		}
		text := fmt.Sprintf("%*d  %*s  %*s  ", numW, r.Attempt, startW, param.HumanDuration(r.Start), waitW, wait)
		out = append(out, text+m.bar(i, barW, scale)+strings.Repeat(" ", max(0, w-lipgloss.Width(text)-max(barW, 0))))
	}
	if len(out) < mid && (m.envelope || m.calc.q != nil) {
		legend := "█ least  ░ envelope  │ rand"
		if m.calc.q != nil {
			legend = "█ " + what + "  • percentiles"
			if m.envelope {
				legend = "█ least  ░ envelope  │ rand  • percentiles"
			}
		}
		out = append(out, m.st.faint.Render(fit(legend, w)))
	}
	return pad(out, mid, w)
}

// rowLines is how many lines the schedule's rows have on a screen of mid lines: all but its head.
func rowLines(mid int) int { return mid - 1 }

// maxTop is the greatest first row: the end of the schedule, under a "⋮ N above" line.
func (m Model) maxTop() int {
	n, avail := len(m.calc.rows), rowLines(m.mid())
	if n <= avail {
		return 0
	}
	return n - (avail - 1)
}

// page is how many rows PgUp and PgDn scroll: the rows shown between the two "⋮" lines.
func (m Model) page() int { return rowLines(m.mid()) - 3 }

// shown returns the rows shown on a screen of mid lines, from the first shown row m.top: all
// of them when they fit; otherwise a "⋮ N above" line when rows are scrolled off the top (above
// is N), the rows from m.top, and, unless the end is shown, a "⋮ N more" line before idx[gap]
// and the last row, whose start is the schedule's window. gap is -1 without that line.
func (m Model) shown(mid int) (idx []int, above, gap int) {
	n, avail := len(m.calc.rows), rowLines(mid)
	gap = -1
	if n <= avail {
		for i := 0; i < n; i++ {
			idx = append(idx, i)
		}
		return idx, 0, gap
	}
	top := max(0, min(m.top, n-(avail-1)))
	room := avail
	if top > 0 {
		above = top
		room--
	}
	if top+room >= n { // the end: no gap
		for i := top; i < n; i++ {
			idx = append(idx, i)
		}
		return idx, above, gap
	}
	for i := top; i < top+max(1, room-2); i++ {
		idx = append(idx, i)
	}
	gap = len(idx)
	return append(idx, n-1), above, gap
}

// value is row i's charted value, its envelope and percentiles (NaN where there are none).
func (m Model) value(i int) (v, lo, hi float64, ps []float64) {
	lo, hi = math.NaN(), math.NaN()
	r := m.calc.rows[i]
	v = math.NaN()
	if m.starts {
		v = r.Start
	} else if r.HasWait {
		v = r.Wait
	}
	if i < len(m.calc.bounds) {
		b := m.calc.bounds[i]
		if m.starts {
			lo, hi = b.StartMin, b.StartMax
		} else if !b.NoWait {
			lo, hi = b.WaitMin, b.WaitMax
		}
	}
	if q := m.calc.q; q != nil && i < len(q.Start) {
		if m.starts {
			ps = q.Start[i]
		} else {
			ps = q.Wait[i]
		}
	}
	return v, lo, hi, ps
}

// scale is the largest charted value of rows idx.
func (m Model) scale(idx []int) float64 {
	s := 0.0
	for _, i := range idx {
		v, _, hi, ps := m.value(i)
		for _, x := range append([]float64{v, hi}, ps...) {
			if !math.IsNaN(x) {
				s = max(s, x)
			}
		}
	}
	return s
}

var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// bar draws row i in w cells: a bar up to the value; with the envelope, the bar up to the least
// value, a band to the greatest and a mark at the value; a dot at each percentile.
func (m Model) bar(i, w int, scale float64) string {
	if w <= 0 {
		return ""
	}
	v, lo, hi, ps := m.value(i)
	if math.IsNaN(v) || scale <= 0 {
		return strings.Repeat(" ", w)
	}
	cell := func(x float64) int { return min(w-1, int(x/scale*float64(w))) }
	if math.IsNaN(lo) {
		// A plain bar, in eighths of a cell.
		n := float64(v / scale * float64(w))
		full := int(n)
		s := strings.Repeat("█", full) + eighths[int(float64((n-float64(full))*8))]
		if v > 0 && s == "" {
			s = "▏"
		}
		s = fit(s, w)
		return m.dots(m.st.bar.Render(s), ps, w, scale)
	}
	cells := []rune(strings.Repeat(" ", w))
	for c := 0; c < w; c++ {
		switch x := (float64(c) + 0.5) / float64(w) * scale; {
		case x < lo:
			cells[c] = '█'
		case x <= hi:
			cells[c] = '░'
		}
	}
	if hi > 0 {
		cells[cell(hi)] = '░'
	}
	if v > 0 {
		cells[cell(v)] = '│'
	}
	return m.dots(m.st.band.Render(string(cells)), ps, w, scale)
}

// dots overlays a • at each percentile, on the plain text of a bar.
func (m Model) dots(bar string, ps []float64, w int, scale float64) string {
	if len(ps) == 0 {
		return bar
	}
	cells := []rune(ansi.Strip(bar))
	for _, p := range ps {
		if !math.IsNaN(p) {
			cells[min(w-1, int(p/scale*float64(w)))] = '•'
		}
	}
	return m.st.bar.Render(string(cells))
}

// bottom is the library configuration, the command line, the status and the keys.
func (m Model) bottom(w int) []string {
	var out []string
	d := m.def()
	cfg := []string{"—"}
	if pv, err := m.paramValues(); err == nil && m.calc.err == nil {
		cfg = Config(d, pv)
	}
	if line, ok := m.budgetLine(); ok {
		out = append(out, fit(line, w))
	}
	for i, l := range compactConfig(cfg, d.Name, w-8) {
		label := "config  "
		if i > 0 {
			label = "        "
		}
		out = append(out, fit(label+l, w))
	}
	for i, l := range wrap(m.CommandLine(), w-2) {
		prefix := "$ "
		if i > 0 {
			prefix = "  "
		}
		out = append(out, m.st.head.Render(fit(prefix+l, w)))
	}
	keyLine := m.st.faint.Render(fit(keyLine(w), w))
	if m.picking {
		keyLine = fit("type to filter  ↑↓ choose  ⏎ pick  Esc cancel", w)
	}
	if m.saving {
		name := m.def().Name
		keyLine = fit("save: m "+name+".md  c .csv  j .json  · an existing file is kept · Esc cancels", w)
	}
	if m.typing {
		s := m.specs()[m.sel]
		keyLine = fit("--"+s.Name+" "+string(m.input)+"▏  in "+s.RangeText()+"; Enter sets, Esc cancels", w)
	}
	status := fit(m.status, w)
	if m.isErr {
		status = m.st.err.Render(status)
	}
	out = append(out, status, keyLine)
	return out
}

// wrap breaks s at spaces into lines of at most w cells (a longer word is cut by fit).
func wrap(s string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && lipgloss.Width(line)+1+lipgloss.Width(word) > w {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}

// keyLine lists the main keys, as many as fit in w cells, always ending with help and quit.
func keyLine(w int) string {
	const tail = "? keys  q quit"
	line := ""
	for _, k := range keyShort {
		if lipgloss.Width(line+k+"  "+tail) > w {
			break
		}
		line += k + "  "
	}
	return line + tail
}

// keyShort are the key line's entries, the most needed first.
var keyShort = []string{"↑↓ select", "←→ change", "⏎ type", "/ ⇥ strategy", "e envelope", "x save", "PgUp PgDn Home End rows"}

var keyHelp = [][2]string{
	{"↑ ↓  k j", "select a parameter (the row count comes first)"},
	{"+ -  → ←", "change it: ints by 1, times and numbers by ~1/10, words cycle;"},
	{"", "the opposite key steps back to the value before"},
	{"Enter", "type a new value (Backspace edits the shown one); Esc cancels"},
	{"/", "pick a strategy: type to filter, ↑ ↓, Enter picks, Esc cancels"},
	{"Tab s, S-Tab S", "next, previous strategy (each keeps its values)"},
	{"PgUp PgDn", "scroll the schedule's rows a page (or the mouse wheel)"},
	{"Home End  g G", "the first rows, the last rows"},
	{"e", "envelope: least and greatest over all draws"},
	{"w", "chart the starts instead of the waits, and back"},
	{"b", "budget: show one's threshold x* and burst; again for the next"},
	{"x then m c j", "write STRATEGY.md .csv .json: what the $ line prints; an"},
	{"", "existing file is kept and STRATEGY-2.md ... written instead"},
	{"?", "this help (any key closes it)"},
	{"q  Ctrl-C", "quit"},
}

func (m Model) helpLines(w, mid int) []string {
	out := []string{m.st.head.Render(fit("Keys", w))}
	for _, k := range keyHelp {
		out = append(out, fit(fmt.Sprintf("  %-15s %s", k[0], k[1]), w))
	}
	return pad(out, mid, w)
}
