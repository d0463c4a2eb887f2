package budget

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxScriptRequests caps the requests a script may spell out (N*P included), as Part 1 caps
// attempts.
const MaxScriptRequests = 100000

// scriptHelp is what every script error ends with: what is accepted.
const scriptHelp = "write requests separated by commas, each a string of S (success), F (failure), T (timeout), H (throttling), like FFS,S (N*P repeats request P N times)"

// ParseScript reads budget trace's --script: comma-separated logical requests, each a string of
// attempt outcomes (S success, F transient failure, T timeout, H throttling error); N*P stands for
// N requests P. A request ends at its first S, so nothing may follow one. Errors are one line
// naming what is accepted.
func ParseScript(script string) ([][]Outcome, error) {
	if strings.TrimSpace(script) == "" {
		return nil, fmt.Errorf("--script is empty: %s", scriptHelp)
	}
	var out [][]Outcome
	for i, item := range strings.Split(script, ",") {
		item = strings.TrimSpace(item)
		count := 1
		if n, p, ok := strings.Cut(item, "*"); ok {
			k, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil || k < 1 || k > MaxScriptRequests {
				return nil, fmt.Errorf("--script item %d %q: the count before * must be an integer in [1, %d]; %s", i+1, item, MaxScriptRequests, scriptHelp)
			}
			count, item = k, strings.TrimSpace(p)
		}
		req, err := parseRequest(item)
		if err != nil {
			return nil, fmt.Errorf("--script item %d %q: %v; %s", i+1, item, err, scriptHelp)
		}
		if len(out)+count > MaxScriptRequests {
			return nil, fmt.Errorf("--script spells out more than %d requests, the cap", MaxScriptRequests)
		}
		for j := 0; j < count; j++ {
			out = append(out, req)
		}
	}
	return out, nil
}

func parseRequest(s string) ([]Outcome, error) {
	if s == "" {
		return nil, fmt.Errorf("the request is empty")
	}
	req := make([]Outcome, 0, len(s))
	for i, r := range s {
		var o Outcome
		switch r {
		case 'S':
			o = Success
		case 'F':
			o = Failure
		case 'T':
			o = Timeout
		case 'H':
			o = Throttling
		default:
			return nil, fmt.Errorf("%q is not an outcome", r)
		}
		if i > 0 && req[len(req)-1] == Success {
			return nil, fmt.Errorf("nothing may follow S (a request ends at its first success)")
		}
		req = append(req, o)
	}
	return req, nil
}
