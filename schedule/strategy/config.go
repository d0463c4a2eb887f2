package strategy

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

// indent is one level of indentation inside a printed configuration.
const indent = "    "

// goDur prints seconds as a Go time.Duration expression: time.Second, 500 * time.Millisecond,
// 90 * time.Second, 0.
func goDur(secs float64) string {
	d := param.Dur(secs)
	if d == 0 {
		return "0"
	}
	units := []struct {
		d    time.Duration
		name string
	}{{time.Hour, "time.Hour"}, {time.Minute, "time.Minute"}, {time.Second, "time.Second"},
		{time.Millisecond, "time.Millisecond"}, {time.Microsecond, "time.Microsecond"}}
	for _, u := range units {
		if d%u.d == 0 {
			if d == u.d {
				return u.name
			}
			return fmt.Sprintf("%d * %s", d/u.d, u.name)
		}
	}
	return fmt.Sprintf("%d * time.Nanosecond", int64(d))
}

// goFloat prints a float64 as a Go float literal: 1.0, 1.5, 0.1.
func goFloat(f float64) string {
	s := param.FormatNumber(f)
	if !strings.ContainsAny(s, ".eEIN") {
		s += ".0"
	}
	return s
}

// floatRuby prints a Float as Ruby source: 0.15, 0.0.
func floatRuby(f float64) string { return goFloat(f) }

// protoDur prints seconds as a protobuf Duration in JSON: "0.1s", "1s".
func protoDur(secs float64) string {
	return strconv.Quote(strconv.FormatFloat(param.Dur(secs).Seconds(), 'f', -1, 64) + "s")
}

// millis is seconds as whole milliseconds.
func millis(secs float64) int64 { return int64(param.Dur(secs) / time.Millisecond) }

// jobDurationNote says --job-duration, a parameter only backoffctl has, as a comment starting
// with comment ("//", "#"); nothing when it is 0.
func jobDurationNote(v *param.Values, comment string) []string {
	if v.Num("job-duration") == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s --job-duration %s: backoffctl's time each attempt runs, not a library setting",
		comment, param.FormatDuration(param.Dur(v.Num("job-duration"))))}
}

// rowsNote says a print limit (--attempts N), which no library setting expresses.
func rowsNote(comment, flag string, n int, why string) string {
	return fmt.Sprintf("%s --%s %d: rows backoffctl prints, not a library setting (%s)", comment, flag, n, why)
}

// withNotes appends the job-duration note to lines.
func withNotes(v *param.Values, comment string, lines ...string) []string {
	return append(lines, jobDurationNote(v, comment)...)
}
