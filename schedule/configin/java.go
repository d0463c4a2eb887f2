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
		n = substitute(n, vars, 0)
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
