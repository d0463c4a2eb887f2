package configin

// readCSharp finds Polly's new RetryStrategyOptions { ... } (also with a type argument).
func readCSharp(r *reader) error {
	r.scanLineComments("//")
	toks := lex(r.src, []string{"//"}, true)
	vars := assignments(toks)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].text != "new" || toks[i+1].text != "RetryStrategyOptions" {
			continue
		}
		p := &tparser{toks: toks, i: i}
		n := substitute(p.expr(true), vars, 0)
		if err := polly(r, n); err != nil {
			return err
		}
		i = p.i - 1
	}
	return nil
}

var pollyTypes = map[string]string{
	"DelayBackoffType.Constant": "constant", "DelayBackoffType.Linear": "linear", "DelayBackoffType.Exponential": "exponential",
}

func polly(r *reader, n *node) error {
	b := newBuilder("polly")
	if v := n.kw("MaxRetryAttempts"); v != nil {
		x, ok := number(v)
		if !ok {
			return r.notLiteral(v, "MaxRetryAttempts", "a whole number (int.MaxValue retries forever)")
		}
		b.num("max-retry-attempts", x)
	}
	if v := n.kw("BackoffType"); v != nil {
		t, ok := pollyTypes[v.text]
		if v.kind != 'i' || !ok {
			return r.notLiteral(v, "BackoffType", "DelayBackoffType.Constant, Linear or Exponential")
		}
		b.text("backoff-type", t)
	}
	if v := n.kw("UseJitter"); v != nil {
		on, ok := boolean(v)
		if !ok {
			return r.notLiteral(v, "UseJitter", "true or false")
		}
		b.text("use-jitter", map[bool]string{true: "true", false: "false"}[on])
	}
	if v := n.kw("Delay"); v != nil {
		x, ok := seconds(v, 0)
		if !ok || v.kind == 'n' {
			return r.notLiteral(v, "Delay", "TimeSpan.FromSeconds(n) or another TimeSpan.From…")
		}
		b.num("delay", x)
	}
	if v := n.kw("MaxDelay"); v != nil {
		if v.kind == 'i' && v.text == "null" {
			b.text("max-delay", "none")
		} else {
			x, ok := seconds(v, 0)
			if !ok || v.kind == 'n' {
				return r.notLiteral(v, "MaxDelay", "TimeSpan.FromSeconds(n) or another TimeSpan.From…, or null")
			}
			b.text("max-delay", durText(x))
		}
	}
	if v := n.kw("DelayGenerator"); v != nil {
		return r.notLiteral(v, "DelayGenerator", "no DelayGenerator (its delays are the application's own code)")
	}
	r.add(n.line, b)
	return nil
}
