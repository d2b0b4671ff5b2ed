package plan

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"math"
	"math/bits"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Hash functions: hash (Spark's Murmur3 x86_32, seed 42), xxhash64 (XXH64, seed 42), with
// Spark's way of feeding each type to them, and the digests md5, sha1, sha2 and crc32.

func init() {
	register(bindHashFn("hash", false), "hash")
	register(bindHashFn("xxhash64", true), "xxhash64")
	register(bindDigest("md5", func(b []byte) string { s := md5.Sum(b); return hex.EncodeToString(s[:]) }), "md5")
	register(bindDigest("sha1", func(b []byte) string { s := sha1.Sum(b); return hex.EncodeToString(s[:]) }), "sha1", "sha")
	register(bindSha2, "sha2")
	register(bindCrc32, "crc32")
}

// ---- Murmur3 x86_32 as Spark's Murmur3_x86_32 ----

const (
	murC1 = 0xcc9e2d51
	murC2 = 0x1b873593
)

func murMixK1(k1 uint32) uint32 {
	k1 *= murC1
	k1 = bits.RotateLeft32(k1, 15)
	return k1 * murC2
}

func murMixH1(h1, k1 uint32) uint32 {
	h1 ^= k1
	h1 = bits.RotateLeft32(h1, 13)
	return h1*5 + 0xe6546b64
}

func murFmix(h1 uint32, length uint32) uint32 {
	h1 ^= length
	h1 ^= h1 >> 16
	h1 *= 0x85ebca6b
	h1 ^= h1 >> 13
	h1 *= 0xc2b2ae35
	h1 ^= h1 >> 16
	return h1
}

func murHashInt(v int32, seed uint32) uint32 {
	return murFmix(murMixH1(seed, murMixK1(uint32(v))), 4)
}

func murHashLong(v int64, seed uint32) uint32 {
	h1 := murMixH1(seed, murMixK1(uint32(v)))
	h1 = murMixH1(h1, murMixK1(uint32(uint64(v)>>32)))
	return murFmix(h1, 8)
}

// murHashBytes is Spark's hashUnsafeBytes: whole 4-byte words, then each remaining byte
// mixed on its own (sign-extended), not the standard Murmur3 tail.
func murHashBytes(b []byte, seed uint32) uint32 {
	h1 := seed
	n := len(b) - len(b)%4
	for i := 0; i < n; i += 4 {
		h1 = murMixH1(h1, murMixK1(binary.LittleEndian.Uint32(b[i:])))
	}
	for i := n; i < len(b); i++ {
		h1 = murMixH1(h1, murMixK1(uint32(int32(int8(b[i])))))
	}
	return murFmix(h1, uint32(len(b)))
}

// ---- XXH64 as Spark's XXH64 ----

const (
	xxP1 uint64 = 0x9E3779B185EBCA87
	xxP2 uint64 = 0xC2B2AE3D27D4EB4F
	xxP3 uint64 = 0x165667B19E3779F9
	xxP4 uint64 = 0x85EBCA77C2B2AE63
	xxP5 uint64 = 0x27D4EB2F165667C5
)

func xxFmix(h uint64) uint64 {
	h ^= h >> 33
	h *= xxP2
	h ^= h >> 29
	h *= xxP3
	h ^= h >> 32
	return h
}

func xxHashInt(v int32, seed uint64) uint64 {
	h := seed + xxP5 + 4
	h ^= uint64(uint32(v)) * xxP1
	h = bits.RotateLeft64(h, 23)*xxP2 + xxP3
	return xxFmix(h)
}

func xxHashLong(v int64, seed uint64) uint64 {
	h := seed + xxP5 + 8
	h ^= bits.RotateLeft64(uint64(v)*xxP2, 31) * xxP1
	h = bits.RotateLeft64(h, 27)*xxP1 + xxP4
	return xxFmix(h)
}

func xxRound(acc, input uint64) uint64 {
	acc += input * xxP2
	acc = bits.RotateLeft64(acc, 31)
	return acc * xxP1
}

func xxMergeRound(acc, v uint64) uint64 {
	acc ^= xxRound(0, v)
	return acc*xxP1 + xxP4
}

func xxHashBytes(b []byte, seed uint64) uint64 {
	n := len(b)
	var h uint64
	i := 0
	if n >= 32 {
		v1, v2, v3, v4 := seed+xxP1+xxP2, seed+xxP2, seed, seed-xxP1
		for ; i+32 <= n; i += 32 {
			v1 = xxRound(v1, binary.LittleEndian.Uint64(b[i:]))
			v2 = xxRound(v2, binary.LittleEndian.Uint64(b[i+8:]))
			v3 = xxRound(v3, binary.LittleEndian.Uint64(b[i+16:]))
			v4 = xxRound(v4, binary.LittleEndian.Uint64(b[i+24:]))
		}
		h = bits.RotateLeft64(v1, 1) + bits.RotateLeft64(v2, 7) + bits.RotateLeft64(v3, 12) + bits.RotateLeft64(v4, 18)
		h = xxMergeRound(h, v1)
		h = xxMergeRound(h, v2)
		h = xxMergeRound(h, v3)
		h = xxMergeRound(h, v4)
	} else {
		h = seed + xxP5
	}
	h += uint64(n)
	for ; i+8 <= n; i += 8 {
		h ^= xxRound(0, binary.LittleEndian.Uint64(b[i:]))
		h = bits.RotateLeft64(h, 27)*xxP1 + xxP4
	}
	if i+4 <= n {
		h ^= uint64(binary.LittleEndian.Uint32(b[i:])) * xxP1
		h = bits.RotateLeft64(h, 23)*xxP2 + xxP3
		i += 4
	}
	for ; i < n; i++ {
		h ^= uint64(b[i]) * xxP5
		h = bits.RotateLeft64(h, 11) * xxP1
	}
	return xxFmix(h)
}

// sparkHasher feeds values to a hash the way Spark's HashExpression does.
type sparkHasher struct {
	xx bool
}

func (h sparkHasher) intFn(v int32, seed uint64) uint64 {
	if h.xx {
		return xxHashInt(v, seed)
	}
	return uint64(murHashInt(v, uint32(seed)))
}

func (h sparkHasher) longFn(v int64, seed uint64) uint64 {
	if h.xx {
		return xxHashLong(v, seed)
	}
	return uint64(murHashLong(v, uint32(seed)))
}

func (h sparkHasher) bytesFn(b []byte, seed uint64) uint64 {
	if h.xx {
		return xxHashBytes(b, seed)
	}
	return uint64(murHashBytes(b, uint32(seed)))
}

// hashValue folds v (of type t) into seed; NULL leaves the seed.
func (h sparkHasher) hashValue(v any, t sqltypes.DataType, seed uint64) uint64 {
	switch x := v.(type) {
	case nil:
		return seed
	case bool:
		if x {
			return h.intFn(1, seed)
		}
		return h.intFn(0, seed)
	case int8:
		return h.intFn(int32(x), seed)
	case int16:
		return h.intFn(int32(x), seed)
	case int32:
		return h.intFn(x, seed)
	case int64:
		return h.longFn(x, seed)
	case float32:
		if x == 0 {
			x = 0 // -0.0 hashes as 0.0
		}
		if x != x {
			return h.intFn(0x7fc00000, seed) // Float.floatToIntBits' one NaN
		}
		return h.intFn(int32(math.Float32bits(x)), seed)
	case float64:
		if x == 0 {
			x = 0
		}
		if math.IsNaN(x) {
			return h.longFn(0x7ff8000000000000, seed)
		}
		return h.longFn(int64(math.Float64bits(x)), seed)
	case sqltypes.Date:
		return h.intFn(int32(x), seed)
	case sqltypes.Timestamp:
		return h.longFn(int64(x), seed)
	case sqltypes.TimestampNTZ:
		return h.longFn(int64(x), seed)
	case sqltypes.Time:
		return h.longFn(int64(x), seed) // the nanoseconds of the day, as Spark hashes a TIME
	case string:
		return h.bytesFn([]byte(x), seed)
	case []byte:
		return h.bytesFn(x, seed)
	case sqltypes.Decimal:
		if d, ok := t.(sqltypes.DecimalType); ok && d.Precision <= 18 {
			u, _ := x.UnscaledInt64()
			return h.longFn(u, seed)
		}
		return h.bytesFn(javaBigIntBytes(decimalUnscaled(x)), seed)
	case sqltypes.Row:
		st, _ := t.(*sqltypes.StructType)
		for i, f := range x {
			var ft sqltypes.DataType
			if st != nil && i < len(st.Fields) {
				ft = st.Fields[i].Type
			}
			seed = h.hashValue(f, ft, seed)
		}
		return seed
	case []any:
		var et sqltypes.DataType
		if at, ok := t.(sqltypes.ArrayType); ok {
			et = at.Element
		}
		for _, e := range x {
			seed = h.hashValue(e, et, seed)
		}
		return seed
	case *sqltypes.MapValue:
		var kt, vt sqltypes.DataType
		if mt, ok := t.(sqltypes.MapType); ok {
			kt, vt = mt.Key, mt.Value
		}
		for i := range x.Keys {
			seed = h.hashValue(x.Keys[i], kt, seed)
			seed = h.hashValue(x.Values[i], vt, seed)
		}
		return seed
	}
	return seed
}

// javaBigIntBytes is BigInteger.toByteArray: big-endian two's complement, shortest form.
func javaBigIntBytes(n interface {
	Sign() int
	Bytes() []byte
}) []byte {
	b := n.Bytes()
	if n.Sign() >= 0 {
		if len(b) == 0 || b[0]&0x80 != 0 {
			b = append([]byte{0}, b...)
		}
		return b
	}
	// Two's complement of the magnitude.
	out := make([]byte, len(b))
	carry := true
	for i := len(b) - 1; i >= 0; i-- {
		out[i] = ^b[i]
		if carry {
			out[i]++
			carry = out[i] == 0
		}
	}
	if out[0]&0x80 == 0 {
		out = append([]byte{0xFF}, out...)
	}
	return out
}

func bindHashFn(name string, xx bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 0 {
			return nil, wrongArgs(name, "> 0", 0)
		}
		args, err := r.resolveAll(c.Args)
		if err != nil {
			return nil, err
		}
		types := make([]sqltypes.DataType, len(args))
		for i, a := range args {
			types[i] = a.DataType()
		}
		h := sparkHasher{xx: xx}
		typ := sqltypes.DataType(sqltypes.Integer)
		if xx {
			typ = sqltypes.Long
		}
		return &boundFunc{name: name, args: args, typ: typ, fn: func(_ *EvalContext, v []any) (any, error) {
			seed := uint64(42)
			for i, x := range v {
				seed = h.hashValue(x, types[i], seed)
			}
			if xx {
				return int64(seed), nil
			}
			return int32(uint32(seed)), nil
		}}, nil
	}
}

func bindDigest(name string, f func([]byte) string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inBinary)
		if err != nil {
			return nil, err
		}
		return fn1(strings.ToLower(c.Name), args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
			return f(a.([]byte)), nil
		}), nil
	}
}

// bindSha2 is sha2(bin, bits): bits 224, 256 (also 0), 384 or 512; others give NULL.
func bindSha2(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inBinary, inInt)
	if err != nil {
		return nil, err
	}
	return fn2("sha2", args[0], args[1], sqltypes.String, func(_ *EvalContext, a, n any) (any, error) {
		b := a.([]byte)
		switch n.(int32) {
		case 224:
			s := sha256.Sum224(b)
			return hex.EncodeToString(s[:]), nil
		case 0, 256:
			s := sha256.Sum256(b)
			return hex.EncodeToString(s[:]), nil
		case 384:
			s := sha512.Sum384(b)
			return hex.EncodeToString(s[:]), nil
		case 512:
			s := sha512.Sum512(b)
			return hex.EncodeToString(s[:]), nil
		}
		return nil, nil
	}).withNullable(true), nil
}

func bindCrc32(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inBinary)
	if err != nil {
		return nil, err
	}
	return fn1("crc32", args[0], sqltypes.Long, func(_ *EvalContext, a any) (any, error) {
		return int64(crc32.ChecksumIEEE(a.([]byte))), nil
	}), nil
}
