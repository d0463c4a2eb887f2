// Package configin reads retry configurations from an application's own code or configuration
// file and says which strategy, with which flags, gives the same schedule. Go is read with
// go/parser, YAML and JSON with their libraries; Ruby, Python, Java, C#, JavaScript and Elixir
// with a small tolerant reader of the call, keyword and field forms the libraries document. A
// value that is not a literal is refused with its file:line, never guessed.
package configin

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Flag is one flag of the strategy: --Name Value.
type Flag struct{ Name, Value string }

// Found is one retry configuration: where it starts, the strategy and the flags that give its
// schedule, and the library defaults that filled fields the code left out.
type Found struct {
	File     string
	Line     int
	Strategy string
	Flags    []Flag
	Defaults []string // "wait_exponential max (default 4611686018427387903)": fields the library's default fills
}

// Args is the strategy and its flags as a command line takes them, each --name=value (a switch
// reads a following word as an argument, not its value).
func (f Found) Args() []string {
	out := []string{f.Strategy}
	for _, fl := range f.Flags {
		out = append(out, "--"+fl.Name+"="+fl.Value)
	}
	return out
}

// Spec is the strategy and its flags as one word list, as compare and plot take a spec.
func (f Found) Spec() string { return strings.Join(f.Args(), " ") }

// Where is file:line.
func (f Found) Where() string { return fmt.Sprintf("%s:%d", f.File, f.Line) }

// Error is input not understood, at file:line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// Languages are the --lang-of words, each with the file extensions that select it.
var Languages = []struct {
	Name string
	Exts []string
}{
	{"go", []string{".go"}},
	{"ruby", []string{".rb", ".rake"}},
	{"python", []string{".py"}},
	{"java", []string{".java", ".kt"}},
	{"csharp", []string{".cs"}},
	{"js", []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"}},
	{"elixir", []string{".ex", ".exs"}},
	{"yaml", []string{".yaml", ".yml"}},
	{"json", []string{".json"}},
}

// langAliases are other words --lang-of accepts.
var langAliases = map[string]string{
	"golang": "go", "rb": "ruby", "py": "python", "kotlin": "java", "kt": "java", "cs": "csharp",
	"c#": "csharp", "javascript": "js", "typescript": "js", "ts": "js", "ex": "elixir", "exs": "elixir", "yml": "yaml",
}

// Lang is the language word for --lang-of's text, or for a file's extension when lang is empty.
func Lang(file, lang string) (string, error) {
	names := make([]string, len(Languages))
	for i, l := range Languages {
		names[i] = l.Name
	}
	if lang != "" {
		l := strings.ToLower(strings.TrimSpace(lang))
		if a, ok := langAliases[l]; ok {
			l = a
		}
		if slices.Contains(names, l) {
			return l, nil
		}
		return "", fmt.Errorf("--lang-of must be one of %s, got %q", strings.Join(names, ", "), lang)
	}
	ext := strings.ToLower(filepath.Ext(file))
	for _, l := range Languages {
		if slices.Contains(l.Exts, ext) {
			return l.Name, nil
		}
	}
	return "", fmt.Errorf("%s: no language for the extension %q: give --lang-of, one of %s", file, ext, strings.Join(names, ", "))
}

// readers is each language's reader.
var readers = map[string]func(r *reader) error{
	"go": readGo, "ruby": readRuby, "python": readPython, "java": readJava, "csharp": readCSharp,
	"js": readJS, "elixir": readElixir, "yaml": readYAML, "json": readJSON,
}

// looksFor is what each language's reader recognises, for the message when it finds nothing.
var looksFor = map[string]string{
	"go":     "backoff.ExponentialBackOff / NewConstantBackOff, wait.Backoff, retry.NewStandard, go-retry's retry.New*, retryablehttp client fields, grpc backoff.Config or a service config, temporal.RetryPolicy, river.Config, asynq.MaxRetry",
	"ruby":   "retry_on, config.active_job.retry_jitter, sidekiq_options retry:, ACCEPT_TIMEOUT",
	"python": "tenacity @retry(wait=..., stop=...), Celery @app.task / @shared_task retry options, google.api_core Retry(...)",
	"java":   "Resilience4j RetryConfig / IntervalFunction, Spring @Retryable(backoff = @Backoff(...)) or RetryTemplate back-off setters, Aiven new Backoff(...)",
	"csharp": "Polly new RetryStrategyOptions { ... }",
	"js":     "BullMQ job options { attempts, backoff: { type, delay, jitter } }",
	"elixir": "use Oban.Worker, max_attempts:",
	"yaml":   "Envoy retry_policy, act_runner runner.fetch_interval / fetch_interval_max, resilience4j.retry instances, a gRPC retryPolicy",
	"json":   "a gRPC service config's retryPolicy",
}

// Read finds every retry configuration in src, a file named file in language lang (a Languages
// name). No configuration is an *Error saying what was looked for.
func Read(file string, src []byte, lang string) ([]Found, error) {
	read, ok := readers[lang]
	if !ok {
		return nil, fmt.Errorf("unknown language %q", lang)
	}
	r := &reader{file: file, src: string(src), lang: lang}
	if err := read(r); err != nil {
		return nil, err
	}
	if len(r.found) == 0 {
		return nil, &Error{File: file, Msg: "no retry configuration found; looked for " + looksFor[lang]}
	}
	r.attachNotes()
	for i := range r.found {
		if err := r.check(&r.found[i]); err != nil {
			return nil, err
		}
	}
	return r.found, nil
}

// reader is one file being read: its text and what was found so far.
type reader struct {
	file, src, lang string
	found           []Found
	notes           []note // backoffctl's own notes, from comments
}

// errAt is an *Error at line.
func (r *reader) errAt(line int, format string, args ...any) error {
	return &Error{File: r.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// add records a configuration found at line.
func (r *reader) add(line int, b *builder) {
	r.found = append(r.found, Found{File: r.file, Line: line, Strategy: b.strategy, Flags: b.flags, Defaults: b.defaults})
}
