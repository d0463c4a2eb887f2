package cmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// emit renders t in the chosen format and writes it to stdout or, atomically, to --output.
func (g *globalOptions) emit(t *format.Table) error {
	terminal := g.output == "" && isTerminal(g.stdout)
	colour := useColor(g.getenv, g.color, terminal)
	name := g.format
	if name == "auto" && !g.formatGiven && g.output != "" {
		name = formatForFile(g.output)
	}
	if name == "auto" {
		name = "plain"
		if terminal || colour { // --color always and CLICOLOR_FORCE colour the default format too
			name = "color"
		}
	}
	units := g.units
	if units == "auto" {
		units = format.UnitsAuto
	}
	if t.Command == "" {
		t.Command = g.command
	}
	if r := g.fromRead; r != nil && name != "csv" {
		// What --from read, and which fields the library's defaults filled, stays with the output.
		for _, line := range r.lines {
			t.Notes = append(t.Notes, format.Message{Key: "note.from_read", Args: []any{line}})
		}
		r.shown = true
	}
	opts := format.Options{Lang: g.lang, Color: colour, Width: g.width(terminal), Units: units}
	var buf bytes.Buffer
	if err := format.Render(&buf, t, name, opts); err != nil {
		return err
	}
	if g.output != "" {
		return writeAtomic(g.process, g.output, buf.Bytes())
	}
	_, err := g.stdout.Write(buf.Bytes())
	return err
}

// resolvedFormat is -o with auto resolved as emit resolves it, for a command whose table's shape
// depends on the format.
func (g *globalOptions) resolvedFormat() string {
	if g.format != "auto" {
		return g.format
	}
	if g.output != "" && !g.formatGiven {
		if name := formatForFile(g.output); name != "auto" {
			return name
		}
	}
	if g.output == "" && isTerminal(g.stdout) {
		return "color"
	}
	return "plain"
}

// width is the width tables fit: COLUMNS when set (also when piped, so scripts can ask for a
// width), else the terminal's own size read from the file descriptor (an ioctl: nothing is sent
// to the terminal), else no limit (piped output keeps the full form).
func (g *globalOptions) width(terminal bool) int {
	if n, err := strconv.Atoi(strings.TrimSpace(g.getenv("COLUMNS"))); err == nil && n > 0 {
		return n
	}
	if f, ok := g.stdout.(*os.File); ok && terminal {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 0
}

// isTerminal reports whether w is a terminal, from the file descriptor alone: it never writes to
// or reads from the terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// useColor applies --color and the colour conventions: always and never win; under auto,
// NO_COLOR (any non-empty value) turns colour off and wins over the rest, CLICOLOR=0 and
// TERM=dumb turn it off, CLICOLOR_FORCE (non-empty, not 0) turns it on even when piped, and
// otherwise colour follows the terminal.
func useColor(getenv func(string) string, mode string, terminal bool) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if getenv("NO_COLOR") != "" || getenv("CLICOLOR") == "0" || getenv("TERM") == "dumb" {
		return false
	}
	if f := getenv("CLICOLOR_FORCE"); f != "" && f != "0" {
		return true
	}
	return terminal
}

// formatForFile is the format a --output name's extension asks for when -o is not given: .md and
// .markdown are markdown, .csv csv, .json json, .txt and .log plain; a name without an extension
// is auto (plain, as the file is not a terminal). checkOutputName refuses every other extension.
func formatForFile(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown":
		return "markdown"
	case ".csv":
		return "csv"
	case ".json":
		return "json"
	case ".txt", ".log":
		return "plain"
	}
	return "auto"
}

// checkOutputName refuses, before any work, a --output name whose extension asks for a format the
// command cannot write (x.yaml, x.html, x.png for a table): without -o the extension picks the
// format, so such a file would hold plain text under a name that says otherwise. With -o the
// user chose the format and any name goes. plot, whose files are images, checks its own.
func (g *globalOptions) checkOutputName(c *cobra.Command) error {
	if g.output == "" || g.formatGiven {
		return nil
	}
	for p := c; p.HasParent(); p = p.Parent() {
		if !p.Parent().HasParent() && p.Name() == "plot" {
			return nil
		}
	}
	ext := filepath.Ext(g.output)
	if ext == "" || formatForFile(g.output) != "auto" {
		return nil
	}
	return badInput("--output %s: backoffctl writes no %s file; name it .md, .markdown, .csv, .json, .txt or .log, or choose the format with -o", g.output, ext)
}

// outputValue is --output: a file name, never empty and never a bare format name (that is -o).
type outputValue struct {
	p *string
}

func (v *outputValue) Set(s string) error {
	if s == "" {
		return fmt.Errorf("must be a file name, got %q", s)
	}
	for _, f := range append([]string{"auto", "md"}, format.Formats...) {
		if strings.EqualFold(s, f) {
			name := strings.ToLower(s)
			if name == "md" {
				name = "markdown"
			}
			return fmt.Errorf("%s writes a file named %q: for the format use -o %s (or --format %s); for a file use ./%s", s, s, name, name, s)
		}
	}
	*v.p = s
	return nil
}
func (v *outputValue) String() string { return *v.p }
func (v *outputValue) Type() string   { return "file" }

// escapedStderr returns a copy of g whose stderr shows control characters escaped: each Write is
// one line (its final newline kept), as check's failure lines are, and those quote policy names.
func (g *globalOptions) escapedStderr() *globalOptions {
	c := *g
	c.stderr = escapingWriter{g.stderr}
	return &c
}

type escapingWriter struct{ w io.Writer }

func (e escapingWriter) Write(p []byte) (int, error) {
	body, nl := bytes.CutSuffix(p, []byte("\n"))
	out := format.EscapeControl(string(body))
	if nl {
		out += "\n"
	}
	if _, err := io.WriteString(e.w, out); err != nil {
		return 0, err
	}
	return len(p), nil
}
