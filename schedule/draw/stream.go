package draw

// Stream names the random stream --seed N reproduces for a strategy.
type Stream int

const (
	// None: the strategy draws nothing; --rand and --seed do not apply.
	None Stream = iota
	// Own is the tool's own SplitMix64 stream.
	Own
	// Java is java.util.Random(N).
	Java
	// GoMath is Go's math/rand rand.New(rand.NewSource(N)).
	GoMath
	// Unseedable: the real library draws from a stream no program can seed; --seed uses the
	// tool's own stream and the table's note says so.
	Unseedable
	// CryptoTest is crypto/rand under testing/cryptotest.SetGlobalRandom(t, N): ChaCha8 keyed
	// with N, 7 bytes per draw (aws-sdk-go-v2).
	CryptoTest
	// NanoClock is Go math/rand seeded from the clock's nanosecond at every draw, N being the
	// nanosecond when attempt 1 starts (go-retryablehttp's LinearJitterBackoff).
	NanoClock
	// Python is CPython's random module after random.seed(N) (MT19937).
	Python
	// V8 is Math.random() of node --random_seed=N (xorshift128+ through a 64-draw cache).
	V8
)

// Draws is what a strategy reads its random numbers from.
type Draws interface {
	// Unit returns a continuous draw u in [0, 1] (1 only for the supremum envelope).
	Unit() float64
	// Intn returns a discrete draw in [0, n) for n > 0.
	Intn(n int64) int64
}

// Random reports whether the strategy draws at random at all.
func (s Stream) Random() bool { return s != None }

// Seeded returns the draws of one schedule sampled with --seed N from stream s.
func (s Stream) Seeded(seed int64) Draws {
	switch s {
	case Java:
		return NewJavaRandom(seed)
	case GoMath:
		return NewGoMathRand(seed)
	case CryptoTest:
		return NewCryptoTestRand(seed)
	case NanoClock:
		return NewNanoClockRand(seed)
	case Python:
		return NewPyRandom(seed)
	case V8:
		return NewV8Random(seed)
	}
	return NewSplitMix(seed, 0)
}

// Library reports whether --seed reproduces the real system's own stream.
func (s Stream) Library() bool {
	return s == Java || s == GoMath || s == CryptoTest || s == NanoClock || s == Python || s == V8
}
