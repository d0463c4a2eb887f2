//go:build !linux

package schedule

// floatArena is the Go heap on systems other than linux (see arena_linux.go).
type floatArena struct{}

func newFloatArena(n int) *floatArena { return nil }

func (a *floatArena) floats(n int) []float64 { return make([]float64, n) }

func (a *floatArena) release() {}
