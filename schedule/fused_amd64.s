#include "textflag.h"

// The offsets of polyKernel's and kernelColumn's fields (fused.go; TestKernelLayout checks them).
#define K_SEED 0
#define K_FIRST 8
#define K_GROUPS 16
#define K_ROWS 24
#define K_ATTEMPTS 32
#define K_JITTER 40
#define K_JOB 48
#define K_HASJOB 56
#define K_DELAYS 64
#define K_COLUMNS 72

#define C_TARGETS 0
#define C_BRACKETS 32
#define C_SIZE 544

#define B_LO 0
#define B_HI 8
#define B_BELOW 16
#define B_AT 24
#define B_KEEP 32
#define B_KEPT 40
#define B_BASE 48
#define B_SIZE 64

// The eight lanes' offsets from the first sample of a group.
DATA kernelLanes<>+0(SB)/8, $0
DATA kernelLanes<>+8(SB)/8, $1
DATA kernelLanes<>+16(SB)/8, $2
DATA kernelLanes<>+24(SB)/8, $3
DATA kernelLanes<>+32(SB)/8, $4
DATA kernelLanes<>+40(SB)/8, $5
DATA kernelLanes<>+48(SB)/8, $6
DATA kernelLanes<>+56(SB)/8, $7
GLOBL kernelLanes<>(SB), RODATA|NOPTR, $64

// mix64 of Z_in into Z_out (SplitMix64's finaliser), Z3 scratch: Z29 and Z30 hold its multipliers.
#define MIX64(in, out) \
	VPSRLQ $30, in, Z3; \
	VPXORQ Z3, in, out; \
	VPMULLQ Z30, out, out; \
	VPSRLQ $27, out, Z3; \
	VPXORQ Z3, out, out; \
	VPMULLQ Z29, out, out; \
	VPSRLQ $31, out, Z3; \
	VPXORQ Z3, out, out

// neumaierNonNegative on the sum Z1 and compensation Z2 with the addend d, lane by lane:
// t = sum + d; comp += sum >= d ? (sum - t) + d : (d - t) + sum; sum = t.
#define NEUMAIER(d) \
	VADDPD d, Z1, Z9; \
	VCMPPD $0x1D, d, Z1, K1; \
	VSUBPD Z9, Z1, Z10; \
	VADDPD d, Z10, Z10; \
	VSUBPD Z9, d, Z11; \
	VADDPD Z1, Z11, Z11; \
	VBLENDMPD Z10, Z11, K1, Z11; \
	VADDPD Z11, Z2, Z2; \
	VMOVAPD Z9, Z1

// func polyKernelAVX512(k *polyKernel)
//
// Registers: DI the arguments, SI the column placed next, R8 the groups left, R9 whether the
// value placed is the wait, R10 the row (e), R11 the rows, R12 the delays, R13 the attempts, R14
// whether there is a job duration, CX and DX the bracket loop's count and bracket. Z0 the
// eight generators' states, Z1 and Z2 their start sums and compensations, Z8 the value placed;
// Z21 to Z31 constants.
TEXT ·polyKernelAVX512(SB), NOSPLIT, $0-8
	MOVQ k+0(FP), DI
	MOVQ $0x9e3779b97f4a7c15, AX
	VPBROADCASTQ AX, Z31
	MOVQ $0xbf58476d1ce4e5b9, AX
	VPBROADCASTQ AX, Z30
	MOVQ $0x94d049bb133111eb, AX
	VPBROADCASTQ AX, Z29
	MOVQ $0x3ca0000000000000, AX // 2^-53
	VPBROADCASTQ AX, Z28
	VBROADCASTSD K_JITTER(DI), Z27
	VBROADCASTSD K_JOB(DI), Z26
	MOVQ $0x4000000000000000, AX // 2.0
	VPBROADCASTQ AX, Z25
	VMOVDQU64 kernelLanes<>(SB), Z24
	VPBROADCASTQ K_SEED(DI), Z23
	VPBROADCASTQ K_FIRST(DI), Z22
	VPADDQ Z24, Z22, Z22 // the first group's streams
	MOVQ $8, AX
	VPBROADCASTQ AX, Z21
	MOVQ K_GROUPS(DI), R8
	MOVQ K_ROWS(DI), R11
	MOVQ K_DELAYS(DI), R12
	MOVQ K_ATTEMPTS(DI), R13
	MOVQ K_HASJOB(DI), R14

group:
	TESTQ R8, R8
	JZ done
	// Each lane's state: seed ^ mix64(stream + golden) (draw.SeedState).
	VPADDQ Z31, Z22, Z4
	MIX64(Z4, Z0)
	VPXORQ Z23, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	MOVQ K_COLUMNS(DI), SI
	MOVQ $1, R10

row:
	// The row's start: the sum plus its compensation (StartSum.Raw).
	VADDPD Z2, Z1, Z8
	XORQ R9, R9 // placing the start

place:
	// Z8 into the column at SI: per bracket, the lanes below it counted, those inside kept.
	MOVQ C_TARGETS(SI), CX
	TESTQ CX, CX
	JZ placed
	LEAQ C_BRACKETS(SI), DX

bracket:
	VCMPPD.BCST $0x11, B_LO(DX), Z8, K1 // below the bracket
	VCMPPD.BCST $0x12, B_HI(DX), Z8, K2 // at most its top
	KMOVB K1, AX
	POPCNTL AX, AX
	ADDQ AX, B_BELOW(DX)
	KANDNB K2, K1, K4 // inside
	CMPQ B_KEEP(DX), $0
	JEQ count
	VCOMPRESSPD.Z Z8, K4, Z7 // kept: compressed to the bracket's list
	MOVQ B_KEPT(DX), AX
	MOVQ B_BASE(DX), BX
	VMOVUPD Z7, (BX)(AX*8)
	KMOVB K4, BX
	POPCNTL BX, BX
	ADDQ BX, AX
	MOVQ AX, B_KEPT(DX)

next:
	ADDQ $B_SIZE, DX
	DECQ CX
	JNZ bracket

placed:
	ADDQ $C_SIZE, SI
	TESTQ R9, R9
	JNZ waitPlaced
	CMPQ R10, R13
	JEQ groupDone // the last attempt has no wait

	// The wait: delay + u*delay*jitter + 2, u the lane's next draw (draw.NextUnit).
	VPADDQ Z31, Z0, Z0
	MIX64(Z0, Z4)
	VPSRLQ $11, Z4, Z4
	VCVTQQ2PD Z4, Z4
	VMULPD Z28, Z4, Z4
	VBROADCASTSD -8(R12)(R10*8), Z5
	VMULPD Z5, Z4, Z6
	VMULPD Z27, Z6, Z6
	VADDPD Z6, Z5, Z6
	VADDPD Z25, Z6, Z8
	MOVQ $1, R9 // placing the wait
	JMP place

count:
	// A bracket of one value: the values at it are counted, not kept.
	KMOVB K4, AX
	POPCNTL AX, AX
	ADDQ AX, B_AT(DX)
	JMP next

waitPlaced:
	TESTQ R14, R14
	JZ noJob
	NEUMAIER(Z26)

noJob:
	NEUMAIER(Z8)
	CMPQ R10, R11
	JEQ groupDone
	INCQ R10
	JMP row

groupDone:
	VPADDQ Z21, Z22, Z22
	DECQ R8
	JMP group

done:
	VZEROUPPER
	RET
