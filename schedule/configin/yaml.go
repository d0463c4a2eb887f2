package configin

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
	"go.yaml.in/yaml/v3"
)

// readYAML finds Envoy's retry_policy and act_runner's runner.fetch_interval(_max) in a YAML
// file, read as a node tree so each configuration keeps its line. backoffctl's one-line form
// "config.yaml: runner: { ... }" is read as the YAML after "config.yaml:".
func readYAML(r *reader) error {
	r.scanLineComments("#")
	src := regexp.MustCompile(`(?m)^config\.yaml: `).ReplaceAllString(r.src, "")
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		line := 0
		if m := regexp.MustCompile(`line (\d+)`).FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		return r.errAt(line, "not YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return walkYAML(r, &doc)
}

func walkYAML(r *reader, n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			var err error
			switch {
			case k.Value == "retry_policy" && v.Kind == yaml.MappingNode:
				err = envoyYAML(r, k, v)
			case k.Value == "runner" && v.Kind == yaml.MappingNode && (yamlKey(v, "fetch_interval") != nil || yamlKey(v, "fetch_interval_max") != nil):
				err = actRunnerYAML(r, k, v)
			case k.Value == "retryPolicy" && v.Kind == yaml.MappingNode:
				err = serviceConfigYAML(r, k, v)
			case k.Value == "resilience4j.retry" || k.Value == "retry" && n.Line > 0 && isResilience4j(r, k):
				err = resilience4jYAML(r, v)
			}
			if err != nil {
				return err
			}
		}
	}
	for _, c := range n.Content {
		if err := walkYAML(r, c); err != nil {
			return err
		}
	}
	return nil
}

// isResilience4j reports whether a retry: key sits under resilience4j: (Spring Boot's
// application.yml).
func isResilience4j(r *reader, k *yaml.Node) bool {
	lines := strings.Split(r.src, "\n")
	for i := k.Line - 2; i >= 0; i-- {
		l := lines[i]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " "))
		if indent < k.Column-1 {
			return strings.HasPrefix(strings.TrimSpace(l), "resilience4j:")
		}
	}
	return false
}

// resilience4jYAML reads resilience4j-spring-boot's retry instances and configs:
// maxAttempts, waitDuration, enableExponentialBackoff, exponentialBackoffMultiplier,
// exponentialMaxWaitDuration, enableRandomizedWait, randomizedWaitFactor.
func resilience4jYAML(r *reader, v *yaml.Node) error {
	if v.Kind != yaml.MappingNode {
		return nil
	}
	for _, group := range []string{"instances", "configs"} {
		g := yamlKey(v, group)
		if g == nil || g.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(g.Content); i += 2 {
			name, inst := g.Content[i], g.Content[i+1]
			if inst.Kind != yaml.MappingNode {
				continue
			}
			if yamlKey(inst, "baseConfig") != nil {
				return r.errAt(name.Line, "resilience4j %s %s: baseConfig is not followed; write its values in the instance", group, name.Value)
			}
			if err := resilience4jInstance(r, name, inst); err != nil {
				return err
			}
		}
	}
	return nil
}

// springDuration reads a Spring Boot duration: 500ms, 10s, 2m, 1h, 1d, or a number of ms.
func springDuration(text string) (float64, bool) {
	t := strings.TrimSpace(text)
	if x, err := strconv.ParseFloat(t, 64); err == nil {
		return x / 1000, x >= 0
	}
	d, err := param.ParseDuration(strings.ToLower(t))
	return d.Seconds(), err == nil && d >= 0
}

func resilience4jInstance(r *reader, name, inst *yaml.Node) error {
	b := newBuilder("resilience4j")
	get := func(key string) *yaml.Node { return yamlKey(inst, key) }
	on := func(key string) bool { n := get(key); return n != nil && n.Value == "true" }
	num := func(key, flag string) error {
		if n := get(key); n != nil {
			x, err := strconv.ParseFloat(n.Value, 64)
			if err != nil {
				return r.errAt(n.Line, "%s: %q is not a number", key, n.Value)
			}
			b.num(flag, x)
		}
		return nil
	}
	dur := func(key, flag string) error {
		if n := get(key); n != nil {
			x, ok := springDuration(n.Value)
			if !ok {
				return r.errAt(n.Line, "%s: %q is not a duration; write one like 500ms or 10s", key, n.Value)
			}
			b.num(flag, x)
		}
		return nil
	}
	fn := "of"
	switch exp, rnd := on("enableExponentialBackoff"), on("enableRandomizedWait"); {
	case exp && rnd:
		fn = "of-exponential-random-backoff"
	case exp:
		fn = "of-exponential-backoff"
	case rnd:
		fn = "of-randomized"
	}
	b.text("interval-function", fn)
	if err := num("maxAttempts", "max-attempts"); err != nil {
		return err
	}
	if err := dur("waitDuration", "initial-interval"); err != nil {
		return err
	}
	if strings.Contains(fn, "exponential") {
		if err := num("exponentialBackoffMultiplier", "multiplier"); err != nil {
			return err
		}
		if err := dur("exponentialMaxWaitDuration", "max-interval"); err != nil {
			return err
		}
	}
	if strings.Contains(fn, "random") {
		if err := num("randomizedWaitFactor", "randomization-factor"); err != nil {
			return err
		}
	}
	r.add(name.Line, b)
	return nil
}

func yamlKey(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// protoSeconds reads a google.protobuf.Duration's JSON/YAML text: "0.025s", "1s".
func protoSeconds(text string) (float64, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasSuffix(t, "s") {
		return 0, false
	}
	x, err := strconv.ParseFloat(strings.TrimSuffix(t, "s"), 64)
	return x, err == nil && x >= 0 && !math.IsInf(x, 0)
}

func envoyYAML(r *reader, k, v *yaml.Node) error {
	b := newBuilder("envoy")
	if n := yamlKey(v, "num_retries"); n != nil {
		x, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			return r.errAt(n.Line, "retry_policy num_retries: %q is not a number", n.Value)
		}
		b.num("num-retries", x)
	} else {
		b.defaulted("retry_policy num_retries left out: Envoy's default 1")
	}
	if rb := yamlKey(v, "retry_back_off"); rb != nil {
		for _, p := range []struct{ key, flag string }{{"base_interval", "base-interval"}, {"max_interval", "max-interval"}} {
			if n := yamlKey(rb, p.key); n != nil {
				s, ok := protoSeconds(n.Value)
				if !ok {
					return r.errAt(n.Line, "retry_back_off %s: %q is not a duration; write seconds with an s, like 0.025s", p.key, n.Value)
				}
				b.num(p.flag, s)
			}
		}
	} else {
		b.defaulted("retry_back_off left out: Envoy's default base_interval 25ms")
	}
	r.add(k.Line, b)
	return nil
}

func actRunnerYAML(r *reader, k, v *yaml.Node) error {
	b := newBuilder("actrunner")
	for _, p := range []struct{ key, flag string }{{"fetch_interval", "fetch-interval"}, {"fetch_interval_max", "fetch-interval-max"}} {
		if n := yamlKey(v, p.key); n != nil {
			d, err := param.ParseDuration(n.Value)
			if err != nil {
				return r.errAt(n.Line, "runner %s: %q is not a duration; write one like 2s or 1m", p.key, n.Value)
			}
			b.num(p.flag, d.Seconds())
		} else {
			b.defaulted("runner " + p.key + " left out: act_runner's default")
		}
	}
	r.add(k.Line, b)
	return nil
}
