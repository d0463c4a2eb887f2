package configin

import (
	"strconv"
	"strings"
)

// node is an expression of a tolerant reader.
type node struct {
	kind byte // 'n' number, 's' string, 'i' name (dotted), 'c' call, 'm' member of a non-name, 'b' binary, 'l' list, 'o' object, 'r' raw
	line int
	text string // number text, string, name, member name, operator, raw source
	x    *node  // callee, member's base, binary left
	y    *node  // binary right
	args []arg  // call arguments, list items, object fields
}

// arg is one argument or field: key is empty when positional.
type arg struct {
	key string
	val *node
}

// kw is the keyword argument named key (any of keys), or nil.
func (n *node) kw(keys ...string) *node {
	for _, a := range n.args {
		for _, k := range keys {
			if a.key == k {
				return a.val
			}
		}
	}
	return nil
}

// pos is the i-th positional argument, or nil.
func (n *node) pos(i int) *node {
	for _, a := range n.args {
		if a.key == "" {
			if i == 0 {
				return a.val
			}
			i--
		}
	}
	return nil
}

// callee is a call's function name ("retry", "Duration.ofMillis", "new RetryStrategyOptions"),
// or "" when the callee is not a plain name.
func (n *node) callee() string {
	if n == nil || n.kind != 'c' || n.x == nil || n.x.kind != 'i' {
		return ""
	}
	return n.x.text
}

// src is the expression as source, for messages.
func (n *node) src() string {
	if n == nil {
		return ""
	}
	switch n.kind {
	case 's':
		return strconv.Quote(n.text)
	case 'c':
		var parts []string
		for _, a := range n.args {
			if a.key != "" {
				parts = append(parts, a.key+": "+a.val.src())
			} else {
				parts = append(parts, a.val.src())
			}
		}
		return n.x.src() + "(" + strings.Join(parts, ", ") + ")"
	case 'm':
		return n.x.src() + "." + n.text
	case 'b':
		return n.x.src() + " " + n.text + " " + n.y.src()
	case 'l', 'o':
		return "[…]"
	}
	return n.text
}

// tparser reads expressions from tokens. Newlines end an expression only in Ruby's and Elixir's
// command calls; inside brackets they are skipped.
type tparser struct {
	toks []tok
	i    int
}

func (p *tparser) peek() tok {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return tok{kind: 0, line: p.line()}
}

func (p *tparser) line() int {
	if p.i < len(p.toks) {
		return p.toks[p.i].line
	}
	if len(p.toks) > 0 {
		return p.toks[len(p.toks)-1].line
	}
	return 1
}

func (p *tparser) is(text string) bool { t := p.peek(); return t.kind != 's' && t.text == text }

// nextIs reports whether the next token past ends of lines is text.
func (p *tparser) nextIs(text string) bool {
	j := p.i
	for j < len(p.toks) && p.toks[j].kind == '\n' {
		j++
	}
	return j < len(p.toks) && p.toks[j].kind == 'p' && p.toks[j].text == text
}

func (p *tparser) skipNL() {
	for p.peek().kind == '\n' {
		p.i++
	}
}

// binary operators, lowest precedence first.
var binops = [][]string{{"|", "||", "or"}, {"+", "-"}, {"*", "/"}, {"**"}}

// expr parses one expression; inside brackets newlines are skipped.
func (p *tparser) expr(nested bool) *node {
	n := p.binary(0, nested)
	if p.is("=>") || p.is("->") {
		// a lambda (x => ..., x -> ...): kept as source, never evaluated
		arrow := p.peek().text
		p.i++
		rest := p.raw(nested)
		return &node{kind: 'r', line: n.line, text: n.src() + " " + arrow + " " + rest.text}
	}
	return n
}

func (p *tparser) binary(level int, nested bool) *node {
	if level == len(binops) {
		return p.unary(nested)
	}
	l := p.binary(level+1, nested)
	for {
		if nested {
			p.skipNL()
		}
		t := p.peek()
		if t.kind != 'p' && !(t.kind == 'i' && t.text == "or") || !contains(binops[level], t.text) {
			return l
		}
		p.i++
		if nested {
			p.skipNL()
		}
		r := p.binary(level+1, nested)
		l = &node{kind: 'b', line: t.line, text: t.text, x: l, y: r}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *tparser) unary(nested bool) *node {
	if p.is("-") || p.is("+") {
		t := p.peek()
		p.i++
		x := p.unary(nested)
		if x.kind == 'n' {
			if t.text == "-" {
				x.text = "-" + x.text
			}
			return x
		}
		return &node{kind: 'b', line: t.line, text: "*", x: &node{kind: 'n', text: t.text + "1", line: t.line}, y: x}
	}
	return p.postfix(p.primary(nested), nested)
}

func (p *tparser) postfix(n *node, nested bool) *node {
	for {
		switch {
		case p.is(".") || p.is("?.") || p.is("::"):
			if nested {
				p.skipNL()
			}
			p.i++
			t := p.peek()
			if t.kind != 'i' {
				return n
			}
			p.i++
			if n.kind == 'i' {
				n = &node{kind: 'i', line: n.line, text: n.text + "." + t.text}
			} else {
				n = &node{kind: 'm', line: n.line, text: t.text, x: n}
			}
		case p.is("(") && !p.peek().sp && p.peek().line == p.lastLine():
			p.i++
			n = &node{kind: 'c', line: n.line, x: n, args: p.args(")")}
		case (n.kind == 'i' && strings.HasPrefix(n.text, "new ") || n.kind == 'c' && strings.HasPrefix(n.callee(), "new ")) && p.nextIs("{"):
			p.skipNL()
			p.i++ // C# object initializer: new T { A = 1 } or new T() { ... }
			fields := p.args("}")
			if n.kind == 'i' {
				n = &node{kind: 'c', line: n.line, x: n}
			}
			n.args = append(n.args, fields...)
		default:
			// a method chain continued on the next line: .maxAttempts(3)
			if p.peek().kind != '\n' {
				return n
			}
			j := p.i
			for j < len(p.toks) && p.toks[j].kind == '\n' {
				j++
			}
			if j < len(p.toks) && p.toks[j].kind == 'p' && p.toks[j].text == "." {
				p.i = j
				continue
			}
			return n
		}
	}
}

// lastLine is the line of the tok before the current one.
func (p *tparser) lastLine() int {
	if p.i > 0 {
		return p.toks[p.i-1].line
	}
	return 0
}

func (p *tparser) primary(nested bool) *node {
	if nested {
		p.skipNL()
	}
	t := p.peek()
	switch {
	case t.kind == 'n':
		p.i++
		return &node{kind: 'n', line: t.line, text: t.text}
	case t.kind == 's':
		p.i++
		return &node{kind: 's', line: t.line, text: t.text}
	case t.kind == 'i' && t.text == "new":
		p.i++
		name := p.peek()
		if name.kind != 'i' {
			return &node{kind: 'r', line: t.line, text: "new"}
		}
		p.i++
		n := &node{kind: 'i', line: t.line, text: "new " + name.text}
		for p.is(".") && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == 'i' {
			n.text += "." + p.toks[p.i+1].text
			p.i += 2
		}
		if p.is("<") { // generic arguments: new RetryStrategyOptions<HttpResponseMessage>
			depth := 0
			for p.i < len(p.toks) {
				if p.is("<") {
					depth++
				} else if p.is(">") {
					depth--
				}
				p.i++
				if depth == 0 {
					break
				}
			}
		}
		return n
	case t.kind == 'i':
		p.i++
		return &node{kind: 'i', line: t.line, text: t.text}
	case t.text == "(":
		p.i++
		items := p.args(")")
		if len(items) == 1 && items[0].key == "" {
			return items[0].val
		}
		return &node{kind: 'l', line: t.line, args: items}
	case t.text == "[":
		p.i++
		return &node{kind: 'l', line: t.line, args: p.args("]")}
	case t.text == "{":
		p.i++
		return &node{kind: 'o', line: t.line, args: p.args("}")}
	case t.text == "%" && p.i+1 < len(p.toks) && p.toks[p.i+1].text == "{":
		p.i += 2 // Elixir map %{...}
		return &node{kind: 'o', line: t.line, args: p.args("}")}
	}
	return p.raw(nested)
}

// raw skips a balanced run of tokens up to a comma or a closing bracket (or, outside brackets,
// the end of the line): an expression the reader does not understand, kept as source.
func (p *tparser) raw(nested bool) *node {
	start := p.peek()
	var b strings.Builder
	depth := 0
	add := func(t tok) {
		if t.sp && b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.orig)
	}
	for p.i < len(p.toks) {
		t := p.peek()
		if depth == 0 && (t.text == "," || t.text == ")" || t.text == "]" || t.text == "}" || !nested && t.kind == '\n') && t.kind != 's' {
			break
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
		if t.kind != '\n' {
			add(t)
		} else if b.Len() > 0 {
			b.WriteByte(' ')
		}
		p.i++
	}
	if b.Len() == 0 && p.i < len(p.toks) && p.peek().kind != '\n' {
		add(p.peek())
		p.i++
	}
	return &node{kind: 'r', line: start.line, text: strings.Join(strings.Fields(b.String()), " ")}
}

// args parses arguments or fields up to closing: positional values and keyword ones written
// key=value, key: value, "key": value, key => value, .Key = value.
func (p *tparser) args(closing string) []arg {
	var out []arg
	for {
		p.skipNL()
		if p.i >= len(p.toks) {
			return out
		}
		if p.is(closing) {
			p.i++
			return out
		}
		if p.is(",") || p.is(";") {
			p.i++
			continue
		}
		out = append(out, p.arg(true))
		p.skipNL()
		if !p.is(",") && !p.is(closing) && !p.is(";") && p.i < len(p.toks) {
			// something the reader does not follow: keep it as raw and go on
			out = append(out, arg{val: p.raw(true)})
			if !p.is(",") && !p.is(closing) && p.i < len(p.toks) {
				p.i++
			}
		}
	}
}

// arg is one argument: keyword when a name is followed by =, : or =>.
func (p *tparser) arg(nested bool) arg {
	t := p.peek()
	if (t.kind == 'i' || t.kind == 's') && p.i+1 < len(p.toks) {
		next := p.toks[p.i+1]
		if next.kind == 'p' && (next.text == "=" || next.text == ":" || next.text == "=>") {
			p.i += 2
			return arg{key: strings.TrimPrefix(t.text, ":"), val: p.expr(nested)}
		}
	}
	if t.kind == 'i' && strings.HasSuffix(t.text, ":") {
		p.i++
		return arg{key: strings.TrimSuffix(t.text, ":"), val: p.expr(nested)}
	}
	return arg{val: p.expr(nested)}
}

// commandArgs parses the arguments of a call written without parentheses (Ruby's
// retry_on Foo, wait: 5, Elixir's use Oban.Worker, max_attempts: 5) up to the end of the line,
// following lines that end with a comma.
func (p *tparser) commandArgs() []arg {
	var out []arg
	for p.i < len(p.toks) {
		t := p.peek()
		if t.kind == '\n' {
			if p.i > 0 && p.toks[p.i-1].text == "," {
				p.i++
				continue
			}
			break
		}
		if p.is(",") {
			p.i++
			continue
		}
		if p.is("do") || p.is("}") || p.is(")") {
			break
		}
		before := p.i
		out = append(out, p.arg(false))
		if p.i == before {
			p.i++
		}
	}
	return out
}
