package configin

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

// calls parses, at every occurrence of a name in names followed by "(", the call there; fn
// gets the call node.
func calls(toks []tok, names map[string]bool, fn func(call *node) error) error {
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.kind != 'i' || !names[t.text] {
			continue
		}
		if i > 0 && (toks[i-1].text == "." || toks[i-1].text == "new") {
			continue // a method of something else, or a constructor handled on its own
		}
		p := &tparser{toks: toks, i: i}
		n := p.expr(true)
		if err := fn(n); err != nil {
			return err
		}
	}
	return nil
}

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
