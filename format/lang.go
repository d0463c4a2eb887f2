package format

import (
	"fmt"
	"regexp"
	"strings"
)

// Languages lists the --lang values.
var Languages = []string{"en", "ja"}

// catalog holds headers ("col.<key>") and notes per language; a key missing in a language falls
// back to English, then to the key itself.
var catalog = map[string]map[string]string{"en": english, "ja": japanese}

// Translate renders a message in lang.
func Translate(lang string, msg Message) string {
	tmpl, ok := catalog[lang][msg.Key]
	if !ok {
		tmpl, ok = catalog["en"][msg.Key]
	}
	if !ok {
		tmpl = msg.Key
	}
	if len(msg.Args) == 0 {
		return tmpl
	}
	return fmt.Sprintf(tmpl, msg.Args...)
}

// percentileColumn matches the sampled percentile columns, start_p95_seconds and the like.
var percentileColumn = regexp.MustCompile(`^(start|wait)_p([0-9.]+)_seconds$`)

// header is a column's heading in lang; a key without a heading is shown with spaces for
// underscores.
func header(lang, key string) string {
	if m := percentileColumn.FindStringSubmatch(key); m != nil {
		return Translate(lang, Message{Key: "col." + m[1] + "_percentile", Args: []any{m[2]}})
	}
	h := Translate(lang, Message{Key: "col." + key})
	if h == "col."+key {
		return strings.ReplaceAll(key, "_", " ")
	}
	return h
}
