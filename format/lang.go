package format

import (
	"fmt"
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

// header is a column's heading in lang; a key without a heading is shown with spaces for
// underscores.
func header(lang, key string) string {
	h := Translate(lang, Message{Key: "col." + key})
	if h == "col."+key {
		return strings.ReplaceAll(key, "_", " ")
	}
	return h
}
