package cmd

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/backoffctl/backoffctl/schedule/analyze"
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

// watchSamples shows how many of total samples a sampler has walked, every quarter second, on a
// terminal stderr; it returns the counter to hand the sampler and a stop function that clears the
// line. Piped, it shows nothing and costs one idle counter.
func watchSamples(w io.Writer, total int64) (*atomic.Int64, func()) {
	done := new(atomic.Int64)
	if !isTerminal(w) {
		return done, func() {}
	}
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				fmt.Fprint(w, "\r\x1b[K")
				return
			case <-tick.C:
				fmt.Fprintf(w, "\rsampling: %d of %d schedules", min(done.Load(), total), total)
			}
		}
	}()
	return done, func() {
		close(stop)
		<-finished
	}
}

// watcher is watchSamples on w as an analysis takes it.
func watcher(w io.Writer) analyze.Watch {
	return func(total int64) (*atomic.Int64, func()) { return watchSamples(w, total) }
}
