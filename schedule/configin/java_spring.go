package configin

// retryable reads Spring's @Retryable(maxAttempts =, backoff = @Backoff(...)) as
// BackOffPolicyBuilder builds the policy.
func retryable(r *reader, n *node) error {
	b := newBuilder("spring-retry")
	if v := n.kw("maxAttempts"); v != nil {
		x, ok := number(v)
		if !ok {
			return r.notLiteral(v, "@Retryable maxAttempts", "a whole number (maxAttemptsExpression is not read)")
		}
		b.num("max-attempts", x)
	}
	bo := n.kw("backoff")
	if bo != nil && bo.callee() != "@Backoff" {
		return r.notLiteral(bo, "@Retryable backoff", "@Backoff(delay = ..., multiplier = ..., maxDelay = ...)")
	}
	if bo == nil {
		bo = &node{kind: 'c'}
	}
	get := func(key string) (float64, bool, error) {
		v := bo.kw(key)
		if v == nil && key == "delay" {
			v = bo.kw("value")
			if v == nil {
				v = bo.pos(0)
			}
		}
		if v == nil {
			return 0, false, nil
		}
		x, ok := number(v)
		if !ok {
			return 0, false, r.notLiteral(v, "@Backoff "+key, "a literal number (the *Expression attributes are not read)")
		}
		return x, true, nil
	}
	delay, hasDelay, err := get("delay")
	if err != nil {
		return err
	}
	if !hasDelay || delay == 0 {
		delay = 1000
	}
	multiplier, _, err := get("multiplier")
	if err != nil {
		return err
	}
	maxDelay, _, err := get("maxDelay")
	if err != nil {
		return err
	}
	random := false
	if v := bo.kw("random"); v != nil {
		random, _ = boolean(v)
	}
	switch {
	case multiplier > 0:
		policy := "exponential"
		if random {
			policy = "exponential-random"
		}
		b.text("back-off-policy", policy)
		b.num("initial-interval", delay/1000)
		b.num("multiplier", multiplier)
		if maxDelay > delay {
			b.num("max-interval", maxDelay/1000)
		} else {
			b.num("max-interval", 30)
		}
	case maxDelay > delay:
		b.text("back-off-policy", "uniform-random")
		b.num("min-back-off-period", delay/1000)
		b.num("max-back-off-period", maxDelay/1000)
	default:
		b.text("back-off-policy", "fixed")
		b.num("back-off-period", delay/1000)
	}
	r.add(n.line, b)
	return nil
}

// springSetters are the back-off policies' setters and their flags.
var springSetters = map[string]string{
	"setInitialInterval": "initial-interval", "setMultiplier": "multiplier", "setMaxInterval": "max-interval",
	"setBackOffPeriod": "back-off-period", "setMinBackOffPeriod": "min-back-off-period", "setMaxBackOffPeriod": "max-back-off-period",
}

// retryTemplate reads a RetryTemplate set up with setters: new SimpleRetryPolicy(n), a
// back-off policy and its setters.
func retryTemplate(r *reader, toks []tok) error {
	start := -1
	for i, t := range toks {
		if t.text == "new" && i+1 < len(toks) && toks[i+1].text == "RetryTemplate" {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	b := newBuilder("spring-retry")
	b.text("back-off-policy", "no-back-off")
	policies := map[string]string{
		"ExponentialBackOffPolicy": "exponential", "ExponentialRandomBackOffPolicy": "exponential-random",
		"FixedBackOffPolicy": "fixed", "UniformRandomBackOffPolicy": "uniform-random", "NoBackOffPolicy": "no-back-off",
	}
	for i := start; i+1 < len(toks); i++ {
		t := toks[i]
		if t.text == "new" {
			if p, ok := policies[toks[i+1].text]; ok {
				b.text("back-off-policy", p)
			}
			if toks[i+1].text == "SimpleRetryPolicy" {
				p := &tparser{toks: toks, i: i}
				call := p.expr(true)
				if v := call.pos(0); v != nil {
					x, ok := number(v)
					if !ok {
						return r.notLiteral(v, "SimpleRetryPolicy", "a whole number")
					}
					b.num("max-attempts", x)
				}
			}
		}
		if flag, ok := springSetters[t.text]; ok && i > 0 && toks[i-1].text == "." && toks[i+1].text == "(" {
			p := &tparser{toks: toks, i: i + 2}
			v := p.expr(true)
			x, ok := number(v)
			if !ok {
				return r.notLiteral(v, t.text, "a literal number")
			}
			if flag != "multiplier" {
				x /= 1000
			}
			b.num(flag, x)
		}
	}
	r.add(toks[start].line, b)
	return nil
}

// retryTemplateBuilder reads RetryTemplate.builder().maxAttempts(n).exponentialBackoff(...)...
func retryTemplateBuilder(r *reader, n *node) error {
	b := newBuilder("spring-retry")
	b.text("back-off-policy", "no-back-off")
	ms := func(v *node, what string) (float64, error) {
		x, ok := seconds(v, 1e-3)
		if !ok {
			return 0, r.notLiteral(v, what, "a literal number of milliseconds or a Duration")
		}
		return x, nil
	}
	for _, s := range chain(n) {
		var err error
		var x float64
		switch s.method {
		case "maxAttempts":
			var ok bool
			if x, ok = number(s.call.pos(0)); !ok {
				return r.notLiteral(s.call.pos(0), "maxAttempts", "a whole number")
			}
			b.num("max-attempts", x)
		case "fixedBackoff":
			b.text("back-off-policy", "fixed")
			if x, err = ms(s.call.pos(0), "fixedBackoff"); err == nil {
				b.num("back-off-period", x)
			}
		case "uniformRandomBackoff":
			b.text("back-off-policy", "uniform-random")
			if x, err = ms(s.call.pos(0), "uniformRandomBackoff"); err == nil {
				b.num("min-back-off-period", x)
				if x, err = ms(s.call.pos(1), "uniformRandomBackoff"); err == nil {
					b.num("max-back-off-period", x)
				}
			}
		case "exponentialBackoff":
			b.text("back-off-policy", "exponential")
			if rnd, ok := boolean(s.call.pos(3)); ok && rnd {
				b.text("back-off-policy", "exponential-random")
			}
			if x, err = ms(s.call.pos(0), "exponentialBackoff"); err == nil {
				b.num("initial-interval", x)
				m, ok := number(s.call.pos(1))
				if !ok {
					return r.notLiteral(s.call.pos(1), "exponentialBackoff multiplier", "a literal number")
				}
				b.num("multiplier", m)
				if x, err = ms(s.call.pos(2), "exponentialBackoff"); err == nil {
					b.num("max-interval", x)
				}
			}
		case "noBackoff":
			b.text("back-off-policy", "no-back-off")
		}
		if err != nil {
			return err
		}
	}
	r.add(n.line, b)
	return nil
}
