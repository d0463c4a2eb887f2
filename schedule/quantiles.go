package schedule

// Quantiles are sampled percentiles of every row's start and wait (schedule/sample computes
// them): Start[r][j] is the Percents[j]-th percentile of row r's start. Wait of a row that never
// has a wait is NaN.
//
// When the row count depends on the draws, row r's percentiles are over the samples that reach it,
// and Reached[r] is the fraction of samples that do (1 for every row of a fixed-length schedule).
type Quantiles struct {
	Percents []float64
	Start    [][]float64
	Wait     [][]float64
	Reached  []float64
}

// AllReach reports whether every sample reaches every row.
func (q Quantiles) AllReach() bool {
	for _, r := range q.Reached {
		if r != 1 {
			return false
		}
	}
	return true
}
