package budget

import (
	"math"
	"time"

	"github.com/backoffctl/backoffctl/schedule/param"
)

const towerSource = "tower 0.5.3 tower/src/retry/budget/tps_budget.rs (TpsBudget)"

// Tower is tower's TpsBudget (tower 0.5.3, tower/src/retry/budget/tps_budget.rs, new at lines
// 69-112, expire/sum/put/try_get at 114-170), in integer tokens and integer nanoseconds:
//
//	retry_percent is an f32; deposit, withdraw = (0, 1) at 0, (1, (1.0/p) as isize) up to 1.0,
//	  else (1000, (1000.0/p) as isize): 0.3 withdraws 3, so it acts as 33 %
//	reserve = min_per_sec × ttl.as_secs() × withdraw (saturating)
//	window  = ttl / 10; 10 slots plus the writer
//	expire: when now − gen.time ≥ window, the writer is stored in slots[index]; while the
//	  remaining gap > window the next slot is zeroed and the gap shrinks by one window; the new
//	  index is the slot after the last zeroed one and gen.time = now (not aligned)
//	sum = writer + Σ slots + reserve; try_get(amt): expire, then sum ≥ amt takes amt
//
// The slot at the current index still holds the value written ten windows earlier until the
// writer overwrites it, so a deposit counts for up to eleven windows. The budget is used as the
// crate's own documented Policy does: deposit on every successful response, withdraw on every
// error that would be retried (here: when the strategy wants a retry).
type Tower struct {
	window   int64 // nanoseconds
	reserve  int64
	deposit  int64
	withdraw int64
	spec     string
}

func (t Tower) New() Gate      { return &towerGate{t: t} }
func (t Tower) Spec() string   { return t.spec }
func (t Tower) Source() string { return towerSource }

type towerGate struct {
	t      Tower
	slots  [10]int64
	writer int64
	index  int
	time   int64
}

func (g *towerGate) expire(now int64) {
	diff := now - g.time
	if diff < 0 {
		diff = 0 // saturating_duration_since
	}
	if diff < g.t.window {
		return
	}
	g.slots[g.index] = g.writer
	g.writer = 0
	idx := (g.index + 1) % len(g.slots)
	// while diff > window { zero slot idx; diff -= window; idx++ }, counted rather than looped.
	steps := int64(0)
	if diff > g.t.window {
		steps = (diff - 1) / g.t.window // the k with diff − k·window in (0, window]
	}
	for i := int64(0); i < min(steps, int64(len(g.slots))); i++ {
		g.slots[(idx+int(i))%len(g.slots)] = 0
	}
	g.index = int((int64(idx) + steps%int64(len(g.slots))) % int64(len(g.slots)))
	g.time = now
}

func (g *towerGate) sum() int64 {
	s := int64(0)
	for _, x := range g.slots {
		s = satAdd(s, x)
	}
	return satAdd(satAdd(g.writer, s), g.t.reserve)
}

func (g *towerGate) Admit(now float64, attempt int, u float64) Admission {
	return Admission{Allowed: true}
}

func (g *towerGate) Record(now float64, attempt int, o Outcome) {
	if o == Success {
		g.expire(clockNanos(now))
		g.writer += g.t.deposit
	}
}

func (g *towerGate) Retry(now float64, attempt int, o Outcome) bool {
	g.expire(clockNanos(now))
	if g.sum() >= g.t.withdraw {
		g.writer -= g.t.withdraw
		return true
	}
	return false
}

func (g *towerGate) Done(now float64, attempts int, ok bool) {}

// Level is the balance (sum: tokens including the reserve) as of the last call, at least 0.
func (g *towerGate) Level() float64 { return math.Max(0, float64(g.sum())) }

func satAdd(a, b int64) int64 {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
		if a > 0 {
			return math.MaxInt64
		}
		return math.MinInt64
	}
	return s
}

func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		if (a > 0) == (b > 0) {
			return math.MaxInt64
		}
		return math.MinInt64
	}
	return p
}

// f32ToIsize is Rust's `as isize` from f32: truncation, saturating, NaN to 0.
func f32ToIsize(f float32) int64 {
	d := float64(f)
	switch {
	case d != d:
		return 0
	case d >= math.MaxInt64:
		return math.MaxInt64
	case d <= math.MinInt64:
		return math.MinInt64
	}
	return int64(d)
}

// NewTower is TpsBudget::new(ttl, min_per_sec, retry_percent).
func newTower(ttl time.Duration, minPerSec uint32, p float32, spec string) Tower {
	t := Tower{window: int64(ttl) / 10, spec: spec}
	switch {
	case p == 0:
		t.deposit, t.withdraw = 0, 1
	case p <= 1:
		t.deposit, t.withdraw = 1, f32ToIsize(float32(1.0)/p)
	default:
		t.deposit, t.withdraw = 1000, f32ToIsize(float32(1000.0)/p)
	}
	secs := int64(ttl / time.Second)
	t.reserve = satMul(satMul(int64(minPerSec), secs), t.withdraw)
	return t
}

func towerDef() Def {
	d := Def{
		Name:    "tower",
		Summary: "tower's TpsBudget: deposit 1 per success, withdraw ⌊1/P⌋ per retry over a ttl in 10 slots",
		Source:  towerSource,
		Keys: []param.Spec{
			percentKey("", "0.2", 0, 1000, "retry_percent (an f32): retries per successful response"),
			durationKey("ttl", 10*time.Second, time.Second, 60*time.Second, "how long a deposit lasts"),
			rateKey("min", 10, math.MaxInt32-1, true, "min_per_sec: the reserve, min × ttl retries"),
		},
	}
	d.Make = func(_ string, v map[string]param.Value) (Layer, error) {
		return newTower(param.Dur(v["ttl"].Num), uint32(v["min"].Num), param.PercentFloat32(v[""]), spec(d, v)), nil
	}
	return d
}
