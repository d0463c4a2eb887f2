package draw

import "math"

// V8Random reproduces Math.random() of V8 (Node.js) started with --random_seed=N, bit for bit:
// src/numbers/math-random.cc and src/base/utils/random-number-generator.h. The state is
// s0 = MurmurHash3(N), s1 = MurmurHash3(^N); each refill runs xorshift128+ 64 times into a cache
// that Math.random() reads from its end, and a draw is the top 52 bits of s0 as a double in
// [1, 2) minus 1. So a table built with NewV8Random(N) equals a run of
// `node --random_seed=N` whose first Math.random() calls are the library's (BullMQ's jitter).
// V8's flag is an int: N is wrapped to 32 bits as node does (--random_seed=4294967301 is 5), and
// --random_seed=0 means "no fixed seed" to V8, so --seed 0 matches no node run.
type V8Random struct {
	s0, s1 uint64
	cache  [v8CacheSize]float64
	index  int
}

const v8CacheSize = 64

// NewV8Random is the context's Math.random state after --random_seed=seed.
func NewV8Random(seed int64) *V8Random {
	s := uint64(int64(int32(seed)))
	return &V8Random{s0: murmurHash3(s), s1: murmurHash3(^s)}
}

// murmurHash3 is RandomNumberGenerator::MurmurHash3, the 64-bit finalizer.
func murmurHash3(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	h *= 0xC4CEB9FE1A85EC53
	h ^= h >> 33
	return h
}

// refill is MathRandom::RefillCache.
func (r *V8Random) refill() {
	for i := range r.cache {
		s1, s0 := r.s0, r.s1 // XorShift128
		r.s0 = s0
		s1 ^= s1 << 23
		s1 ^= s1 >> 17
		s1 ^= s0
		s1 ^= s0 >> 26
		r.s1 = s1
		r.cache[i] = math.Float64frombits(r.s0>>12|0x3FF0000000000000) - 1
	}
	r.index = v8CacheSize
}

// Float64 is one Math.random().
func (r *V8Random) Float64() float64 {
	if r.index == 0 {
		r.refill()
	}
	r.index--
	return r.cache[r.index]
}

// Unit is one Math.random().
func (r *V8Random) Unit() float64 { return r.Float64() }

// Intn is Math.floor(Math.random() * n), as JavaScript code draws an integer.
func (r *V8Random) Intn(n int64) int64 {
	if n <= 1 {
		return 0
	}
	return ScaleDiscrete(r.Float64(), n)
}
