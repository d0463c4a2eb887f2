package format

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/lipgloss/table"
	"github.com/muesli/termenv"
)

// Fixed ANSI colours read well on dark and light backgrounds alike, so the renderer never has to
// ask the terminal for its background (lipgloss.AdaptiveColor would, and can stall a CLI).
const (
	headerColor = lipgloss.Color("6") // cyan
	borderColor = lipgloss.Color("8") // grey
	noteColor   = lipgloss.Color("3") // yellow
	alertColor  = lipgloss.Color("1") // red
)

// renderColor writes a bordered lipgloss table. Colour escape codes appear only when o.Color is
// set; otherwise the same table is drawn without them.
func renderColor(w io.Writer, t *Table, o Options) error {
	r := lipgloss.NewRenderer(w)
	if o.Color {
		r.SetColorProfile(termenv.ANSI)
	} else {
		r.SetColorProfile(termenv.Ascii)
	}
	r.SetHasDarkBackground(true) // set, never detected: detection queries the terminal
	base := r.NewStyle().Padding(0, 1)
	head := base.Foreground(headerColor).Bold(true)
	right := base.Align(lipgloss.Right)
	alert := base.Foreground(alertColor).Bold(true)
	bullet := "• "
	if o.Color {
		bullet = r.NewStyle().Foreground(noteColor).Render("•") + " "
	}
	label := r.NewStyle().Foreground(headerColor).Bold(true)
	if err := writeHead(w, t, o, EscapeControl, func(s string) string { return label.Render(s) }, ""); err != nil {
		return err
	}
	if hasSection(t) {
		title := r.NewStyle().Bold(true)
		return renderSections(w, t, o, listStyle{
			head:   func(s string) string { return label.Render(s) },
			title:  func(s string) string { return title.Render(s) },
			bullet: bullet,
		})
	}

	parts := layout(t, o, func(cols int) int { return 3*cols + 1 })
	for i, g := range parts {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		tbl := table.New().
			Border(lipgloss.RoundedBorder()).
			BorderStyle(r.NewStyle().Foreground(borderColor)).
			Headers(g.heads...).
			Rows(wrapCells(g.rows, g.wrap, g.right)...).
			StyleFunc(func(row, col int) lipgloss.Style {
				numeric := col < len(g.right) && g.right[col]
				switch {
				case row == table.HeaderRow && numeric:
					return head.Align(lipgloss.Right)
				case row == table.HeaderRow:
					return head
				case numeric:
					return right
				case row >= 0 && row < len(g.alert) && col < len(g.alert[row]) && g.alert[row][col]:
					return alert
				}
				return base
			})
		if _, err := io.WriteString(w, tbl.Render()+"\n"); err != nil {
			return err
		}
	}
	return writeTrailer(w, withNotes(t, parts[0].notes), o, bullet)
}
