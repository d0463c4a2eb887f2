package cmd

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress reports long simulations on stderr when it is a terminal, and says nothing when piped.
type progress struct {
	mu              sync.Mutex
	w               io.Writer
	label           string
	total, finished int
	on              bool
	start           time.Time
}

func newProgress(w io.Writer, label string, total int) *progress {
	p := &progress{w: w, label: label, total: total, on: isTerminal(w), start: time.Now()}
	if p.on {
		fmt.Fprintf(w, "\r%s: 0/%d", label, total)
	}
	return p
}

func (p *progress) step() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finished++
	if p.on {
		fmt.Fprintf(p.w, "\r%s: %d/%d (%.1fs)", p.label, p.finished, p.total, time.Since(p.start).Seconds())
	}
}

func (p *progress) done() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
