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

// hashString is hashBytes over a string's bytes, without copying them.
func hashString(s string, seed uint32) uint32 {
	h := seed
	aligned := len(s) - len(s)%4
	for i := 0; i < aligned; i += 4 {
		h = mixH1(h, mixK1(uint32(s[i])|uint32(s[i+1])<<8|uint32(s[i+2])<<16|uint32(s[i+3])<<24))
	}
	for i := aligned; i < len(s); i++ {
		h = mixH1(h, mixK1(uint32(int32(int8(s[i])))))
	}
	return fmix(h, uint32(len(s)))
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

// hashValue chains one column value of type t into the running hash, as Murmur3Hash does;
// NULL leaves it unchanged. The type decides how a decimal is hashed: as its unscaled long
// when the type's precision is at most 18, else over BigInteger.toByteArray of the unscaled
// value, however few digits the value has (1.00 as a DECIMAL(20,2) is hashed over bytes).
// Struct fields, array elements and map keys and values follow their own types. A nil t
// (a value of unknown type) decides a decimal by its digits.
func hashValue(v any, t sqltypes.DataType, h uint32) uint32 {
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
		switch {
		case x == 0:
			x = 0 // -0.0 hashes as 0.0
		case x != x:
			return hashInt(0x7fc00000, h) // Float.floatToIntBits' one NaN
		}
		return hashInt(math.Float32bits(x), h)
	case float64:
		switch {
		case x == 0:
			x = 0
		case x != x:
			return hashLong(0x7ff8000000000000, h) // Double.doubleToLongBits' one NaN
		}
		return hashLong(math.Float64bits(x), h)
	case string:
		return hashString(x, h)
	case []byte:
		return hashBytes(x, h)
	case sqltypes.Decimal:
		return hashDecimal(x, t, h)
	case sqltypes.Row:
		st, _ := t.(*sqltypes.StructType)
		for i, f := range x {
			var ft sqltypes.DataType
			if st != nil && i < len(st.Fields) {
				ft = st.Fields[i].Type
			}
			h = hashValue(f, ft, h)
		}
		return h
	case []any: // an array's elements in order, NULLs skipped
		var et sqltypes.DataType
		if at, ok := t.(sqltypes.ArrayType); ok {
			et = at.Element
		}
		for _, e := range x {
			h = hashValue(e, et, h)
		}
		return h
	case *sqltypes.MapValue: // each entry's key, then its value
		var kt, vt sqltypes.DataType
		if mt, ok := t.(sqltypes.MapType); ok {
			kt, vt = mt.Key, mt.Value
		}
		for i := range x.Keys {
			h = hashValue(x.Keys[i], kt, h)
			if i < len(x.Values) {
				h = hashValue(x.Values[i], vt, h)
			}
		}
		return h
	}
	return h
}

// hashDecimal hashes a decimal of type t (see hashValue).
func hashDecimal(x sqltypes.Decimal, t sqltypes.DataType, h uint32) uint32 {
	u, small := x.UnscaledInt64()
	var compact bool
	if dt, ok := t.(sqltypes.DecimalType); ok {
		compact = small && dt.Precision <= 18
	} else {
		compact = small && x.Precision() <= 18
	}
	if compact {
		return hashLong(uint64(u), h)
	}
	if small {
		// BigInteger.toByteArray of a long, without allocating: the fewest big-endian
		// two's complement bytes that keep the sign.
		var buf [8]byte
		binary.BigEndian.PutUint64(buf[:], uint64(u))
		mag := uint64(u)
		if u < 0 {
			mag = ^mag
		}
		n := (64-bits.LeadingZeros64(mag))/8 + 1
		return hashBytes(buf[8-n:], h)
	}
	return hashBytes(twosComplement(x.UnscaledBig()), h) // BigInteger.toByteArray
}

// partitionOf is the shuffle partition of a key whose columns have these types.
func partitionOf(keys sqltypes.Row, types []sqltypes.DataType, n int) int {
	h := uint32(42)
	for i, k := range keys {
		var t sqltypes.DataType
		if i < len(types) {
			t = types[i]
		}
		h = hashValue(k, t, h)
	}
	p := int(int32(h)) % n
	if p < 0 {
		p += n
	}
	return p
}

// HashPartition is the shuffle partition Spark's HashPartitioning gives a row with these key
// values, of these types, among n partitions (the Delta MERGE writer orders rows by it).
func HashPartition(keys sqltypes.Row, types []sqltypes.DataType, n int) int {
	return partitionOf(keys, types, n)
}
