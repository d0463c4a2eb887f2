package strategy

import "github.com/backoffctl/backoffctl/schedule/param"

// Aliases lists every strategy's other names, in registry order.
func Aliases() []string {
	var out []string
	for _, d := range All() {
		out = append(out, d.Aliases...)
	}
	return out
}

// UnknownName is the message for a word that names no strategy: every name listed, and the
// closest name or alias suggested.
func UnknownName(word string) string {
	return param.UnknownChoice("strategy", word, Names(), Aliases()...)
}
