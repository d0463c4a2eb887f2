package draw

import (
	"math"
	"testing"
)

// Vectors printed by CPython 3.11.7 and Debian's 3.11.2 (identical), each sequence after a fresh
// random.seed(N): getrandbits(32) x3, random() x10, randrange(181) x10, randrange(2**40),
// uniform(0, 10) x3, randint(1, 6) x5. Research report pyrandom.md, program vectors.py.
func TestPyRandomMatchesCPython(t *testing.T) {
	cases := []struct {
		seed          int64
		uint32        []uint32
		random        []float64
		randrange181  []int64
		randrange2p40 int64
		uniform10     []float64
		randint16     []int64
	}{
		{seed: 0,
			uint32:        []uint32{3626764237, 1654615998, 3255389356},
			random:        []float64{0.8444218515250481, 0.7579544029403025, 0.420571580830845, 0.25891675029296335, 0.5112747213686085, 0.4049341374504143, 0.7837985890347726, 0.30331272607892745, 0.4765969541523558, 0.5833820394550312},
			randrange181:  []int64{98, 107, 10, 66, 130, 124, 103, 77, 122, 91},
			randrange2p40: 849735321549,
			uniform10:     []float64{8.444218515250482, 7.579544029403024, 4.20571580830845},
			randint16:     []int64{4, 4, 1, 3, 5}},
		{seed: 1,
			uint32:        []uint32{577090037, 2444712010, 3639700191},
			random:        []float64{0.13436424411240122, 0.8474337369372327, 0.763774618976614, 0.2550690257394217, 0.49543508709194095, 0.4494910647887381, 0.651592972722763, 0.7887233511355132, 0.0938595867742349, 0.02834747652200631},
			randrange181:  []int64{34, 145, 16, 65, 30, 126, 115, 120, 166, 97},
			randrange2p40: 140719340484,
			uniform10:     []float64{1.3436424411240122, 8.474337369372327, 7.6377461897661405},
			randint16:     []int64{2, 5, 1, 3, 1}},
		{seed: 42,
			uint32:        []uint32{2746317213, 478163327, 107420369},
			random:        []float64{0.6394267984578837, 0.025010755222666936, 0.27502931836911926, 0.22321073814882275, 0.7364712141640124, 0.6766994874229113, 0.8921795677048454, 0.08693883262941615, 0.4219218196852704, 0.029797219438070344},
			randrange181:  []int64{163, 28, 6, 70, 62, 57, 35, 26, 173, 139},
			randrange2p40: 247559453085,
			uniform10:     []float64{6.394267984578837, 0.25010755222666936, 2.7502931836911926},
			randint16:     []int64{6, 1, 1, 6, 3}},
		{seed: 4294967301,
			uint32:        []uint32{675479763, 2085189291, 1213270837},
			random:        []float64{0.15727238718789782, 0.2824866316461999, 0.6044540318498407, 0.014523449205355199, 0.6277755437144577, 0.7776036706010475, 0.9289472909695745, 0.6628729848114159, 0.4957741404348125, 0.3544373582027327},
			randrange181:  []int64{40, 124, 72, 154, 3, 90, 160, 43, 169, 126},
			randrange2p40: 1065827369171,
			uniform10:     []float64{1.5727238718789782, 2.824866316461999, 6.044540318498407},
			randint16:     []int64{2, 4, 3, 5, 1}},
		{seed: 123456789012345,
			uint32:        []uint32{2896848117, 946991832, 1255537387},
			random:        []float64{0.6744750084019356, 0.2923275784421222, 0.22484093741322975, 0.5248293643952946, 0.11515319064359752, 0.6791519015292972, 0.7098850567772702, 0.13247898078782472, 0.94622084700425, 0.5815285420697294},
			randrange181:  []int64{172, 56, 74, 105, 57, 134, 29, 158, 173, 48},
			randrange2p40: 483933185269,
			uniform10:     []float64{6.744750084019357, 2.923275784421222, 2.2484093741322972},
			randint16:     []int64{6, 2, 3, 4, 2}},
	}
	for _, c := range cases {
		r := NewPyRandom(c.seed)
		for i, w := range c.uint32 {
			if got := uint32(r.GetRandBits(32)); got != w {
				t.Errorf("seed %d getrandbits(32) #%d = %d, want %d", c.seed, i, got, w)
			}
		}
		r = NewPyRandom(c.seed)
		for i, w := range c.random {
			if got := r.Unit(); math.Float64bits(got) != math.Float64bits(w) {
				t.Errorf("seed %d random() #%d = %v, want %v", c.seed, i, got, w)
			}
		}
		r = NewPyRandom(c.seed)
		for i, w := range c.randrange181 {
			if got := r.Intn(181); got != w {
				t.Errorf("seed %d randrange(181) #%d = %d, want %d", c.seed, i, got, w)
			}
		}
		r = NewPyRandom(c.seed)
		if got := r.Intn(1 << 40); got != c.randrange2p40 {
			t.Errorf("seed %d randrange(2**40) = %d, want %d", c.seed, got, c.randrange2p40)
		}
		r = NewPyRandom(c.seed)
		for i, w := range c.uniform10 {
			if got := r.Uniform(0, 10); math.Float64bits(got) != math.Float64bits(w) {
				t.Errorf("seed %d uniform(0, 10) #%d = %v, want %v", c.seed, i, got, w)
			}
		}
		r = NewPyRandom(c.seed)
		for i, w := range c.randint16 {
			if got := 1 + r.Intn(6); got != w {
				t.Errorf("seed %d randint(1, 6) #%d = %d, want %d", c.seed, i, got, w)
			}
		}
	}
}

// randrange(2**40) three times: k = 41 bits for a power of two, two words a try, half rejected.
func TestPyRandomRandrangePowerOfTwo(t *testing.T) {
	want := map[int64][]int64{
		0:  {849735321549, 87705687125, 1067347797602},
		1:  {140719340484, 258793550908, 1037017667747},
		42: {247559453085, 538052153943, 305901360862},
	}
	for seed, ws := range want {
		r := NewPyRandom(seed)
		for i, w := range ws {
			if got := r.Intn(1 << 40); got != w {
				t.Errorf("seed %d randrange(2**40) #%d = %d, want %d", seed, i, got, w)
			}
		}
	}
}

// random_seed takes abs(N); randrange(1) still reads a word per try (Celery's randrange(0 + 1)).
func TestPyRandomSeedSignAndEmptyDraws(t *testing.T) {
	a, b := NewPyRandom(42), NewPyRandom(-42)
	for i := 0; i < 5; i++ {
		if x, y := a.Unit(), b.Unit(); x != y {
			t.Fatalf("seed(-42) draw %d = %v, seed(42) = %v", i, y, x)
		}
	}
	if m := NewPyRandom(math.MinInt64); m.Unit() < 0 {
		t.Fatal("seed(-2**63) must seed with 2**63")
	}
	r, ref := NewPyRandom(1), NewPyRandom(1)
	if got := r.Intn(1); got != 0 {
		t.Fatalf("randrange(1) = %d", got)
	}
	ref.Uint32() // seed 1's first word 577090037 >> 31 = 0: accepted on the first try
	if r.Uint32() != ref.Uint32() {
		t.Error("randrange(1) must consume one word per try")
	}
	if got := r.Intn(0); got != 0 {
		t.Errorf("Intn(0) = %d, want 0", got)
	}
	if !Python.Library() {
		t.Error("Python must count as a library stream")
	}
	if _, ok := Python.Seeded(1).(*PyRandom); !ok {
		t.Error("Python.Seeded must be random.seed(N)")
	}
}

// getstate()[1][:3] after random.seed(2**32 + 5): the two-word key [5, 1].
func TestPyRandomTwoWordKeyState(t *testing.T) {
	r := NewPyRandom(1<<32 + 5)
	if got, want := r.mt[:3], []uint32{2147483648, 3029627165, 109794771}; got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("state = %v, want %v", got, want)
	}
}
