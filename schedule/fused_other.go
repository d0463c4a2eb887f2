//go:build !amd64

package schedule

// haveKernel is false: the fused kernels are written for amd64 only.
var haveKernel = false

// runPolyKernel is never called where haveKernel is false.
func runPolyKernel(*polyKernel) { panic("schedule: no fused kernel on this architecture") }
