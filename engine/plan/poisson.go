package plan

import "math"

// Sampling with replacement, as Spark's PoissonSampler draws it: each row is repeated a
// Poisson(fraction) number of times, drawn by Apache Commons Math's PoissonDistribution
// over its Well19937c generator, reseeded per task from a java.util.Random on the query's
// seed (PartitionwiseSampledRDD).

// nextLong is java.util.Random.nextLong: two 32-bit draws, the low one added signed.
func (r *javaRandom) nextLong() int64 {
	return int64(r.next(32))<<32 + int64(r.next(32))
}

// well19937c is Commons Math's Well19937c: a WELL generator of 624 32-bit words with
// Matsumoto-Kurita tempering.
type well19937c struct {
	v     [wellWords]int32
	index int
}

const (
	wellWords              = 624 // (19937 + 31) / 32
	wellM1, wellM2, wellM3 = 70, 179, 449
)

// newWell19937c is the generator after setSeed(long): the seed's high and low words,
// spread over the state as Commons Math's AbstractWell spreads a short seed.
func newWell19937c(seed int64) *well19937c {
	w := &well19937c{}
	init := []int32{int32(uint64(seed) >> 32), int32(seed)}
	copy(w.v[:], init)
	for i := len(init); i < wellWords; i++ {
		l := int64(w.v[i-len(init)])
		w.v[i] = int32((1812433253*(l^(l>>30)) + int64(i)) & 0xffffffff)
	}
	return w
}

func (w *well19937c) next(bits uint) int32 {
	at := func(off int) int { return (w.index + off) % wellWords }
	rm1, rm2 := at(wellWords-1), at(wellWords-2)
	v0 := uint32(w.v[w.index])
	vm1 := uint32(w.v[at(wellM1)])
	vm2 := uint32(w.v[at(wellM2)])
	vm3 := uint32(w.v[at(wellM3)])

	z0 := (0x80000000 & uint32(w.v[rm1])) ^ (0x7FFFFFFF & uint32(w.v[rm2]))
	z1 := (v0 ^ (v0 << 25)) ^ (vm1 ^ (vm1 >> 27))
	z2 := (vm2 >> 9) ^ (vm3 ^ (vm3 >> 1))
	z3 := z1 ^ z2
	z4 := z0 ^ (z1 ^ (z1 << 9)) ^ (z2 ^ (z2 << 21)) ^ (z3 ^ (z3 >> 21))

	w.v[w.index] = int32(z3)
	w.v[rm1] = int32(z4)
	w.v[rm2] = int32(uint32(w.v[rm2]) & 0x80000000)
	w.index = rm1

	z4 ^= (z4 << 7) & 0xe46e1700
	z4 ^= (z4 << 15) & 0x9b868000
	return int32(z4 >> (32 - bits))
}

// nextDouble is BitsStreamGenerator.nextDouble: 52 random bits in [0, 1).
func (w *well19937c) nextDouble() float64 {
	high := int64(w.next(26)) << 26
	low := int64(w.next(26))
	return float64(high|low) * 0x1p-52
}

// poissonSmallMean draws a Poisson(mean) count for a mean under 40 as Commons Math does:
// the number of uniform draws whose running product stays at or above e^-mean.
func (w *well19937c) poissonSmallMean(mean float64) int64 {
	p := math.Exp(-mean)
	var n int64
	r := 1.0
	for float64(n) < 1000*mean {
		r *= w.nextDouble()
		if r < p {
			return n
		}
		n++
	}
	return n
}

// MaxPoissonMean bounds the fractions sampled with replacement: Commons Math draws a
// larger mean by another method, which kafkalab does not follow.
const MaxPoissonMean = 40
