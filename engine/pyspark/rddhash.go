package pyspark

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// portableHash is PySpark's portable_hash, which its hash partitioner (reduceByKey,
// groupByKey, distinct, partitionBy) takes modulo the partition count. PySpark runs its
// workers with PYTHONHASHSEED=0, so a string's hash is CPython's SipHash-1-3 (Python
// 3.11+) with a zero key over the string's internal bytes; numbers hash as CPython's
// numbers, tuples combine their items' hashes, None is 0.
func portableHash(o py.Object) (int64, error) {
	switch x := o.(type) {
	case py.NoneType:
		return 0, nil
	case py.Tuple:
		h := uint64(0x345678)
		for _, it := range x {
			ih, err := portableHash(it)
			if err != nil {
				return 0, err
			}
			h ^= uint64(ih)
			h *= 1000003
			h &= 1<<63 - 1 // sys.maxsize
		}
		h ^= uint64(len(x))
		if int64(h) == -1 {
			return -2, nil
		}
		return int64(h), nil
	case py.String:
		if x == "" {
			return 0, nil // CPython's hash of an empty str
		}
		return fixStrHash(int64(siphash13(cpythonStrBytes(string(x))))), nil
	case py.Bytes:
		return fixStrHash(int64(siphash13([]byte(x)))), nil
	}
	return py.Hash(o)
}

func fixStrHash(h int64) int64 {
	if h == -1 {
		return -2
	}
	return h
}

// cpythonStrBytes is a str's storage in CPython (PEP 393): one byte per character when
// all are below 256, else two, else four, little-endian; CPython hashes these bytes.
func cpythonStrBytes(s string) []byte {
	width := 1
	for _, r := range s {
		if r > 0xffff {
			width = 4
			break
		}
		if r > 0xff {
			width = 2
		}
	}
	out := make([]byte, 0, utf8.RuneCountInString(s)*width)
	for _, r := range s {
		switch width {
		case 1:
			out = append(out, byte(r))
		case 2:
			out = binary.LittleEndian.AppendUint16(out, uint16(r))
		default:
			out = binary.LittleEndian.AppendUint32(out, uint32(r))
		}
	}
	return out
}

// siphash13 is SipHash-1-3 with a zero key (CPython's string hash under PYTHONHASHSEED=0).
func siphash13(b []byte) uint64 {
	v0 := uint64(0x736f6d6570736575)
	v1 := uint64(0x646f72616e646f6d)
	v2 := uint64(0x6c7967656e657261)
	v3 := uint64(0x7465646279746573)
	round := func() {
		v0 += v1
		v1 = bits.RotateLeft64(v1, 13)
		v1 ^= v0
		v0 = bits.RotateLeft64(v0, 32)
		v2 += v3
		v3 = bits.RotateLeft64(v3, 16)
		v3 ^= v2
		v0 += v3
		v3 = bits.RotateLeft64(v3, 21)
		v3 ^= v0
		v2 += v1
		v1 = bits.RotateLeft64(v1, 17)
		v1 ^= v2
		v2 = bits.RotateLeft64(v2, 32)
	}
	n := len(b)
	for len(b) >= 8 {
		m := binary.LittleEndian.Uint64(b)
		v3 ^= m
		round()
		v0 ^= m
		b = b[8:]
	}
	var last [8]byte
	copy(last[:], b)
	t := binary.LittleEndian.Uint64(last[:]) | uint64(n)<<56
	v3 ^= t
	round()
	v0 ^= t
	v2 ^= 0xff
	round()
	round()
	round()
	return v0 ^ v1 ^ v2 ^ v3
}
