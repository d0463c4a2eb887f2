package configin

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// k8s reads a wait.Backoff literal: fields left out are Go's zero values, and a literal equal to
// client-go's DefaultRetry or DefaultBackoff is that preset.
func (g *goFile) k8s(c *ast.CompositeLit, f map[string]ast.Expr) error {
	b := newBuilder("k8s")
	vals := map[string]float64{}
	for _, p := range []struct {
		field, flag string
		dur         bool
	}{{"Duration", "duration", true}, {"Factor", "factor", false}, {"Jitter", "jitter", false}, {"Steps", "steps", false}, {"Cap", "cap", true}} {
		e, ok := f[p.field]
		if !ok {
			if p.field == "Steps" {
				return g.r.errAt(g.line(c), "wait.Backoff without Steps: Steps 0 never calls the condition; write Steps: N")
			}
			vals[p.flag] = 0
			continue
		}
		var x float64
		if p.dur {
			x, ok = g.dur(e)
		} else {
			x, ok = g.num(e)
		}
		if !ok {
			return g.refuse(e, "wait.Backoff "+p.field, "a constant")
		}
		vals[p.flag] = x
	}
	for _, preset := range []struct {
		name                    string
		dur, factor, jit, steps float64
	}{{"default-retry", 0.01, 1, 0.1, 5}, {"default-backoff", 0.01, 5, 0.1, 4}} {
		if vals["duration"] == preset.dur && vals["factor"] == preset.factor && vals["jitter"] == preset.jit && vals["steps"] == preset.steps && vals["cap"] == 0 {
			b.text("preset", preset.name)
			g.r.add(g.line(c), b)
			return nil
		}
	}
	b.text("preset", "none")
	for _, flag := range []string{"duration", "factor", "jitter", "steps"} {
		b.num(flag, vals[flag])
	}
	if vals["cap"] != 0 {
		b.num("cap", vals["cap"])
	}
	g.r.add(g.line(c), b)
	return nil
}

// temporal reads a temporal.RetryPolicy; fields left out take the server's defaults.
func (g *goFile) temporal(c *ast.CompositeLit, scheduleToClose ast.Expr) error {
	b := newBuilder("temporal")
	f := fields(c)
	if e, ok := f["InitialInterval"]; ok {
		if err := g.setDur(b, "initial-interval", e, "RetryPolicy InitialInterval"); err != nil {
			return err
		}
	} else {
		b.defaulted("RetryPolicy InitialInterval left out: 1s")
	}
	if e, ok := f["BackoffCoefficient"]; ok {
		if err := g.setNum(b, "backoff-coefficient", e, "RetryPolicy BackoffCoefficient"); err != nil {
			return err
		}
	} else {
		b.defaulted("RetryPolicy BackoffCoefficient left out: 2.0")
	}
	if e, ok := f["MaximumInterval"]; ok {
		if err := g.setDur(b, "maximum-interval", e, "RetryPolicy MaximumInterval"); err != nil {
			return err
		}
	}
	if e, ok := f["MaximumAttempts"]; ok {
		if err := g.setNum(b, "maximum-attempts", e, "RetryPolicy MaximumAttempts"); err != nil {
			return err
		}
	}
	if scheduleToClose != nil {
		if err := g.setDur(b, "schedule-to-close-timeout", scheduleToClose, "ActivityOptions ScheduleToCloseTimeout"); err != nil {
			return err
		}
	}
	g.r.add(g.line(c), b)
	return nil
}

func (g *goFile) retryableFields(b *builder, f map[string]ast.Expr) error {
	for _, p := range []struct{ field, flag string }{{"RetryWaitMin", "retry-wait-min"}, {"RetryWaitMax", "retry-wait-max"}} {
		if e, ok := f[p.field]; ok {
			if err := g.setDur(b, p.flag, e, "retryablehttp "+p.field); err != nil {
				return err
			}
		}
	}
	if e, ok := f["RetryMax"]; ok {
		if err := g.setNum(b, "retry-max", e, "retryablehttp RetryMax"); err != nil {
			return err
		}
	}
	if e, ok := f["Backoff"]; ok {
		switch sel(e) {
		case "retryablehttp.DefaultBackoff":
			b.text("backoff", "default")
		case "retryablehttp.LinearJitterBackoff":
			b.text("backoff", "linear-jitter")
		default:
			return g.refuse(e, "retryablehttp Backoff", "retryablehttp.DefaultBackoff or retryablehttp.LinearJitterBackoff")
		}
	}
	return nil
}

// assign reads client.RetryMax = 4 and friends after retryablehttp.NewClient().
func (g *goFile) assign(a *ast.AssignStmt, handled map[ast.Node]bool) error {
	if len(a.Rhs) != 1 || len(a.Lhs) != 1 {
		return nil
	}
	call, ok := a.Rhs[0].(*ast.CallExpr)
	if !ok || sel(call.Fun) != "retryablehttp.NewClient" {
		return nil
	}
	client := sel(a.Lhs[0])
	f := map[string]ast.Expr{}
	ast.Inspect(g.file, func(n ast.Node) bool {
		if s, ok := n.(*ast.AssignStmt); ok && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			if se, ok := s.Lhs[0].(*ast.SelectorExpr); ok && sel(se.X) == client {
				f[se.Sel.Name] = s.Rhs[0]
			}
		}
		return true
	})
	b := newBuilder("retryablehttp")
	if err := g.retryableFields(b, f); err != nil {
		return err
	}
	handled[call] = true
	g.r.add(g.line(a), b)
	return nil
}

// aws reads retry.NewStandard(func(o *retry.StandardOptions) { o.X = ... }); the version comment
// written by backoffctl, or AWS_NEW_RETRIES_2026, picks --sdk-version.
func (g *goFile) aws(c *ast.CallExpr, wrap func(b *builder) error) error {
	b := newBuilder("aws")
	for _, cg := range g.file.Comments {
		t := cg.Text()
		if m := regexp.MustCompile(`aws-sdk-go-v2 v(1\.\d+\.\d+)`).FindStringSubmatch(t); m != nil {
			b.text("sdk-version", m[1])
		}
	}
	for _, a := range c.Args {
		fn, ok := a.(*ast.FuncLit)
		if !ok || len(fn.Type.Params.List) != 1 || len(fn.Type.Params.List[0].Names) != 1 {
			return g.refuse(a, "retry.NewStandard option", "func(o *retry.StandardOptions) { o.MaxAttempts = N; ... }")
		}
		o := fn.Type.Params.List[0].Names[0].Name
		for _, st := range fn.Body.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				continue
			}
			se, ok := as.Lhs[0].(*ast.SelectorExpr)
			if !ok || sel(se.X) != o {
				continue
			}
			var err error
			switch se.Sel.Name {
			case "MaxAttempts":
				err = g.setNum(b, "max-attempts", as.Rhs[0], "StandardOptions MaxAttempts")
			case "MaxBackoff":
				err = g.setDur(b, "max-backoff", as.Rhs[0], "StandardOptions MaxBackoff")
			case "BaseDelay":
				err = g.setDur(b, "base-delay", as.Rhs[0], "StandardOptions BaseDelay")
			case "Backoff":
				err = g.refuse(as.Rhs[0], "StandardOptions Backoff", "no Backoff (a custom BackoffDelayer's waits are its own code)")
			}
			if err != nil {
				return err
			}
		}
	}
	if wrap != nil {
		if err := wrap(b); err != nil {
			return err
		}
	}
	g.r.add(g.line(c), b)
	return nil
}

// awsWrapped reads retry.AddWithMaxAttempts(retry.NewStandard(...), n) and
// AddWithMaxBackoffDelay(r, d), nested in any order.
func (g *goFile) awsWrapped(c *ast.CallExpr, handled map[ast.Node]bool) error {
	var wraps []*ast.CallExpr
	e := ast.Expr(c)
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 && sel(call.Fun) != "retry.NewStandard" {
			return g.refuse(e, "aws retryer", "retry.NewStandard(...) inside retry.AddWithMaxAttempts / AddWithMaxBackoffDelay")
		}
		handled[call] = true
		switch sel(call.Fun) {
		case "retry.NewStandard":
			return g.aws(call, func(b *builder) error {
				for i := len(wraps) - 1; i >= 0; i-- {
					w := wraps[i]
					if len(w.Args) != 2 {
						return g.refuse(w, sel(w.Fun), "the retryer and one value")
					}
					var err error
					if sel(w.Fun) == "retry.AddWithMaxAttempts" {
						err = g.setNum(b, "max-attempts", w.Args[1], "AddWithMaxAttempts")
					} else {
						err = g.setDur(b, "max-backoff", w.Args[1], "AddWithMaxBackoffDelay")
					}
					if err != nil {
						return err
					}
				}
				return nil
			})
		case "retry.AddWithMaxAttempts", "retry.AddWithMaxBackoffDelay":
			wraps = append(wraps, call)
			e = call.Args[0]
		default:
			return g.refuse(call, "aws retryer", "retry.NewStandard(...) inside retry.AddWithMaxAttempts / AddWithMaxBackoffDelay")
		}
	}
}

// goRetry reads sethvargo/go-retry's backoff wrapped in middlewares, outermost first, as --with.
func (g *goFile) goRetry(c *ast.CallExpr, handled map[ast.Node]bool) error {
	b := newBuilder("go-retry")
	var with []string
	e := ast.Expr(c)
	for hops := 0; ; hops++ {
		call, ok := e.(*ast.CallExpr)
		if !ok {
			if id, ok := e.(*ast.Ident); ok && hops < 20 {
				if v, ok := g.assigned(id.Name, id.Pos()); ok {
					e = v
					continue
				}
			}
			return g.refuse(e, "go-retry backoff", "retry.NewExponential(d) (or NewConstant, NewFibonacci) wrapped in its middlewares")
		}
		handled[call] = true
		name := sel(call.Fun)
		argc := 2 // the value and the backoff it wraps
		if name == "retry.WithFullJitter" || strings.HasPrefix(name, "retry.New") {
			argc = 1
		}
		if len(call.Args) != argc {
			return g.refuse(call, name, "its arguments: the value and the backoff it wraps (one argument for New* and WithFullJitter)")
		}
		arg := func(i int) ast.Expr {
			if i < len(call.Args) {
				return call.Args[i]
			}
			return nil
		}
		durArg := func(i int, mw string) (string, error) {
			s, ok := g.dur(arg(i))
			if !ok {
				return "", g.refuse(arg(i), name, "a constant duration")
			}
			return mw + "=" + durText(s), nil
		}
		switch name {
		case "retry.NewExponential", "retry.NewConstant", "retry.NewFibonacci":
			b.text("backoff", strings.ToLower(strings.TrimPrefix(name, "retry.New")))
			if err := g.setDur(b, "base", arg(0), name); err != nil {
				return err
			}
			if len(with) > 0 {
				b.text("with", strings.Join(with, ","))
			}
			if k, ok := g.goRetryAt[call]; ok {
				g.r.found[k] = Found{File: g.r.file, Line: g.line(c), Strategy: b.strategy, Flags: b.flags, Defaults: b.defaults}
				return nil
			}
			g.goRetryAt[call] = len(g.r.found)
			g.r.add(g.line(c), b)
			return nil
		case "retry.WithMaxRetries", "retry.WithJitterPercent":
			n, ok := g.num(arg(0))
			if !ok {
				return g.refuse(arg(0), name, "a constant whole number")
			}
			mw := map[string]string{"retry.WithMaxRetries": "max-retries", "retry.WithJitterPercent": "jitter-percent"}[name]
			with = append(with, mw+"="+strconv.FormatFloat(n, 'f', 0, 64))
			e = arg(1)
		case "retry.WithJitter", "retry.WithCappedDuration", "retry.WithMaxDuration":
			mw := map[string]string{"retry.WithJitter": "jitter", "retry.WithCappedDuration": "capped-duration", "retry.WithMaxDuration": "max-duration"}[name]
			item, err := durArg(0, mw)
			if err != nil {
				return err
			}
			with = append(with, item)
			e = arg(1)
		case "retry.WithFullJitter":
			with = append(with, "full-jitter")
			e = arg(0)
		default:
			return g.refuse(call, "go-retry backoff", "retry.NewExponential(d) (or NewConstant, NewFibonacci) wrapped in its middlewares")
		}
		if e == nil {
			return g.refuse(call, name, "the backoff it wraps as its last argument")
		}
	}
}

// assigned is the expression a variable was last given with := or = before pos, for go-retry's
// b := retry.NewExponential(...); b = retry.WithMaxRetries(3, b).
func (g *goFile) assigned(name string, before token.Pos) (ast.Expr, bool) {
	var out ast.Expr
	ast.Inspect(g.file, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.End() < before {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == name {
				out = as.Rhs[0] // the last one before the use
			}
		}
		return true
	})
	return out, out != nil
}
