// Package cmd is backoffctl's command line: flags bind into options, RunE validates them, builds
// a model with package schedule and hands it to package format.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

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
	return run(os.Args[1:], os.Stdout, os.Stderr)
}

// run executes one command line. Everything is written to stdout only after it has been fully
// computed and rendered, so a failure leaves stdout empty.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	code, msg := describe(err)
	fmt.Fprintf(stderr, "backoffctl: %s\n", msg)
	return code
}

// describe turns any error into an exit code and one line of text.
func describe(err error) (int, string) {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code, firstLine(ee.msg)
	}
	var invalid *pflag.InvalidValueError
	if errors.As(err, &invalid) {
		name := "--" + invalid.GetFlag().Name
		if sh := invalid.GetFlag().Shorthand; sh != "" {
			name = "-" + sh + "/" + name
		}
		return exitBadInput, name + " " + firstLine(errors.Unwrap(invalid).Error())
	}
	return exitBadInput, firstLine(err.Error())
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
