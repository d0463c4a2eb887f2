package draw

// PyRandom reproduces CPython's random.Random bit for bit: the MT19937 generator of
// Modules/_randommodule.c (genrand_uint32, init_genrand, init_by_array, random_seed,
// random_random, getrandbits) and the Python-level draws of Lib/random.py (3.11) that retry
// libraries call: random(), uniform(a, b), getrandbits(k) and randrange(n) through
// _randbelow_with_getrandbits. NewPyRandom(N) is random.seed(N), so a table built with it equals
// a Python run that called random.seed(N) before the library drew (tenacity, Celery and
// google-api-core all draw from the module-level generator).
type PyRandom struct {
	mt    [mtN]uint32
	index int
}

const (
	mtN       = 624
	mtM       = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// NewPyRandom is random.seed(seed) for a Python int: the key is |seed| as 32-bit words, least
// significant first (random_seed: n = abs(arg), keyused = max(1, ceil(bits/32))), so seed(-42) is
// seed(42) and seed(0) uses the one-word key [0].
func NewPyRandom(seed int64) *PyRandom {
	u := uint64(seed)
	if seed < 0 {
		u = -u // two's complement: exact |seed| even for the most negative int64
	}
	key := []uint32{uint32(u)}
	if hi := uint32(u >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &PyRandom{}
	r.initByArray(key)
	return r
}

// initGenrand is init_genrand(s).
func (r *PyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < mtN; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.index = mtN
}

// initByArray is init_by_array(key, len(key)).
func (r *PyRandom) initByArray(key []uint32) {
	r.initGenrand(19650218)
	mt := &r.mt
	i, j := 1, 0
	k := max(mtN, len(key))
	for ; k > 0; k-- {
		mt[i] = (mt[i] ^ ((mt[i-1] ^ (mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			mt[0] = mt[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = mtN - 1; k > 0; k-- {
		mt[i] = (mt[i] ^ ((mt[i-1] ^ (mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			mt[0] = mt[mtN-1]
			i = 1
		}
	}
	mt[0] = 0x80000000 // MSB is 1, assuring a non-zero initial array
}

// Uint32 is genrand_uint32: one tempered 32-bit word, regenerating the state every 624 words.
func (r *PyRandom) Uint32() uint32 {
	mt := &r.mt
	if r.index >= mtN {
		var kk int
		for kk = 0; kk < mtN-mtM; kk++ {
			y := (mt[kk] & upperMask) | (mt[kk+1] & lowerMask)
			mt[kk] = mt[kk+mtM] ^ (y >> 1) ^ (matrixA * (y & 1))
		}
		for ; kk < mtN-1; kk++ {
			y := (mt[kk] & upperMask) | (mt[kk+1] & lowerMask)
			mt[kk] = mt[kk+(mtM-mtN)] ^ (y >> 1) ^ (matrixA * (y & 1))
		}
		y := (mt[mtN-1] & upperMask) | (mt[0] & lowerMask)
		mt[mtN-1] = mt[mtM-1] ^ (y >> 1) ^ (matrixA * (y & 1))
		r.index = 0
	}
	y := mt[r.index]
	r.index++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// Random is random.random(): two words, a = w1>>5 (27 bits) then b = w2>>6 (26 bits),
// (a*2^26 + b) / 2^53.
func (r *PyRandom) Random() float64 {
	a := r.Uint32() >> 5
	b := r.Uint32() >> 6
	return (float64(float64(a)*67108864.0) + float64(b)) * (1.0 / 9007199254740992.0)
}

// Uniform is random.uniform(a, b) = a + (b-a)*random(), in that operation order.
func (r *PyRandom) Uniform(a, b float64) float64 { return a + float64((b-a)*r.Random()) }

// GetRandBits is random.getrandbits(k) for 0 <= k <= 64: no word for k = 0; one word's high k
// bits for k <= 32; otherwise the first word is the low 32 bits and the second word, shifted
// right by 64-k, the high ones.
func (r *PyRandom) GetRandBits(k int) uint64 {
	switch {
	case k <= 0:
		return 0
	case k <= 32:
		return uint64(r.Uint32() >> (32 - k))
	}
	lo := uint64(r.Uint32())
	hi := uint64(r.Uint32() >> (64 - k))
	return hi<<32 | lo
}

// RandBelow is Random._randbelow_with_getrandbits(n) for n > 0: k = n.bit_length() (not
// (n-1).bit_length(), so a power of two wastes a bit), getrandbits(k) redrawn while >= n. It
// draws even for n = 1.
func (r *PyRandom) RandBelow(n uint64) uint64 {
	k := 0
	for m := n; m > 0; m >>= 1 {
		k++
	}
	x := r.GetRandBits(k)
	for x >= n {
		x = r.GetRandBits(k)
	}
	return x
}

// Unit returns random(), the draw behind random.random and random.uniform.
func (r *PyRandom) Unit() float64 { return r.Random() }

// Intn returns random.randrange(n) for n > 0 (it consumes words even for n = 1, as Python
// does); n <= 0, for which Python raises ValueError, returns 0 without drawing.
func (r *PyRandom) Intn(n int64) int64 {
	if n <= 0 {
		return 0
	}
	return int64(r.RandBelow(uint64(n)))
}
