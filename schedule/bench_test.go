package schedule

import "testing"

// BenchmarkPolynomial25 is one 25-row ActiveJob schedule into a reused slice.
func BenchmarkPolynomial25(b *testing.B) {
	s := Polynomial{Attempts: 25, Jitter: 0.15}
	rows := make([]Row, 0, 25)
	d := NewSplitMix(1, 0)
	for b.Loop() {
		rows = s.Fill(d, rows)
	}
}
