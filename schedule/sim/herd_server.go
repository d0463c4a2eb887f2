package sim

import (
	"fmt"
	"strings"
)

// ServerKind is the server model of --server.
type ServerKind int

const (
	// ServerFail: each attempt fails independently with probability FailRate after Service
	// (Brooker's retry_sim Server: random() > failure_rate succeeds).
	ServerFail ServerKind = iota
	// ServerCapacity: one FIFO line served at Capacity completions per second (1/Capacity each);
	// an attempt that finds Queue attempts already waiting fails at once.
	ServerCapacity
	// ServerOCC: one row with a version (the AWS simulator's OccServer): an attempt reads the
	// version, then writes conditionally on it; the write fails when another write landed in
	// between. Only writes are calls.
	ServerOCC
	// ServerSlowdown: latency = Base + Slope × attempts in service at arrival, this one included
	// (simple_collapse_sim's Server); every attempt succeeds, timed-out ones are still served.
	ServerSlowdown
)

// Server is a parsed --server SPEC.
type Server struct {
	Kind     ServerKind
	FailRate float64 // fail
	Capacity float64 // capacity: completions per second
	Queue    int     // capacity: attempts that may wait
	Base     float64 // slowdown: seconds
	Slope    float64 // slowdown: seconds per attempt in service
	// Outage, when OutageEnd > OutageStart: every attempt reaching the server in
	// [OutageStart, OutageEnd) fails at once (for occ: every write).
	OutageStart, OutageEnd float64
}

// maxQueue caps capacity's queue=Q: the line is held in memory.
const maxQueue = 10000000

// ParseServer reads fail:X, capacity:C[,queue=Q], occ or slowdown:BASE,SLOPE, each with an
// optional ,outage=A..B.
func ParseServer(spec string) (Server, error) {
	s := strings.TrimSpace(spec)
	name, args, _ := strings.Cut(s, ":")
	if name == "occ" || strings.HasPrefix(name, "occ,") {
		name, args = "occ", strings.TrimPrefix(strings.TrimPrefix(s, "occ"), ",")
		args = strings.TrimPrefix(args, ":")
	}
	var parts []string
	if args != "" {
		parts = strings.Split(args, ",")
	}
	var sv Server
	var positional []string
	for _, p := range parts {
		key, val, hasKey := strings.Cut(p, "=")
		key = strings.TrimSpace(key)
		switch {
		case !hasKey:
			positional = append(positional, p)
		case key == "outage":
			a, b, ok := strings.Cut(val, "..")
			if !ok {
				return Server{}, fmt.Errorf("--server outage must be outage=A..B (e.g. outage=10s..20s), got %q", val)
			}
			var err error
			if sv.OutageStart, err = parseSeconds("--server outage start", a, 0, maxHerdTime); err != nil {
				return Server{}, err
			}
			if sv.OutageEnd, err = parseSeconds("--server outage end", b, 0, maxHerdTime); err != nil {
				return Server{}, err
			}
			if sv.OutageEnd <= sv.OutageStart {
				return Server{}, fmt.Errorf("--server outage=A..B needs A < B, got %q", val)
			}
		case key == "queue" && name == "capacity":
			q, err := parseNumber("--server capacity queue", val, 0, maxQueue)
			if err != nil {
				return Server{}, err
			}
			if q != float64(int(q)) {
				return Server{}, fmt.Errorf("--server capacity queue must be a whole number in [0, %d], got %q", maxQueue, val)
			}
			sv.Queue = int(q)
		default:
			return Server{}, fmt.Errorf("unknown --server %q key %q: %s", name, key, serverKeys(name))
		}
	}
	want := func(n int, form string) error {
		if len(positional) != n {
			return fmt.Errorf("--server %s must be %s, got %q", name, form, spec)
		}
		return nil
	}
	var err error
	switch name {
	case "fail":
		if err = want(1, "fail:X[,outage=A..B] with X in [0, 1]"); err != nil {
			return Server{}, err
		}
		sv.Kind = ServerFail
		sv.FailRate, err = parseNumber("--server fail X", positional[0], 0, 1)
	case "capacity":
		if err = want(1, "capacity:C[,queue=Q][,outage=A..B]"); err != nil {
			return Server{}, err
		}
		sv.Kind = ServerCapacity
		sv.Capacity, err = parseNumber("--server capacity C (completions per second)", strings.TrimSuffix(strings.TrimSpace(positional[0]), "/s"), 1e-6, maxRate)
	case "occ":
		if err = want(0, "occ[,outage=A..B]"); err != nil {
			return Server{}, err
		}
		sv.Kind = ServerOCC
	case "slowdown":
		if err = want(2, "slowdown:BASE,SLOPE[,outage=A..B] (e.g. slowdown:1s,10ms)"); err != nil {
			return Server{}, err
		}
		sv.Kind = ServerSlowdown
		if sv.Base, err = parseSeconds("--server slowdown BASE", positional[0], 0, 3600); err == nil {
			sv.Slope, err = parseSeconds("--server slowdown SLOPE", positional[1], 0, 3600)
		}
	default:
		return Server{}, fmt.Errorf("unknown --server %q: choose fail:X, capacity:C[,queue=Q], occ or slowdown:BASE,SLOPE (each with optional ,outage=A..B)", name)
	}
	if err != nil {
		return Server{}, err
	}
	return sv, nil
}

func serverKeys(name string) string {
	if name == "capacity" {
		return "the keys are queue and outage"
	}
	return "the only key is outage"
}

// String is the canonical spelling, times in seconds.
func (s Server) String() string {
	var out string
	switch s.Kind {
	case ServerFail:
		out = "fail:" + fnum(s.FailRate)
	case ServerCapacity:
		out = "capacity:" + fnum(s.Capacity) + ",queue=" + fmt.Sprint(s.Queue)
	case ServerOCC:
		out = "occ"
	case ServerSlowdown:
		out = "slowdown:" + fnum(s.Base) + "s," + fnum(s.Slope) + "s"
	}
	if s.HasOutage() {
		out += ",outage=" + fnum(s.OutageStart) + "s.." + fnum(s.OutageEnd) + "s"
	}
	return out
}

// HasOutage reports whether an outage is set.
func (s Server) HasOutage() bool { return s.OutageEnd > s.OutageStart }

func (s Server) inOutage(t float64) bool { return t >= s.OutageStart && t < s.OutageEnd }
