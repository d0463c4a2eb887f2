package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
)

// testHookBeforeRename, when set, runs between writing the temporary file and renaming it;
// testHookAfterCreate, right after the temporary file is created.
var testHookBeforeRename, testHookAfterCreate func()

// writeAtomic replaces path (relative to p's directory) with data: it writes a temporary file in the same directory, syncs it
// and renames it over path, so readers see the old file or the new one, never a part. A symlink is
// followed and its final target replaced; a new file gets 0666 less the umask, an existing one
// keeps its mode. On any error, and on SIGINT or SIGTERM, the old file is untouched and the
// temporary file removed.
func writeAtomic(p process, path string, data []byte) (err error) {
	target, err := resolveLinks(p.path(path))
	if err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	var mode fs.FileMode
	keepMode := false
	if info, statErr := os.Stat(target); statErr == nil {
		if !info.Mode().IsRegular() {
			return badInput("--output %s is not a regular file", path)
		}
		mode, keepMode = info.Mode().Perm(), true
	}
	// The signal handler is in place before the temporary file exists, so no signal can leave it
	// behind, empty or not.
	guard := removeOnSignal()
	defer guard.stop()
	tmp, err := guard.createTemp(filepath.Dir(target))
	if err != nil {
		return badInput("cannot write --output %s: %v", path, unwrapPath(err))
	}
	if testHookAfterCreate != nil {
		testHookAfterCreate()
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	fail := func(e error) error { return badInput("cannot write --output %s: %v", path, unwrapPath(e)) }
	if _, err = tmp.Write(data); err != nil {
		return fail(err)
	}
	if keepMode {
		if err = tmp.Chmod(mode); err != nil {
			return fail(err)
		}
	}
	if err = tmp.Sync(); err != nil {
		return fail(err)
	}
	if err = tmp.Close(); err != nil {
		return fail(err)
	}
	if testHookBeforeRename != nil {
		testHookBeforeRename()
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return fail(err)
	}
	syncDir(filepath.Dir(target))
	return nil
}

// resolveLinks follows path while it is a symlink and returns the final name, which need not
// exist yet (a dangling link names the file to create).
func resolveLinks(path string) (string, error) {
	for range 40 {
		info, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", syscall.ELOOP
}

// tempGuard removes the temporary file, if one was created, and exits 130 (SIGINT) or 143
// (SIGTERM) when one of those signals arrives before stop is called.
type tempGuard struct {
	mu   sync.Mutex // held while a name is chosen and created, and by the handler from a signal on
	name string     // the temporary file, once created
	sigs chan os.Signal
	done chan struct{}
}

// removeOnSignal installs the handler; call createTemp next and stop when done.
func removeOnSignal() *tempGuard {
	g := &tempGuard{sigs: make(chan os.Signal, 1), done: make(chan struct{})}
	signal.Notify(g.sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-g.sigs:
			g.mu.Lock() // never unlocked: a file being created is created, then removed here
			if g.name != "" {
				os.Remove(g.name)
			}
			code := 130
			if s == syscall.SIGTERM {
				code = 143
			}
			os.Exit(code)
		case <-g.done:
		}
	}()
	return g
}

// createTemp creates a new, empty file with a short random name in dir, mode 0666 less the umask
// (the kernel applies it, so the umask is never read or changed). The name comes from math/rand/v2's
// per-process random source: O_EXCL, not the name, keeps two writers apart, and crypto/rand would
// cost every command its package initialisation.
func (g *tempGuard) createTemp(dir string) (*os.File, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for {
		name := filepath.Join(dir, fmt.Sprintf(".backoffctl-%012x.tmp", rand.Uint64()>>16))
		f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil {
			g.name = name
		}
		return f, err
	}
}

// stop removes the handler.
func (g *tempGuard) stop() {
	signal.Stop(g.sigs)
	close(g.done)
}

// syncDir makes a rename durable; failing to is not an error of the write itself.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// unwrapPath drops the temporary file's name from an error, keeping the cause.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
