package param

import "fmt"

// Values holds one value per spec, starting at the defaults, and remembers which were set.
type Values struct {
	specs []Spec
	vals  map[string]Value
	set   map[string]bool
}

// Defaults returns values for specs, each at its default.
func Defaults(specs []Spec) *Values {
	v := &Values{specs: specs, vals: make(map[string]Value, len(specs)), set: map[string]bool{}}
	for _, s := range specs {
		v.vals[s.Name] = s.Default
	}
	return v
}

// Specs lists the specs in declaration order.
func (v *Values) Specs() []Spec { return v.specs }

// Spec returns the spec named name.
func (v *Values) Spec(name string) (Spec, bool) {
	for _, s := range v.specs {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// SetText parses and sets one value; the error reads after the parameter's name.
func (v *Values) SetText(name, text string) error {
	s, ok := v.Spec(name)
	if !ok {
		return fmt.Errorf("is not a parameter")
	}
	val, err := s.ParseText(text)
	if err != nil {
		return err
	}
	v.vals[name], v.set[name] = val, true
	return nil
}

// Set sets one value directly, validated against its spec's range.
func (v *Values) Set(name string, val Value) error {
	s, ok := v.Spec(name)
	if !ok {
		return fmt.Errorf("is not a parameter")
	}
	if err := s.Check(val); err != nil {
		return err
	}
	v.vals[name], v.set[name] = val, true
	return nil
}

// Get returns one value.
func (v *Values) Get(name string) Value { return v.vals[name] }

// Num returns a numeric value (seconds for durations).
func (v *Values) Num(name string) float64 { return v.vals[name].Num }

// Int returns an integer value.
func (v *Values) Int(name string) int { return int(v.vals[name].Num) }

// Text returns a word.
func (v *Values) Text(name string) string { return v.vals[name].Text }

// Changed reports whether name was set, rather than left at its default.
func (v *Values) Changed(name string) bool { return v.set[name] }

// Show prints one value as it would be typed.
func (v *Values) Show(name string) string {
	s, _ := v.Spec(name)
	return s.Format(v.vals[name])
}

// Clone returns an independent copy.
func (v *Values) Clone() *Values {
	c := &Values{specs: v.specs, vals: make(map[string]Value, len(v.vals)), set: make(map[string]bool, len(v.set))}
	for k, x := range v.vals {
		c.vals[k] = x
	}
	for k, x := range v.set {
		c.set[k] = x
	}
	return c
}

// InputError is input the user must fix: a value out of range, parameters that do not go
// together. Commands exit 2 with its message.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// BadInput makes an InputError.
func BadInput(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// On reports whether a Switch parameter is on.
func (v *Values) On(name string) bool { return v.vals[name].Text == "true" }
