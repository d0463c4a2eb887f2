package sim

import (
	"errors"
	"math"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

// Event kinds of a herd run.
const (
	evArrival   = iota // who = client: a logical request arrives (open mode, or a closed client's next)
	evRetry            // who = request: its wait is over, the next attempt may go
	evSend             // who = request: a throttle's delay is over, the attempt goes now
	evServer           // the attempt (occ: its write) reaches the server
	evRead             // occ: the read reaches the server
	evReadReply        // occ: the version reaches the client, which sends the write
	evServed           // slowdown: the server finished an attempt
	evReply            // the reply reaches the client
	evTimeout          // the client's timer for the attempt
)

// Reply outcomes carried by events.
const (
	outSuccess = uint8(budget.Success)
	outFailure = uint8(budget.Failure)
	outThrottl = uint8(budget.Throttling)
)

// errAttemptCap is returned when one run passes MaxHerdAttempts attempts.
var errAttemptCap = errors.New("a run passed the cap of 1e8 simulated attempts: lower --clients, --duration or the attempts")

// MaxHerdLive caps the logical requests in flight at once in one run: an open load far beyond
// what the server completes would otherwise hold every request it ever started.
const MaxHerdLive = 1000000

var errLiveCap = errors.New("a run had more than 1000000 logical requests in flight at once, past the cap (the server cannot keep up with the load): lower the load, --duration or the server's latency")

// herdClient is one client's state between requests.
type herdClient struct {
	lastStart float64 // closed: when its current request started (the next arrival's origin)
	requests  uint32  // requests started, which numbers each request's stream
}

// herdRequest is one logical request in flight.
type herdRequest struct {
	client   int32
	attempt  int32  // attempts made, the current one included
	cur      uint32 // the attempt in flight (0: none)
	version  int64  // occ: the version its read returned
	waits    requestWaits
	inFlight bool
}

// runOut is one run's rows and totals.
type runOut struct {
	rows                         []HerdRow
	calls, firsts, logical, succ float64
	completion                   float64
	unfinished                   float64
	lastLevel                    float64
}

// herdRun is the state of one run.
type herdRun struct {
	cfg      *HerdConfig
	r        *rng
	q        eventHeap
	waits    *waitSource
	clients  []herdClient
	reqs     []herdRequest
	free     []int32
	nextID   uint32
	attempts float64
	active   int // logical requests not finished

	budgets, throttles []budget.Gate
	levels             []float64 // last Level of each gate whose level the tokens column shows
	levelGates         []budget.Gate
	levelSum           float64

	// servers
	version  int64     // occ
	line     []float64 // capacity: finish times of attempts in the line, oldest first
	lineHead int
	busy     int // slowdown: attempts in service

	// rows
	out      runOut
	cur      int // bucket of the clock
	inFlight int
	horizon  float64
}

// runHerd simulates run number run of cfg.
func runHerd(cfg *HerdConfig, run int) (runOut, error) {
	key := int64(splitmix(uint64(cfg.Seed) + uint64(run)*0x9e3779b97f4a7c15))
	h := &herdRun{cfg: cfg, r: newRng(key, 1), waits: newWaitSource(cfg.Strategy, key),
		clients: make([]herdClient, cfg.Clients), horizon: float64(MaxHerdBuckets) * cfg.Bucket}
	h.out.rows = make([]HerdRow, 1, int(math.Min(MaxHerdBuckets, math.Ceil(cfg.Duration/cfg.Bucket)+1)))
	h.makeGates()
	for c := range h.clients {
		h.q.push(herdEvent{t: 0, who: int32(c), kind: evArrival})
	}
	for h.q.len() > 0 {
		e := h.q.pop()
		if e.t >= h.horizon {
			break
		}
		h.advance(e.t)
		if err := h.handle(e); err != nil {
			return runOut{}, err
		}
	}
	h.closeBucket()
	h.out.unfinished = float64(h.active)
	h.out.lastLevel = h.meanLevel()
	return h.out, nil
}

func (h *herdRun) makeGates() {
	n := h.cfg.Clients
	if h.cfg.FleetScope {
		n = 1
	}
	mk := func(l budget.Layer) []budget.Gate {
		if l == nil {
			return nil
		}
		g := make([]budget.Gate, n)
		for i := range g {
			g[i] = l.New()
		}
		return g
	}
	h.budgets, h.throttles = mk(h.cfg.Budget), mk(h.cfg.Throttle)
	h.levelGates = h.budgets
	if h.levelGates == nil {
		h.levelGates = h.throttles
	}
	h.levels = make([]float64, len(h.levelGates))
	for i, g := range h.levelGates {
		h.levels[i] = g.Level()
		h.levelSum += h.levels[i]
	}
}

// gate returns the index of client c's gate.
func (h *herdRun) gate(c int32) int {
	if h.cfg.FleetScope {
		return 0
	}
	return int(c)
}

// touched refreshes the running sum of levels after gate i changed.
func (h *herdRun) touched(i int) {
	if h.levelGates == nil {
		return
	}
	l := h.levelGates[i].Level()
	h.levelSum += l - h.levels[i]
	h.levels[i] = l
}

func (h *herdRun) meanLevel() float64 {
	if len(h.levels) == 0 {
		return math.NaN()
	}
	return h.levelSum / float64(len(h.levels))
}

// advance closes every bucket that ends at or before t.
func (h *herdRun) advance(t float64) {
	b := int(t / h.cfg.Bucket)
	for h.cur < b {
		h.closeBucket()
		h.cur++
		h.out.rows = append(h.out.rows, HerdRow{})
	}
}

func (h *herdRun) closeBucket() {
	row := &h.out.rows[h.cur]
	row[ColInFlight] = float64(h.inFlight)
	row[ColTokens] = h.meanLevel()
}

func (h *herdRun) count(col int) { h.out.rows[h.cur][col]++ }

func (h *herdRun) handle(e herdEvent) error {
	switch e.kind {
	case evArrival:
		return h.arrive(e.t, e.who)
	}
	rq := &h.reqs[e.who]
	if e.kind == evServed {
		h.busy--
		if rq.cur == e.id {
			h.q.push(herdEvent{t: e.t + h.cfg.Network.delay(h.r), id: e.id, who: e.who, kind: evReply, out: outSuccess})
		}
		return nil
	}
	if rq.cur != e.id {
		return nil // a late reply or timer of an attempt already ended
	}
	switch e.kind {
	case evRetry:
		return h.try(e.t, e.who)
	case evSend:
		return h.send(e.t, e.who)
	case evRead:
		h.q.push(herdEvent{t: e.t + h.cfg.Network.delay(h.r), id: e.id, who: e.who, kind: evReadReply})
		rq.version = h.version
	case evReadReply:
		h.call(e.t, rq)
		h.q.push(herdEvent{t: e.t + h.cfg.Network.delay(h.r), id: e.id, who: e.who, kind: evServer})
	case evServer:
		h.serve(e.t, e.who, rq)
	case evReply:
		h.end(e.t, e.who, budget.Outcome(e.out))
	case evTimeout:
		h.count(ColTimeouts)
		h.end(e.t, e.who, budget.Timeout)
	}
	return nil
}

// arrive starts client c's next logical request and, in open mode, schedules the arrival after.
func (h *herdRun) arrive(t float64, c int32) error {
	cl := &h.clients[c]
	cl.lastStart = t
	if h.cfg.Mode == Open {
		if next := h.nextArrival(t); next < h.cfg.Duration {
			h.q.push(herdEvent{t: next, who: c, kind: evArrival})
		}
	}
	return h.start(t, c)
}

// nextArrival is the client's next arrival after t on the load process split evenly over the
// clients (Poisson gaps, thinned for spike and ramp); +Inf when none comes before Duration.
func (h *herdRun) nextArrival(t float64) float64 {
	n := float64(h.cfg.Clients)
	l := h.cfg.Load
	switch l.Kind {
	case LoadHerd:
		return math.Inf(1)
	case LoadConst:
		return t + n/l.Rate
	case LoadPoisson:
		return t + h.r.exp(n/l.Rate)
	}
	top := l.MaxRate()
	for {
		t += h.r.exp(n / top)
		if t >= h.cfg.Duration {
			return math.Inf(1)
		}
		if h.r.unit()*top < l.RateAt(t) {
			return t
		}
	}
}

// start begins a logical request for client c at t.
func (h *herdRun) start(t float64, c int32) error {
	if h.active >= MaxHerdLive {
		return errLiveCap
	}
	var i int32
	if n := len(h.free); n > 0 {
		i, h.free = h.free[n-1], h.free[:n-1]
	} else {
		h.reqs = append(h.reqs, herdRequest{})
		i = int32(len(h.reqs) - 1)
	}
	cl := &h.clients[c]
	rq := &h.reqs[i]
	rq.client, rq.attempt, rq.cur = c, 0, 0
	rq.waits.reset(uint64(c)<<32 | uint64(cl.requests))
	cl.requests++
	h.active++
	h.out.logical++
	return h.try(t, i)
}

// try runs the gates' admission for the request's next attempt, then sends it (or holds it).
func (h *herdRun) try(t float64, i int32) error {
	rq := &h.reqs[i]
	rq.attempt++
	rq.cur = h.newID()
	if h.attempts++; h.attempts > MaxHerdAttempts {
		return errAttemptCap
	}
	g := h.gate(rq.client)
	delay := 0.0
	for _, gates := range [][]budget.Gate{h.throttles, h.budgets} {
		if gates == nil {
			continue
		}
		a := gates[g].Admit(t, int(rq.attempt), h.r.unit())
		h.touched(g)
		if !a.Allowed {
			h.count(ColThrottled)
			rq.cur = 0
			h.failed(t, i, budget.Failure)
			return nil
		}
		delay = math.Max(delay, a.Delay)
	}
	if delay > 0 {
		h.q.push(herdEvent{t: t + delay, id: rq.cur, who: i, kind: evSend})
		return nil
	}
	return h.send(t, i)
}

func (h *herdRun) newID() uint32 {
	h.nextID++
	if h.nextID == 0 {
		h.nextID = 1
	}
	return h.nextID
}

// send puts the attempt on the wire: occ sends its read, the others their call.
func (h *herdRun) send(t float64, i int32) error {
	rq := &h.reqs[i]
	rq.inFlight = true
	h.inFlight++
	if h.cfg.Timeout > 0 {
		h.q.push(herdEvent{t: t + h.cfg.Timeout, id: rq.cur, who: i, kind: evTimeout})
	}
	d := h.cfg.Network.delay(h.r)
	if h.cfg.Server.Kind == ServerOCC {
		h.q.push(herdEvent{t: t + d, id: rq.cur, who: i, kind: evRead})
		return nil
	}
	h.call(t, rq)
	h.q.push(herdEvent{t: t + d, id: rq.cur, who: i, kind: evServer})
	return nil
}

// call counts one call to the server, as a first try or a retry.
func (h *herdRun) call(t float64, rq *herdRequest) {
	h.out.calls++
	if rq.attempt == 1 {
		h.out.firsts++
		h.count(ColFirstTries)
	} else {
		h.count(ColRetries)
	}
	h.count(ColOffered)
}

// serve is the server's handling of an attempt (occ: of its write) arriving at t.
func (h *herdRun) serve(t float64, i int32, rq *herdRequest) {
	s := &h.cfg.Server
	reply := func(at float64, out uint8) {
		h.q.push(herdEvent{t: at + h.cfg.Network.delay(h.r), id: rq.cur, who: i, kind: evReply, out: out})
	}
	if s.HasOutage() && s.inOutage(t) {
		reply(t, outFailure)
		return
	}
	switch s.Kind {
	case ServerFail:
		out := outSuccess
		if h.r.unit() < s.FailRate {
			out = outFailure
		}
		reply(t+h.cfg.Service, out)
	case ServerOCC:
		if rq.version == h.version {
			h.version++
			reply(t, outSuccess)
		} else {
			reply(t, outFailure)
		}
	case ServerCapacity:
		for h.lineHead < len(h.line) && h.line[h.lineHead] <= t {
			h.lineHead++
		}
		if h.lineHead > 1024 && h.lineHead*2 > len(h.line) {
			h.line = append(h.line[:0], h.line[h.lineHead:]...)
			h.lineHead = 0
		}
		inLine := len(h.line) - h.lineHead
		if inLine > 0 && inLine-1 >= s.Queue {
			reply(t, outThrottl)
			return
		}
		finish := t
		if inLine > 0 {
			finish = h.line[len(h.line)-1]
		}
		finish += 1 / s.Capacity
		h.line = append(h.line, finish)
		reply(finish, outSuccess)
	case ServerSlowdown:
		h.busy++
		h.q.push(herdEvent{t: t + s.Base + s.Slope*float64(h.busy), id: rq.cur, who: i, kind: evServed})
	}
}

// end is the attempt's end at the client: a reply or its timeout.
func (h *herdRun) end(t float64, i int32, o budget.Outcome) {
	rq := &h.reqs[i]
	rq.cur, rq.inFlight = 0, false
	h.inFlight--
	g := h.gate(rq.client)
	for _, gates := range [][]budget.Gate{h.throttles, h.budgets} {
		if gates != nil {
			gates[g].Record(t, int(rq.attempt), o)
			h.touched(g)
		}
	}
	switch o {
	case budget.Success:
		h.count(ColSuccesses)
		h.finish(t, i, true)
	case budget.Timeout:
		h.failed(t, i, o)
	default:
		h.count(ColFailures)
		h.failed(t, i, o)
	}
}

// failed decides what follows a failed attempt: the strategy's next wait, then the budget's
// verdict on the retry.
func (h *herdRun) failed(t float64, i int32, o budget.Outcome) {
	rq := &h.reqs[i]
	w, ok := h.waits.after(&rq.waits, int(rq.attempt))
	if !ok {
		h.finish(t, i, false)
		return
	}
	g := h.gate(rq.client)
	for _, gates := range [][]budget.Gate{h.budgets, h.throttles} {
		if gates == nil {
			continue
		}
		granted := gates[g].Retry(t, int(rq.attempt), o)
		h.touched(g)
		if !granted {
			h.count(ColBudgetDenied)
			h.finish(t, i, false)
			return
		}
	}
	rq.cur = h.newID()
	h.q.push(herdEvent{t: t + w, id: rq.cur, who: i, kind: evRetry})
}

// finish ends the logical request; a closed client starts its next one when it is due.
func (h *herdRun) finish(t float64, i int32, ok bool) {
	rq := &h.reqs[i]
	c := rq.client
	g := h.gate(c)
	for _, gates := range [][]budget.Gate{h.throttles, h.budgets} {
		if gates != nil {
			gates[g].Done(t, int(rq.attempt), ok)
			h.touched(g)
		}
	}
	if ok {
		h.out.succ++
	}
	h.out.completion = math.Max(h.out.completion, t)
	rq.cur = 0
	h.free = append(h.free, i)
	h.active--
	if h.cfg.Mode != Closed {
		return
	}
	next := math.Inf(1)
	if h.cfg.Load.Kind == LoadHerd {
		if h.cfg.Repeat {
			next = t + h.cfg.Think
		}
	} else {
		next = h.nextArrival(h.clients[c].lastStart)
	}
	if next < h.cfg.Duration {
		h.q.push(herdEvent{t: math.Max(next, t), who: c, kind: evArrival})
	}
}
