package cmd

import (
	"io"
	"os"
	"syscall"

	"github.com/backoffctl/backoffctl/schedule/policyfile"
)

// readPolicyFile reads --policy: a regular file, or stdin for "-", at most policyfile.MaxBytes.
// It returns the name errors give the file ("<stdin>" for stdin). Anything else (a FIFO, a device,
// a directory) is refused at once: it could block forever or never end.
func readPolicyFile(p process, path string) (data []byte, name string, err error) {
	var r io.Reader
	name = path
	if path == "-" {
		r, name = p.stdin, "<stdin>"
	} else {
		// O_NONBLOCK: opening a FIFO must not wait for a writer; it changes nothing for a
		// regular file. The type is checked on the open file, so it cannot change in between.
		f, err := os.OpenFile(p.path(path), os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			return nil, "", badInput("cannot read --policy %s: %v", path, unwrapPath(err))
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			return nil, "", badInput("cannot read --policy %s: %v", path, unwrapPath(err))
		}
		if !info.Mode().IsRegular() {
			return nil, "", badInput("--policy %s is not a regular file", path)
		}
		r = f
	}
	data, err = io.ReadAll(io.LimitReader(r, policyfile.MaxBytes+1))
	if err != nil {
		return nil, "", badInput("cannot read --policy %s: %v", path, unwrapPath(err))
	}
	if len(data) > policyfile.MaxBytes {
		return nil, "", badInput("--policy %s is larger than the 1 MiB cap", path)
	}
	return data, name, nil
}
