package configin

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// builder collects one configuration's flags for a strategy.
type builder struct {
	strategy string
	specs    *param.Values
	flags    []Flag
	defaults []string
}

func newBuilder(name string) *builder {
	def, ok := strategy.Find(name)
	if !ok {
		panic("configin: no strategy " + name)
	}
	return &builder{strategy: def.Name, specs: def.Defaults()}
}

// text sets flag name to text as typed.
func (b *builder) text(name, text string) {
	for i, f := range b.flags {
		if f.Name == name {
			b.flags[i].Value = text
			return
		}
	}
	b.flags = append(b.flags, Flag{name, text})
}

// num sets flag name to x, seconds for a duration, written as the flag's type reads it.
func (b *builder) num(name string, x float64) {
	s, ok := b.specs.Spec(name)
	if !ok {
		panic("configin: " + b.strategy + " has no parameter " + name)
	}
	switch {
	case s.Kind == param.Duration || (s.Unit == "s" && s.TypeName == "duration"):
		b.text(name, durText(x))
	case s.Kind == param.Int && x == math.Trunc(x) && math.Abs(x) < 1e15:
		b.text(name, strconv.FormatFloat(x, 'f', 0, 64))
	default:
		b.text(name, param.FormatNumber(x))
	}
}

// durText is seconds as duration text the flags read: 1.5s, 500ms, 2d.
func durText(secs float64) string { return param.FormatDuration(param.Dur(secs)) }

// has reports whether flag name was set.
func (b *builder) has(name string) bool {
	return slices.ContainsFunc(b.flags, func(f Flag) bool { return f.Name == name })
}

// defaulted notes that the library's default fills what the code left out.
func (b *builder) defaulted(what string) { b.defaults = append(b.defaults, what) }

// check validates every flag against its parameter's type and range.
func (r *reader) check(f *Found) error {
	def, _ := strategy.Find(f.Strategy)
	v := def.Defaults()
	for _, fl := range f.Flags {
		if err := v.SetText(fl.Name, fl.Value); err != nil {
			return r.errAt(f.Line, "%s --%s %s %s", f.Strategy, fl.Name, fl.Value, err)
		}
	}
	return nil
}

// note is a flag backoffctl wrote into a comment, for a value no library setting holds.
type note struct {
	line        int
	name, value string
}

// noteFlag is one "--name value" in such a comment; a switch has no value.
var noteFlag = regexp.MustCompile(`--([a-z][a-z0-9-]*)(?: ([^\s:;()]+))?`)

// scanNotes collects backoffctl's notes from comment text at line: a comment starting with
// "--flag" or saying "backoffctl only".
func (r *reader) scanNotes(line int, comment string) {
	c := strings.TrimSpace(comment)
	if !strings.HasPrefix(c, "--") && !strings.Contains(c, "backoffctl only") {
		return
	}
	if i := strings.Index(c, "setting: "); i >= 0 && !strings.HasPrefix(c, "--") {
		c = c[i:]
	}
	for _, m := range noteFlag.FindAllStringSubmatch(c, -1) {
		val := m[2]
		if val == "" {
			val = "true"
		}
		r.notes = append(r.notes, note{line, m[1], val})
		if strings.HasPrefix(c, "--") {
			return // "--attempts 4: rows ... (the most rows of the table)": one flag
		}
	}
}

// scanLineComments collects the notes in comments that start with marker.
func (r *reader) scanLineComments(marker string) {
	for i, l := range strings.Split(r.src, "\n") {
		if j := commentStart(l, marker); j >= 0 {
			r.scanNotes(i+1, l[j+len(marker):])
		}
	}
}

// commentStart is where a comment starting with marker begins in line, outside strings; -1 if none.
func commentStart(line, marker string) int {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case strings.HasPrefix(line[i:], marker):
			return i
		}
	}
	return -1
}

// attachNotes gives each note to the configuration it follows (or, before the first, the first),
// when that strategy has the parameter and the code did not set it.
func (r *reader) attachNotes() {
	for _, n := range r.notes {
		k := 0
		for i, f := range r.found {
			if f.Line <= n.line {
				k = i
			}
		}
		f := &r.found[k]
		def, _ := strategy.Find(f.Strategy)
		if _, ok := def.Defaults().Spec(n.name); !ok {
			continue
		}
		if !slices.ContainsFunc(f.Flags, func(fl Flag) bool { return fl.Name == n.name }) {
			f.Flags = append(f.Flags, Flag{n.name, n.value})
		}
	}
}
