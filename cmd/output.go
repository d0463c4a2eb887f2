package cmd

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/backoffctl/backoffctl/format"
	"github.com/mattn/go-isatty"
)

// emit renders t in the chosen format and writes it to stdout or, atomically, to --output.
func (g *globalOptions) emit(t *format.Table) error {
	terminal := g.output == "" && isTerminal(g.stdout)
	name := g.format
	if name == "auto" {
		name = "plain"
		if terminal {
			name = "color"
		}
	}
	opts := format.Options{Lang: g.lang, Color: useColor(g.color, terminal)}
	var buf bytes.Buffer
	if err := format.Render(&buf, t, name, opts); err != nil {
		return err
	}
	if g.output != "" {
		return writeAtomic(g.output, buf.Bytes())
	}
	_, err := g.stdout.Write(buf.Bytes())
	return err
}

// isTerminal reports whether w is a terminal, from the file descriptor alone: it never writes to
// or reads from the terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// useColor applies --color and the NO_COLOR / CLICOLOR_FORCE conventions: always and never win;
// under auto, NO_COLOR (any non-empty value) turns colour off, CLICOLOR_FORCE (non-empty, not 0)
// turns it on even when piped, and otherwise colour follows the terminal.
func useColor(mode string, terminal bool) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	if f := os.Getenv("CLICOLOR_FORCE"); f != "" && f != "0" {
		return true
	}
	return terminal
}

// writeAtomic replaces path with data: it writes a temporary file in the same directory, syncs it
// and renames it over path, so readers see the old file or the new one, never a part. On any
// error the old file is untouched and the temporary file removed.
func writeAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	mode := os.FileMode(0o644)
	if info, statErr := os.Stat(path); statErr == nil {
		if !info.Mode().IsRegular() {
			return badInput("--output %s is not a regular file", path)
		}
		mode = info.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	if err = tmp.Chmod(mode); err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	if err = tmp.Sync(); err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	if err = tmp.Close(); err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the temporary file's name from an error, keeping the cause.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
