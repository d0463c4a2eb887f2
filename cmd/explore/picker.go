package explore

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// The strategy picker, opened by /: typing filters the strategies (by name, alias or summary,
// names that start with the text first), ↑ ↓ choose, Enter picks, Esc cancels, as in gum filter.

// openPicker shows every strategy with the current one chosen.
func (m *Model) openPicker() {
	m.picking, m.filter, m.pick = true, nil, m.cur
}

// matches are the indexes in m.defs of the strategies the filter matches, best first: a name
// starting with it, an alias starting with it, a name or alias containing it, then a summary
// containing it; each group in m.defs order. Case is ignored.
func (m Model) matches() []int {
	f := strings.ToLower(strings.TrimSpace(string(m.filter)))
	groups := make([][]int, 4)
	for i, d := range m.defs {
		names := append([]string{d.Name}, d.Aliases...)
		g := -1
		switch {
		case strings.HasPrefix(strings.ToLower(d.Name), f):
			g = 0
		case anyName(d.Aliases, func(n string) bool { return strings.HasPrefix(n, f) }):
			g = 1
		case anyName(names, func(n string) bool { return strings.Contains(n, f) }):
			g = 2
		case strings.Contains(strings.ToLower(d.Summary), f):
			g = 3
		}
		if g >= 0 {
			groups[g] = append(groups[g], i)
		}
	}
	var out []int
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

func anyName(names []string, ok func(string) bool) bool {
	for _, n := range names {
		if ok(strings.ToLower(n)) {
			return true
		}
	}
	return false
}

// pickKey handles a key while the picker is open.
func (m Model) pickKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	ms := m.matches()
	m.status, m.isErr = "", false
	switch msg.String() {
	case "esc":
		m.picking = false
		return m, nil
	case "enter":
		if len(ms) == 0 {
			m.status, m.isErr = "no strategy matches "+fmt.Sprintf("%q", string(m.filter))+": Backspace edits, Esc cancels", true
			return m, nil
		}
		m.picking = false
		if i := ms[min(m.pick, len(ms)-1)]; i != m.cur {
			m.cur = i
			m.top = 0
			m.selectCount()
			m.recalc()
		}
		return m, nil
	case "up", "ctrl+p", "ctrl+k", "shift+tab":
		m.pick--
	case "down", "ctrl+n", "ctrl+j", "tab":
		m.pick++
	case "pgup":
		m.pick -= max(1, m.mid()-2)
	case "pgdown":
		m.pick += max(1, m.mid()-2)
	case "home":
		m.pick = 0
	case "end":
		m.pick = len(ms) - 1
	case "backspace":
		if len(m.filter) > 0 {
			m.filter = m.filter[:len(m.filter)-1]
		}
		m.pick = 0
	case "ctrl+u":
		m.filter, m.pick = nil, 0
	default:
		if msg.Type != tea.KeyRunes && msg.Type != tea.KeySpace {
			return m, nil
		}
		if len(m.filter) < 64 {
			m.filter = append(m.filter, msg.Runes...)
		}
		m.pick = 0
	}
	m.pick = max(0, min(m.pick, len(m.matches())-1))
	return m, nil
}

// pickLines draws the picker in mid lines of w cells: the filter, then the matching strategies
// around the chosen one.
func (m Model) pickLines(w, mid int) []string {
	ms := m.matches()
	head := fmt.Sprintf("Strategy /%s▏", string(m.filter))
	count := fmt.Sprintf("%d of %d", len(ms), len(m.defs))
	out := []string{m.st.head.Render(fit(head, max(0, w-len(count)-1)) + " " + count)}
	nameW := 0
	for _, d := range m.defs {
		nameW = max(nameW, len(d.Name))
	}
	rows := mid - 1
	top := 0
	if m.pick >= rows {
		top = m.pick - rows + 1
	}
	for k := top; k < len(ms) && k < top+rows; k++ {
		d := m.defs[ms[k]]
		summary := d.Summary
		if f := strings.ToLower(string(m.filter)); f != "" && !strings.Contains(d.Name, f) {
			for _, a := range d.Aliases {
				if strings.Contains(strings.ToLower(a), f) { // say why it is listed
					summary = "(" + a + ") " + summary
					break
				}
			}
		}
		line := fit(fmt.Sprintf("  %-*s  %s", nameW, d.Name, summary), w)
		if k == m.pick {
			line = m.st.sel.Render(fit("▸ "+strings.TrimPrefix(line, "  "), w))
		}
		out = append(out, line)
	}
	if len(ms) == 0 {
		out = append(out, m.st.faint.Render(fit("  no strategy matches", w)))
	}
	return pad(out, mid, w)
}
