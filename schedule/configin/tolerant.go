package configin

import "strings"

// statements calls fn at each token that starts a line (or follows a ;), with a parser
// positioned there; fn returns an error to stop.
func statements(toks []tok, fn func(p *tparser) error) error {
	for i := range toks {
		if i > 0 && toks[i-1].kind != '\n' && toks[i-1].text != ";" {
			continue
		}
		if toks[i].kind == '\n' {
			continue
		}
		if err := fn(&tparser{toks: toks, i: i}); err != nil {
			return err
		}
	}
	return nil
}

// calls parses, at every dotted name that match accepts and that is followed by "(", the call
// there (with what follows it: a method chain); fn gets the expression and the matched name.
// It returns the token index after each expression so that calls inside it are not seen twice.
func calls(toks []tok, match func(name string) bool, fn func(name string, n *node) error) error {
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.kind != 'i' || i > 0 && (toks[i-1].text == "." || toks[i-1].text == "?.") {
			continue
		}
		name, j := dotted(toks, i)
		if name == "new" {
			name, j = dotted(toks, i+1)
			name = "new " + name
		}
		if j >= len(toks) || toks[j].text != "(" || !match(name) {
			continue
		}
		p := &tparser{toks: toks, i: i}
		n := p.postfix(p.primary(true), true) // the call and its method chain, no operator after it
		if err := fn(name, n); err != nil {
			return err
		}
		i = p.i - 1
	}
	return nil
}

// last is the part of a dotted name after its last dot.
func last(name string) string { return name[strings.LastIndex(name, ".")+1:] }

// dotted joins a run of name tokens with dots starting at i: Oban.Worker.
func dotted(toks []tok, i int) (string, int) {
	if i >= len(toks) || toks[i].kind != 'i' {
		return "", i
	}
	s := toks[i].text
	i++
	for i+1 < len(toks) && (toks[i].text == "." || toks[i].text == "::") && toks[i+1].kind == 'i' {
		s += "." + toks[i+1].text
		i += 2
	}
	return s, i
}

// assignments are the file's simple assignments NAME = expression (Python's w = wait_fixed(3),
// Java's IntervalFunction f = IntervalFunction.of(...)), by name, the last one winning, so
// that a configuration naming a variable of the same file can be read.
func assignments(toks []tok) map[string]*node {
	out := map[string]*node{}
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != 'i' || toks[i+1].kind != 'p' || toks[i+1].text != "=" {
			continue
		}
		if i > 0 && (toks[i-1].text == "." || toks[i-1].text == "(" || toks[i-1].text == ",") {
			continue // a field or a keyword argument, not a variable
		}
		p := &tparser{toks: toks, i: i + 2}
		out[toks[i].text] = p.expr(false)
	}
	return out
}

// resolve is n, or the expression a variable named n was assigned in the file.
func resolve(n *node, vars map[string]*node) *node {
	for hops := 0; n != nil && n.kind == 'i' && hops < 10; hops++ {
		v, ok := vars[n.text]
		if !ok {
			break
		}
		n = v
	}
	return n
}

// substitute replaces, in the values of n's arguments, operands and fields, every name that is a
// variable of the file by the expression it was assigned (MAX_WAIT = 60, then max=MAX_WAIT), so
// that constants in the file's own units are read. Callees are left alone.
func substitute(n *node, vars map[string]*node, depth int) *node {
	if n == nil || depth > 8 { // a variable of a variable is followed 8 deep at most
		return n
	}
	switch n.kind {
	case 'i':
		if v, ok := vars[n.text]; ok && v != n {
			return substitute(v, vars, depth+1)
		}
	case 'b':
		c := *n
		c.x, c.y = substitute(n.x, vars, depth), substitute(n.y, vars, depth)
		return &c
	case 'm':
		c := *n
		c.x = substitute(n.x, vars, depth)
		return &c
	case 'c', 'l', 'o':
		c := *n
		if n.kind == 'c' && n.x != nil && n.x.kind != 'i' {
			c.x = substitute(n.x, vars, depth) // a method chain's receiver
		}
		c.args = make([]arg, len(n.args))
		for i, a := range n.args {
			c.args[i] = arg{key: a.key, val: substitute(a.val, vars, depth)}
		}
		return &c
	}
	return n
}
