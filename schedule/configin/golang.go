package configin

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// goFile is a Go source (or a snippet of statements) parsed with go/parser, with the file's
// constants for evaluating names.
type goFile struct {
	r      *reader
	fset   *token.FileSet
	offset int // lines added to wrap a snippet
	consts map[string]ast.Expr
	file   *ast.File
	// goRetryAt is the configuration each go-retry constructor call gave, so that a chain that
	// wraps it later (b = retry.WithMaxRetries(5, b)) replaces it.
	goRetryAt map[*ast.CallExpr]int
}

// readGo finds the configurations of the Go libraries: a whole file, declarations without a
// package clause, or bare statements.
func readGo(r *reader) error {
	g := &goFile{r: r, fset: token.NewFileSet(), consts: map[string]ast.Expr{}, goRetryAt: map[*ast.CallExpr]int{}}
	wraps := []struct {
		pre, post string
		lines     int
	}{{"", "", 0}, {"package p\n", "", 1}, {"package p\nfunc _() {\n", "\n}", 2}}
	var first error
	for _, w := range wraps {
		var err error
		g.file, err = parser.ParseFile(g.fset, r.file, w.pre+r.src+w.post, parser.ParseComments)
		if err == nil {
			g.offset = w.lines
			first = nil
			break
		}
		if first == nil || !strings.HasPrefix(strings.TrimSpace(r.src), "package") {
			first = err // a whole file's own error; a snippet's as statements
			if strings.HasPrefix(strings.TrimSpace(r.src), "package") {
				break
			}
			g.offset = w.lines
		}
	}
	if first != nil {
		if m := regexp.MustCompile(`:(\d+):\d+: (.*)`).FindStringSubmatch(first.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			line = min(max(line-g.offset, 1), strings.Count(r.src, "\n")+1)
			return r.errAt(line, "not Go source go/parser reads: %s", m[2])
		}
		return r.errAt(0, "not Go source go/parser reads")
	}
	for _, cg := range g.file.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//") {
				r.scanNotes(g.line(c), c.Text[2:])
			}
		}
	}
	ast.Inspect(g.file, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					g.consts[name.Name] = vs.Values[i]
				}
			}
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if _, lit := as.Rhs[i].(*ast.BasicLit); lit {
						g.consts[id.Name] = as.Rhs[i]
					}
				}
			}
		}
		return true
	})
	var failed error
	handled := map[ast.Node]bool{}
	ast.Inspect(g.file, func(n ast.Node) bool {
		if failed != nil || handled[n] {
			return false
		}
		var err error
		switch x := n.(type) {
		case *ast.CallExpr:
			err = g.call(x, handled)
		case *ast.CompositeLit:
			err = g.literal(x, handled)
		case *ast.AssignStmt:
			err = g.assign(x, handled)
		}
		if err != nil {
			failed = err
		}
		return true
	})
	return failed
}

func (g *goFile) line(n ast.Node) int {
	if n == nil {
		return 0
	}
	return g.fset.Position(n.Pos()).Line - g.offset
}

// sel is "pkg.Name" for a selector or an identifier's name.
func sel(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.SelectorExpr:
		return sel(x.X) + "." + x.Sel.Name
	case *ast.Ident:
		return x.Name
	case *ast.StarExpr:
		return sel(x.X)
	case *ast.UnaryExpr:
		return sel(x.X)
	case *ast.IndexExpr:
		return sel(x.X)
	}
	return ""
}

// src is a node's source text on one line, for messages.
func (g *goFile) src(e ast.Node) string {
	if e == nil {
		return "nothing"
	}
	start, end := g.fset.Position(e.Pos()).Offset, g.fset.Position(e.End()).Offset
	pre := [...]int{0, len("package p\n"), len("package p\nfunc _() {\n")}[g.offset]
	if start-pre < 0 || end-pre > len(g.r.src) || start > end {
		return "?"
	}
	return strings.Join(strings.Fields(g.r.src[start-pre:end-pre]), " ")
}

func (g *goFile) refuse(e ast.Node, what, instead string) error {
	line := g.line(e)
	return g.r.errAt(line, "%s: %s is not a literal the reader can evaluate; write %s", what, g.src(e), instead)
}

// num evaluates a constant expression: literals, + - * / << with parentheses, conversions such
// as time.Duration(x) and float64(x), the time package's units (in nanoseconds), and the file's
// constants.
func (g *goFile) num(e ast.Expr) (float64, bool) {
	return g.numDepth(e, 0)
}

var goUnits = map[string]float64{
	"time.Nanosecond": 1, "time.Microsecond": 1e3, "time.Millisecond": 1e6, "time.Second": 1e9,
	"time.Minute": 60e9, "time.Hour": 3600e9, "math.MaxInt64": math.MaxInt64,
}

func (g *goFile) numDepth(e ast.Expr, depth int) (float64, bool) {
	if depth > 20 {
		return 0, false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.INT || x.Kind == token.FLOAT {
			t := strings.ReplaceAll(x.Value, "_", "")
			if n, err := strconv.ParseInt(t, 0, 64); err == nil {
				return float64(n), true
			}
			f, err := strconv.ParseFloat(t, 64)
			return f, err == nil
		}
	case *ast.ParenExpr:
		return g.numDepth(x.X, depth+1)
	case *ast.UnaryExpr:
		v, ok := g.numDepth(x.X, depth+1)
		if x.Op == token.SUB {
			v = -v
		}
		return v, ok && (x.Op == token.SUB || x.Op == token.ADD)
	case *ast.BinaryExpr:
		a, ok1 := g.numDepth(x.X, depth+1)
		b, ok2 := g.numDepth(x.Y, depth+1)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case token.ADD:
			return a + b, true
		case token.SUB:
			if a == 1<<63 && b == 1 {
				return math.MaxInt64, true
			}
			return a - b, true
		case token.MUL:
			return a * b, true
		case token.QUO:
			return a / b, b != 0
		case token.SHL:
			return a * math.Pow(2, b), b >= 0 && b < 64
		}
	case *ast.CallExpr:
		switch sel(x.Fun) {
		case "time.Duration", "float64", "int", "int64", "uint", "int32":
			if len(x.Args) == 1 {
				return g.numDepth(x.Args[0], depth+1)
			}
		}
	case *ast.SelectorExpr, *ast.Ident:
		name := sel(x)
		if u, ok := goUnits[name]; ok {
			return u, true
		}
		if c, ok := g.consts[name]; ok {
			return g.numDepth(c, depth+1)
		}
	}
	return 0, false
}

// dur evaluates a time.Duration expression to seconds.
func (g *goFile) dur(e ast.Expr) (float64, bool) {
	ns, ok := g.num(e)
	if ns >= math.MaxInt64 {
		return math.Inf(1), ok
	}
	return math.Round(ns) / 1e9, ok
}

// fields is a composite literal's keyed fields.
func fields(c *ast.CompositeLit) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	for _, el := range c.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				out[k.Name] = kv.Value
			}
		}
	}
	return out
}

// setDur sets flag name from a duration field, refusing what is not a constant.
func (g *goFile) setDur(b *builder, name string, e ast.Expr, what string) error {
	s, ok := g.dur(e)
	if !ok {
		return g.refuse(e, what, "a constant duration such as 500 * time.Millisecond")
	}
	if math.IsInf(s, 1) {
		return g.refuse(e, what, "a duration within the flag's range")
	}
	b.num(name, s)
	return nil
}

func (g *goFile) setNum(b *builder, name string, e ast.Expr, what string) error {
	x, ok := g.num(e)
	if !ok {
		return g.refuse(e, what, "a number")
	}
	b.num(name, x)
	return nil
}

// literal reads the composite literals: cenkalti's ExponentialBackOff, wait.Backoff, grpc's
// backoff.Config, temporal.RetryPolicy (with its ActivityOptions), river.Config,
// retryablehttp.Client.
func (g *goFile) literal(c *ast.CompositeLit, handled map[ast.Node]bool) error {
	name := sel(c.Type)
	f := fields(c)
	switch {
	case name == "backoff.ExponentialBackOff":
		handled[c] = true
		return g.cenkalti(c, f, nil)
	case name == "wait.Backoff":
		return g.k8s(c, f)
	case name == "backoff.Config":
		b := newBuilder("grpc")
		for _, p := range []struct{ field, flag string }{{"BaseDelay", "base-delay"}, {"MaxDelay", "max-delay"}} {
			if e, ok := f[p.field]; ok {
				if err := g.setDur(b, p.flag, e, "backoff.Config "+p.field); err != nil {
					return err
				}
			} else {
				b.num(p.flag, 0)
				b.defaulted("backoff.Config " + p.field + " left out: 0")
			}
		}
		for _, p := range []struct{ field, flag string }{{"Multiplier", "multiplier"}, {"Jitter", "jitter"}} {
			if e, ok := f[p.field]; ok {
				if err := g.setNum(b, p.flag, e, "backoff.Config "+p.field); err != nil {
					return err
				}
			} else {
				b.num(p.flag, 0)
				b.defaulted("backoff.Config " + p.field + " left out: 0")
			}
		}
		g.r.add(g.line(c), b)
	case name == "grpc.ConnectParams":
		if e, ok := f["Backoff"]; ok && sel(e) == "backoff.DefaultConfig" {
			b := newBuilder("grpc")
			b.defaulted("backoff.DefaultConfig: grpc-go's 1s, 1.6, 0.2, 120s")
			g.r.add(g.line(c), b)
		}
	case name == "workflow.ActivityOptions":
		rp, ok := f["RetryPolicy"]
		if !ok {
			return nil
		}
		if u, ok := rp.(*ast.UnaryExpr); ok {
			rp = u.X
		}
		if lit, ok := rp.(*ast.CompositeLit); ok && sel(lit.Type) == "temporal.RetryPolicy" {
			handled[lit] = true
			return g.temporal(lit, f["ScheduleToCloseTimeout"])
		}
	case name == "temporal.RetryPolicy":
		return g.temporal(c, nil)
	case name == "river.Config" || name == "river.InsertOpts":
		b := newBuilder("river")
		if e, ok := f["MaxAttempts"]; ok {
			if err := g.setNum(b, "max-attempts", e, name+" MaxAttempts"); err != nil {
				return err
			}
		} else if name == "river.InsertOpts" {
			return nil
		} else {
			b.defaulted("river.Config MaxAttempts left out: River's default 25")
		}
		if rp, ok := f["RetryPolicy"]; ok && !(compositeOf(rp) != nil && sel(compositeOf(rp).Type) == "river.DefaultClientRetryPolicy") {
			return g.refuse(rp, "river.Config RetryPolicy", "&river.DefaultClientRetryPolicy{} (a custom policy's waits are its own code)")
		}
		g.r.add(g.line(c), b)
	case name == "retryablehttp.Client":
		b := newBuilder("retryablehttp")
		if err := g.retryableFields(b, f); err != nil {
			return err
		}
		g.r.add(g.line(c), b)
	}
	return nil
}

// call reads the constructor calls: cenkalti's Retry with options and NewConstantBackOff,
// NewExponentialBackOff, aws's retry.NewStandard, go-retry's middlewares, asynq.MaxRetry and
// grpc.WithDefaultServiceConfig.
func (g *goFile) call(c *ast.CallExpr, handled map[ast.Node]bool) error {
	name := sel(c.Fun)
	switch name {
	case "backoff.Retry", "backoff.RetryNotify", "backoff.RetryWithData":
		var opts []ast.Expr
		for _, a := range c.Args {
			if oc, ok := a.(*ast.CallExpr); ok && sel(oc.Fun) == "backoff.WithBackOff" && len(oc.Args) == 1 {
				if lit := compositeOf(oc.Args[0]); lit != nil && sel(lit.Type) == "backoff.ExponentialBackOff" {
					opts = c.Args
					handled[lit] = true
					return g.cenkalti(lit, fields(lit), opts)
				}
				if nc, ok := oc.Args[0].(*ast.CallExpr); ok && sel(nc.Fun) == "backoff.NewExponentialBackOff" && len(nc.Args) == 0 {
					// v5: the library's ExponentialBackOff with Retry's options
					handled[nc] = true
					b := newBuilder("cenkalti")
					b.text("major", "5")
					if err := g.retryOptions(b, c.Args); err != nil {
						return err
					}
					b.defaulted("NewExponentialBackOff(): the library's 500ms, 0.5, 1.5, 1m")
					if !b.has("max-elapsed-time") {
						b.defaulted("Retry without WithMaxElapsedTime: v5's default 15m")
					}
					g.r.add(g.line(c), b)
					return nil
				}
			}
		}
	case "backoff.NewConstantBackOff":
		if len(c.Args) != 1 {
			return nil
		}
		b := newBuilder("constant")
		if err := g.setDur(b, "wait", c.Args[0], "NewConstantBackOff"); err != nil {
			return err
		}
		lit := &ast.CompositeLit{}
		if n, ok := g.maxRetriesOf(lit); ok {
			b.num("attempts", n+1)
		}
		g.r.add(g.line(c), b)
	case "backoff.NewExponentialBackOff":
		b := newBuilder("cenkalti")
		b.text("major", g.cenkaltiMajor(nil, nil))
		// v4's options: backoff.WithInitialInterval(d) and friends.
		opts := map[string]string{
			"backoff.WithInitialInterval": "initial-interval", "backoff.WithRandomizationFactor": "randomization-factor",
			"backoff.WithMultiplier": "multiplier", "backoff.WithMaxInterval": "max-interval", "backoff.WithMaxElapsedTime": "max-elapsed-time",
		}
		for _, a := range c.Args {
			oc, ok := a.(*ast.CallExpr)
			flag := ""
			if ok {
				flag = opts[sel(oc.Fun)]
			}
			if flag == "" || len(oc.Args) != 1 {
				return g.refuse(a, "NewExponentialBackOff option", "backoff.WithInitialInterval(d), WithRandomizationFactor(f), WithMultiplier(m), WithMaxInterval(d) or WithMaxElapsedTime(d)")
			}
			var err error
			if flag == "randomization-factor" || flag == "multiplier" {
				err = g.setNum(b, flag, oc.Args[0], sel(oc.Fun))
			} else {
				err = g.setDur(b, flag, oc.Args[0], sel(oc.Fun))
			}
			if err != nil {
				return err
			}
		}
		if n, ok := g.maxRetriesOf(nil); ok {
			b.num("max-retries", n)
		}
		b.defaulted("NewExponentialBackOff: the library's defaults for what its options leave out (500ms, 0.5, 1.5, 1m, 15m)")
		g.r.add(g.line(c), b)
	case "retry.NewStandard":
		return g.aws(c, nil)
	case "retry.AddWithMaxAttempts", "retry.AddWithMaxBackoffDelay":
		return g.awsWrapped(c, handled)
	case "retry.OnError", "retry.RetryOnConflict":
		if len(c.Args) == 0 {
			return nil
		}
		preset := map[string]string{"retry.DefaultRetry": "default-retry", "retry.DefaultBackoff": "default-backoff"}[sel(c.Args[0])]
		if preset == "" {
			return nil // a wait.Backoff literal or variable: read where it is written
		}
		b := newBuilder("k8s")
		b.text("preset", preset)
		g.r.add(g.line(c), b)
	case "retry.WithMaxRetries", "retry.WithJitter", "retry.WithJitterPercent", "retry.WithFullJitter",
		"retry.WithCappedDuration", "retry.WithMaxDuration", "retry.NewExponential", "retry.NewConstant", "retry.NewFibonacci":
		return g.goRetry(c, handled)
	case "asynq.MaxRetry":
		b := newBuilder("asynq")
		if len(c.Args) != 1 {
			return nil
		}
		if err := g.setNum(b, "max-retry", c.Args[0], "asynq.MaxRetry"); err != nil {
			return err
		}
		g.r.add(g.line(c), b)
	case "grpc.WithDefaultServiceConfig":
		if len(c.Args) != 1 {
			return nil
		}
		lit, ok := c.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return g.refuse(c.Args[0], "grpc.WithDefaultServiceConfig", "the service config as a string literal")
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil {
			return g.refuse(lit, "grpc.WithDefaultServiceConfig", "a string literal")
		}
		return readServiceConfig(g.r, text, g.line(lit))
	}
	return nil
}

func compositeOf(e ast.Expr) *ast.CompositeLit {
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	c, _ := e.(*ast.CompositeLit)
	return c
}
