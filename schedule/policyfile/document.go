package policyfile

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
	"go.yaml.in/yaml/v3"
)

// checkDocument refuses what YAML would let a policy file lose silently: a key given twice in a
// mapping (the last would win, at any level) and a second document after "---" (it would be
// ignored). Syntax errors in the first document are left to Parse to report.
func checkDocument(path string, data []byte) error {
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
		return param.BadInput("%s: after the first document: %s", path, yamlMessage(err))
	}
	line := next.Line
	if len(next.Content) > 0 {
		line = next.Content[0].Line
	}
	return param.BadInput("%s:%d: a second YAML document: a policy file holds one, with every policy under policies:", path, line)
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
				return param.BadInput("%s:%d: duplicate key %q (first at line %d)", path, k.Line, k.Value, line)
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

// firstLine is s trimmed, up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
