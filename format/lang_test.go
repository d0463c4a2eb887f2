package format

import (
	"regexp"
	"testing"
)

var verb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)

// Every message has both languages, with the same arguments in the same order.
func TestCatalogsMatch(t *testing.T) {
	english, japanese := englishMessages(), japaneseMessages()
	for key, en := range english {
		ja, ok := japanese[key]
		if !ok {
			t.Errorf("%s has no Japanese text", key)
			continue
		}
		ev, jv := verb.FindAllString(en, -1), verb.FindAllString(ja, -1)
		if len(ev) != len(jv) {
			t.Errorf("%s: English has verbs %v, Japanese %v", key, ev, jv)
			continue
		}
		for i := range ev {
			if ev[i] != jv[i] {
				t.Errorf("%s: verb %d is %s in English, %s in Japanese", key, i, ev[i], jv[i])
			}
		}
	}
	for key := range japanese {
		if _, ok := english[key]; !ok {
			t.Errorf("%s has Japanese text but no English", key)
		}
	}
}

func TestTranslateFallsBack(t *testing.T) {
	if got := Translate("ja", Message{Key: "no.such.key"}); got != "no.such.key" {
		t.Errorf("unknown key: %q", got)
	}
	if got := header("ja", "some_new_column"); got != "some new column" {
		t.Errorf("header fallback: %q", got)
	}
}
