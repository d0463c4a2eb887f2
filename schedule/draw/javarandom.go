package draw

// JavaRandom reproduces java.util.Random bit for bit: the 48-bit linear congruential generator of
// the Java SE specification (seed scrambled with 0x5DEECE66D, next(bits) = seed >> (48-bits)).
// Aiven's Backoff draws its jitter with Random.nextInt(1024), so a table built with
// NewJavaRandom(N) equals a Java run using new Random(N).
type JavaRandom struct{ seed int64 }

const (
	javaMultiplier = 0x5DEECE66D
	javaAddend     = 0xB
	javaMask       = (int64(1) << 48) - 1
)

// NewJavaRandom is new java.util.Random(seed).
func NewJavaRandom(seed int64) *JavaRandom {
	return &JavaRandom{seed: (seed ^ javaMultiplier) & javaMask}
}

// next is Random.next(bits): it returns the top bits of the advanced 48-bit state as a Java int.
func (r *JavaRandom) next(bits uint) int32 {
	r.seed = (r.seed*javaMultiplier + javaAddend) & javaMask
	return int32(r.seed >> (48 - bits))
}

// NextInt is Random.nextInt(bound) for bound > 0, including the power-of-two shortcut and the
// rejection loop that removes modulo bias.
func (r *JavaRandom) NextInt(bound int32) int32 {
	if bound&(-bound) == bound {
		return int32((int64(bound) * int64(r.next(31))) >> 31)
	}
	for {
		bits := r.next(31)
		val := bits % bound
		if bits-val+(bound-1) >= 0 { // int32 overflow here means a biased draw: retry
			return val
		}
	}
}

// NextDouble is Random.nextDouble: 53 bits from two calls, scaled to [0, 1).
func (r *JavaRandom) NextDouble() float64 {
	hi := int64(r.next(26))
	lo := int64(r.next(27))
	return float64(float64((hi<<27)+lo) * 0x1p-53)
}

// Unit returns NextDouble, so Java-seeded continuous draws are a Java run's nextDouble values.
func (r *JavaRandom) Unit() float64 { return r.NextDouble() }

// Intn returns NextInt(n) for n that fits a Java int, so a discrete draw is Java's own.
func (r *JavaRandom) Intn(n int64) int64 {
	if n <= 1 {
		return 0
	}
	if n > 1<<31-1 {
		return ScaleDiscrete(r.NextDouble(), n)
	}
	return int64(r.NextInt(int32(n)))
}
