package configin

import (
	"encoding/json"
	"strings"

	"go.yaml.in/yaml/v3"
)

// serviceConfigYAML reads a gRPC retryPolicy written in YAML (as some deployments keep the
// service config).
func serviceConfigYAML(r *reader, k, v *yaml.Node) error {
	var m map[string]any
	if err := v.Decode(&m); err != nil {
		return r.errAt(k.Line, "retryPolicy: %v", err)
	}
	return grpcRetryPolicy(r, m, k.Line)
}

// readJSON reads a gRPC service config (or any JSON holding a retryPolicy).
func readJSON(r *reader) error { return readServiceConfig(r, r.src, 1) }

// readServiceConfig finds every methodConfig's retryPolicy in a gRPC service config; line is
// the line the JSON text starts on.
func readServiceConfig(r *reader, text string, line int) error {
	var doc any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		return r.errAt(line, "the service config is not JSON: %v", err)
	}
	searchFrom := 0
	var walk func(v any) error
	walk = func(v any) error {
		switch x := v.(type) {
		case map[string]any:
			var rp map[string]any
			for k, v := range x {
				if strings.EqualFold(k, "retryPolicy") {
					rp, _ = v.(map[string]any)
				}
			}
			if rp != nil {
				at := line
				if i := strings.Index(strings.ToLower(text[searchFrom:]), `"retrypolicy"`); i >= 0 {
					at += strings.Count(text[:searchFrom+i], "\n")
					searchFrom += i + 1
				}
				if err := grpcRetryPolicy(r, rp, at); err != nil {
					return err
				}
			}
			for k, v := range x {
				if strings.EqualFold(k, "methodConfig") {
					if err := walk(v); err != nil {
						return err
					}
				}
			}
		case []any:
			for _, e := range x {
				if err := walk(e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(doc)
}

// grpcRetryPolicy is grpc --mode rpc from a retryPolicy object; grpc-go has no defaults for its
// fields, so every one must be there.
func grpcRetryPolicy(r *reader, policy map[string]any, line int) error {
	// grpc-go decodes the service config with encoding/json, whose keys match in any case.
	rp := map[string]any{}
	for k, v := range policy {
		if k != "" {
			rp[strings.ToLower(k[:1])+k[1:]] = v
		}
	}
	b := newBuilder("grpc")
	b.text("mode", "rpc")
	for _, p := range []struct{ key, flag string }{{"maxAttempts", "max-attempts"}, {"backoffMultiplier", "backoff-multiplier"}} {
		x, ok := rp[p.key].(float64)
		if !ok {
			return r.errAt(line, "retryPolicy %s is missing or not a number (grpc-go has no default for it)", p.key)
		}
		b.num(p.flag, x)
	}
	for _, p := range []struct{ key, flag string }{{"initialBackoff", "initial-backoff"}, {"maxBackoff", "max-backoff"}} {
		s, _ := rp[p.key].(string)
		x, ok := protoSeconds(s)
		if !ok {
			return r.errAt(line, "retryPolicy %s is missing or not a duration like \"0.1s\" (grpc-go has no default for it)", p.key)
		}
		b.num(p.flag, x)
	}
	r.add(line, b)
	return nil
}
