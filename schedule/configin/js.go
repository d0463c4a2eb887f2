package configin

// readJS finds BullMQ job options: an object with attempts and backoff, at any depth
// (queue.add's options, defaultJobOptions).
func readJS(r *reader) error {
	r.scanLineComments("//")
	toks := lex(r.src, []string{"//"}, true)
	vars := assignments(toks)
	for i := 0; i < len(toks); i++ {
		if toks[i].text != "{" || toks[i].kind != 'p' {
			continue
		}
		p := &tparser{toks: toks, i: i}
		n := substitute(p.expr(true), vars, 0)
		if err := bullmqObjects(r, n); err != nil {
			return err
		}
		i = p.i - 1
	}
	return nil
}

// bullmqObjects reads every object in n that has backoff (or attempts) as job options.
func bullmqObjects(r *reader, n *node) error {
	if n == nil {
		return nil
	}
	if n.kind == 'o' && (n.kw("backoff") != nil || n.kw("attempts") != nil) {
		return bullmq(r, n)
	}
	for _, a := range n.args {
		if err := bullmqObjects(r, a.val); err != nil {
			return err
		}
	}
	return nil
}

func bullmq(r *reader, n *node) error {
	b := newBuilder("bullmq")
	if v := n.kw("attempts"); v != nil {
		x, ok := number(v)
		if !ok {
			return r.notLiteral(v, "attempts", "a whole number")
		}
		b.num("attempts", max(x, 1))
	} else {
		b.num("attempts", 1)
		b.defaulted("attempts left out: BullMQ's 0, one attempt and no retry")
	}
	switch bo := n.kw("backoff"); {
	case bo == nil:
	case bo.kind == 'o':
		if t := bo.kw("type"); t != nil {
			if t.kind != 's' || t.text != "fixed" && t.text != "exponential" {
				return r.notLiteral(t, "backoff.type", "'fixed' or 'exponential' (a custom backoff strategy is the application's own code)")
			}
			b.text("type", t.text)
		} else {
			return r.errAt(bo.line, "backoff without type: BullMQ needs 'fixed' or 'exponential'")
		}
		if d := bo.kw("delay"); d != nil {
			x, ok := number(d)
			if !ok {
				return r.notLiteral(d, "backoff.delay", "a number of milliseconds")
			}
			b.num("delay", x/1000)
		} else {
			b.num("delay", 0)
			b.defaulted("backoff.delay left out: 0 ms")
		}
		if j := bo.kw("jitter"); j != nil {
			x, ok := number(j)
			if !ok {
				return r.notLiteral(j, "backoff.jitter", "a number in [0, 1]")
			}
			b.num("jitter", x)
		}
	default:
		x, ok := number(bo)
		if !ok {
			return r.notLiteral(bo, "backoff", "a number of milliseconds or { type, delay }")
		}
		b.text("type", "fixed")
		b.num("delay", x/1000)
	}
	r.add(n.line, b)
	return nil
}
