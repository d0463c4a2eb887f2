package configin

import "strings"

// readElixir finds Oban workers: use Oban.Worker, max_attempts: n (Oban's default 20), and jobs
// built with Worker.new(args, max_attempts: n). A worker that defines its own backoff/1 is
// refused: its waits are the application's code.
func readElixir(r *reader) error {
	r.scanLineComments("#")
	toks := lex(r.src, []string{"#"}, false)
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].text == "def" && toks[i+1].text == "backoff" {
			return r.errAt(toks[i].line, "def backoff: this worker computes its own waits; backoffctl models Oban.Worker's default backoff/1 (remove it to compare with the default)")
		}
	}
	// MyWorker.new(args, max_attempts: 5): a job's own max_attempts.
	err := calls(toks, func(name string) bool { return strings.HasSuffix(name, ".new") }, func(_ string, n *node) error {
		v := n.kw("max_attempts")
		if v == nil {
			return nil
		}
		x, ok := number(v)
		if !ok {
			return r.notLiteral(v, "max_attempts", "a whole number")
		}
		b := newBuilder("oban")
		b.num("max-attempts", x)
		r.add(n.line, b)
		return nil
	})
	if err != nil {
		return err
	}
	return statements(toks, func(p *tparser) error {
		t := p.peek()
		if t.text != "use" {
			return nil
		}
		name, j := dotted(p.toks, p.i+1)
		if name != "Oban.Worker" {
			return nil
		}
		p.i = j
		args := p.commandArgs()
		n := &node{kind: 'c', args: args}
		b := newBuilder("oban")
		if v := n.kw("max_attempts"); v != nil {
			x, ok := number(v)
			if !ok {
				return r.notLiteral(v, "max_attempts", "a whole number")
			}
			b.num("max-attempts", x)
		} else {
			b.defaulted("max_attempts left out: Oban's default 20")
		}
		r.add(t.line, b)
		return nil
	})
}
