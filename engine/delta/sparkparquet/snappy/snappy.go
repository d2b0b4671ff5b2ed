// Package snappy compresses Parquet pages the way Spark's writer does: Spark reaches
// Google's C++ snappy 1.1.10 through snappy-java, and any two snappy encoders may pick
// different matches for the same input. This one picks the same ones (a hash table of
// at most 1<<14 slots, the multiplicative hash over the upper bits, 64 KiB fragments),
// so a page kafkalab writes is byte for byte the page Spark writes. Decoding is format
// only; it is left to klauspost/compress.
package snappy

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/klauspost/compress/s2"
	"github.com/parquet-go/parquet-go/format"
)

const (
	fragmentSize = 1 << 16 // the C++ library compresses its input in fragments of 64 KiB
	maxTableBits = 14      // kMaxHashTableBits of snappy 1.1.10
	minTableSize = 1 << 8
	// inputMargin is how far from a fragment's end the match search stops: the last
	// bytes always go out as a literal.
	inputMargin = 15
	hashMagic   = 0x1e35a7bd

	tagLiteral = 0x00
	tagCopy1   = 0x01
	tagCopy2   = 0x02
)

// MaxEncodedLen is the most bytes Encode can write for n bytes of input (the C++
// library's MaxCompressedLength, plus the length prefix's worst case).
func MaxEncodedLen(n int) int { return 32 + n + n/6 + binary.MaxVarintLen32 }

var tables = sync.Pool{New: func() any { return new([1 << maxTableBits]uint16) }}

// Encode appends the snappy block encoding of src to dst[:0] and returns it.
func Encode(dst, src []byte) []byte {
	need := MaxEncodedLen(len(src))
	if cap(dst) < need {
		dst = make([]byte, need)
	}
	dst = dst[:need]
	d := binary.PutUvarint(dst, uint64(len(src)))
	table := tables.Get().(*[1 << maxTableBits]uint16)
	for len(src) > 0 {
		n := min(len(src), fragmentSize)
		d = encodeFragment(dst, d, src[:n], table)
		src = src[n:]
	}
	tables.Put(table)
	return dst[:d]
}

// tableBits is the hash table size for a fragment of n bytes: the smallest power of two
// that holds n, within [1<<8, 1<<14].
func tableBits(n int) int {
	if n <= minTableSize {
		return 8
	}
	return min(bits.Len(uint(n-1)), maxTableBits)
}

// load32 and load64 read 4 and 8 bytes at b[i:] without bounds checks: every call in
// encodeFragment and matchEnd reads inside its fragment by construction (a position is
// at most the search limit, 15 bytes before the end, or, in matchEnd, 8 before it, and a
// candidate is an earlier position), and they run a few times per input byte.
func load32(b []byte, i int) uint32 {
	return binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))[:])
}

func load64(b []byte, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))[:])
}

// slot is where x hashes to: the C++ library shifts the product for the largest table
// and masks it down to the fragment's table, so a small table uses the low bits of
// the large table's index, not the product's top bits.
func slot(x uint32, mask uint32) uint32 { return (x * hashMagic) >> (32 - maxTableBits) & mask }

// encodeFragment writes src (at most 64 KiB) at dst[d:] and returns the new end.
func encodeFragment(dst []byte, d int, src []byte, table *[1 << maxTableBits]uint16) int {
	if len(src) < inputMargin {
		return emitLiteral(dst, d, src)
	}
	size := 1 << tableBits(len(src))
	clear(table[:size])
	mask := uint32(size - 1)
	limit := len(src) - inputMargin
	ip, next := 0, 0 // bytes [next, ip) are still to be emitted
	for {
		// Look for a 4-byte match, moving faster the longer none turns up: one byte at a
		// time for the first 32 tries, then two, and so on.
		next = ip
		ip++
		skip := 32
		var cand int
		for {
			step := skip >> 5
			skip += step
			if ip+step > limit {
				return emitLiteral(dst, d, src[next:])
			}
			x := load32(src, ip)
			h := slot(x, mask)
			cand = int(table[h])
			table[h] = uint16(ip)
			if x == load32(src, cand) {
				break
			}
			ip += step
		}
		d = emitLiteral(dst, d, src[next:ip])
		// Emit copies for as long as the bytes right after one start another match.
		for {
			start := ip
			ip = matchEnd(src, cand+4, ip+4)
			d = emitCopy(dst, d, start-cand, ip-start)
			if ip >= limit {
				if ip < len(src) {
					d = emitLiteral(dst, d, src[ip:])
				}
				return d
			}
			// Index the match's last byte too, as the C++ library does, before trying
			// to start the next copy right here.
			table[slot(load32(src, ip-1), mask)] = uint16(ip - 1)
			x := load32(src, ip)
			h := slot(x, mask)
			cand = int(table[h])
			table[h] = uint16(ip)
			if x != load32(src, cand) {
				break
			}
		}
	}
}

// matchEnd returns i+n for the longest n with src[c:c+n] == src[i:i+n].
func matchEnd(src []byte, c, i int) int {
	for i+8 <= len(src) {
		if x := load64(src, c) ^ load64(src, i); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
		c, i = c+8, i+8
	}
	for i < len(src) && src[c] == src[i] {
		c, i = c+1, i+1
	}
	return i
}

func emitLiteral(dst []byte, d int, lit []byte) int {
	n := len(lit) - 1
	// A literal of at most 16 bytes (most of them, between short copies) is moved as one
	// 16-byte block, as the C++ library does when both sides have the room: the bytes
	// past it, read from lit's capacity and written past the output, are overwritten by
	// what follows or cut off by Encode.
	if n < 16 && n >= 0 && d+17 <= len(dst) && cap(lit) >= 16 {
		dst[d] = tagLiteral | byte(n)<<2
		*(*[16]byte)(dst[d+1 : d+17]) = *(*[16]byte)(lit[:16])
		return d + 1 + len(lit)
	}
	switch {
	case n < 60:
		dst[d] = tagLiteral | byte(n)<<2
		d++
	case n < 1<<8:
		dst[d], dst[d+1] = tagLiteral|60<<2, byte(n)
		d += 2
	case n < 1<<16:
		dst[d], dst[d+1], dst[d+2] = tagLiteral|61<<2, byte(n), byte(n>>8)
		d += 3
	default: // a fragment is at most 64 KiB
		dst[d], dst[d+1], dst[d+2], dst[d+3] = tagLiteral|62<<2, byte(n), byte(n>>8), byte(n>>16)
		d += 4
	}
	return d + copy(dst[d:], lit)
}

// emitCopy writes a copy of length bytes from offset back: 64-byte pieces while at least
// 68 remain (so the last piece keeps 4 or more), then one of 60 if needed, then the rest.
func emitCopy(dst []byte, d, offset, length int) int {
	for length >= 68 {
		d = emitCopyUpTo64(dst, d, offset, 64)
		length -= 64
	}
	if length > 64 {
		d = emitCopyUpTo64(dst, d, offset, 60)
		length -= 60
	}
	return emitCopyUpTo64(dst, d, offset, length)
}

func emitCopyUpTo64(dst []byte, d, offset, length int) int {
	if length < 12 && offset < 2048 {
		dst[d], dst[d+1] = tagCopy1|byte(length-4)<<2|byte(offset>>8)<<5, byte(offset)
		return d + 2
	}
	dst[d], dst[d+1], dst[d+2] = tagCopy2|byte(length-1)<<2, byte(offset), byte(offset>>8)
	return d + 3
}

// Codec is the Parquet SNAPPY codec with Encode above.
type Codec struct{}

// String names the codec as Parquet does.
func (Codec) String() string { return "SNAPPY" }

// CompressionCodec is the codec's id in Parquet's footer.
func (Codec) CompressionCodec() format.CompressionCodec { return format.Snappy }

// Encode compresses a page.
func (Codec) Encode(dst, src []byte) ([]byte, error) { return Encode(dst, src), nil }

// Decode decompresses a page.
func (Codec) Decode(dst, src []byte) ([]byte, error) {
	n, err := s2.DecodedLen(src)
	if err != nil {
		return dst[:0], err
	}
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	return s2.Decode(dst[:n], src)
}
