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

func (g *goFile) src(e ast.Node) string {
	if e == nil {
		return "nothing"
	}
	start, end := g.fset.Position(e.Pos()).Offset, g.fset.Position(e.End()).Offset
	full := g.fset.File(e.Pos())
	_ = full
	text := ""
	if f := g.fset.File(e.Pos()); f != nil {
		_ = f
	}
	src := g.r.src
	pre := [...]int{0, len("package p\n"), len("package p\nfunc _() {\n")}[g.offset]
	if start-pre >= 0 && end-pre <= len(src) && start <= end {
		text = src[start-pre : end-pre]
	}
	return strings.Join(strings.Fields(text), " ")
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

// lastPart is the name after the last dot: backoff.Config -> Config.
func lastPart(s string) string { return s[strings.LastIndex(s, ".")+1:] }

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

// cenkalti reads an ExponentialBackOff literal, with the Retry options around it when given.
func (g *goFile) cenkalti(c *ast.CompositeLit, f map[string]ast.Expr, opts []ast.Expr) error {
	b := newBuilder("cenkalti")
	major := g.cenkaltiMajor(f, opts)
	b.text("major", major)
	type fd struct{ field, flag string }
	if e, ok := f["MaxInterval"]; ok && major == "4" {
		if s, ok := g.dur(e); ok && math.IsInf(s, 1) {
			return g.uncappedExponential(c, f)
		}
	}
	for _, p := range []fd{{"InitialInterval", "initial-interval"}, {"MaxInterval", "max-interval"}} {
		if e, ok := f[p.field]; ok {
			if err := g.setDur(b, p.flag, e, "ExponentialBackOff "+p.field); err != nil {
				return err
			}
		} else {
			b.num(p.flag, 0)
			b.defaulted("ExponentialBackOff " + p.field + " left out: 0")
		}
	}
	for _, p := range []fd{{"RandomizationFactor", "randomization-factor"}, {"Multiplier", "multiplier"}} {
		if e, ok := f[p.field]; ok {
			if err := g.setNum(b, p.flag, e, "ExponentialBackOff "+p.field); err != nil {
				return err
			}
		} else {
			b.num(p.flag, 0)
			b.defaulted("ExponentialBackOff " + p.field + " left out: 0")
		}
	}
	if e, ok := f["MaxInterval"]; ok && major == "4" {
		if s, ok := g.dur(e); ok && math.IsInf(s, 1) {
			return g.uncappedExponential(c, f)
		}
	}
	if e, ok := f["MaxElapsedTime"]; ok {
		if err := g.setDur(b, "max-elapsed-time", e, "ExponentialBackOff MaxElapsedTime"); err != nil {
			return err
		}
	} else if major == "4" {
		b.num("max-elapsed-time", 0)
		b.defaulted("ExponentialBackOff MaxElapsedTime left out: 0 (never)")
	}
	if err := g.retryOptions(b, opts); err != nil {
		return err
	}
	if major == "5" && !b.has("max-elapsed-time") {
		b.defaulted("Retry without WithMaxElapsedTime: v5's default 15m")
	}
	if n, ok := g.maxRetriesOf(c); ok {
		b.num("max-retries", n)
	}
	g.r.add(g.line(c), b)
	return nil
}

// uncappedExponential is a v4 ExponentialBackOff whose MaxInterval is the largest Duration (no
// cap), MaxElapsedTime 0 and WithMaxRetries: the exponential curve with its symmetric jitter, as
// config prints it (cenkalti's own --max-interval stops at 100 years).
func (g *goFile) uncappedExponential(c *ast.CompositeLit, f map[string]ast.Expr) error {
	b := newBuilder("exponential")
	if e, ok := f["MaxElapsedTime"]; ok {
		if s, ok := g.dur(e); !ok || s != 0 {
			return g.refuse(e, "ExponentialBackOff MaxElapsedTime with no MaxInterval cap", "MaxElapsedTime: 0, or a MaxInterval of at most 100 years")
		}
	}
	if e, ok := f["InitialInterval"]; ok {
		if err := g.setDur(b, "base", e, "ExponentialBackOff InitialInterval"); err != nil {
			return err
		}
	}
	if e, ok := f["Multiplier"]; ok {
		if err := g.setNum(b, "factor", e, "ExponentialBackOff Multiplier"); err != nil {
			return err
		}
	}
	if e, ok := f["RandomizationFactor"]; ok {
		x, ok := g.num(e)
		if !ok {
			return g.refuse(e, "ExponentialBackOff RandomizationFactor", "a number")
		}
		if x != 0 {
			b.text("jitter", "sym")
			b.num("jitter-factor", x)
		}
	}
	n, ok := g.maxRetriesOf(c)
	if !ok {
		return g.r.errAt(g.line(c), "ExponentialBackOff with no MaxInterval cap, no MaxElapsedTime and no WithMaxRetries never ends; wrap it in backoff.WithMaxRetries(b, n)")
	}
	b.num("attempts", n+1)
	g.r.add(g.line(c), b)
	return nil
}

// retryOptions reads v5 Retry's WithMaxElapsedTime and WithMaxTries.
func (g *goFile) retryOptions(b *builder, opts []ast.Expr) error {
	for _, o := range opts {
		call, ok := o.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			continue
		}
		switch sel(call.Fun) {
		case "backoff.WithMaxElapsedTime":
			if err := g.setDur(b, "max-elapsed-time", call.Args[0], "WithMaxElapsedTime"); err != nil {
				return err
			}
		case "backoff.WithMaxTries":
			if err := g.setNum(b, "max-tries", call.Args[0], "WithMaxTries"); err != nil {
				return err
			}
		}
	}
	return nil
}

// cenkaltiMajor is 4 or 5: the import path, else v4's fields (Stop, Clock, MaxElapsedTime in
// the struct) or v5's Retry options.
func (g *goFile) cenkaltiMajor(f map[string]ast.Expr, opts []ast.Expr) string {
	for _, im := range g.file.Imports {
		switch strings.Trim(im.Path.Value, "\"`") {
		case "github.com/cenkalti/backoff/v4", "github.com/cenkalti/backoff/v3", "github.com/cenkalti/backoff":
			return "4"
		case "github.com/cenkalti/backoff/v5":
			return "5"
		}
	}
	for _, cg := range g.file.Comments {
		if strings.Contains(cg.Text(), "github.com/cenkalti/backoff/v4") {
			return "4"
		}
	}
	_, stop := f["Stop"]
	_, clock := f["Clock"]
	_, elapsed := f["MaxElapsedTime"]
	if stop || clock || elapsed || len(opts) == 0 && g.hasCall("backoff.WithMaxRetries") {
		return "4"
	}
	return "5"
}

func (g *goFile) hasCall(name string) bool {
	found := false
	ast.Inspect(g.file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && sel(c.Fun) == name {
			found = true
		}
		return !found
	})
	return found
}

// maxRetriesOf is N of a backoff.WithMaxRetries(b, N) in the file (v4), whose first argument is
// the literal or the variable it was assigned to.
func (g *goFile) maxRetriesOf(c *ast.CompositeLit) (float64, bool) {
	var n float64
	found := false
	ast.Inspect(g.file, func(x ast.Node) bool {
		call, ok := x.(*ast.CallExpr)
		if !ok || sel(call.Fun) != "backoff.WithMaxRetries" || len(call.Args) != 2 {
			return true
		}
		n, found = g.num(call.Args[1])
		return false
	})
	return n, found
}

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
