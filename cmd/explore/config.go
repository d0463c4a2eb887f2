package explore

import (
	"strings"

	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
)

// Config returns the library's own configuration for values v of def, one line each: what to
// write in the application to get this schedule (strategy.Def.Config); "—" when the strategy has
// none.
func Config(def strategy.Def, v *param.Values) []string {
	if def.Config != nil {
		return def.Config(v)
	}
	return []string{"—"}
}

// maxConfigLines is how many lines the configuration takes at most under the table.
const maxConfigLines = 3

// compactConfig fits a configuration into at most maxConfigLines lines of w cells: its lines
// joined (indentation dropped, comments kept on lines of their own) and wrapped; when it is longer
// still, the last line points to `backoffctl config`, which prints all of it.
func compactConfig(cfg []string, name string, w int) []string {
	if len(cfg) <= maxConfigLines {
		return cfg
	}
	var parts []string
	code := ""
	for _, l := range cfg {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "//") || strings.HasPrefix(l, "#") {
			if code != "" {
				parts, code = append(parts, code), ""
			}
			parts = append(parts, l)
			continue
		}
		if code != "" && !strings.HasSuffix(code, "(") && !strings.HasSuffix(code, "{") && !strings.HasPrefix(l, ")") && !strings.HasPrefix(l, "}") {
			code += " "
		}
		code += l
	}
	if code != "" {
		parts = append(parts, code)
	}
	var lines []string
	for _, p := range parts {
		if len([]rune(p)) <= w {
			lines = append(lines, p)
			continue
		}
		lines = append(lines, wrap(p, max(w, 20))...)
	}
	if len(lines) > maxConfigLines {
		lines = append(lines[:maxConfigLines-1], "… all of it: backoffctl config "+name+" [flags]")
	}
	return lines
}
