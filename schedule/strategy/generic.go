package strategy

import (
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/generic"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// curve is one generic curve: its own parameters and how to build it. A new curve is a file in
// schedule/generic, one line here and its line in the registry's catalog.
type curve struct {
	name, summary, formula string
	brief                  string // Def.Brief
	params                 []param.Spec
	new                    func(v *param.Values) generic.Curve
}

func curves() []curve {
	return []curve{
		{"constant", "Generic constant wait", "d(k) = wait", "the same wait each time", []param.Spec{duration("wait", time.Second, "the wait after every attempt")},
			func(v *param.Values) generic.Curve { return generic.Constant{Wait: v.Num("wait")} }},
		{"linear", "Generic linear backoff", "d(k) = base + (k-1)*increment", "base + (k-1)*increment", []param.Spec{base(), duration("increment", time.Second, "added to the wait after each attempt")},
			func(v *param.Values) generic.Curve {
				return generic.Linear{Base: v.Num("base"), Increment: v.Num("increment")}
			}},
		{"exponential", "Generic exponential backoff", "d(k) = base * factor^(k-1)", "base * factor^(k-1)", []param.Spec{base(), factor()},
			func(v *param.Values) generic.Curve {
				return generic.Exponential{Base: v.Num("base"), Factor: v.Num("factor")}
			}},
		{"fibonacci", "Generic Fibonacci backoff", "d(k) = base * F(k), F = 1, 1, 2, 3, 5, ...", "base * Fibonacci(k)", []param.Spec{base()},
			func(v *param.Values) generic.Curve { return generic.Fibonacci{Base: v.Num("base")} }},
	}
}

func duration(name string, def time.Duration, doc string) param.Spec {
	return param.Wait(name, def, 0, param.MaxDuration, doc)
}

func base() param.Spec { return duration("base", time.Second, "the first wait") }

func factor() param.Spec {
	return param.Spec{Name: "factor", Kind: param.Float, Doc: "multiplier between waits", Default: param.Number(2), Min: 1, Max: 1000}
}

// genericRules are the parameters every generic curve shares, after its own.
func genericRules() []param.Spec {
	return []param.Spec{
		param.Cap(""),
		param.Choice("cap-order", generic.CapThenJitter, generic.CapOrders, "where the cap applies: to the nominal wait before jitter, or to the jittered wait"),
		param.Choice("jitter", generic.None, generic.Models, "jitter model: full U(0,d), equal d/2+U(0,d/2), sym d*U(1-f,1+f), add d*U(1,1+f), band d*U(1-f,1)"),
		{Name: "jitter-factor", Kind: param.Float, Doc: "f of the sym, add and band models (sym and band: at most 1)", Default: param.Number(0.5), Min: 0, Max: 100},
		param.MaxElapsed(),
		param.JobDuration(),
	}
}

// genericDef returns the constructor of the generic curve named name (one of curves()).
func genericDef(name string) func() Def {
	return func() Def {
		for _, c := range curves() {
			if c.name == name {
				return curveDef(c)
			}
		}
		panic("strategy: no generic curve " + name)
	}
}

// curveDef is the strategy of a generic curve: its own parameters, then the shared rules.
func curveDef(c curve) Def {
	return Def{
		Name:    c.name,
		Group:   Generic,
		Summary: c.summary + ": " + c.formula,
		Brief:   c.brief,
		Source: c.formula + " after attempt k, then the jitter model and the cap in --cap-order, ended by --attempts " +
			"or --max-elapsed. Jitter models as AWS's \"Exponential Backoff And Jitter\" (full, equal) and the libraries " +
			"that use them (sym: cenkalti, gRPC; add: ActiveJob, k8s; band: BullMQ).",
		Example: "  backoffctl table " + c.name + " --attempts 8\n" +
			"  backoffctl table " + c.name + " --cap 30s --jitter full --attempts 10 --envelope\n" +
			"  backoffctl table " + c.name + " --jitter sym --jitter-factor 0.2 --max-elapsed 2m --percentiles 50,99 --seed 1",
		Window: "1m",
		Params: append(append([]param.Spec{param.Attempts(5, "attempts in all, including the first")}, c.params...), genericRules()...),
		Count:  "attempts",
		Stream: draw.Own,
		Config: curveConfig(c.name),
		New: func(v *param.Values) (schedule.Strategy, error) {
			if err := checkJitter(v); err != nil {
				return nil, err
			}
			cv := c.new(v)
			cfg := rulesOf(v)
			cfg.Name, cfg.Waits, cfg.Curve, cfg.Params = c.name, generic.Waits(cv), cv, paramsOf(v)
			return generic.Compose(cfg), nil
		},
	}
}

func decorrelated() Def {
	return Def{
		Name:    "decorrelated",
		Group:   Generic,
		Summary: "AWS decorrelated jitter: w = min(cap, U(base, 3*w_prev))",
		Library: "AWS blog",
		Version: "2015",
		Brief:   "min(cap, U(base, 3*prev))",
		Source: "AWS Architecture Blog, \"Exponential Backoff And Jitter\" (2015): sleep = min(cap, random_between(base, sleep*3)), " +
			"sleep starting at base. Each wait's range depends on the previous draw.",
		Example: `  backoffctl table decorrelated --base 1s --cap 30s --attempts 10
  backoffctl table decorrelated --base 100ms --cap 10s --attempts 12 --envelope
  backoffctl table decorrelated --base 1s --cap 1m --attempts 20 --percentiles 50,95,99 --seed 1`,
		Window: "1m",
		Params: []param.Spec{
			param.Attempts(5, "attempts in all, including the first"),
			base(),
			// 20s, the longest wait of the AWS SDKs' standard retry mode (aws-sdk-go-v2 MaxBackoff,
			// the aws preset's --max-backoff): the blog's formula comes without a cap of its own.
			param.Wait("cap", 20*time.Second, 0, param.MaxDuration, "longest wait (more than 0; 20s as the AWS SDKs' MaxBackoff)"),
			param.MaxElapsed(),
			param.JobDuration(),
		},
		Count:  "attempts",
		Stream: draw.Own,
		Config: decorrelatedConfig,
		New: func(v *param.Values) (schedule.Strategy, error) {
			if v.Num("cap") <= 0 {
				return nil, param.BadInput("decorrelated's --cap must be more than 0 (the longest wait; default 20s), got 0s")
			}
			d := generic.Decorrelated{Base: v.Num("base"), Cap: v.Num("cap")}
			attempts, limit, job := v.Int("attempts"), v.Num("max-elapsed"), v.Num("job-duration")
			return generic.Compose(generic.Config{
				Name: "decorrelated", Params: paramsOf(v), Waits: d.Policy(), Jitter: generic.None,
				Attempts: attempts, MaxElapsed: limit, JobDuration: job,
				Bounds: func() []schedule.Bounds { return d.Envelope(attempts, limit, job) },
			}), nil
		},
	}
}

// checkJitter refuses a jitter factor the model does not take or outside its range, and a cap
// order without a cap.
func checkJitter(v *param.Values) error {
	model := v.Text("jitter")
	if v.Changed("jitter-factor") {
		if !generic.TakesFactor(model) {
			return param.BadInput("--jitter-factor applies to --jitter sym, add or band, not %s", model)
		}
		if f, hi := v.Num("jitter-factor"), generic.FactorMax(model); f > hi {
			return param.BadInput("--jitter-factor must be in [0, %s] for --jitter %s, got %s", param.FormatNumber(hi), model, param.FormatNumber(f))
		}
	}
	if v.Changed("cap-order") && v.Num("cap") == 0 {
		return param.BadInput("--cap-order applies with --cap")
	}
	return nil
}

// rulesOf reads the shared rules.
func rulesOf(v *param.Values) generic.Config {
	return generic.Config{
		Cap: v.Num("cap"), CapOrder: v.Text("cap-order"), Jitter: v.Text("jitter"), JitterFactor: v.Num("jitter-factor"),
		Attempts: v.Int("attempts"), MaxElapsed: v.Num("max-elapsed"), JobDuration: v.Num("job-duration"),
	}
}

// paramsOf lists parameter values for the JSON parameters object: snake_case names, durations in
// seconds under a _seconds name, the jitter factor only for models that take one.
func paramsOf(v *param.Values) []schedule.Param {
	var out []schedule.Param
	for _, s := range v.Specs() {
		if s.Name == "jitter-factor" && !generic.TakesFactor(v.Text("jitter")) || s.Deprecated != nil {
			continue
		}
		name := strings.ReplaceAll(s.Name, "-", "_")
		switch {
		case s.IsSwitch():
			out = append(out, schedule.Param{Name: name, Value: v.On(s.Name)})
		case s.Kind == param.Int:
			out = append(out, schedule.Param{Name: name, Value: v.Int(s.Name)})
		case s.Kind == param.Float:
			out = append(out, schedule.Param{Name: name, Value: v.Num(s.Name)})
		case s.Kind == param.Duration:
			out = append(out, schedule.Param{Name: name + "_seconds", Value: v.Num(s.Name)})
		default:
			out = append(out, schedule.Param{Name: name, Value: v.Text(s.Name)})
		}
	}
	return out
}
