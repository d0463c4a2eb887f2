package sim

import (
	"fmt"
	"math"
	"strings"
)

// NetworkKind is the one-way delay model of --network.
type NetworkKind int

const (
	// NetNone: messages arrive at once.
	NetNone NetworkKind = iota
	// NetExp: exponential delays with mean Mean (Brooker's net_rtt, random.expovariate(1/0.01)).
	NetExp
	// NetNormal: folded normal |N(Mean, SD)| (the AWS simulator's Net, abs(random.normalvariate)).
	NetNormal
)

// Network is a parsed --network SPEC: the delay of each message, one way.
type Network struct {
	Kind     NetworkKind
	Mean, SD float64 // seconds
}

// ParseNetwork reads none, exp:MEAN or normal:MEAN,SD (durations).
func ParseNetwork(spec string) (Network, error) {
	s := strings.TrimSpace(spec)
	name, args, _ := strings.Cut(s, ":")
	switch name {
	case "none":
		if args != "" {
			return Network{}, fmt.Errorf("--network none takes no arguments, got %q", args)
		}
		return Network{}, nil
	case "exp":
		m, err := parseSeconds("--network exp MEAN", args, 0, 3600)
		if err != nil {
			return Network{}, err
		}
		return Network{Kind: NetExp, Mean: m}, nil
	case "normal":
		mean, sd, ok := strings.Cut(args, ",")
		if !ok {
			return Network{}, fmt.Errorf("--network normal must be normal:MEAN,SD (e.g. normal:10ms,2ms), got %q", spec)
		}
		m, err := parseSeconds("--network normal MEAN", mean, 0, 3600)
		if err != nil {
			return Network{}, err
		}
		d, err := parseSeconds("--network normal SD", sd, 0, 3600)
		if err != nil {
			return Network{}, err
		}
		return Network{Kind: NetNormal, Mean: m, SD: d}, nil
	}
	return Network{}, fmt.Errorf("unknown --network %q: choose none, exp:MEAN or normal:MEAN,SD", name)
}

// String is the canonical spelling, in seconds.
func (n Network) String() string {
	switch n.Kind {
	case NetExp:
		return "exp:" + fnum(n.Mean) + "s"
	case NetNormal:
		return "normal:" + fnum(n.Mean) + "s," + fnum(n.SD) + "s"
	}
	return "none"
}

// MeanDelay is the expected one-way delay: for the folded normal,
// σ·√(2/π)·exp(−μ²/2σ²) + μ·(1 − 2Φ(−μ/σ)).
func (n Network) MeanDelay() float64 {
	switch n.Kind {
	case NetExp:
		return n.Mean
	case NetNormal:
		if n.SD == 0 {
			return n.Mean
		}
		z := n.Mean / n.SD
		return n.SD*math.Sqrt(2/math.Pi)*math.Exp(-z*z/2) + n.Mean*math.Erf(z/math.Sqrt2)
	}
	return 0
}

// delay draws one message's delay from r.
func (n Network) delay(r *rng) float64 {
	switch n.Kind {
	case NetExp:
		return r.exp(n.Mean)
	case NetNormal:
		return math.Abs(n.Mean + n.SD*r.normal())
	}
	return 0
}
