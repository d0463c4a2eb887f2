package cmd

import (
	"bytes"
	"errors"
	"io"
	"os"
	"syscall"

	"github.com/backoffctl/backoffctl/format"
	"go.yaml.in/yaml/v3"
)

// readPolicyFile reads --policy: a regular file, or stdin for "-", at most maxPolicyBytes. It
// returns the name errors give the file ("<stdin>" for stdin). Anything else (a FIFO, a device, a
// directory) is refused at once: it could block forever or never end.
func readPolicyFile(path string) (data []byte, name string, err error) {
	var r io.Reader
	name = path
	if path == "-" {
		r, name = os.Stdin, "<stdin>"
	} else {
		// O_NONBLOCK: opening a FIFO must not wait for a writer; it changes nothing for a
		// regular file. The type is checked on the open file, so it cannot change in between.
		f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
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
	data, err = io.ReadAll(io.LimitReader(r, maxPolicyBytes+1))
	if err != nil {
		return nil, "", badInput("cannot read --policy %s: %v", path, unwrapPath(err))
	}
	if len(data) > maxPolicyBytes {
		return nil, "", badInput("--policy %s is larger than the 1 MiB cap", path)
	}
	return data, name, nil
}

// checkPolicyDocument refuses what YAML would let a policy file lose silently: a key given twice
// in a mapping (the last would win, at any level) and a second document after "---" (it would be
// ignored). Syntax errors in the first document are left to parsePolicies to report.
func checkPolicyDocument(path string, data []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		return nil
	}
	if err := duplicateKeys(path, &doc); err != nil {
		return err
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return badInput("%s: after the first document: %s", path, yamlMessage(err))
	}
	line := next.Line
	if len(next.Content) > 0 {
		line = next.Content[0].Line
	}
	return badInput("%s:%d: a second YAML document: a policy file holds one, with every policy under policies:", path, line)
}

// duplicateKeys walks the node tree once and reports the first mapping key given twice. Aliases
// are not followed, so the walk is linear in the file.
func duplicateKeys(path string, n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		first := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
				continue
			}
			if line, ok := first[k.Value]; ok {
				return badInput("%s:%d: duplicate key %q (first at line %d)", path, k.Line, k.Value, line)
			}
			first[k.Value] = k.Line
		}
	}
	for _, c := range n.Content {
		if err := duplicateKeys(path, c); err != nil {
			return err
		}
	}
	return nil
}

// yamlMessage is a YAML error's first line without the package prefix.
func yamlMessage(err error) string {
	msg := firstLine(err.Error())
	if len(msg) > 6 && msg[:6] == "yaml: " {
		msg = msg[6:]
	}
	return msg
}

// escapedStderr returns a copy of g whose stderr shows control characters escaped: each Write is
// one line (its final newline kept), as check's failure lines are, and those quote policy names.
func (g *globalOptions) escapedStderr() *globalOptions {
	c := *g
	c.stderr = escapingWriter{g.stderr}
	return &c
}

type escapingWriter struct{ w io.Writer }

func (e escapingWriter) Write(p []byte) (int, error) {
	body, nl := bytes.CutSuffix(p, []byte("\n"))
	out := format.EscapeControl(string(body))
	if nl {
		out += "\n"
	}
	if _, err := io.WriteString(e.w, out); err != nil {
		return 0, err
	}
	return len(p), nil
}
