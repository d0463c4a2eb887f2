// Package cmd is backoffctl's command line: flags bind into options, RunE validates them, builds
// a model with package schedule and hands it to package format.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit codes of the command-line contract.
const (
	exitOK       = 0
	exitFailed   = 1 // check: an assertion failed
	exitBadInput = 2 // anything the user can fix in the command line or its files
)

// exitError carries an exit code with its message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// badInput reports input the user must fix (exit 2).
func badInput(format string, args ...any) error {
	return &exitError{code: exitBadInput, msg: fmt.Sprintf(format, args...)}
}

// Version is set at build time with -ldflags "-X github.com/backoffctl/backoffctl/cmd.Version=...".
var Version = defaultVersion

const defaultVersion = "0.1.0-dev"

// Main runs backoffctl with os.Args and returns the process exit code.
func Main() int {
	return runIn(os.Args[1:], osProcess())
}

// process is what a command line sees of the process it runs in: the standard streams, the
// environment and the working directory. Main takes them from package os; tests run command
// lines in process with their own.
type process struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// dir is where relative file names are found; "" is the working directory.
	dir string
	// fromRead says what --from read (file:line, the flags, the library defaults that filled
	// missing fields); emit adds it to the table's notes, or runIn to stderr when no note did.
	fromRead *readNotes
}

// readNotes are --from's lines and whether a table's notes carried them.
type readNotes struct {
	lines []string
	shown bool
}

func osProcess() process {
	return process{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
}

// path is name as the process opens it: relative to p.dir when that is set.
func (p process) path(name string) string {
	if p.dir == "" || filepath.IsAbs(name) {
		return name
	}
	return p.dir + string(filepath.Separator) + name
}

// run executes one command line with the process's own stdin and environment.
func run(args []string, stdout, stderr io.Writer) int {
	p := osProcess()
	p.stdout, p.stderr = stdout, stderr
	return runIn(args, p)
}

// runIn executes one command line. Everything is written to stdout only after it has been fully
// computed and rendered, so a failure leaves stdout empty.
func runIn(args []string, p process) int {
	stderr := p.stderr
	args, read, err := expandFrom(args, p)
	if err != nil {
		code, msg := describe(err)
		fmt.Fprintf(stderr, "backoffctl: %s\n", shortenWords(format.EscapeControl(msg)))
		return code
	}
	if len(read) > 0 {
		p.fromRead = &readNotes{lines: read}
	}
	root := newRoot(p, args...)
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		// Only a shell asking for completions needs every flag's words: registering them
		// walks every command's flags and took most of a table's start-up.
		completeFlagValues(root)
	}
	root.SetArgs(args)
	err = repeatedFlag(root, args)
	var ran *cobra.Command
	if err == nil {
		ran, err = root.ExecuteC()
	}
	if err == nil {
		warnRenamed(ran, stderr)
		if p.fromRead != nil && !p.fromRead.shown {
			for _, msg := range read {
				fmt.Fprintf(stderr, "backoffctl: %s\n", format.EscapeControl(msg))
			}
		}
		return exitOK
	}
	code, msg := describe(err)
	if code == exitFailed && ran != nil {
		// A refusal is one line; a command that ran still says which old spellings it read.
		warnRenamed(ran, stderr)
	}
	msg += suggestFor(root, args, msg)
	// The line can quote anything the user typed or put in a file: control characters are shown
	// escaped, so nothing reaches the terminal or a CI log as a command.
	fmt.Fprintf(stderr, "backoffctl: %s\n", shortenWords(format.EscapeControl(msg)))
	return code
}

// shortenWords cuts every run of more than 200 non-blank characters in a refusal to its first 40
// and "…": a refusal echoes what the user gave, and a 100,000-character value must not become a
// 100 KB line.
func shortenWords(msg string) string {
	const longest, keep = 200, 40 // long paths stay whole
	if len(msg) <= longest {
		return msg
	}
	var b strings.Builder
	for len(msg) > 0 {
		i := strings.IndexAny(msg, " \t")
		if i < 0 {
			i = len(msg)
		}
		word := msg[:i]
		if r := []rune(word); len(r) > longest {
			word = string(r[:keep]) + "…"
		}
		b.WriteString(word)
		if i < len(msg) {
			b.WriteByte(msg[i])
			i++
		}
		msg = msg[i:]
	}
	return b.String()
}

// suggestFor adds "did you mean" to cobra's unknown-command and pflag's unknown-flag errors (their
// one line drops cobra's own suggestions).
func suggestFor(root *cobra.Command, args []string, msg string) string {
	if rest, ok := strings.CutPrefix(msg, "unknown command "); ok {
		word, parent, found := strings.Cut(rest, " for ")
		if !found {
			return ""
		}
		word, _ = strconv.Unquote(word)
		parentPath, _ := strconv.Unquote(parent)
		p, _, err := root.Find(strings.Fields(parentPath)[1:])
		if err != nil || p == nil {
			return ""
		}
		var names []string
		for _, c := range p.Commands() {
			if c.IsAvailableCommand() {
				names = append(names, c.Name())
				names = append(names, c.Aliases...)
			}
		}
		return param.DidYouMean(word, names)
	}
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		c, _, err := root.Find(args)
		if err != nil || c == nil {
			return ""
		}
		var names []string
		visit := func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		}
		c.Flags().VisitAll(visit)
		c.InheritedFlags().VisitAll(visit)
		if s := param.Suggest(name, names); s != "" {
			return ": did you mean --" + s + "?"
		}
	}
	return ""
}

// describe turns any error into an exit code and one line of text, control characters escaped.
func describe(err error) (int, string) {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code, format.EscapeControl(strings.TrimSpace(ee.msg))
	}
	var invalid *pflag.InvalidValueError
	if errors.As(err, &invalid) {
		name := "--" + invalid.GetFlag().Name
		if sh := invalid.GetFlag().Shorthand; sh != "" {
			name = "-" + sh + "/" + name
		}
		return exitBadInput, name + " " + firstLine(errors.Unwrap(invalid).Error())
	}
	// cobra appends its suggestions after a blank line; run adds its own on the same line.
	msg, _, _ := strings.Cut(strings.TrimSpace(err.Error()), "\n\nDid you mean this?")
	return exitBadInput, format.EscapeControl(msg)
}

// describeError is the one-line text of an error as Main would print it.
func describeError(err error) string {
	_, msg := describe(err)
	return msg
}

// firstLine is s trimmed, up to its first newline.
func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
