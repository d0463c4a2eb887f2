package draw

import (
	"encoding/binary"
	"math/rand/v2"
)

// CryptoTestRand is crypto/rand as a Go test sees it after testing/cryptotest.SetGlobalRandom(t, seed)
// (Go 1.26): a ChaCha8 generator keyed with seed little-endian in bytes 0-7 of the 32-byte key
// (zeros elsewhere), read as one continuous byte stream. Libraries that take a float from
// crypto/rand.Int(reader, 1<<53), as aws-sdk-go-v2's internal/rand.CryptoRandFloat64 does, read
// 7 bytes per draw: crypto/rand.Int masks the first byte to the 5 bits 2^53-1 has above 48, reads
// the 7 bytes big-endian, and never rejects (every masked value is below 2^53); the float is that
// integer / 2^53.
type CryptoTestRand struct {
	r   *rand.ChaCha8
	buf [7]byte
}

// NewCryptoTestRand is the stream after testing/cryptotest.SetGlobalRandom(t, seed).
func NewCryptoTestRand(seed int64) *CryptoTestRand {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:8], uint64(seed))
	return &CryptoTestRand{r: rand.NewChaCha8(key)}
}

// Unit returns the next crypto/rand.Int(reader, 1<<53) / 2^53.
func (c *CryptoTestRand) Unit() float64 {
	c.r.Read(c.buf[:])
	c.buf[0] &= 0x1f
	var n uint64
	for _, b := range c.buf {
		n = n<<8 | uint64(b)
	}
	return float64(n) / (1 << 53)
}

// Intn returns floor(u*n) for a fresh draw u.
func (c *CryptoTestRand) Intn(n int64) int64 { return ScaleDiscrete(c.Unit(), n) }
