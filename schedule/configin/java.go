package configin

import (
	"regexp"
	"strings"
)

// step is one call of a method chain: RetryConfig.custom().maxAttempts(3) is custom() then
// maxAttempts(3).
type step struct {
	method string
	call   *node
}

// chain flattens a method chain, innermost first.
func chain(n *node) []step {
	var out []step
	for n != nil {
		switch {
		case n.kind == 'c' && n.x != nil && n.x.kind == 'm':
			out = append(out, step{n.x.text, n})
			n = n.x.x
		case n.kind == 'c' && n.x != nil && n.x.kind == 'i':
			out = append(out, step{last(n.x.text), n})
			n = nil
		case n.kind == 'm':
			n = n.x
		default:
			n = nil
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// readJava finds Resilience4j's RetryConfig, Spring Retry's @Retryable and RetryTemplate, and
// Aiven's Backoff.
func readJava(r *reader) error {
	r.scanLineComments("//")
	toks := lex(r.src, []string{"//"}, true)
	vars := assignments(toks)
	template := false
	err := calls(toks, func(name string) bool {
		switch name {
		case "RetryConfig.custom", "@Retryable", "new Backoff", "RetryTemplate.builder":
			return true
		}
		return false
	}, func(name string, n *node) error {
		switch name {
		case "RetryConfig.custom":
			return resilience4j(r, n, vars)
		case "@Retryable":
			return retryable(r, n)
		case "new Backoff":
			return aiven(r, n)
		case "RetryTemplate.builder":
			template = true
			return retryTemplateBuilder(r, n)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// @Retryable without arguments: three calls, @Backoff's 1000 ms.
	for _, t := range toks {
		if t.text == "@Retryable" {
			i := indexOf(toks, t)
			if i+1 >= len(toks) || toks[i+1].text != "(" {
				b := newBuilder("spring-retry")
				b.text("back-off-policy", "fixed")
				b.num("back-off-period", 1)
				b.defaulted("@Retryable without arguments: maxAttempts 3, @Backoff's 1000 ms")
				r.add(t.line, b)
			}
		}
	}
	if !template {
		return retryTemplate(r, toks)
	}
	return nil
}

func indexOf(toks []tok, t tok) int {
	for i := range toks {
		if toks[i] == t {
			return i
		}
	}
	return -1
}

// millisOrDuration is a Java interval: a long of milliseconds or a java.time.Duration.
func millisOrDuration(n *node) (float64, bool) { return seconds(n, 1e-3) }

// resilience4jFactories maps IntervalFunction's factories to --interval-function and their
// parameters in order.
var resilience4jFactories = map[string]struct {
	fn   string
	args []string
}{
	"of":                         {"of", []string{"initial-interval"}},
	"ofDefaults":                 {"of", nil},
	"ofRandomized":               {"of-randomized", []string{"initial-interval", "randomization-factor"}},
	"ofExponentialBackoff":       {"of-exponential-backoff", []string{"initial-interval", "multiplier", "max-interval"}},
	"ofExponentialRandomBackoff": {"of-exponential-random-backoff", []string{"initial-interval", "multiplier", "randomization-factor", "max-interval"}},
}

func resilience4j(r *reader, n *node, vars map[string]*node) error {
	b := newBuilder("resilience4j")
	interval := false
	for _, s := range chain(n) {
		switch s.method {
		case "maxAttempts":
			x, ok := number(s.call.pos(0))
			if !ok {
				return r.notLiteral(s.call.pos(0), "maxAttempts", "a whole number")
			}
			b.num("max-attempts", x)
		case "waitDuration":
			x, ok := seconds(s.call.pos(0), 1e-3)
			if !ok {
				return r.notLiteral(s.call.pos(0), "waitDuration", "Duration.ofMillis(n) or another Duration.of…")
			}
			b.text("interval-function", "of")
			b.num("initial-interval", x)
			interval = true
		case "intervalFunction":
			f := resolve(s.call.pos(0), vars)
			name := last(f.callee())
			form, ok := resilience4jFactories[name]
			if !ok || !strings.HasPrefix(f.callee(), "IntervalFunction.") {
				return r.notLiteral(f, "intervalFunction", "IntervalFunction.of, ofRandomized, ofExponentialBackoff or ofExponentialRandomBackoff with literal arguments")
			}
			b.text("interval-function", form.fn)
			args := form.args
			if name == "ofExponentialBackoff" && len(f.args) == 3 || name == "ofExponentialRandomBackoff" && len(f.args) == 4 {
				// with maxInterval last
			} else if len(f.args) < len(args) && len(args) > 0 && strings.HasSuffix(args[len(args)-1], "max-interval") {
				args = args[:len(args)-1]
			}
			if len(f.args) > len(args) {
				return r.notLiteral(f, name, "at most "+strings.Join(args, ", "))
			}
			for i, a := range f.args {
				var x float64
				var ok bool
				if strings.HasSuffix(args[i], "interval") {
					x, ok = millisOrDuration(a.val)
				} else {
					x, ok = number(a.val)
				}
				if !ok {
					return r.notLiteral(a.val, name+" "+args[i], "a literal")
				}
				b.num(args[i], x)
			}
			interval = true
		}
	}
	if !interval {
		b.defaulted("RetryConfig without waitDuration or intervalFunction: 500 ms")
	}
	if !b.has("max-attempts") {
		b.defaulted("RetryConfig maxAttempts left out: 3")
	}
	r.add(n.line, b)
	return nil
}

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

var aivenCap = regexp.MustCompile(`time remaining \(\) -> (\d+)L`)
var aivenMin = regexp.MustCompile(`setMinimumDelay:? *\(?(\d+)`)

// aiven reads new Backoff(new Timer(Duration...).getBackoffConfig()), and backoffctl's comments
// for a config that reports a fixed time remaining and for setMinimumDelay.
func aiven(r *reader, n *node) error {
	b := newBuilder("aiven")
	lines := strings.Split(r.src, "\n")
	line := lines[n.line-1]
	var timer *node
	var find func(x *node)
	find = func(x *node) {
		if x == nil || timer != nil {
			return
		}
		if x.callee() == "new Timer" {
			timer = x
			return
		}
		find(x.x)
		for _, a := range x.args {
			find(a.val)
		}
	}
	find(n)
	switch m := aivenCap.FindStringSubmatch(line); {
	case timer != nil:
		x, ok := seconds(timer.pos(0), 1e-3)
		if !ok {
			return r.notLiteral(timer.pos(0), "new Timer", "Duration.ofMillis(n) or another Duration.of…")
		}
		b.text("mode", "timer")
		b.num("timer", x)
	case m != nil:
		b.text("mode", "cap")
		x, _ := number(&node{kind: 'n', text: m[1]})
		b.num("cap", x/1000)
	default:
		return r.notLiteral(n.pos(0), "new Backoff", "new Backoff(new Timer(Duration.ofMillis(n)).getBackoffConfig())")
	}
	for _, l := range lines[n.line-1:] {
		if m := aivenMin.FindStringSubmatch(l); m != nil {
			x, _ := number(&node{kind: 'n', text: m[1]})
			b.num("min-delay", x/1000)
			break
		}
	}
	r.add(n.line, b)
	return nil
}
