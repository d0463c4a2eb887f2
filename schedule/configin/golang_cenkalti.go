package configin

import (
	"go/ast"
	"math"
	"strings"
)

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
