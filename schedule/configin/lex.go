package configin

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tok is one word, number, string or punctuation mark of a tolerant reader, with its line.
type tok struct {
	kind byte // 'i' identifier, 'n' number, 's' string, 'p' punctuation, '\n' end of line
	text string
	line int
	sp   bool   // whitespace came before it
	orig string // the token as written, quotes included
}

// lex splits src into tokens, leaving out comments that start with one of comments ("#", "//")
// and /* */ blocks when block is set. Identifiers may start with @ (decorators, annotations) or
// a colon (Ruby and Elixir atoms). Ends of lines are kept: Ruby and Elixir calls end there.
func lex(src string, comments []string, block bool) []tok {
	var out []tok
	line := 1
	for i := 0; i < len(src); {
		c := src[i]
		start, from, spaced := len(out), i, i > 0 && (src[i-1] == ' ' || src[i-1] == '\t')
		switch {
		case c == '\n':
			out = append(out, tok{kind: '\n', text: "\n", line: line})
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\\':
			i++
		case block && strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case startsComment(src[i:], comments):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			var b strings.Builder
			triple := strings.HasPrefix(src[i:], strings.Repeat(string(c), 3))
			if triple {
				j = i + 3
			}
			for j < len(src) {
				if triple && strings.HasPrefix(src[j:], strings.Repeat(string(c), 3)) {
					j += 3
					break
				}
				if !triple && src[j] == c {
					j++
					break
				}
				if src[j] == '\\' && j+1 < len(src) {
					j++
				}
				b.WriteByte(src[j])
				j++
			}
			out = append(out, tok{kind: 's', text: b.String(), line: line})
			line += strings.Count(src[i:min(j, len(src))], "\n")
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9' && (len(out) == 0 || out[len(out)-1].kind != 'i' && out[len(out)-1].text != ")"):
			j := i
			for j < len(src) && (isDigit(src[j]) || src[j] == '_' ||
				src[j] == '.' && j+1 < len(src) && isDigit(src[j+1]) ||
				(src[j] == 'e' || src[j] == 'E') && j+1 < len(src) && (isDigit(src[j+1]) || (src[j+1] == '-' || src[j+1] == '+') && j+2 < len(src) && isDigit(src[j+2]))) {
				if src[j] == 'e' || src[j] == 'E' {
					j++
				}
				j++
			}
			for j < len(src) && strings.IndexByte("lLfFdDmM", src[j]) >= 0 && (j+1 >= len(src) || !isWord(src[j+1])) {
				j++ // Java and C# suffixes: 30000L, 2.0f, 1.5m
			}
			out = append(out, tok{kind: 'n', text: src[i:j], line: line})
			i = j
		case isWordStart(src[i:]) || (c == '@' || c == ':' && (len(out) == 0 || out[len(out)-1].kind == 'p' || out[len(out)-1].kind == '\n')) && i+1 < len(src) && isWordStart(src[i+1:]):
			j := i + 1
			for j < len(src) {
				r, n := utf8.DecodeRuneInString(src[j:])
				if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '$') {
					break
				}
				j += n
			}
			if j < len(src) && (src[j] == '?' || src[j] == '!') && c != '@' {
				j++
			}
			out = append(out, tok{kind: 'i', text: src[i:j], line: line})
			i = j
		default:
			op := punct(src[i:])
			out = append(out, tok{kind: 'p', text: op, line: line})
			i += len(op)
		}
		if len(out) > start {
			out[start].sp, out[start].orig = spaced, src[from:min(i, len(src))]
		}
	}
	return out
}

// punct is the punctuation mark at the start of s: two characters for the operators the
// readers tell apart, else one character.
func punct(s string) string {
	for _, op := range []string{"::", "=>", "->", "==", "!=", "<=", ">=", "**", "||", "&&", "?."} {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	_, n := utf8.DecodeRuneInString(s)
	return s[:n]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isWord(c byte) bool {
	return isDigit(c) || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
func isWordStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || r == '_' || r == '$'
}

func startsComment(s string, comments []string) bool {
	for _, c := range comments {
		if strings.HasPrefix(s, c) {
			return true
		}
	}
	return false
}
