package cmd

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/configin"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
)

// fromVerbs take --from FILE: table, explore and config one configuration (the only one, or the
// one --pick or FILE:LINE chooses), compare and plot every one.
var fromVerbs = map[string]bool{"table": true, "explore": true, "config": true, "compare": true, "plot": true}

// fromHelp is the help of --from, --pick and --lang-of.
const fromHelp = `--from FILE reads the retry configurations in the application's own code or configuration file (-
is standard input, with --lang-of) and uses the strategy and flags that give their schedule: Go
(cenkalti/backoff, wait.Backoff, aws retry.NewStandard, go-retry, retryablehttp, grpc
backoff.Config and service config, temporal RetryPolicy, river, asynq), Ruby (retry_on,
sidekiq_options), Python (tenacity, Celery, google-api-core Retry), Java (Resilience4j, Spring
@Retryable, RetryTemplate), C# (Polly), JavaScript/TypeScript (BullMQ job options), Elixir (Oban),
YAML (Envoy retry_policy, act_runner) and JSON (a gRPC service config). The language comes from the
extension, or --lang-of. A flag given with --from changes the file's value. Several configurations
in a file: FILE:LINE or --pick N (1 is the first) chooses one; compare and plot take them all. A
value that is not a literal is refused with its file:line; where the library's default fills a
field left out, a line on standard error says so. "backoffctl config STRATEGY" prints the form each
library reads back.`

// addFromFlags puts --from, --pick and --lang-of in a command's help; expandFrom reads them
// before the command line reaches cobra.
func addFromFlags(c *cobra.Command) {
	c.Flags().String("from", "", "read the retry configuration from this file (FILE or FILE:LINE; - is standard input)")
	c.Flags().Int("pick", 0, "with --from: the N-th configuration of the file (1 is the first)")
	c.Flags().String("lang-of", "", "with --from: the file's language (go, ruby, python, java, csharp, js, elixir, yaml, json), else its extension's")
}

// fromArgs is what expandFrom takes out of a command line.
type fromArgs struct {
	file, lang string
	line, pick int
	given      bool
}

// expandFrom rewrites `VERB --from FILE ...` into the command line that names the strategy and
// its flags read from FILE: `table tenacity --wait=... ...`, `compare 'spec' 'spec' ...`. A
// command line without --from is returned as it is.
func expandFrom(args []string, p process) ([]string, []string, error) {
	vi := -1 // the verb: the first word that names one (global flags and their values may come first)
	names := map[string]bool{}
	for _, v := range verbs() {
		names[v.name] = true
	}
	for i, a := range args {
		if names[a] {
			vi = i
			break
		}
	}
	if vi < 0 || !fromVerbs[args[vi]] {
		return args, nil, nil
	}
	verb := args[vi]
	var f fromArgs
	rest := append([]string{}, args[:vi+1]...)
	for i := vi + 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, val, hasVal := strings.Cut(a, "=")
		switch name {
		case "--from", "--pick", "--lang-of":
			if !hasVal {
				if i+1 >= len(args) {
					return nil, nil, badInput("%s needs a value", name)
				}
				i++
				val = args[i]
			}
			switch name {
			case "--from":
				if f.given {
					return nil, nil, badInput("--from is given twice: read one file at a time")
				}
				f.file, f.given = val, true
			case "--pick":
				n, err := strconv.Atoi(val)
				if err != nil || n < 1 {
					return nil, nil, badInput("--pick must be a whole number from 1 (the first configuration), got %q", val)
				}
				f.pick = n
			case "--lang-of":
				f.lang = val
				if f.lang == "" {
					return nil, nil, badInput("--lang-of needs a language")
				}
			}
		default:
			rest = append(rest, a)
		}
	}
	if !f.given {
		if f.pick != 0 || f.lang != "" {
			return nil, nil, badInput("--pick and --lang-of apply with --from FILE")
		}
		return args, nil, nil
	}
	tail := rest[vi+1:]
	if verb != "compare" && verb != "plot" && len(tail) > 0 && !strings.HasPrefix(tail[0], "-") {
		if _, ok := strategy.Find(tail[0]); ok {
			return nil, nil, badInput("--from reads the strategy from the file: leave out %q", tail[0])
		}
	}
	if (verb == "compare" || verb == "plot") && len(tail) > 0 && !strings.HasPrefix(tail[0], "-") {
		return nil, nil, badInput("%s --from takes the specs from the file: leave out %q", verb, tail[0])
	}
	found, err := readFrom(&f, p)
	if err != nil {
		return nil, nil, err
	}
	chosen, err := pickFound(verb, &f, found)
	if err != nil {
		return nil, nil, err
	}
	// A flag given on the command line changes the file's value: --from app.py --max 30.
	given := map[string]bool{}
	if verb != "compare" && verb != "plot" {
		for _, a := range tail {
			if name, ok := strings.CutPrefix(a, "--"); ok {
				name, _, _ = strings.Cut(name, "=")
				given[name] = true
			}
		}
	}
	for i, c := range chosen {
		var keep []configin.Flag
		for _, fl := range c.Flags {
			if !given[fl.Name] {
				keep = append(keep, fl)
			}
		}
		chosen[i].Flags = keep
		if err := checkFound(chosen[i], given); err != nil {
			return nil, nil, err
		}
	}
	var read []string
	for _, c := range chosen {
		msg := fmt.Sprintf("read %s: %s", c.Where(), strings.Join(c.Args(), " "))
		if len(c.Defaults) > 0 {
			msg += " (library defaults: " + strings.Join(c.Defaults, "; ") + ")"
		}
		read = append(read, msg)
	}
	out := append([]string{}, args[:vi+1]...)
	if verb == "compare" || verb == "plot" {
		for _, c := range chosen {
			out = append(out, c.Spec())
		}
	} else {
		out = append(out, chosen[0].Args()...)
	}
	return append(out, tail...), read, nil
}

// checkFound refuses, with the file:line they were read at, values the strategy does not
// accept; when the command line gives some of the strategy's flags too, the command itself
// checks the whole.
func checkFound(c configin.Found, given map[string]bool) error {
	def, _ := strategy.Find(c.Strategy)
	v := def.Defaults()
	for _, fl := range c.Flags {
		if err := v.SetText(fl.Name, fl.Value); err != nil {
			return badInput("%s: %s --%s %s %v", c.Where(), c.Strategy, fl.Name, fl.Value, err)
		}
	}
	for _, s := range v.Specs() {
		if given[s.Name] {
			return nil
		}
	}
	if _, err := def.Build(v); err != nil {
		return badInput("%s: %s: %v", c.Where(), strings.Join(c.Args(), " "), err)
	}
	return nil
}

// readFrom reads the file (FILE, FILE:LINE or - for standard input) and its configurations.
func readFrom(f *fromArgs, p process) ([]configin.Found, error) {
	name := f.file
	if _, err := os.Stat(p.path(name)); err != nil && name != "-" {
		if i := strings.LastIndex(name, ":"); i > 0 {
			if n, err := strconv.Atoi(name[i+1:]); err == nil && n > 0 {
				name, f.line = name[:i], n
			}
		}
	}
	if f.line > 0 && f.pick > 0 {
		return nil, badInput("give FILE:LINE or --pick N, not both")
	}
	var src []byte
	var err error
	if name == "-" {
		if f.lang == "" {
			return nil, badInput("--from - reads standard input: give its language with --lang-of (go, ruby, python, ...)")
		}
		src, err = io.ReadAll(io.LimitReader(p.stdin, maxFromBytes+1))
		name = "<stdin>"
	} else {
		var st os.FileInfo
		if st, err = os.Stat(p.path(name)); err == nil && st.IsDir() {
			return nil, badInput("--from %s: is a directory, not a file", name)
		}
		if err == nil {
			var fh *os.File
			if fh, err = os.Open(p.path(name)); err == nil {
				src, err = io.ReadAll(io.LimitReader(fh, maxFromBytes+1))
				fh.Close()
			}
		}
	}
	if err != nil {
		return nil, badInput("--from %s: %v", name, unwrapPathError(err))
	}
	if len(src) > maxFromBytes {
		return nil, badInput("--from %s: larger than %d MB; give the file that holds the configuration", name, maxFromBytes>>20)
	}
	lang, err := configin.Lang(name, f.lang)
	if err != nil {
		return nil, badInput("%v", err)
	}
	found, err := configin.Read(name, src, lang)
	if err != nil {
		return nil, badInput("%v", err)
	}
	return found, nil
}

// maxFromBytes bounds the file --from reads.
const maxFromBytes = 8 << 20

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// pickFound chooses the configurations the verb uses: one for table, explore and config (the
// only one, FILE:LINE's or --pick's), all for compare and plot unless one is chosen.
func pickFound(verb string, f *fromArgs, found []configin.Found) ([]configin.Found, error) {
	list := func() string {
		var parts []string
		for i, c := range found {
			parts = append(parts, fmt.Sprintf("[%d] %s %s", i+1, c.Where(), strings.Join(c.Args(), " ")))
		}
		return strings.Join(parts, "; ")
	}
	switch {
	case f.pick > 0:
		if f.pick > len(found) {
			return nil, badInput("--pick %d: %s holds %d retry configuration(s): %s", f.pick, found[0].File, len(found), list())
		}
		return found[f.pick-1 : f.pick], nil
	case f.line > 0:
		k := -1
		for i, c := range found {
			if c.Line <= f.line {
				k = i
			}
		}
		if k < 0 {
			return nil, badInput("%s:%d: no retry configuration starts at or before this line: %s", found[0].File, f.line, list())
		}
		return found[k : k+1], nil
	case len(found) == 1 || verb == "compare" || verb == "plot":
		return found, nil
	}
	return nil, badInput("%s holds %d retry configurations, choose one with --pick N or FILE:LINE: %s", found[0].File, len(found), list())
}
