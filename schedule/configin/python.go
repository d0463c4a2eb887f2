package configin

import (
	"math"
	"strings"
)

// readPython finds tenacity's @retry / Retrying(...), Celery's task options and
// google-api-core's Retry(...).
func readPython(r *reader) error {
	r.scanLineComments("#")
	toks := lex(r.src, []string{"#"}, false)
	vars := assignments(toks)
	return calls(toks, func(name string) bool {
		n := strings.TrimPrefix(name, "@")
		switch last(n) {
		case "retry", "Retrying", "AsyncRetrying", "Retry", "AsyncRetry", "task", "shared_task":
			return true
		}
		return false
	}, func(name string, n *node) error {
		n = substitute(n, vars, 0)
		name = strings.TrimPrefix(name, "@")
		switch last(name) {
		case "retry", "Retrying", "AsyncRetrying":
			if n.kw("wait") == nil && n.kw("stop") == nil {
				return nil
			}
			return tenacity(r, n, vars)
		case "Retry", "AsyncRetry":
			return googleRetry(r, n)
		case "task", "shared_task":
			return celeryTask(r, n)
		}
		return nil
	})
}

// tenacityWaits are tenacity 8.2.1's waits: the --wait word and the arguments in their
// positional order, with their flags.
var tenacityWaits = map[string]struct {
	wait string
	args []string // Python names; the flag is the name with - for _ (wait -> wait-fixed)
}{
	"wait_exponential":        {"exponential", []string{"multiplier", "max", "exp_base", "min"}},
	"wait_random_exponential": {"random-exponential", []string{"multiplier", "max", "exp_base", "min"}},
	"wait_full_jitter":        {"random-exponential", []string{"multiplier", "max", "exp_base", "min"}},
	"wait_exponential_jitter": {"exponential-jitter", []string{"initial", "max", "exp_base", "jitter"}},
	"wait_fixed":              {"fixed", []string{"wait"}},
	"wait_random":             {"random", []string{"min", "max"}},
	"wait_incrementing":       {"incrementing", []string{"start", "increment", "max"}},
}

// tenacity reads @retry(wait=..., stop=...).
func tenacity(r *reader, n *node, vars map[string]*node) error {
	b := newBuilder("tenacity")
	if w := resolve(n.kw("wait"), vars); w != nil {
		name := last(w.callee())
		form, ok := tenacityWaits[name]
		if w.kind == 'i' {
			form, ok = tenacityWaits[last(w.text)]
			w = &node{kind: 'c', line: w.line, x: w}
		}
		if !ok {
			return r.notLiteral(w, "tenacity wait=", "one of "+waitNames()+" with literal arguments (a sum of waits or a custom wait is not read)")
		}
		b.text("wait", form.wait)
		for i, a := range w.args {
			key := a.key
			if key == "" {
				if i >= len(form.args) {
					return r.notLiteral(a.val, name, "at most "+strings.Join(form.args, ", "))
				}
				key = form.args[i]
			}
			if !contains(form.args, key) {
				return r.errAt(a.val.line, "%s has no argument %s (it takes %s)", name, key, strings.Join(form.args, ", "))
			}
			x, ok := seconds(a.val, 1)
			if !ok {
				return r.notLiteral(a.val, name+" "+key, "a number of seconds or timedelta(...)")
			}
			flag := strings.ReplaceAll(key, "_", "-")
			if key == "wait" {
				flag = "wait-fixed"
			}
			b.num(flag, x)
		}
		if form.wait == "fixed" && !b.has("wait-fixed") {
			return r.errAt(w.line, "wait_fixed needs its wait")
		}
	} else {
		b.text("wait", "fixed")
		b.num("wait-fixed", 0)
		b.defaulted("tenacity wait= left out: wait_none(), no wait")
	}
	if s := resolve(n.kw("stop"), vars); s != nil {
		if err := tenacityStop(r, b, s); err != nil {
			return err
		}
	} else {
		b.defaulted("tenacity stop= left out: stop_never")
	}
	r.add(n.line, b)
	return nil
}

func waitNames() string {
	return "wait_exponential, wait_random_exponential, wait_exponential_jitter, wait_fixed, wait_random, wait_incrementing"
}

// tenacityStop reads stop_after_attempt(n), stop_after_delay(d) and their | (stop_any).
func tenacityStop(r *reader, b *builder, s *node) error {
	if s.kind == 'b' && (s.text == "|" || s.text == "or") {
		if err := tenacityStop(r, b, s.x); err != nil {
			return err
		}
		return tenacityStop(r, b, s.y)
	}
	if s.kind == 'i' && last(s.text) == "stop_never" {
		return nil
	}
	switch last(s.callee()) {
	case "stop_after_attempt":
		x, ok := number(s.pos(0))
		if !ok {
			return r.notLiteral(s, "stop_after_attempt", "a whole number")
		}
		b.num("stop-after-attempt", x)
		return nil
	case "stop_after_delay":
		x, ok := seconds(s.pos(0), 1)
		if !ok {
			return r.notLiteral(s, "stop_after_delay", "a number of seconds or timedelta(...)")
		}
		b.num("stop-after-delay", x)
		return nil
	}
	return r.notLiteral(s, "tenacity stop=", "stop_after_attempt(n), stop_after_delay(d) or both joined by |")
}

// googleRetry reads google.api_core's Retry(initial=, maximum=, multiplier=, timeout=).
func googleRetry(r *reader, n *node) error {
	b := newBuilder("google-api-core")
	for i, key := range []string{"predicate", "initial", "maximum", "multiplier", "timeout"} {
		v := n.kw(key)
		if key == "timeout" && v == nil {
			v = n.kw("deadline")
		}
		if v == nil {
			v = n.pos(i)
		}
		if key == "predicate" || v == nil {
			continue
		}
		if key == "timeout" && v.kind == 'i' && v.text == "None" {
			b.text("timeout", "none")
			continue
		}
		x, ok := number(v)
		if !ok {
			return r.notLiteral(v, "Retry "+key, "a number")
		}
		b.num(key, x)
	}
	r.add(n.line, b)
	return nil
}

// celeryTask reads a Celery task decorator's retry options; a task without any is not a retry
// configuration.
func celeryTask(r *reader, n *node) error {
	keys := []string{"autoretry_for", "retry_kwargs", "retry_backoff", "retry_backoff_max", "retry_jitter", "max_retries", "default_retry_delay"}
	any := false
	for _, k := range keys {
		if n.kw(k) != nil {
			any = true
		}
	}
	if !any {
		return nil
	}
	b := newBuilder("celery")
	if v := n.kw("retry_backoff"); v != nil {
		if on, ok := boolean(v); ok {
			b.text("retry-backoff", map[bool]string{true: "true", false: "false"}[on])
		} else if x, ok := number(v); ok {
			b.num("retry-backoff", x)
		} else {
			return r.notLiteral(v, "retry_backoff", "True, False or a number of seconds")
		}
	}
	if v := n.kw("retry_jitter"); v != nil {
		on, ok := boolean(v)
		if !ok {
			return r.notLiteral(v, "retry_jitter", "True or False")
		}
		b.text("retry-jitter", map[bool]string{true: "true", false: "false"}[on])
	}
	kwargs := n.kw("retry_kwargs")
	for _, k := range []string{"retry_backoff_max", "max_retries", "default_retry_delay"} {
		v := n.kw(k)
		if v == nil && k == "max_retries" && kwargs != nil && kwargs.kind == 'o' {
			v = kwargs.kw("max_retries")
		}
		if v == nil {
			continue
		}
		if v.kind == 'i' && v.text == "None" && k == "max_retries" {
			return r.errAt(v.line, "max_retries=None retries forever; give a number of retries")
		}
		x, ok := seconds(v, 1)
		if !ok || math.IsInf(x, 0) {
			return r.notLiteral(v, k, "a number")
		}
		b.num(strings.ReplaceAll(k, "_", "-"), x)
	}
	r.add(n.line, b)
	return nil
}
