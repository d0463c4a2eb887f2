package cmd

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
)

// example is one command line a user is shown, with where it is shown.
type example struct {
	where, line string
}

// helpExamples are the lines of every command's Example, the strategy subcommands of every verb
// included (the full tree, as `--help` builds it).
func helpExamples() []example {
	var all []example
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, l := range strings.Split(c.Example, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				all = append(all, example{c.CommandPath() + " --help", l})
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRootCmd(io.Discard, io.Discard))
	return all
}

// readmeExamples are README.md's command lines: every `$ backoffctl ...` line of a code block, and
// every ```sh block made only of backoffctl and mkdir lines (comments aside), run as one script.
func readmeExamples(t *testing.T) []example {
	t.Helper()
	f, err := os.Open("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var all []example
	var block []string
	inBlock, shBlock, runnable, start := false, false, true, 0
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.HasPrefix(l, "```") {
			if inBlock && shBlock && runnable && len(block) > 0 {
				all = append(all, example{fmt.Sprintf("README.md:%d", start), strings.Join(block, "\n")})
			}
			inBlock, shBlock, runnable, block, start = !inBlock, l == "```sh", true, nil, n
			continue
		}
		if !inBlock {
			continue
		}
		if cmd, ok := strings.CutPrefix(l, "$ backoffctl "); ok {
			all = append(all, example{fmt.Sprintf("README.md:%d", n), "backoffctl " + cmd})
		}
		if shBlock {
			if s := strings.TrimSpace(l); s != "" && !strings.HasPrefix(s, "#") {
				runnable = runnable && (strings.HasPrefix(s, "backoffctl ") || strings.HasPrefix(s, "mkdir "))
				block = append(block, l)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return all
}

// strategyDefaults are every strategy at its defaults: table, solve at the strategy's own
// window, check at 30 days.
func strategyDefaults() []example {
	var all []example
	for _, d := range strategy.All() {
		for _, l := range []string{
			"backoffctl table " + d.Name,
			"backoffctl solve " + d.Name + " --window " + d.Window,
			"backoffctl check " + d.Name + " --max-window 30d",
		} {
			all = append(all, example{"defaults of " + d.Name, l})
		}
	}
	return all
}

// TestExamplesRun runs every example of every --help, every command line of README.md and every
// strategy at its defaults, as printed, in an empty directory with an empty home and
// testdata/policies.yaml beside it: a line the shell would only split into words runs in process,
// any other through a shell (so `&&`, `|` and `~` mean what they mean to a reader) with the test
// binary as backoffctl. Each must exit 0; explore, which needs a terminal, must
// get as far as asking for one.
func TestExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example: not in -short")
	}
	if _, err := exec.LookPath("backoffctl"); err != nil {
		t.Fatal("backoffctl is not on PATH (TestMain puts the test binary there)")
	}
	policies, err := os.ReadFile("../testdata/policies.yaml")
	if err != nil {
		t.Fatal(err)
	}
	examples := append(helpExamples(), readmeExamples(t)...)
	examples = append(examples, strategyDefaults()...)
	seen := map[string]bool{}
	for _, e := range examples {
		if seen[e.line] {
			continue
		}
		seen[e.line] = true
		t.Run(e.line, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "testdata", "policies.yaml"), policies, 0o644); err != nil {
				t.Fatal(err)
			}
			home := filepath.Join(dir, "home")
			if err := os.Mkdir(home, 0o755); err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			var err error
			if args, ok := plainWords(e.line); ok && args[0] == "backoffctl" {
				// A plain command line runs in process: the shell would only split its words.
				p := process{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, dir: dir, getenv: func(k string) string {
					switch k {
					case "HOME":
						return home
					case "NO_COLOR", "COLUMNS", "GITHUB_ACTIONS":
						return ""
					}
					return os.Getenv(k)
				}}
				if code := runIn(args[1:], p); code != 0 {
					err = fmt.Errorf("exit status %d", code)
				}
			} else {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				// Where man(1) is not installed, it stands for "the page is there".
				script := "set -e\ncommand -v man >/dev/null || man() { test -s \"$1\"; }\n" + e.line
				c := exec.CommandContext(ctx, "sh", "-c", script)
				c.Dir = dir
				c.Env = append(os.Environ(), "HOME="+home, "NO_COLOR=", "COLUMNS=", "GITHUB_ACTIONS=", "MANPAGER=cat", "PAGER=cat")
				c.Stdout, c.Stderr = &out, &errOut
				err = c.Run()
			}
			if strings.HasPrefix(e.line, "backoffctl explore") {
				if !strings.HasPrefix(errOut.String(), "backoffctl: explore needs a terminal on stdin and stdout") {
					t.Errorf("%s: %s: stderr %q, want only the request for a terminal", e.where, e.line, errOut.String())
				}
				return
			}
			if err != nil {
				t.Errorf("%s: %s: %v\nstderr: %s", e.where, e.line, err, errOut.String())
			}
			if out.Len() == 0 && !strings.Contains(e.line, ">") && !strings.Contains(e.line, "--output") && !strings.Contains(e.line, "backoffctl man ") {
				t.Errorf("%s: %s: printed nothing", e.where, e.line)
			}
		})
	}
}

// plainWords splits line into words as sh does when it has nothing for the shell to do but split
// (blanks, and quotes without escapes inside); ok is false for anything else: operators,
// redirections, expansions, escapes, more than one line.
func plainWords(line string) (words []string, ok bool) {
	if strings.ContainsAny(line, "|&;<>()$`\\~*?[]#{}\n!") {
		return nil, false
	}
	var w strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case ' ', '\t':
			if inWord {
				words, inWord = append(words, w.String()), false
				w.Reset()
			}
		case '\'', '"':
			end := strings.IndexByte(line[i+1:], c)
			if end < 0 {
				return nil, false
			}
			w.WriteString(line[i+1 : i+1+end])
			i += 1 + end
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, len(words) > 0
}

func TestPlainWords(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{`backoffctl table polynomial --attempts 25`, []string{"backoffctl", "table", "polynomial", "--attempts", "25"}},
		{`backoffctl compare "polynomial --attempts 25"  'sidekiq --retries 5'`, []string{"backoffctl", "compare", "polynomial --attempts 25", "sidekiq --retries 5"}},
		{`backoffctl plot a"b c"d`, []string{"backoffctl", "plot", "ab cd"}},
		{`backoffctl table polynomial > out.txt`, nil},
		{`backoffctl man ~/man`, nil},
		{`backoffctl table "polynomial`, nil},
		{`backoffctl table "$X"`, nil},
		{"backoffctl table\nbackoffctl solve", nil},
	} {
		got, ok := plainWords(c.line)
		if ok != (c.want != nil) || strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("plainWords(%q) = %q, %v; want %q", c.line, got, ok, c.want)
		}
	}
}
