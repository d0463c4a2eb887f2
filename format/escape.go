package format

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// EscapeControl shows the characters that can drive a terminal or reorder text as Go-style
// escapes: C0 controls (\n, \t, \x1b, ...), DEL, C1 controls, the bidi embeddings, overrides and
// isolates (U+202A-U+202E, U+2066-U+2069) and bytes that are not UTF-8. Everything else, backslashes
// included, is kept as it is, so escaping twice changes nothing.
func EscapeControl(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case isControl(r):
			b.WriteString(escapeRune(r))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || isControl(r) {
			return true
		}
		i += size
	}
	return false
}

// isControl reports the runes EscapeControl escapes.
func isControl(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

func escapeRune(r rune) string {
	switch r {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	}
	if r < 0x80 {
		return `\x` + hex2(byte(r))
	}
	h := strconv.FormatInt(int64(r), 16)
	return `\u` + strings.Repeat("0", 4-len(h)) + h
}

func hex2(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&0xf]})
}

// neutraliseFormula prefixes a quote to text a spreadsheet would run as a formula (the OWASP rule
// for CSV injection): cells starting with =, +, - or @.
func neutraliseFormula(s string) string {
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}

// markdownEscaper escapes what GFM would read as markup in a table cell: backslash first (it is
// written before the others), then emphasis, code and link characters, the cell separator,
// strikethrough, what GFM would make a link of (a URL's ://, www.) and HTML.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`,
	`*`, `\*`,
	`_`, `\_`,
	"`", "\\`",
	`[`, `\[`,
	`]`, `\]`,
	`|`, `\|`,
	`~`, `\~`,
	"://", `\://`, // a URL is not made a link (GFM's extended autolinks)
	"www.", `www\.`,
	`&`, `&amp;`,
	`<`, `&lt;`,
	`>`, `&gt;`,
)

// zeroWidth is a word joiner (U+2060) as a character reference: invisible where the markdown is
// shown and, unlike the zero-width space GitHub's own bots put after an @, no place for a line
// to break, so "@octocat" never wraps after its "@".
const zeroWidth = "&#8288;"

// escapeMarkdown makes s show literally in a GFM table cell or list item, and inert when the
// markdown is pasted into a GitHub issue, pull request or design doc: markup escaped, and a
// word joiner (zeroWidth) where GitHub would otherwise mention a user or team (@octocat),
// link an issue (#12, GH-12), a commit (a 7-40 digit hex name) or an email address (a@b.com),
// or draw an emoji (:smile:). Backslashes cannot do that: GitHub finds those in the rendered
// text, after the escapes are gone.
func escapeMarkdown(s string) string {
	breaks := githubBreaks(s)
	if len(breaks) == 0 {
		return markdownEscaper.Replace(s)
	}
	var b strings.Builder
	last := 0
	for _, at := range breaks {
		b.WriteString(markdownEscaper.Replace(s[last:at]))
		b.WriteString(zeroWidth)
		last = at
	}
	b.WriteString(markdownEscaper.Replace(s[last:]))
	return b.String()
}

// githubBreaks are the byte offsets in s, ascending, where a word joiner keeps GitHub from
// reading a reference: after every @ that something follows (a mention, an email address, a
// repo@sha), after a # or a GH- before a digit (an issue), before the colon that would close an
// emoji code (:name:, any name of letters, digits, _, + and -), and every 6 characters in a run of
// 7 or more hex digits with a letter among them (a commit).
func githubBreaks(s string) []int {
	var at []int
	word := func(c byte) bool { return c == '_' || isAlnum(c) }
	emoji := func(c byte) bool { return isAlnum(c) || c == '_' || c == '+' || c == '-' }
	open := -1 // the colon an emoji code would start at, while only name characters follow it
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '@' && i+1 < len(s):
			at = append(at, i+1)
		case c == '#' && i+1 < len(s) && isDigit(s[i+1]):
			at = append(at, i+1)
		case (c == '-') && i >= 2 && i+1 < len(s) && isDigit(s[i+1]) && strings.EqualFold(s[i-2:i], "gh") && (i == 2 || !word(s[i-3])):
			at = append(at, i+1)
		case c == ':' && open >= 0 && open < i-1:
			at = append(at, i)
		}
		switch {
		case c == ':':
			open = i
		case !emoji(c):
			open = -1
		}
		if isHex(c) && (i == 0 || !word(s[i-1])) {
			j := i
			letter := false
			for j < len(s) && isHex(s[j]) {
				letter = letter || !isDigit(s[j])
				j++
			}
			if j-i >= 7 && letter && (j == len(s) || !word(s[j])) {
				for k := i + 6; k < j; k += 6 {
					at = append(at, k)
				}
			}
		}
	}
	slices.Sort(at)
	return slices.Compact(at)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z') }
func isHex(c byte) bool   { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }

// escapeProse makes a note show literally in a GFM list item, as escapeMarkdown does, but keeps an
// underscore between two letters or digits as it is (GFM never reads one as emphasis), so
// retry_on and AWS_NEW_RETRIES_2026 stay readable in the source; an asterisk is escaped
// everywhere (u*min(b*2^k, cap) would be emphasis).
func escapeProse(s string) string {
	e := []rune(escapeMarkdown(s))
	out := make([]rune, 0, len(e))
	for i := 0; i < len(e); i++ {
		if e[i] == '\\' && i+2 < len(e) && e[i+1] == '_' && len(out) > 0 && wordRune(out[len(out)-1]) && wordRune(e[i+2]) {
			continue // the underscore follows, unescaped
		}
		out = append(out, e[i])
		if e[i] == '\\' && i+1 < len(e) {
			i++
			out = append(out, e[i]) // an escaped character stays escaped
		}
	}
	return string(out)
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
