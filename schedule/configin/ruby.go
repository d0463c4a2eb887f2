package configin

import (
	"regexp"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// readRuby finds ActiveJob's retry_on (and config.active_job.retry_jitter), Sidekiq's
// sidekiq_options retry:, and GitLab's ACCEPT_TIMEOUT. Rails' retry_on defaults: wait 3.seconds,
// attempts 5.
func readRuby(r *reader) error {
	r.scanLineComments("#")
	toks := lex(r.src, []string{"#"}, false)
	vars := assignments(toks)
	jitter := ""
	var active []int // indexes of ActiveJob configurations, for retry_jitter
	err := statements(toks, func(p *tparser) error {
		t := p.peek()
		switch {
		case t.text == "retry_on":
			p.i++
			args := p.commandArgs()
			if len(args) == 1 && args[0].key == "" && args[0].val.kind == 'l' { // retry_on(Foo, wait: ...)
				args = args[0].val.args
			}
			n := substitute(&node{kind: 'c', args: args}, vars, 0)
			i, err := activeJob(r, t.line, n)
			if err == nil {
				active = append(active, i)
			}
			return err
		case t.text == "sidekiq_options":
			p.i++
			args := p.commandArgs()
			if len(args) == 1 && args[0].key == "" && args[0].val.kind == 'l' {
				args = args[0].val.args
			}
			return sidekiqOptions(r, t.line, substitute(&node{kind: 'c', args: args}, vars, 0))
		case t.text == "sidekiq_retry_in":
			return r.errAt(t.line, "sidekiq_retry_in: its block computes the wait in the application's own code; backoffctl models Sidekiq's default (remove the block to compare with it)")
		default:
			name, j := dotted(p.toks, p.i)
			if strings.HasSuffix(name, "retry_jitter") && j < len(p.toks) && p.toks[j].text == "=" {
				p.i = j + 1
				v := p.expr(false)
				x, ok := number(v)
				if !ok {
					return r.notLiteral(v, "retry_jitter", "a number such as 0.15")
				}
				jitter = floatText(x)
				return nil
			}
			if strings.HasSuffix(name, "ACCEPT_TIMEOUT") && j < len(p.toks) && p.toks[j].text == "=" {
				p.i = j + 1
				v := p.expr(false)
				s, ok := seconds(v, 1)
				if !ok {
					return r.notLiteral(v, "ACCEPT_TIMEOUT", "a duration such as 5.minutes")
				}
				b := newBuilder("gitlab")
				b.num("accept-timeout", s)
				r.add(t.line, b)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if jitter != "" {
		for _, i := range active {
			f := &r.found[i]
			if !hasFlag(f.Flags, "jitter") {
				f.Flags = append(f.Flags, Flag{"jitter", jitter})
				f.Defaults = removeDefault(f.Defaults, "jitter")
			}
		}
	}
	versions := regexp.MustCompile(`(?m)#\s*Sidekiq (\d+\.\d+(?:\.\d+)?)\b`).FindAllStringSubmatchIndex(r.src, -1)
	for _, m := range versions {
		line := strings.Count(r.src[:m[0]], "\n") + 1
		for i := range r.found {
			if r.found[i].Strategy == "sidekiq" && r.found[i].Line <= line && !hasFlag(r.found[i].Flags, "sidekiq-version") {
				r.found[i].Flags = append(r.found[i].Flags, Flag{"sidekiq-version", r.src[m[2]:m[3]]})
			}
		}
	}
	return nil
}

func hasFlag(flags []Flag, name string) bool {
	for _, f := range flags {
		if f.Name == name {
			return true
		}
	}
	return false
}

func removeDefault(list []string, word string) []string {
	var out []string
	for _, d := range list {
		if !strings.Contains(d, word) {
			out = append(out, d)
		}
	}
	return out
}

// floatText is a number as the flags read it.
func floatText(x float64) string { return param.FormatNumber(x) }

// activeJob reads retry_on's keywords; it returns the index of the configuration found.
func activeJob(r *reader, line int, n *node) (int, error) {
	var b *builder
	switch w := n.kw("wait"); {
	case w == nil:
		b = newBuilder("fixed")
		b.defaulted("retry_on wait: left out: 3.seconds")
	case w.kind == 'i' && (w.text == ":polynomially_longer" || w.text == ":exponentially_longer"):
		b = newBuilder("polynomial")
	default:
		s, ok := seconds(w, 1)
		if !ok {
			return 0, r.notLiteral(w, "retry_on wait", ":polynomially_longer or a duration such as 30.seconds (a lambda's waits are the application's own code)")
		}
		b = newBuilder("fixed")
		b.num("wait", s)
	}
	if a := n.kw("attempts"); a != nil {
		x, ok := number(a)
		if !ok {
			return 0, r.notLiteral(a, "retry_on attempts", "a whole number (:unlimited has no end: give a number of rows)")
		}
		b.num("attempts", x)
	} else {
		b.defaulted("retry_on attempts: left out: 5")
	}
	if j := n.kw("jitter"); j != nil {
		x, ok := number(j)
		if !ok {
			return 0, r.notLiteral(j, "retry_on jitter", "a number such as 0.15")
		}
		b.num("jitter", x)
	} else {
		b.defaulted("retry_on jitter: left out: config.active_job.retry_jitter (0.15 with load_defaults 6.1+)")
	}
	r.add(line, b)
	return len(r.found) - 1, nil
}

// sidekiqOptions reads sidekiq_options retry: N (true: 25, false: none).
func sidekiqOptions(r *reader, line int, n *node) error {
	v := n.kw("retry", "\"retry\"")
	if v == nil {
		return nil
	}
	b := newBuilder("sidekiq")
	if on, ok := boolean(v); ok {
		if on {
			b.defaulted("sidekiq_options retry: true: 25 retries")
			b.num("retries", 25)
		} else {
			b.num("retries", 0)
		}
	} else {
		x, ok := number(v)
		if !ok {
			return r.notLiteral(v, "sidekiq_options retry", "a whole number of retries")
		}
		b.num("retries", x)
	}
	r.add(line, b)
	return nil
}
