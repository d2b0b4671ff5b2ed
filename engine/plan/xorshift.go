package plan

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// xorShiftRandom is Spark's XORShiftRandom: java.util.Random's nextDouble and nextGaussian
// over a xorshift generator whose seed is spread by Scala's MurmurHash3, so rand(7) and
// randn(7) give Spark's values for a partition.
type xorShiftRandom struct {
	seed         uint64
	nextGaussian float64
	haveGaussian bool
}

func newXORShiftRandom(seed int64) *xorShiftRandom {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(seed))
	low := scalaBytesHash(b[:], 0x3c074a61) // MurmurHash3.arraySeed
	high := scalaBytesHash(b[:], low)
	return &xorShiftRandom{seed: uint64(high)<<32 | uint64(low)}
}

func (r *xorShiftRandom) next(nbits uint) int32 {
	s := r.seed ^ r.seed<<21
	s ^= s >> 35
	s ^= s << 4
	r.seed = s
	return int32(s & (1<<nbits - 1))
}

// NextDouble is java.util.Random.nextDouble: 53 random bits in [0, 1).
func (r *xorShiftRandom) NextDouble() float64 {
	return float64(int64(r.next(26))<<27+int64(r.next(27))) * 0x1p-53
}

// NextGaussian is java.util.Random.nextGaussian (Marsaglia's polar method, two values per draw).
func (r *xorShiftRandom) NextGaussian() float64 {
	if r.haveGaussian {
		r.haveGaussian = false
		return r.nextGaussian
	}
	for {
		v1 := 2*r.NextDouble() - 1
		v2 := 2*r.NextDouble() - 1
		s := float64(v1*v1) + float64(v2*v2)
		if s >= 1 || s == 0 {
			continue
		}
		m := math.Sqrt(-2 * javaStrictLog(s) / s)
		r.nextGaussian = v2 * m
		r.haveGaussian = true
		return v1 * m
	}
}

// scalaBytesHash is scala.util.hashing.MurmurHash3.bytesHash.
func scalaBytesHash(data []byte, seed uint32) uint32 {
	h := seed
	i := 0
	for ; len(data)-i >= 4; i += 4 {
		k := binary.LittleEndian.Uint32(data[i:])
		h = murmurMixLast(h, k)
		h = bits.RotateLeft32(h, 13)*5 + 0xe6546b64
	}
	var k uint32
	switch len(data) - i {
	case 3:
		k ^= uint32(data[i+2]) << 16
		fallthrough
	case 2:
		k ^= uint32(data[i+1]) << 8
		fallthrough
	case 1:
		k ^= uint32(data[i])
		h = murmurMixLast(h, k)
	}
	h ^= uint32(len(data))
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

func murmurMixLast(h, k uint32) uint32 {
	k *= 0xcc9e2d51
	k = bits.RotateLeft32(k, 15)
	k *= 0x1b873593
	return h ^ k
}

// XORShiftNextInt is new XORShiftRandom(seed).nextInt(bound) for a positive bound: the
// first draw of java.util.Random.nextInt over Spark's generator, where RDD.coalesce with
// a shuffle starts dealing an input partition's elements (distributePartition).
func XORShiftNextInt(seed int64, bound int32) int32 {
	r := newXORShiftRandom(seed)
	if bound&(-bound) == bound {
		return int32((int64(bound) * int64(r.next(31))) >> 31)
	}
	for {
		bits := r.next(31)
		val := bits % bound
		if bits-val+(bound-1) >= 0 {
			return val
		}
	}
}
