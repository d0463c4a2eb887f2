package generic

// Constant waits the same after every attempt: d(k) = wait.
type Constant struct {
	Wait float64 // seconds
}

// Nominal returns the wait.
func (c Constant) Nominal(int) float64 { return c.Wait }
