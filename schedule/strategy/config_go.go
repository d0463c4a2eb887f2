package strategy

import (
	"fmt"
	"time"

	"github.com/backoffctl/backoffctl/schedule/generic"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

// cenkaltiConfig is github.com/cenkalti/backoff: v4.3.0's ExponentialBackOff literal (Stop and
// Clock must be set, and Reset called, as NewExponentialBackOff does) with WithMaxRetries, or
// v5.0.3's Retry options.
func cenkaltiConfig(v *param.Values) []string {
	fields := []string{
		indent + "InitialInterval:     " + goDur(v.Num("initial-interval")) + ",",
		indent + "RandomizationFactor: " + goFloat(v.Num("randomization-factor")) + ",",
		indent + "Multiplier:          " + goFloat(v.Num("multiplier")) + ",",
		indent + "MaxInterval:         " + goDur(v.Num("max-interval")) + ",",
	}
	var out []string
	if v.Text("major") == "4" {
		out = append(out, "b := &backoff.ExponentialBackOff{")
		out = append(out, fields...)
		out = append(out,
			indent+"MaxElapsedTime:      "+goDur(v.Num("max-elapsed-time"))+",",
			indent+"Stop:                backoff.Stop,",
			indent+"Clock:               backoff.SystemClock,",
			"}",
			"b.Reset()")
		if n := v.Int("max-retries"); n >= 0 {
			out = append(out, fmt.Sprintf("err := backoff.Retry(operation, backoff.WithMaxRetries(b, %d))", n))
		} else {
			out = append(out, "err := backoff.Retry(operation, b)")
		}
	} else {
		out = append(out, "result, err := backoff.Retry(ctx, operation,", indent+"backoff.WithBackOff(&backoff.ExponentialBackOff{")
		for _, f := range fields {
			out = append(out, indent+f)
		}
		out = append(out, indent+"}),", indent+"backoff.WithMaxElapsedTime("+goDur(v.Num("max-elapsed-time"))+"),")
		if n := v.Int("max-tries"); n > 0 {
			out = append(out, indent+fmt.Sprintf("backoff.WithMaxTries(%d),", n))
		}
		out = append(out, ")")
	}
	if n := v.Int("attempts"); n > 0 {
		out = append(out, rowsNote("//", "attempts", n, "the most rows of the table"))
	}
	return withNotes(v, "//", out...)
}

// k8sConfig is the wait.Backoff that runs: the preset's fields, each flag given overriding its own.
func k8sConfig(v *param.Values) []string {
	b := k8sPresets[v.Text("preset")]
	num := func(name string, preset float64) float64 {
		if v.Changed(name) {
			return v.Num(name)
		}
		return preset
	}
	out := []string{
		"backoff := wait.Backoff{",
		indent + "Duration: " + goDur(num("duration", b.Duration.Seconds())) + ",",
		indent + "Factor:   " + goFloat(num("factor", b.Factor)) + ",",
		indent + "Jitter:   " + goFloat(num("jitter", b.Jitter)) + ",",
		indent + fmt.Sprintf("Steps:    %d,", int(num("steps", float64(b.Steps)))),
	}
	if v.Num("cap") != 0 {
		out = append(out, indent+"Cap:      "+goDur(v.Num("cap"))+",")
	}
	out = append(out, "}", "err := retry.OnError(backoff, retriable, fn)")
	if p := v.Text("preset"); p != "none" && !v.Changed("duration") && !v.Changed("factor") && !v.Changed("jitter") &&
		!v.Changed("steps") && v.Num("cap") == 0 {
		name := map[string]string{"default-retry": "retry.DefaultRetry", "default-backoff": "retry.DefaultBackoff"}[p]
		out = append(out, "// the same as "+name)
	}
	return withNotes(v, "//", out...)
}

// awsConfig is aws-sdk-go-v2's retry.NewStandard with its options.
func awsConfig(v *param.Values) []string {
	version, on, err := awsVersion(v)
	if err != nil {
		return []string{"— (" + err.Error() + ")"}
	}
	out := []string{
		"// github.com/aws/aws-sdk-go-v2 v" + version,
		"retryer := retry.NewStandard(func(o *retry.StandardOptions) {",
		indent + fmt.Sprintf("o.MaxAttempts = %d", v.Int("max-attempts")),
		indent + "o.MaxBackoff = " + goDur(v.Num("max-backoff")),
	}
	if on && v.Num("base-delay") != 0 && param.Dur(v.Num("base-delay")) != 50*time.Millisecond { // 0 and 50ms: the default
		out = append(out, indent+"o.BaseDelay = "+goDur(v.Num("base-delay")))
	}
	out = append(out, "})")
	if version == awsLegacy && on {
		out = append(out, "// with AWS_NEW_RETRIES_2026=true in the environment")
	}
	if v.On("throttle") {
		out = append(out, "// --throttle: the error is a throttling error (base 1s); a property of the error, not a setting")
	}
	return withNotes(v, "//", out...)
}

// goRetryConfig is sethvargo/go-retry's backoff wrapped in its middlewares.
func goRetryConfig(v *param.Values) []string {
	ms, _ := presets.ParseMiddlewares(v.Text("with"))
	name := map[string]string{"constant": "NewConstant", "exponential": "NewExponential", "fibonacci": "NewFibonacci"}[v.Text("backoff")]
	e := "retry." + name + "(" + goDur(v.Num("base")) + ")"
	ends := false
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		switch m.Kind {
		case "max-retries":
			e = fmt.Sprintf("retry.WithMaxRetries(%d, %s)", m.N, e)
			ends = true
		case "jitter":
			e = fmt.Sprintf("retry.WithJitter(%s, %s)", goDur(m.D.Seconds()), e)
		case "jitter-percent":
			e = fmt.Sprintf("retry.WithJitterPercent(%d, %s)", m.N, e)
		case "full-jitter":
			e = fmt.Sprintf("retry.WithFullJitter(%s)", e)
		case "capped-duration":
			e = fmt.Sprintf("retry.WithCappedDuration(%s, %s)", goDur(m.D.Seconds()), e)
		case "max-duration":
			e = fmt.Sprintf("retry.WithMaxDuration(%s, %s)", goDur(m.D.Seconds()), e)
			ends = true
		}
	}
	out := []string{"b := " + e, "err := retry.Do(ctx, b, fn)"}
	if !ends || v.Changed("attempts") {
		out = append(out, rowsNote("//", "attempts", v.Int("attempts"), "no max-retries or max-duration ends this backoff"))
		if ends {
			out[len(out)-1] = rowsNote("//", "attempts", v.Int("attempts"), "the most rows of the table")
		}
	}
	return withNotes(v, "//", out...)
}

// retryableHTTPConfig is hashicorp/go-retryablehttp's Client fields.
func retryableHTTPConfig(v *param.Values) []string {
	backoff := map[string]string{"default": "retryablehttp.DefaultBackoff", "linear-jitter": "retryablehttp.LinearJitterBackoff"}[v.Text("backoff")]
	return withNotes(v, "//",
		"client := retryablehttp.NewClient()",
		fmt.Sprintf("client.RetryMax = %d", v.Int("retry-max")),
		"client.RetryWaitMin = "+goDur(v.Num("retry-wait-min")),
		"client.RetryWaitMax = "+goDur(v.Num("retry-wait-max")),
		"client.Backoff = "+backoff)
}

// grpcConfig is grpc-go's connection backoff.Config, or with --mode rpc the service config's
// retryPolicy.
func grpcConfig(v *param.Values) []string {
	if v.Text("mode") == "rpc" {
		out := []string{
			"conn, err := grpc.NewClient(target, grpc.WithDefaultServiceConfig(`{",
			indent + `"methodConfig": [{`,
			indent + indent + `"name": [{"service": "your.Service"}],`,
			indent + indent + `"retryPolicy": {`,
			indent + indent + indent + fmt.Sprintf(`"maxAttempts": %d,`, v.Int("max-attempts")),
			indent + indent + indent + `"initialBackoff": ` + protoDur(v.Num("initial-backoff")) + ",",
			indent + indent + indent + `"maxBackoff": ` + protoDur(v.Num("max-backoff")) + ",",
			indent + indent + indent + `"backoffMultiplier": ` + param.FormatNumber(v.Num("backoff-multiplier")) + ",",
			indent + indent + indent + `"retryableStatusCodes": ["UNAVAILABLE"]`,
			indent + indent + "}",
			indent + "}]",
			"}`))",
		}
		if v.Int("max-attempts") > 5 {
			out = append(out, fmt.Sprintf("// grpc-go clamps maxAttempts %d to 5", v.Int("max-attempts")))
		}
		return withNotes(v, "//", out...)
	}
	return withNotes(v, "//",
		"conn, err := grpc.NewClient(target, grpc.WithConnectParams(grpc.ConnectParams{",
		indent+"Backoff: backoff.Config{",
		indent+indent+"BaseDelay:  "+goDur(v.Num("base-delay"))+",",
		indent+indent+"Multiplier: "+goFloat(v.Num("multiplier"))+",",
		indent+indent+"Jitter:     "+goFloat(v.Num("jitter"))+",",
		indent+indent+"MaxDelay:   "+goDur(v.Num("max-delay"))+",",
		indent+"},",
		"}))",
		rowsNote("//", "attempts", v.Int("attempts"), "grpc-go redials without end"))
}

// temporalConfig is the Go SDK's temporal.RetryPolicy in workflow.ActivityOptions.
func temporalConfig(v *param.Values) []string {
	out := []string{"ao := workflow.ActivityOptions{"}
	if v.Num("schedule-to-close-timeout") != 0 {
		out = append(out, indent+"ScheduleToCloseTimeout: "+goDur(v.Num("schedule-to-close-timeout"))+",")
	}
	out = append(out, indent+"RetryPolicy: &temporal.RetryPolicy{",
		indent+indent+"InitialInterval:    "+goDur(v.Num("initial-interval"))+",",
		indent+indent+"BackoffCoefficient: "+goFloat(v.Num("backoff-coefficient"))+",")
	if v.Num("maximum-interval") != 0 {
		out = append(out, indent+indent+"MaximumInterval:    "+goDur(v.Num("maximum-interval"))+",")
	}
	if n := v.Int("maximum-attempts"); n != 0 {
		out = append(out, indent+indent+fmt.Sprintf("MaximumAttempts:    %d,", n))
	}
	out = append(out, indent+"},", "}")
	if v.Num("schedule-to-close-timeout") == 0 {
		out = append(out, "// ActivityOptions also needs a StartToCloseTimeout (or ScheduleToCloseTimeout); it does not change the waits")
	}
	if v.Int("maximum-attempts") == 0 {
		out = append(out, rowsNote("//", "attempts", v.Int("attempts"), "MaximumAttempts 0 retries without end"))
	}
	return withNotes(v, "//", out...)
}

// riverConfig is riverqueue/river's client config.
func riverConfig(v *param.Values) []string {
	return withNotes(v, "//",
		"client, err := river.NewClient(riverpgxv5.New(dbPool), &river.Config{",
		indent+fmt.Sprintf("MaxAttempts: %d,", v.Int("max-attempts")),
		indent+"RetryPolicy: &river.DefaultClientRetryPolicy{},",
		"})")
}

// asynqConfig is hibiken/asynq's task option and the server's default delay function.
func asynqConfig(v *param.Values) []string {
	return withNotes(v, "//",
		fmt.Sprintf("info, err := client.Enqueue(task, asynq.MaxRetry(%d))", v.Int("max-retry")),
		"srv := asynq.NewServer(redisOpt, asynq.Config{RetryDelayFunc: asynq.DefaultRetryDelayFunc})")
}

// curveConfig is the closest library configuration of a generic curve, or "—" with the reason.
func curveConfig(name string) func(v *param.Values) []string {
	return func(v *param.Values) []string {
		switch name {
		case "exponential":
			return exponentialConfig(v)
		case "constant":
			return constantConfig(v)
		case "linear":
			return []string{"— no library reproduced here grows its wait linearly (retryablehttp's LinearJitterBackoff multiplies a jittered step by the attempt)"}
		}
		return []string{"— go-retry's NewFibonacci starts base, 2·base, 3·base: one term ahead of this curve"}
	}
}

// exponentialConfig is the exponential curve as github.com/cenkalti/backoff/v4 configures it,
// when that library computes the same waits: no jitter or its symmetric one, the cap on the
// interval before randomization, no elapsed-time limit (cenkalti checks it before the wait, not
// at the next start).
func exponentialConfig(v *param.Values) []string {
	model := v.Text("jitter")
	switch {
	case model != generic.None && model != generic.Sym:
		return []string{"— cenkalti/backoff, the closest library, draws only the symmetric jitter (--jitter sym), not " + model}
	case v.Num("max-elapsed") != 0:
		return []string{"— cenkalti/backoff checks MaxElapsedTime before the wait, not at the next start: no library setting gives --max-elapsed"}
	case v.Num("cap") != 0 && v.Text("cap-order") != generic.CapThenJitter:
		return []string{"— cenkalti/backoff caps the interval before the jitter: no library setting gives --cap-order " + v.Text("cap-order")}
	}
	f := 0.0
	if model == generic.Sym {
		f = v.Num("jitter-factor")
	}
	maxInterval := "time.Duration(1<<63 - 1), // no cap"
	if v.Num("cap") != 0 {
		maxInterval = goDur(v.Num("cap")) + ","
	}
	return withNotes(v, "//",
		"// github.com/cenkalti/backoff/v4",
		"b := &backoff.ExponentialBackOff{",
		indent+"InitialInterval:     "+goDur(v.Num("base"))+",",
		indent+"RandomizationFactor: "+goFloat(f)+",",
		indent+"Multiplier:          "+goFloat(v.Num("factor"))+",",
		indent+"MaxInterval:         "+maxInterval,
		indent+"MaxElapsedTime:      0,",
		indent+"Stop:                backoff.Stop,",
		indent+"Clock:               backoff.SystemClock,",
		"}",
		"b.Reset()",
		fmt.Sprintf("err := backoff.Retry(operation, backoff.WithMaxRetries(b, %d))", v.Int("attempts")-1))
}

// constantConfig is the constant curve as cenkalti/backoff/v4's ConstantBackOff, without jitter,
// cap or elapsed-time limit.
func constantConfig(v *param.Values) []string {
	if v.Text("jitter") != generic.None || v.Num("cap") != 0 || v.Num("max-elapsed") != 0 {
		return []string{"— cenkalti/backoff's ConstantBackOff, the closest library, has no jitter, cap or elapsed-time limit"}
	}
	return withNotes(v, "//",
		"// github.com/cenkalti/backoff/v4",
		fmt.Sprintf("b := backoff.WithMaxRetries(backoff.NewConstantBackOff(%s), %d)", goDur(v.Num("wait")), v.Int("attempts")-1),
		"err := backoff.Retry(operation, b)")
}

// decorrelatedConfig: no library reproduced here has the decorrelated jitter as a setting.
func decorrelatedConfig(*param.Values) []string {
	return []string{"— the AWS Architecture Blog's decorrelated jitter (2015); no library reproduced here offers it as a setting"}
}
