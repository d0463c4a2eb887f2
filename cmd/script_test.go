package cmd

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary stand in for the backoffctl binary inside scripts.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"backoffctl": func() { os.Exit(Main()) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: exit codes, stderr wording, golden
// outputs, colour rules and --output atomicity, through the real command line.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "../testdata/script",
		Setup: func(env *testscript.Env) error {
			// The scripts set what they test; nothing leaks in from the machine running them.
			for _, v := range []string{"NO_COLOR", "CLICOLOR_FORCE", "CLICOLOR", "COLUMNS", "TERM", "GITHUB_ACTIONS"} {
				env.Setenv(v, "")
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"widest": widest,
		},
	})
}

// widest FILE N fails when a line of FILE (stdout or stderr of the last command) is wider than N
// display cells, escape codes and carriage returns left out.
func widest(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: widest stdout|stderr|FILE N")
	}
	limit, err := strconv.Atoi(args[1])
	ts.Check(err)
	escapes := regexp.MustCompile(`\x1b\[[0-9;?]*[a-zA-Z]`)
	for i, line := range strings.Split(ts.ReadFile(args[0]), "\n") {
		line = strings.TrimRight(escapes.ReplaceAllString(line, ""), "\r")
		if w := runewidth.StringWidth(line); w > limit && !neg {
			ts.Fatalf("line %d is %d cells wide, more than %d: %q", i+1, w, limit, line)
		}
	}
}
