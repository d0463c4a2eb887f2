package budget

import (
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// Settings is a parsed SPEC's rule, version and every key's value (defaults filled in): what an
// analysis reads to apply a rule's closed form without running it.
type Settings struct {
	Name    string
	Version string
	Values  map[string]param.Value
	Layer   Layer
}

// Num is the numeric value of key, and whether the rule has that key.
func (s Settings) Num(key string) (float64, bool) {
	v, ok := s.Values[key]
	return v.Num, ok
}

// Resolve parses spec as Parse does and also returns the rule's name, version and values. Its
// errors are Parse's.
func Resolve(spec string, throttle bool) (Settings, error) {
	layer, err := Parse(spec, throttle)
	if err != nil {
		return Settings{}, err
	}
	head, settings, _ := strings.Cut(strings.TrimSpace(spec), ":")
	name, version, versioned := strings.Cut(head, "@")
	def, _ := Find(name)
	if !versioned && len(def.Versions) > 0 {
		version = def.Versions[0]
	}
	values, err := def.values(settings)
	if err != nil {
		return Settings{}, err
	}
	return Settings{Name: name, Version: version, Values: values, Layer: layer}, nil
}
