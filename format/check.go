package format

import (
	"fmt"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/mattn/go-runewidth"
)

// CheckTable is check's report: one row per assertion with its limit, the actual value and the
// result, ok or FAIL, and in JSON a boolean passed beside it; the head says whether the check
// passed and how many assertions failed. withPolicy adds the policy column (check --policy).
func CheckTable(results []analyze.Result, withPolicy bool, params []Field) *Table {
	t := &Table{Columns: []Column{}, Parameters: params}
	if withPolicy {
		t.Columns = append(t.Columns, Column{Key: "policy", Kind: Text, User: true})
	}
	// An assertion, its limit, the value and the verdict stay together in every layout; where a
	// terminal is too narrow, the strategy and the draws (in the policy) are left out first.
	spare := 0
	if withPolicy {
		spare = 1
	}
	t.Columns = append(t.Columns,
		Column{Key: "strategy", Kind: Text, Spare: spare},
		Column{Key: "draws", Kind: Text, Spare: spare},
		Column{Key: "assertion", Kind: Text, Group: "assertion"},
		Column{Key: "limit_seconds", Kind: Seconds, Group: "assertion"},
		Column{Key: "actual_seconds", Kind: Seconds, Group: "assertion"},
		Column{Key: "result", Kind: Text, Group: "assertion"},
		Column{Key: "passed", Kind: Bool, JSONOnly: true},
	)
	failed := 0
	for _, r := range results {
		word, passed := "ok", 1.0
		if !r.OK {
			word, passed = "FAIL", 0
			failed++
		}
		var row []Cell
		if withPolicy {
			row = append(row, Cell{Text: r.Policy})
		}
		t.Rows = append(t.Rows, append(row, Cell{Text: r.Strategy}, Cell{Text: r.Draws},
			Cell{Text: r.Name}, Cell{Num: r.Limit, Times: r.Work()}, Cell{Num: r.Actual, Times: r.Work()}, Cell{Text: word, Alert: !r.OK}, Cell{Num: passed}))
	}
	status := "passed"
	if failed > 0 {
		status = "failed"
	}
	t.Head = []Field{{Name: "check", Value: status}, {Name: "assertions", Value: len(results)}, {Name: "failed", Value: failed}}
	return t
}

// CheckFailure is the one line a failed assertion gets on stderr, in one shape for every
// assertion:
//
//	FAIL mailer max-window: 21d 22h 28m 14.5s > 20d at rand 0.5
//
// who (the policy, or the strategy on the command line), the assertion, the actual value, > or <
// (past a max-, short of a min- limit), the limit and the draws it was read at. The exact seconds
// are in the table; they follow a value here only when the two would read the same. who is
// shortened in the middle, as far as 8 columns, so the line fits width columns (0: no limit).
func CheckFailure(who string, r analyze.Result, width int) string {
	if r.Work() {
		return workFailure(who, r, width)
	}
	actual, limit := param.HumanDuration(r.Actual), param.HumanDuration(r.Limit)
	if actual == limit {
		actual += " (" + number(r.Actual) + "s)"
		limit += " (" + number(r.Limit) + "s)"
	}
	rel := ">"
	if strings.HasPrefix(r.Name, "min-") {
		rel = "<"
	}
	who = EscapeControl(who)
	line := func(who string) string {
		return fmt.Sprintf("FAIL %s %s: %s %s %s at %s", who, r.Name, actual, rel, limit, r.Draws)
	}
	s := line(who)
	if over := runewidth.StringWidth(s) - width; width > 0 && over > 0 {
		s = line(shortenMiddle(who, max(8, runewidth.StringWidth(who)-over)))
	}
	return s
}

// shortenMiddle cuts s to at most w columns by putting … in its middle; s is unchanged when it fits.
func shortenMiddle(s string, w int) string {
	if runewidth.StringWidth(s) <= w {
		return s
	}
	r := []rune(s)
	keep := w - 1 // the ellipsis
	head := runewidth.Truncate(s, (keep+1)/2, "")
	tailW := keep - runewidth.StringWidth(head)
	i := len(r)
	for i > 0 && runewidth.StringWidth(string(r[i-1:])) <= tailW {
		i--
	}
	return head + "…" + string(r[i:])
}

// workFailure is a failed max-work's line:
//
//	FAIL api max-work: 3 retries without a budget exceed 1.2× at 20% failure (work 1.248)
func workFailure(who string, r analyze.Result, width int) string {
	retries := fmt.Sprintf("%d retries", r.Retries)
	if r.Retries == 1 {
		retries = "1 retry"
	}
	line := func(who string) string {
		return fmt.Sprintf("FAIL %s max-work: %s without a budget exceed %s× at %s%% failure (work %s)",
			who, retries, param.FormatRounded(r.Limit), param.FormatRounded(r.FailureRate*100), param.FormatRounded(r.Actual))
	}
	// The sentence alone is near a terminal's width: only a long name is shortened, to 24 columns.
	who = EscapeControl(who)
	if width > 0 {
		who = shortenMiddle(who, 24)
	}
	return line(who)
}
