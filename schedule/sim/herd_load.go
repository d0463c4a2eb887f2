package sim

import (
	"fmt"
	"math"
	"strings"
)

// LoadKind is the arrival process of simulate herd's --load.
type LoadKind int

const (
	// LoadHerd: every client starts one request at t = 0 (the AWS Architecture Blog's OCC herd);
	// in closed mode with a think time each client starts another one Think after the last ends.
	LoadHerd LoadKind = iota
	// LoadPoisson: Poisson arrivals at Rate requests per second over all clients (Brooker's
	// retry_sim Client and SerialClient, random.expovariate gaps).
	LoadPoisson
	// LoadConst: evenly spaced arrivals, Rate per second over all clients.
	LoadConst
	// LoadSpike: Poisson at Rate, at Peak in [Start, Start+Width) (simple_collapse_sim's
	// SpikeLoadGenerator).
	LoadSpike
	// LoadRamp: Poisson at max(0, Peak − Slope·|t − Start|) (simple_collapse_sim's
	// RampUpDownLoadGenerator).
	LoadRamp
)

// Load is a parsed --load SPEC. Rates are requests per second over all clients.
type Load struct {
	Kind  LoadKind
	Rate  float64 // poisson, const; spike: the base rate
	Peak  float64 // spike, ramp
	Slope float64 // ramp: requests/s lost per second away from the peak
	Start float64 // spike: start of the spike; ramp: time of the peak
	Width float64 // spike: its duration
}

// maxRate caps any rate of --load, in requests per second.
const maxRate = 1e7

// ParseLoad reads herd, poisson:RATE, const:RATE, spike:BASE,PEAK@START+DURATION or
// ramp:PEAK,SLOPE@TPEAK. RATE is a number with an optional "/s" ("40/s", "40").
func ParseLoad(spec string) (Load, error) {
	s := strings.TrimSpace(spec)
	name, args, _ := strings.Cut(s, ":")
	switch name {
	case "herd":
		if args != "" {
			return Load{}, fmt.Errorf("--load herd takes no arguments, got %q", args)
		}
		return Load{Kind: LoadHerd}, nil
	case "poisson", "const":
		r, err := parseRate("--load "+name+" rate", args, false)
		if err != nil {
			return Load{}, err
		}
		k := LoadPoisson
		if name == "const" {
			k = LoadConst
		}
		return Load{Kind: k, Rate: r}, nil
	case "spike":
		rates, at, ok := strings.Cut(args, "@")
		base, peak, ok2 := strings.Cut(rates, ",")
		start, width, ok3 := strings.Cut(at, "+")
		if !ok || !ok2 || !ok3 {
			return Load{}, fmt.Errorf("--load spike must be spike:BASE,PEAK@START+DURATION (e.g. spike:40/s,80/s@20s+5s), got %q", spec)
		}
		l := Load{Kind: LoadSpike}
		var err error
		if l.Rate, err = parseRate("--load spike BASE", base, true); err != nil {
			return Load{}, err
		}
		if l.Peak, err = parseRate("--load spike PEAK", peak, true); err != nil {
			return Load{}, err
		}
		if l.Start, err = parseSeconds("--load spike START", start, 0, maxHerdTime); err != nil {
			return Load{}, err
		}
		if l.Width, err = parseSeconds("--load spike DURATION", width, 0, maxHerdTime); err != nil {
			return Load{}, err
		}
		if l.Rate == 0 && l.Peak == 0 {
			return Load{}, fmt.Errorf("--load spike needs BASE or PEAK above 0")
		}
		return l, nil
	case "ramp":
		rates, at, ok := strings.Cut(args, "@")
		peak, slope, ok2 := strings.Cut(rates, ",")
		if !ok || !ok2 {
			return Load{}, fmt.Errorf("--load ramp must be ramp:PEAK,SLOPE@TPEAK (e.g. ramp:80/s,1.6@25s), got %q", spec)
		}
		l := Load{Kind: LoadRamp}
		var err error
		if l.Peak, err = parseRate("--load ramp PEAK", peak, false); err != nil {
			return Load{}, err
		}
		if l.Slope, err = parseNumber("--load ramp SLOPE", strings.TrimSuffix(strings.TrimSpace(slope), "/s"), 0, maxRate); err != nil {
			return Load{}, err
		}
		if l.Start, err = parseSeconds("--load ramp TPEAK", at, 0, maxHerdTime); err != nil {
			return Load{}, err
		}
		return l, nil
	}
	return Load{}, fmt.Errorf("unknown --load %q: choose herd, poisson:RATE, const:RATE, spike:BASE,PEAK@START+DURATION or ramp:PEAK,SLOPE@TPEAK", name)
}

// RateAt is the arrival rate over all clients at time t (0 for herd).
func (l Load) RateAt(t float64) float64 {
	switch l.Kind {
	case LoadPoisson, LoadConst:
		return l.Rate
	case LoadSpike:
		if t >= l.Start && t < l.Start+l.Width {
			return l.Peak
		}
		return l.Rate
	case LoadRamp:
		return math.Max(0, l.Peak-l.Slope*math.Abs(t-l.Start))
	}
	return 0
}

// MaxRate is the largest rate the load reaches, the thinning bound for spike and ramp.
func (l Load) MaxRate() float64 {
	switch l.Kind {
	case LoadSpike:
		return math.Max(l.Rate, l.Peak)
	case LoadRamp:
		return l.Peak
	}
	return l.Rate
}

// TriggerEnd is when the load's own disturbance ends: the herd at 0, a spike's end, a ramp's peak.
func (l Load) TriggerEnd() float64 {
	switch l.Kind {
	case LoadSpike:
		return l.Start + l.Width
	case LoadRamp:
		return l.Start
	}
	return 0
}

// String is the canonical spelling.
func (l Load) String() string {
	switch l.Kind {
	case LoadPoisson:
		return "poisson:" + fnum(l.Rate) + "/s"
	case LoadConst:
		return "const:" + fnum(l.Rate) + "/s"
	case LoadSpike:
		return "spike:" + fnum(l.Rate) + "/s," + fnum(l.Peak) + "/s@" + fnum(l.Start) + "s+" + fnum(l.Width) + "s"
	case LoadRamp:
		return "ramp:" + fnum(l.Peak) + "/s," + fnum(l.Slope) + "@" + fnum(l.Start) + "s"
	}
	return "herd"
}

func parseRate(what, text string, zeroOK bool) (float64, error) {
	t := strings.TrimSpace(text)
	t = strings.TrimSuffix(t, "/s")
	lo := math.SmallestNonzeroFloat64
	if zeroOK {
		lo = 0
	}
	v, err := parseNumber(what, t, lo, maxRate)
	if err != nil {
		return 0, err
	}
	return v, nil
}
