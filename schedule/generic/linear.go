package generic

// Linear grows by a fixed increment: d(k) = base + (k-1)*increment.
type Linear struct {
	Base, Increment float64 // seconds
}

// Nominal returns base + (k-1)*increment.
func (l Linear) Nominal(k int) float64 { return l.Base + float64(float64(k-1)*l.Increment) }
