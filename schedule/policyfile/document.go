package policyfile

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

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

// yamlLine matches the "line N: " the YAML parser puts in front of most of its messages.
var yamlLine = regexp.MustCompile(`^line (\d+): `)

// syntaxError is a YAML parse error as one line naming the file and the line: the parser's own
// line when it gives one, else the line of what it refused, found in data (an invalid UTF-8
// byte, a character YAML does not allow, an alias of an unknown anchor).
func syntaxError(path string, data []byte, err error) error {
	msg := yamlMessage(err)
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		return param.BadInput("%s:%s: %s", path, m[1], msg[len(m[0]):])
	}
	if line := offendingLine(data, msg); line > 0 {
		return param.BadInput("%s:%d: %s", path, line, msg)
	}
	return param.BadInput("%s: %s", path, msg)
}

// offendingLine is the 1-based line of the first thing in data the YAML message msg refuses, or 0.
func offendingLine(data []byte, msg string) int {
	at := -1
	switch {
	case strings.HasPrefix(msg, "unknown anchor "):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		for i := 0; at < 0; {
			j := bytes.Index(data[i:], []byte("*"+name))
			if j < 0 {
				break
			}
			end := i + j + 1 + len(name)
			if end == len(data) || strings.IndexByte(" \t\r\n,]}", data[end]) >= 0 {
				at = i + j
			}
			i += j + 1
		}
	case strings.Contains(msg, "UTF-8"), strings.Contains(msg, "control characters"):
		for i := 0; i < len(data); {
			r, size := utf8.DecodeRune(data[i:])
			if (r == utf8.RuneError && size == 1) || !yamlPrintable(r) {
				at = i
				break
			}
			i += size
		}
	}
	if at < 0 {
		return 0
	}
	return bytes.Count(data[:at], []byte("\n")) + 1
}

// yamlPrintable reports whether YAML 1.2 allows r in a stream (its c-printable set).
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		return true
	case r >= 0x20 && r <= 0x7e:
		return true
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd && r != 0xfeff, r >= 0x10000 && r <= 0x10ffff:
		return true
	case r == 0xfeff:
		return true // a byte-order mark
	}
	return false
}
