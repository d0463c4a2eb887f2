// Package termquiet keeps the terminal from being queried at start-up.
//
// Bubble Tea v1's package init calls lipgloss.HasDarkBackground(), which on a terminal writes an
// OSC 11 background-colour query (and a DA1 request) to stdout and waits for the answer — in every
// command of a binary that links Bubble Tea, `table` included. This package's init settles the
// default renderer's background first, so that call returns without touching the terminal.
//
// It runs first because Go initializes, at each step, the first package in import-path order
// whose imports are initialized: this package needs only lipgloss, which Bubble Tea needs too, and
// "github.com/backoffctl/..." sorts before "github.com/charmbracelet/bubbletea". The tmux test
// (.ci/tui) checks that nothing is queried.
package termquiet

import "github.com/charmbracelet/lipgloss"

func init() {
	// The value is never used to pick a colour: backoffctl has no adaptive colours.
	lipgloss.SetHasDarkBackground(true)
}
