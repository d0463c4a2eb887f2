package amplify

// Row is one (policy, failure rate) of the table.
type Row struct {
	Policy       string
	FailureRate  float64
	Work         float64 // attempts per logical request
	Success      float64 // fraction of logical requests that succeed
	Threshold    float64 // x*, when HasThreshold
	HasThreshold bool
	Burst        int // retries granted from a full state under total failure, when HasBurst
	HasBurst     bool
	Simulated    bool // from a simulation, not the closed form
}

// Evaluate fills the table: per policy, per failure rate, the closed form, or with simulate (or
// for a budget without one) a one-client simulation of run. The simulation's stream is the failure
// rate's index, so every policy sees the same outcomes at the same rate.
func Evaluate(policies []Policy, rates []float64, simulate bool, run Run) []Row {
	var rows []Row
	for _, p := range policies {
		base := Row{Policy: p.Label}
		if p.Rule != nil {
			base.Threshold, base.HasThreshold = p.Rule.Threshold(p.Retries)
		}
		if p.Budget != nil {
			base.Burst, base.HasBurst = Burst(p.Budget.Layer, p.Retries)
		}
		for i, x := range rates {
			r := base
			r.FailureRate = x
			switch {
			case simulate || (p.Budget != nil && p.Rule == nil):
				var m Measured
				if p.Budget != nil {
					m = Simulate(p.Budget.Layer, p.Retries, x, run, uint64(i))
				} else {
					m = Simulate(nil, p.Retries, x, run, uint64(i))
				}
				r.Work, r.Success, r.Simulated = m.Work, m.Success, true
			case p.Rule != nil:
				r.Work = p.Rule.Work(x, p.Retries)
				r.Success = Success(x, r.Work)
			default:
				r.Work = Unbudgeted(x, p.Retries)
				r.Success = Success(x, r.Work)
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// Notes are the closed forms' assumptions, once per policy that has any.
func Notes(policies []Policy) []string {
	var out []string
	for _, p := range policies {
		if p.Rule == nil {
			if p.Budget != nil {
				out = append(out, p.Label+": no closed form; simulated")
			}
			continue
		}
		for _, n := range p.Rule.Notes() {
			out = append(out, p.Label+": "+n)
		}
	}
	return out
}
