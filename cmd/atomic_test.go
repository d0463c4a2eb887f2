package cmd

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A long file name is fine: the temporary name does not grow with it.
func TestWriteAtomicLongName(t *testing.T) {
	path := filepath.Join(t.TempDir(), strings.Repeat("n", 246)+".csv")
	var out, errOut bytes.Buffer
	if code := run([]string{"table", "polynomial", "--output", path}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	data, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(data, []byte("attempt,")) {
		t.Fatalf("read %q, %v", data, err)
	}
}

// TestSignalHelper is the child process of TestSignalCleansUp: it writes --output and stops just
// before the rename, or just after creating the temporary file, until the parent signals it.
func TestSignalHelper(t *testing.T) {
	path := os.Getenv("BACKOFFCTL_SIGNAL_HELPER")
	if path == "" {
		t.Skip("run by TestSignalCleansUp")
	}
	wait := func() {
		os.Stdout.WriteString("ready\n")
		time.Sleep(time.Minute)
	}
	if os.Getenv("BACKOFFCTL_SIGNAL_AT") == "create" {
		testHookAfterCreate = wait
	} else {
		testHookBeforeRename = wait
	}
	os.Exit(run([]string{"table", "polynomial", "--output", path}, os.Stdout, os.Stderr))
}

// SIGINT and SIGTERM during the write, from the moment the temporary file exists, remove it,
// leave the old file as it was and exit 130 or 143 without a Go stack.
func TestSignalCleansUp(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		code int
		at   string
	}{{syscall.SIGINT, 130, "rename"}, {syscall.SIGTERM, 143, "rename"}, {syscall.SIGTERM, 143, "create"}, {syscall.SIGINT, 130, "create"}} {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.txt")
		if err := os.WriteFile(path, []byte("precious\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		child := exec.Command(os.Args[0], "-test.run=^TestSignalHelper$")
		child.Env = append(os.Environ(), "BACKOFFCTL_SIGNAL_HELPER="+path, "BACKOFFCTL_SIGNAL_AT="+c.at)
		var stderr bytes.Buffer
		child.Stderr = &stderr
		stdout, err := child.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := child.Start(); err != nil {
			t.Fatal(err)
		}
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		if line != "ready\n" {
			child.Process.Kill()
			child.Wait()
			t.Fatalf("child said %q, stderr %q", line, stderr.String())
		}
		child.Process.Signal(c.sig)
		err = child.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != c.code {
			t.Errorf("%v at %s: child ended with %v, want exit %d; stderr %q", c.sig, c.at, err, c.code, stderr.String())
		}
		if strings.Contains(stderr.String(), "goroutine") {
			t.Errorf("%v: Go stack on stderr: %q", c.sig, stderr.String())
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("%v at %s: left %q", c.sig, c.at, names)
		}
		if data, _ := os.ReadFile(path); string(data) != "precious\n" {
			t.Errorf("%v: old file changed to %q", c.sig, data)
		}
	}
}
