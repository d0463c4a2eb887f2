package format

import (
	"fmt"
	"strings"
	"sync"
)

// Languages lists the --lang values.
var Languages = []string{"en", "ja"}

// catalog holds headers ("col.<key>") and notes per language; a key missing in a language falls
// back to English, then to the key itself.
// It is built on first use, not at start-up.
var catalog = sync.OnceValue(func() map[string]map[string]string {
	return map[string]map[string]string{"en": merged(englishMessages(), herdEnglish()), "ja": merged(japaneseMessages(), herdJapanese())}
})

// merged adds a command's own catalog to a language's.
func merged(base, more map[string]string) map[string]string {
	for k, v := range more {
		base[k] = v
	}
	return base
}

// Translate renders a message in lang.
func Translate(lang string, msg Message) string {
	tmpl, ok := catalog()[lang][msg.Key]
	if !ok {
		tmpl, ok = catalog()["en"][msg.Key]
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
	if kind, p, ok := percentileColumn(key); ok {
		return Translate(lang, Message{Key: "col." + kind + "_percentile", Args: []any{p}})
	}
	h := Translate(lang, Message{Key: "col." + key})
	if h == "col."+key {
		return strings.ReplaceAll(key, "_", " ")
	}
	return h
}

// percentileColumn splits a sampled percentile column such as start_p95_seconds into its kind
// ("start" or "wait") and percentile ("95").
func percentileColumn(key string) (kind, p string, ok bool) {
	for _, k := range []string{"start", "wait"} {
		rest, found := strings.CutPrefix(key, k+"_p")
		if !found {
			continue
		}
		p, found = strings.CutSuffix(rest, "_seconds")
		if found && p != "" && strings.Trim(p, "0123456789.") == "" {
			return k, p, true
		}
	}
	return "", "", false
}
