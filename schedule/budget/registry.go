package budget

import (
	"fmt"
	"sort"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// Def is one rule that --budget or --throttle can name.
type Def struct {
	Name     string
	Throttle bool     // named by --throttle rather than --budget
	Versions []string // the @VERSION values accepted; the first is the default; nil when unversioned
	Summary  string   // one line for lists and help
	Source   string   // the library, version and file the rule reproduces
	// Keys are the rule's settings with defaults and the library's own ranges; their names are the
	// SPEC's keys. A key whose name is "" takes a bare positional value (envoy:20%).
	Keys []param.Spec
	// Make builds the layer from the chosen version and every key's value (defaults filled in).
	// It returns an error only for combinations the ranges cannot express.
	Make func(version string, values map[string]param.Value) (Layer, error)
}

// catalog is every rule, budgets then throttles, in the order lists show them.
var catalog = []func() Def{
	awsStandardDef, awsAdaptiveDef, grpcDef,
	envoyDef, ratioDef, finagleDef, towerDef, dotnetDef, bucketDef, breakerDef, gaxBreakerDef,
	awsCubicDef,
	sreDef, kratosDef, gozeroDef, gaxAdaptiveDef,
}

// All returns every rule in catalog order.
func All() []Def {
	defs := make([]Def, 0, len(catalog))
	for _, d := range catalog {
		defs = append(defs, d())
	}
	return defs
}

// Find returns the rule called name.
func Find(name string) (Def, bool) {
	for _, d := range All() {
		if d.Name == name {
			return d, true
		}
	}
	return Def{}, false
}

// Names lists the rules of one kind (budgets, or throttles), sorted.
func Names(throttle bool) []string {
	var names []string
	for _, d := range All() {
		if d.Throttle == throttle {
			names = append(names, d.Name)
		}
	}
	sort.Strings(names)
	return names
}

// Parse reads SPEC = NAME[@VERSION][:key=value,…] for --budget (throttle false) or --throttle.
// Errors are one line that names the accepted names, versions, keys or range.
func Parse(spec string, throttle bool) (Layer, error) {
	kind := "budget"
	if throttle {
		kind = "throttle"
	}
	head, settings, _ := strings.Cut(strings.TrimSpace(spec), ":")
	name, version, versioned := strings.Cut(head, "@")
	def, ok := Find(name)
	if !ok || def.Throttle != throttle {
		return nil, fmt.Errorf("%s", param.UnknownChoice(kind, name, Names(throttle)))
	}
	if versioned {
		if !contains(def.Versions, version) {
			if len(def.Versions) == 0 {
				return nil, fmt.Errorf("%s %s has no versions to choose", kind, name)
			}
			return nil, fmt.Errorf("%s", param.UnknownChoice(name+" version", version, def.Versions))
		}
	} else if len(def.Versions) > 0 {
		version = def.Versions[0]
	}
	values, err := def.values(settings)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", kind, name, err)
	}
	layer, err := def.Make(version, values)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", kind, name, err)
	}
	return layer, nil
}

// values reads "k=v,k=v" (and a leading bare value for the positional key) over the defaults.
func (d Def) values(settings string) (map[string]param.Value, error) {
	values := make(map[string]param.Value, len(d.Keys))
	var names []string
	for _, k := range d.Keys {
		values[k.Name] = k.Default
		if k.Name != "" {
			names = append(names, k.Name)
		}
	}
	if settings == "" {
		return values, nil
	}
	seen := map[string]bool{}
	for _, item := range strings.Split(settings, ",") {
		key, text, hasKey := strings.Cut(item, "=")
		if !hasKey {
			key, text = "", item
		}
		key = strings.TrimSpace(key)
		spec, ok := d.key(key)
		if !ok {
			if key == "" {
				return nil, fmt.Errorf("%q needs a key: write key=value with a key of %s", item, strings.Join(names, ", "))
			}
			return nil, fmt.Errorf("%s", param.UnknownChoice("key", key, names))
		}
		if seen[key] {
			return nil, fmt.Errorf("%s given twice", displayKey(key))
		}
		seen[key] = true
		v, err := spec.ParseText(strings.TrimSpace(text))
		if err == nil {
			err = spec.Check(v)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %w", displayKey(key), err)
		}
		values[key] = v
	}
	return values, nil
}

func (d Def) key(name string) (param.Spec, bool) {
	for _, k := range d.Keys {
		if k.Name == name {
			return k, true
		}
	}
	return param.Spec{}, false
}

func displayKey(k string) string {
	if k == "" {
		return "the value"
	}
	return k
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
