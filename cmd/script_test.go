package cmd

import (
	"os"
	"testing"

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
			env.Setenv("NO_COLOR", "")
			env.Setenv("CLICOLOR_FORCE", "")
			return nil
		},
	})
}
