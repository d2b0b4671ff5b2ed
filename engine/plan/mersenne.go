package plan

import (
	"encoding/hex"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// uuid(seed): Spark's RandomUUIDGenerator draws a version-4 UUID from two 64-bit numbers of
// a Mersenne Twister (Apache Commons Math's MersenneTwister, MT19937) seeded with seed +
// partition index, fresh for each task.

const mtN, mtM = 624, 397

type mersenneTwister struct {
	mt  [mtN]uint32
	mti int
}

// newMersenneTwister seeds as Commons Math's setSeed(long): the seed's high and low 32 bits
// as MT19937's init_by_array key.
func newMersenneTwister(seed int64) *mersenneTwister {
	m := &mersenneTwister{}
	m.seedArray([]uint32{uint32(uint64(seed) >> 32), uint32(seed)})
	return m
}

func (m *mersenneTwister) seedInt(s uint32) {
	m.mt[0] = s
	for i := 1; i < mtN; i++ {
		prev := m.mt[i-1]
		m.mt[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	m.mti = mtN
}

func (m *mersenneTwister) seedArray(key []uint32) {
	m.seedInt(19650218)
	i, j := 1, 0
	for k := max(mtN, len(key)); k > 0; k-- {
		prev := m.mt[i-1]
		m.mt[i] = (m.mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		i, j = i+1, j+1
		if i >= mtN {
			m.mt[0], i = m.mt[mtN-1], 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := mtN - 1; k > 0; k-- {
		prev := m.mt[i-1]
		m.mt[i] = (m.mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			m.mt[0], i = m.mt[mtN-1], 1
		}
	}
	m.mt[0] = 0x80000000
	m.mti = mtN
}

// next32 is one tempered 32-bit output.
func (m *mersenneTwister) next32() uint32 {
	if m.mti >= mtN {
		for k := 0; k < mtN; k++ {
			y := m.mt[k]&0x80000000 | m.mt[(k+1)%mtN]&0x7fffffff
			v := m.mt[(k+mtM)%mtN] ^ y>>1
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			m.mt[k] = v
		}
		m.mti = 0
	}
	y := m.mt[m.mti]
	m.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// nextLong is BitsStreamGenerator.nextLong: a first output as the high half, a second as
// the low.
func (m *mersenneTwister) nextLong() uint64 {
	high := uint64(m.next32()) << 32
	return high | uint64(m.next32())
}

// nextIntBelow is BitsStreamGenerator.nextInt(n): uniform in [0, n) for n > 0.
func (m *mersenneTwister) nextIntBelow(n int32) int32 {
	if n&-n == n {
		return int32((int64(n) * int64(m.next32()>>1)) >> 31)
	}
	for {
		bits := int32(m.next32() >> 1)
		val := bits % n
		if bits-val+(n-1) >= 0 {
			return val
		}
	}
}

// nextUUID is RandomUUIDGenerator.getNextUUID as java.util.UUID prints it.
func (m *mersenneTwister) nextUUID() string {
	most := m.nextLong()&0xFFFFFFFFFFFF0FFF | 0x0000000000004000
	least := (m.nextLong() | 0x8000000000000000) & 0xBFFFFFFFFFFFFFFF
	var b [16]byte
	for i := 0; i < 8; i++ {
		b[i] = byte(most >> (56 - 8*i))
		b[8+i] = byte(least >> (56 - 8*i))
	}
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// boundSeededUUID is uuid(seed): Spark names it uuid() whatever the seed.
type boundSeededUUID struct {
	seed int64
	gens perTask[mersenneTwister]
}

func (b *boundSeededUUID) DataType() sqltypes.DataType { return sqltypes.String }
func (b *boundSeededUUID) Nullable() bool              { return false }
func (b *boundSeededUUID) SQL() string                 { return "uuid()" }
func (b *boundSeededUUID) Eval(c *EvalContext, _ sqltypes.Row) (any, error) {
	var s string
	b.gens.with(c, func(index int) *mersenneTwister { return newMersenneTwister(b.seed + int64(index)) },
		func(m *mersenneTwister) { s = m.nextUUID() })
	return s, nil
}
