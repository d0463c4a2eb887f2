package schedule

// Bounds are the least and greatest start and wait of one row over all draws. For continuous
// draws the greatest is the supremum (u -> 1): 3.15 s for ActiveJob's first wait at jitter 0.15.
type Bounds struct {
	StartMin, StartMax float64
	WaitMin, WaitMax   float64
}

// Enveloper is implemented by strategies whose rows are not monotone in the draws, so the
// extremes are not reached by setting every draw to its least or greatest value.
type Enveloper interface {
	Envelope() []Bounds
}

// Envelope returns each row's bounds over all draws. Strategies whose starts and waits grow (or
// shrink) with every draw are evaluated at u = 0 and at the supremum; others compute their own.
func Envelope(s Strategy) []Bounds {
	if e, ok := s.(Enveloper); ok {
		return e.Envelope()
	}
	return envelopeAtExtremes(s)
}
