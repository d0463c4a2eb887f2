package cmd

import (
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary stand in for the backoffctl binary: a copy named backoffctl is put
// first on PATH, for the scripts' `exec backoffctl` and the examples' shell lines, and runs Main.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "backoffctl" {
		os.Exit(Main())
	}
	os.Exit(withBinaryOnPath(m))
}

func withBinaryOnPath(m *testing.M) int {
	dir, err := os.MkdirTemp("", "backoffctl-test")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	bin := filepath.Join(dir, "backoffctl")
	if err := os.Link(self, bin); err != nil {
		data, err := os.ReadFile(self)
		if err == nil {
			err = os.WriteFile(bin, data, 0o755)
		}
		if err != nil {
			log.Fatal(err)
		}
	}
	os.Setenv("PATH", dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
	return m.Run()
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
			"backoffctl": backoffctl,
			"widest":     widest,
		},
	})
}

// backoffctl runs a command line in process, as `exec backoffctl` runs it in a process of its own
// (about 40 ms less each): the script's environment and directory, stdout and stderr kept for
// the next commands, and exit codes checked as exec checks them. A line that needs a process of
// its own (stdin, GOMAXPROCS, signals, a terminal) uses exec.
func backoffctl(ts *testscript.TestScript, neg bool, args []string) {
	if ts.Getenv("GOMAXPROCS") != "" {
		ts.Fatalf("GOMAXPROCS is set: only exec backoffctl, a process of its own, runs with it")
	}
	p := process{stdin: strings.NewReader(""), stdout: ts.Stdout(), stderr: ts.Stderr(), getenv: ts.Getenv, dir: ts.MkAbs(".")}
	code := runIn(args, p)
	if code != 0 && !neg {
		ts.Fatalf("unexpected command failure: exit status %d", code)
	}
	if code == 0 && neg {
		ts.Fatalf("unexpected command success")
	}
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
