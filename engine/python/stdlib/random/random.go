// Package random is _random: the Mersenne Twister (MT19937) random() and
// getrandbits() of CPython, seeded as CPython seeds it, so random.seed(42) gives
// the numbers python3 gives. The distributions are in pylib's random.py.
package random

import (
	"crypto/rand"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// Generator is _random.Random: one MT19937 state.
type Generator struct {
	mt  [n]uint32
	mti int
}

// GeneratorType is the type of _random.Random objects.
var GeneratorType = py.NewTypeX("Random", "Random() -> create a random number generator with its own internal state.", newGenerator, nil)

func (g *Generator) Type() *py.Type { return GeneratorType }

func newGenerator(t *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	g := &Generator{mti: n + 1}
	var seed py.Object = py.None
	if len(args) > 0 {
		seed = args[0]
	}
	if err := g.seed(seed); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Generator) initGenrand(s uint32) {
	g.mt[0] = s
	for i := 1; i < n; i++ {
		g.mt[i] = 1812433253*(g.mt[i-1]^(g.mt[i-1]>>30)) + uint32(i)
	}
	g.mti = n
}

func (g *Generator) initByArray(key []uint32) {
	g.initGenrand(19650218)
	i, j := 1, 0
	k := n
	if len(key) > k {
		k = len(key)
	}
	for ; k > 0; k-- {
		g.mt[i] = (g.mt[i] ^ ((g.mt[i-1] ^ (g.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			g.mt[0] = g.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = n - 1; k > 0; k-- {
		g.mt[i] = (g.mt[i] ^ ((g.mt[i-1] ^ (g.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			g.mt[0] = g.mt[n-1]
			i = 1
		}
	}
	g.mt[0] = 0x80000000
}

func (g *Generator) uint32() uint32 {
	if g.mti >= n {
		var kk int
		mag := [2]uint32{0, matrixA}
		for kk = 0; kk < n-m; kk++ {
			y := (g.mt[kk] & upperMask) | (g.mt[kk+1] & lowerMask)
			g.mt[kk] = g.mt[kk+m] ^ (y >> 1) ^ mag[y&1]
		}
		for ; kk < n-1; kk++ {
			y := (g.mt[kk] & upperMask) | (g.mt[kk+1] & lowerMask)
			g.mt[kk] = g.mt[kk+(m-n)] ^ (y >> 1) ^ mag[y&1]
		}
		y := (g.mt[n-1] & upperMask) | (g.mt[0] & lowerMask)
		g.mt[n-1] = g.mt[m-1] ^ (y >> 1) ^ mag[y&1]
		g.mti = 0
	}
	y := g.mt[g.mti]
	g.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// random is a float in [0, 1) with 53 random bits, as CPython makes it.
func (g *Generator) random() float64 {
	a := g.uint32() >> 5
	b := g.uint32() >> 6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// seed seeds from an int (its absolute value, 32-bit words from the least
// significant), or from the system's randomness for None. Other values are hashed.
func (g *Generator) seed(arg py.Object) error {
	if arg == nil || arg == py.None {
		buf := make([]byte, 2496)
		if _, err := rand.Read(buf); err != nil {
			return py.ExceptionNewf(py.OSError, "urandom: %v", err)
		}
		key := make([]uint32, len(buf)/4)
		for i := range key {
			key[i] = uint32(buf[4*i]) | uint32(buf[4*i+1])<<8 | uint32(buf[4*i+2])<<16 | uint32(buf[4*i+3])<<24
		}
		g.initByArray(key)
		return nil
	}
	var v *big.Int
	switch x := py.Unwrap(arg).(type) {
	case py.Int:
		v = big.NewInt(int64(x))
	case *py.BigInt:
		v = (*big.Int)(x)
	case py.Bool:
		v = big.NewInt(0)
		if x {
			v = big.NewInt(1)
		}
	default:
		h, err := py.Hash(arg)
		if err != nil {
			return err
		}
		v = big.NewInt(h)
	}
	v = new(big.Int).Abs(v)
	words := v.Bits()
	var key []uint32
	for _, w := range words {
		key = append(key, uint32(w))
		if bitsPerWord == 64 {
			key = append(key, uint32(uint64(w)>>32))
		}
	}
	for len(key) > 1 && key[len(key)-1] == 0 {
		key = key[:len(key)-1]
	}
	if len(key) == 0 {
		key = []uint32{0}
	}
	g.initByArray(key)
	return nil
}

const bitsPerWord = 32 << (^uint(0) >> 63)

// getrandbits is an int of k random bits, filled 32 bits at a time from the least
// significant word as CPython does.
func (g *Generator) getrandbits(k int) py.Object {
	if k <= 32 {
		return py.Int(g.uint32() >> (32 - k))
	}
	words := (k-1)/32 + 1
	v := new(big.Int)
	for i := 0; i < words; i++ {
		r := g.uint32()
		if k < 32 {
			r >>= 32 - k
		}
		v.Or(v, new(big.Int).Lsh(big.NewInt(int64(r)), uint(32*i)))
		k -= 32
	}
	if v.IsInt64() {
		return py.Int(v.Int64())
	}
	return (*py.BigInt)(v)
}

func self(o py.Object) *Generator { return o.(*Generator) }

func init() {
	d := GeneratorType.Dict
	d["random"] = py.MustNewMethod("random", func(s py.Object) (py.Object, error) {
		return py.Float(self(s).random()), nil
	}, 0, "random() -> x in the interval [0, 1).")
	d["seed"] = py.MustNewMethod("seed", func(s py.Object, args py.Tuple) (py.Object, error) {
		var arg py.Object = py.None
		if len(args) > 0 {
			arg = args[0]
		}
		return py.None, self(s).seed(arg)
	}, 0, "seed([n]) -> None.")
	d["getrandbits"] = py.MustNewMethod("getrandbits", func(s py.Object, arg py.Object) (py.Object, error) {
		k, err := py.IndexInt(arg)
		if err != nil {
			return nil, err
		}
		if k < 0 {
			return nil, py.ExceptionNewf(py.ValueError, "number of bits must be non-negative")
		}
		if k == 0 {
			return py.Int(0), nil
		}
		return self(s).getrandbits(k), nil
	}, 0, "getrandbits(k) -> x.  Generates an int with k random bits.")
	d["getstate"] = py.MustNewMethod("getstate", func(s py.Object) (py.Object, error) {
		g := self(s)
		out := make(py.Tuple, n+1)
		for i, w := range g.mt {
			out[i] = py.Int(w)
		}
		out[n] = py.Int(g.mti)
		return out, nil
	}, 0, "getstate() -> tuple containing the current state.")
	d["setstate"] = py.MustNewMethod("setstate", func(s py.Object, arg py.Object) (py.Object, error) {
		g := self(s)
		t, ok := arg.(py.Tuple)
		if !ok || len(t) != n+1 {
			return nil, py.ExceptionNewf(py.ValueError, "state vector is the wrong size")
		}
		for i := 0; i < n; i++ {
			w, err := py.IndexInt(t[i])
			if err != nil {
				return nil, err
			}
			g.mt[i] = uint32(w)
		}
		idx, err := py.IndexInt(t[n])
		if err != nil {
			return nil, err
		}
		if idx < 0 || idx > n {
			return nil, py.ExceptionNewf(py.ValueError, "invalid state")
		}
		g.mti = idx
		return py.None, nil
	}, 0, "setstate(state) -> None.  Restores generator state.")
	py.RegisterModule(&py.ModuleImpl{
		Info:    py.ModuleInfo{Name: "_random", Doc: "Module implements the Mersenne Twister random number generator."},
		Globals: py.StringDict{"Random": GeneratorType},
	})
}
