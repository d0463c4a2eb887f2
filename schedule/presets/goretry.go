package presets

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
	"time"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/param"
)

// GoRetry is github.com/sethvargo/go-retry v0.5.0: a base Backoff (backoff_constant.go,
// backoff_exponential.go, backoff_fibonacci.go) wrapped in the middlewares of backoff.go. The
// library has no defaults and no end of its own; with NewExponential(1s), no middleware and
// --attempts 10 (the tool's print limit):
//
//	attempt  start  wait
//	1        0s     1s      Next #1: base << 0
//	2        1s     2s
//	3        3s     4s
//	...
//	9        255s   256s
//	10       511s   -       the backoff never stops: --attempts ends the table
//
// Middlewares are listed outermost first, the order in which the Go code reads:
// [max-retries=15, jitter-percent=10, capped-duration=30s] is WithMaxRetries(15,
// WithJitterPercent(10, WithCappedDuration(30s, b))). Each Next runs the stop checks from the
// outside in (WithMaxRetries: attempt >= max; WithMaxDuration: no time left), then the base value
// passes through the middlewares from the inside out, so the innermost jitter draws first and a
// stop never draws. Quirks, each at its line below: exponential and Fibonacci saturate at MaxInt64
// and stay there; Fibonacci starts base, 2b, 3b, 5b; WithJitter draws in [-j, j-1] ns and
// WithJitterPercent in [-(j-1)%, +j%] with float truncation (1s at -7% is 929999999 ns);
// WithMaxDuration's clock starts when the backoff is built and it cuts the last wait to the deadline.
type GoRetry struct {
	Backoff string        // constant, exponential or fibonacci
	Base    time.Duration // t or base, > 0
	With    []Middleware  // outermost first
	Limit   int           // rows to print when nothing else ends the schedule
}

// Middleware is one of go-retry's wrappers.
type Middleware struct {
	Kind string        // max-retries, jitter, jitter-percent, full-jitter, capped-duration, max-duration
	N    uint64        // max-retries, jitter-percent
	D    time.Duration // jitter, capped-duration, max-duration
}

// GoExpr is the middleware as Go code wrapping inner.
func (m Middleware) GoExpr(inner string) string {
	switch m.Kind {
	case "max-retries":
		return fmt.Sprintf("WithMaxRetries(%d, %s)", m.N, inner)
	case "jitter":
		return fmt.Sprintf("WithJitter(%v, %s)", m.D, inner)
	case "jitter-percent":
		return fmt.Sprintf("WithJitterPercent(%d, %s)", m.N, inner)
	case "full-jitter":
		return fmt.Sprintf("WithFullJitter(%s)", inner)
	case "capped-duration":
		return fmt.Sprintf("WithCappedDuration(%v, %s)", m.D, inner)
	}
	return fmt.Sprintf("WithMaxDuration(%v, %s)", m.D, inner)
}

// GoExpr is the whole backoff as Go code.
func (g GoRetry) GoExpr() string {
	name := map[string]string{"constant": "NewConstant", "exponential": "NewExponential", "fibonacci": "NewFibonacci"}[g.Backoff]
	e := fmt.Sprintf("%s(%v)", name, g.Base)
	for i := len(g.With) - 1; i >= 0; i-- {
		e = g.With[i].GoExpr(e)
	}
	return e
}

// bases returns the base backoff's values for Next #1..#n up to its saturation (beyond: MaxInt64).
func (g GoRetry) bases(n int) []time.Duration {
	if g.Backoff == "constant" {
		return []time.Duration{g.Base} // backoff_constant.go: return t, every time
	}
	var out []time.Duration
	s0, s1 := time.Duration(0), g.Base
	for k := 0; k < n; k++ {
		var next time.Duration
		if g.Backoff == "exponential" {
			// backoff_exponential.go: next := b.base << attempt; if next <= 0 { return math.MaxInt64 }
			// (the attempt counter then stops, so MaxInt64 forever). The first overflowing shift
			// reaches the sign bit, so this is when base's top bit would pass bit 62.
			if bits.Len64(uint64(g.Base))+k > 63 {
				break
			}
			next = g.Base << uint(k)
		} else {
			// backoff_fibonacci.go: state {0, base}; next := s0 + s1 (base, 2b, 3b, 5b, ...); an
			// int64 sum past MaxInt64 is negative, so if next <= 0 { return math.MaxInt64 } forever.
			next = s0 + s1
			if next <= 0 {
				break
			}
			s0, s1 = s1, next
		}
		out = append(out, next)
	}
	return out
}

// corner is a draw at one end of every range: low or high. go-retry's waits grow with every
// draw except WithJitterPercent's, which shrink (pct = 1 - top/100), so the envelope's extremes
// are the two runs that take each layer's draw at the end that moves the wait the same way.
type corner bool

func (c corner) Unit() float64 {
	if c {
		return 1
	}
	return 0
}

func (c corner) Intn(n int64) int64 {
	if c && n > 1 {
		return n - 1
	}
	return 0
}

// Strategy is the preset as a table.
func (g GoRetry) Strategy(params []schedule.Param, job float64) schedule.Strategy {
	bases := g.bases(schedule.MaxAttempts)
	p := schedule.PolicyFunc(func(s schedule.Step, d schedule.Draws) (float64, bool) {
		v, ok := g.next(s.Attempt, param.Dur(s.Elapsed), bases, d)
		return seconds(v), ok
	})
	c := schedule.Compose(schedule.Composed{ID: "go-retry", Parameters: params, Waits: p, Attempts: g.Limit, JobDuration: job, Explain: g.notes})
	return goRetryStrategy{c}
}

type goRetryStrategy struct{ *schedule.Composed }

// Envelope runs the two corners (see corner).
func (s goRetryStrategy) Envelope() []schedule.Bounds {
	return schedule.EnvelopeOfRuns(s.Fill(corner(false), nil), s.Fill(corner(true), nil))
}

// next is the n-th Next() (n >= 1) at elapsed time e since the backoff was built.
func (g GoRetry) next(n int, e time.Duration, bases []time.Duration, d schedule.Draws) (time.Duration, bool) {
	for _, m := range g.With { // the stop checks, outermost first
		switch m.Kind {
		case "max-retries":
			if uint64(n-1) >= m.N { // if attempt >= max { return 0, true }; attempt++
				return 0, false
			}
		case "max-duration":
			if m.D-e <= 0 { // diff := timeout - time.Since(start); if diff <= 0 { return 0, true }
				return 0, false
			}
		}
	}
	v := time.Duration(math.MaxInt64)
	if g.Backoff == "constant" {
		v = bases[0]
	} else if n-1 < len(bases) {
		v = bases[n-1]
	}
	for i := len(g.With) - 1; i >= 0; i-- { // the values, innermost first
		m := g.With[i]
		switch m.Kind {
		case "jitter":
			if m.D > 0 {
				// diff := time.Duration(rand.Uint64N(uint64(j)*2) - uint64(j)): in [-j, j-1], never +j.
				diff := time.Duration(d.Intn(int64(m.D)*2)) - m.D
				v = addClamp(v, diff)
			}
		case "jitter-percent":
			if j := min(m.N, 100); j > 0 { // j = min(j, 100)
				k := d.Intn(int64(j) * 2)
				if c, ok := d.(corner); ok {
					k = corner(!c).Intn(int64(j) * 2) // the larger draw shrinks the wait
				}
				top := k - int64(j)                     // rand.Int64N(int64(j)*2) - int64(j)
				pct := 1 - float64(top)/100.0           // in [1-(j-1)/100, 1+j/100]
				v = durationFromFloat(float64(v) * pct) // truncation: 1s * 0.93 = 929999999 ns
			}
		case "full-jitter":
			if v > 0 { // if val <= 0 { return val }
				v = time.Duration(d.Intn(int64(v))) // rand.Int64N(int64(val)): [0, val-1]
			}
		case "capped-duration":
			v = min(v, m.D)
		case "max-duration":
			v = min(v, m.D-e) // if val > diff { val = diff }
		}
	}
	return v, true
}

// addClamp is backoff.go's: overflow to MaxInt64, below 0 to 0.
func addClamp(a, b time.Duration) time.Duration {
	if b > 0 && a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return max(a+b, 0)
}

// durationFromFloat is backoff.go's: f >= MaxInt64 to MaxInt64, f <= 0 to 0, else truncated.
func durationFromFloat(f float64) time.Duration {
	if f >= math.MaxInt64 {
		return math.MaxInt64
	}
	if f <= 0 {
		return 0
	}
	return time.Duration(f)
}

func (g GoRetry) find(kind string) (Middleware, bool) {
	for _, m := range g.With {
		if m.Kind == kind {
			return m, true
		}
	}
	return Middleware{}, false
}

// Ends reports whether a middleware ends the schedule (max-retries or max-duration).
func (g GoRetry) Ends() bool {
	_, r := g.find("max-retries")
	_, t := g.find("max-duration")
	return r || t
}

func (g GoRetry) notes(rows []schedule.Row) []schedule.Note {
	last := len(rows)
	var notes []schedule.Note
	switch mr, ok := g.find("max-retries"); {
	case last < g.Limit && ok && uint64(last-1) >= mr.N:
		notes = append(notes, schedule.Note{Key: "note.goretry.max_retries", Args: []any{last, mr.N, last - 1}})
	case last < g.Limit:
		md, _ := g.find("max-duration")
		notes = append(notes, schedule.Note{Key: "note.goretry.max_duration", Args: []any{last, schedule.Duration(md.D.Seconds())}})
	default:
		notes = append(notes, schedule.Note{Key: "note.goretry.limit", Args: []any{last}})
	}
	return append(notes, schedule.Note{Key: "note.goretry.expr", Args: []any{g.GoExpr()}})
}

// ParseMiddlewares reads --with: comma-separated items, outermost first.
func ParseMiddlewares(text string) ([]Middleware, error) {
	var out []Middleware
	if strings.TrimSpace(text) == "" {
		return nil, nil // no middleware: the bare backoff
	}
	for i, item := range strings.Split(text, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("has an empty item (number %d): separate middlewares with one comma, like max-retries=5,jitter=1s", i+1)
		}
		name, val, hasVal := strings.Cut(item, "=")
		m := Middleware{Kind: name}
		var err error
		switch name {
		case "full-jitter":
			if hasVal {
				return nil, fmt.Errorf("full-jitter takes no value, got %q", item)
			}
		case "max-retries", "jitter-percent":
			_, err = fmt.Sscanf(val, "%d", &m.N)
			if err != nil || fmt.Sprint(m.N) != val || m.N > math.MaxInt32 {
				return nil, fmt.Errorf("%s takes a whole number up to 2147483647, got %q", name, val)
			}
		case "jitter", "capped-duration", "max-duration":
			m.D, err = param.ParseDuration(val)
			if err != nil {
				return nil, fmt.Errorf("%s takes a duration (like 500ms, 30s, 1h), got %q", name, val)
			}
		default:
			return nil, fmt.Errorf("has no middleware %q: use max-retries=N, jitter=D, jitter-percent=P, full-jitter, capped-duration=D, max-duration=D", name)
		}
		out = append(out, m)
	}
	return out, nil
}

// ShowMiddlewares prints --with canonically.
func ShowMiddlewares(ms []Middleware) string {
	var parts []string
	for _, m := range ms {
		switch m.Kind {
		case "full-jitter":
			parts = append(parts, m.Kind)
		case "max-retries", "jitter-percent":
			parts = append(parts, fmt.Sprintf("%s=%d", m.Kind, m.N))
		default:
			parts = append(parts, fmt.Sprintf("%s=%v", m.Kind, m.D))
		}
	}
	return strings.Join(parts, ",")
}
