package schedule

import (
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// BenchmarkPolynomial25 is one 25-row ActiveJob schedule into a reused slice.
func BenchmarkPolynomial25(b *testing.B) {
	s := Polynomial{Attempts: 25, Jitter: 0.15}
	rows := make([]Row, 0, 25)
	d := draw.NewSplitMix(1, 0)
	for b.Loop() {
		rows = s.Fill(d, rows)
	}
}

// BenchmarkPolynomial25Columns is the same schedule written straight into column values, as the
// samplers walk it (SampleInto).
func BenchmarkPolynomial25Columns(b *testing.B) {
	s := Polynomial{Attempts: 25, Jitter: 0.15}
	vals := make([]float64, 50)
	d := draw.NewSplitMix(1, 0)
	for b.Loop() {
		s.SampleInto(d, vals)
	}
}

// BenchmarkPercentilesMillion is p50, p95 and p99 of every start and wait of the 25-attempt
// ActiveJob schedule over 10^6 samples.
func BenchmarkPercentilesMillion(b *testing.B) {
	s := Polynomial{Attempts: 25, Jitter: 0.15}
	for b.Loop() {
		Percentiles(s, 1000000, 1, []float64{50, 95, 99})
	}
}

// BenchmarkPercentilesPlain is the same computation written plainly: one goroutine storing every
// sample, then sorting each column.
func BenchmarkPercentilesPlain(b *testing.B) {
	s := Polynomial{Attempts: 25, Jitter: 0.15}
	for b.Loop() {
		exactPercentiles(s, 1000000, 1, []float64{50, 95, 99})
	}
}

// BenchmarkPolynomial25Raw is the same schedule with unrounded starts (SampleRawInto), as
// Percentiles samples it.
func BenchmarkPolynomial25Raw(b *testing.B) {
	s := Polynomial{Attempts: 25, Jitter: 0.15}
	vals := make([]float64, 50)
	d := draw.NewSplitMix(1, 0)
	for b.Loop() {
		s.SampleRawInto(d, vals)
	}
}

// BenchmarkPolynomial25Block is 64 such schedules generated four in lockstep (sampleRawBlock),
// as the bracket pass generates them; per schedule, divide by 64.
func BenchmarkPolynomial25Block(b *testing.B) {
	s := Polynomial{Attempts: 25, Jitter: 0.15}
	const samples = 64
	block := make([]float64, samples*50)
	first := uint64(0)
	for b.Loop() {
		s.sampleRawBlock(1, first, samples, block, 50)
		first += samples
	}
}
