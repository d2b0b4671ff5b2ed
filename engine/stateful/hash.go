package stateful

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Spark places a grouping key in shuffle partition pmod(murmur3(key columns, seed 42), n)
// (HashPartitioning); the same formula picks the state store partition a key lives in.

func mixK1(k uint32) uint32 {
	k *= 0xcc9e2d51
	k = bits.RotateLeft32(k, 15)
	return k * 0x1b873593
}

func mixH1(h, k uint32) uint32 {
	h ^= k
	h = bits.RotateLeft32(h, 13)
	return h*5 + 0xe6546b64
}

func fmix(h uint32, length uint32) uint32 {
	h ^= length
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

func hashInt(v uint32, seed uint32) uint32 { return fmix(mixH1(seed, mixK1(v)), 4) }

func hashLong(v uint64, seed uint32) uint32 {
	h := mixH1(seed, mixK1(uint32(v)))
	h = mixH1(h, mixK1(uint32(v>>32)))
	return fmix(h, 8)
}

// hashBytes is Murmur3_x86_32.hashUnsafeBytes: little-endian 4-byte words, then each
// remaining byte (sign-extended) on its own.
func hashBytes(b []byte, seed uint32) uint32 {
	h := seed
	aligned := len(b) - len(b)%4
	for i := 0; i < aligned; i += 4 {
		h = mixH1(h, mixK1(binary.LittleEndian.Uint32(b[i:])))
	}
	for i := aligned; i < len(b); i++ {
		h = mixH1(h, mixK1(uint32(int32(int8(b[i])))))
	}
	return fmix(h, uint32(len(b)))
}

// hashValue chains one column value into the running hash, as Murmur3Hash does; NULL
// leaves it unchanged.
func hashValue(v any, h uint32) uint32 {
	switch x := v.(type) {
	case nil:
		return h
	case bool:
		if x {
			return hashInt(1, h)
		}
		return hashInt(0, h)
	case int8:
		return hashInt(uint32(int32(x)), h)
	case int16:
		return hashInt(uint32(int32(x)), h)
	case int32:
		return hashInt(uint32(x), h)
	case int64:
		return hashLong(uint64(x), h)
	case sqltypes.Date:
		return hashInt(uint32(x), h)
	case sqltypes.Timestamp:
		return hashLong(uint64(x), h)
	case sqltypes.TimestampNTZ:
		return hashLong(uint64(x), h)
	case sqltypes.Time:
		return hashLong(uint64(x), h)
	case float32:
		if x == 0 {
			x = 0 // -0.0 hashes as 0.0
		}
		return hashInt(math.Float32bits(x), h)
	case float64:
		if x == 0 {
			x = 0
		}
		return hashLong(math.Float64bits(x), h)
	case string:
		return hashBytes([]byte(x), h)
	case []byte:
		return hashBytes(x, h)
	case sqltypes.Decimal:
		if u, ok := x.UnscaledInt64(); ok && x.Precision() <= 18 {
			return hashLong(uint64(u), h)
		}
		return hashBytes(twosComplement(x.UnscaledBig()), h) // BigInteger.toByteArray, as Spark hashes a wide decimal
	case sqltypes.Row:
		for _, f := range x {
			h = hashValue(f, h)
		}
		return h
	case []any: // an array's elements in order, NULLs skipped
		for _, e := range x {
			h = hashValue(e, h)
		}
		return h
	case *sqltypes.MapValue: // each entry's key, then its value
		for i := range x.Keys {
			h = hashValue(x.Keys[i], h)
			if i < len(x.Values) {
				h = hashValue(x.Values[i], h)
			}
		}
		return h
	}
	return h
}

// partitionOf is the shuffle partition of a key.
func partitionOf(keys sqltypes.Row, n int) int {
	h := uint32(42)
	for _, k := range keys {
		h = hashValue(k, h)
	}
	p := int(int32(h)) % n
	if p < 0 {
		p += n
	}
	return p
}

// HashPartition is the shuffle partition Spark's HashPartitioning gives a row with these key
// values among n partitions (the Delta MERGE writer orders rows by it).
func HashPartition(keys sqltypes.Row, n int) int { return partitionOf(keys, n) }
