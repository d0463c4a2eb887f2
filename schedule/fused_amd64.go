package schedule

import "golang.org/x/sys/cpu"

// polyKernelAVX512 runs k (fused_amd64.s).
//
//go:noescape
func polyKernelAVX512(k *polyKernel)

// haveKernel is whether this processor runs the fused kernels: AVX-512 F and DQ (64-bit lane
// multiplies and conversions, byte masks), with the operating system saving their registers
// (cpu.X86 checks that), and POPCNT.
var haveKernel = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasPOPCNT

// runPolyKernel runs the AVX-512 kernel (only called when haveKernel).
func runPolyKernel(k *polyKernel) { polyKernelAVX512(k) }
