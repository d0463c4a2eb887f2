package param

// Suggestions for a mistyped word (a strategy, a shell, a flag or one of its choices), for the
// errors that refuse it.

import (
	"fmt"
	"strings"
)

// Suggest returns the candidate closest to word: within an edit distance of 2 (case ignored), or
// one that word is a prefix of; "" when none is close. Ties go to the earlier candidate.
func Suggest(word string, candidates []string) string {
	w := strings.ToLower(word)
	if w == "" {
		return ""
	}
	best, bestDist := "", 3
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if lc == w {
			continue
		}
		d := levenshtein(w, lc)
		if d > 2 && len(w) >= 2 && strings.HasPrefix(lc, w) {
			d = 2
		}
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// levenshtein is the edit distance between a and b, counted in runes.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// DidYouMean is `: did you mean "x"?` for the candidate closest to word, or "".
func DidYouMean(word string, candidates []string) string {
	if s := Suggest(word, candidates); s != "" {
		return fmt.Sprintf(": did you mean %q?", s)
	}
	return ""
}

// UnknownChoice is the message for a word that is not one of choices: `unknown KIND "w": choose one
// of a, b`, or with a close match `unknown KIND "w": did you mean "a"? (choose one of a, b)`.
// aliases are accepted words that are suggested but not listed.
func UnknownChoice(kind, word string, choices []string, aliases ...string) string {
	list := strings.Join(choices, ", ")
	if s := Suggest(word, append(append([]string{}, choices...), aliases...)); s != "" {
		return fmt.Sprintf("unknown %s %q: did you mean %q? (choose one of %s)", kind, word, s, list)
	}
	return fmt.Sprintf("unknown %s %q: choose one of %s", kind, word, list)
}
