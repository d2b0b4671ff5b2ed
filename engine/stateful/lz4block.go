package stateful

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/pierrec/lz4/v4"
)

// State files are compressed as Spark compresses them (spark.sql.streaming.stateStore.
// compression.codec = lz4): lz4-java's LZ4BlockOutputStream with Spark's 32 KiB blocks.
// Each block has a 21-byte header: "LZ4Block", a token (method 0x10 raw or 0x20 lz4, ORed
// with the block-size level), the compressed and original lengths and an xxhash32 checksum
// (seed 0x9747b28c, masked to 28 bits) of the original bytes, all little-endian; an empty
// raw block ends the stream. The compressed bytes may differ from lz4-java's own encoder,
// but any LZ4 block decoder (Spark's included) reads them.

const (
	lz4BlockSize = 32 * 1024
	lz4Seed      = 0x9747b28c
	lz4MethodRaw = 0x10
	lz4MethodLZ4 = 0x20
	lz4Header    = 21
)

var lz4Magic = []byte("LZ4Block")

// lz4Level is the token's level for the block size: ceil(log2(size)) - 10.
func lz4Level() byte { return byte(bits.Len32(uint32(lz4BlockSize-1)) - 10) }

func lz4Frame(data []byte) []byte {
	out := make([]byte, 0, len(data)/2+64)
	var c lz4.Compressor
	dst := make([]byte, lz4.CompressBlockBound(lz4BlockSize))
	for off := 0; off < len(data); off += lz4BlockSize {
		block := data[off:min(off+lz4BlockSize, len(data))]
		n, err := c.CompressBlock(block, dst)
		method, payload := byte(lz4MethodLZ4), dst[:n]
		if err != nil || n == 0 || n >= len(block) {
			method, payload = lz4MethodRaw, block
		}
		out = append(out, lz4Magic...)
		out = append(out, method|lz4Level())
		out = binary.LittleEndian.AppendUint32(out, uint32(len(payload)))
		out = binary.LittleEndian.AppendUint32(out, uint32(len(block)))
		out = binary.LittleEndian.AppendUint32(out, xxhash32(block, lz4Seed)&0x0FFFFFFF)
		out = append(out, payload...)
	}
	out = append(out, lz4Magic...)
	out = append(out, lz4MethodRaw|lz4Level())
	return append(out, make([]byte, 12)...)
}

// lz4Unframe reverses lz4Frame; data that does not start with the magic is returned as it
// is (state written before kafkalab compressed it).
func lz4Unframe(data []byte) ([]byte, error) {
	if !bytes.HasPrefix(data, lz4Magic) {
		return data, nil
	}
	var out []byte
	for len(data) > 0 {
		if len(data) < lz4Header || !bytes.HasPrefix(data, lz4Magic) {
			return nil, fmt.Errorf("bad lz4 block header")
		}
		method := data[8] & 0xF0
		clen := int(binary.LittleEndian.Uint32(data[9:]))
		olen := int(binary.LittleEndian.Uint32(data[13:]))
		sum := binary.LittleEndian.Uint32(data[17:])
		data = data[lz4Header:]
		if olen == 0 && clen == 0 {
			if method != lz4MethodRaw || sum != 0 {
				return nil, fmt.Errorf("bad lz4 end mark")
			}
			return out, nil
		}
		if clen < 0 || clen > len(data) || olen < 0 || olen > 1<<25 {
			return nil, fmt.Errorf("bad lz4 block lengths")
		}
		var block []byte
		switch method {
		case lz4MethodRaw:
			if clen != olen {
				return nil, fmt.Errorf("bad raw lz4 block")
			}
			block = data[:clen]
		case lz4MethodLZ4:
			block = make([]byte, olen)
			n, err := lz4.UncompressBlock(data[:clen], block)
			if err != nil || n != olen {
				return nil, fmt.Errorf("bad lz4 block: %v", err)
			}
		default:
			return nil, fmt.Errorf("unknown lz4 block method %#x", method)
		}
		if xxhash32(block, lz4Seed)&0x0FFFFFFF != sum {
			return nil, fmt.Errorf("lz4 block checksum mismatch")
		}
		out = append(out, block...)
		data = data[clen:]
	}
	return nil, fmt.Errorf("lz4 stream has no end mark")
}

const (
	xxPrime1 uint32 = 2654435761
	xxPrime2 uint32 = 2246822519
	xxPrime3 uint32 = 3266489917
	xxPrime4 uint32 = 668265263
	xxPrime5 uint32 = 374761393
)

func xxRound(acc, in uint32) uint32 {
	return bits.RotateLeft32(acc+in*xxPrime2, 13) * xxPrime1
}

// xxhash32 is XXH32 of b.
func xxhash32(b []byte, seed uint32) uint32 {
	n := len(b)
	var h uint32
	if n >= 16 {
		v1, v2, v3, v4 := seed+xxPrime1+xxPrime2, seed+xxPrime2, seed, seed-xxPrime1
		for len(b) >= 16 {
			v1 = xxRound(v1, binary.LittleEndian.Uint32(b[0:]))
			v2 = xxRound(v2, binary.LittleEndian.Uint32(b[4:]))
			v3 = xxRound(v3, binary.LittleEndian.Uint32(b[8:]))
			v4 = xxRound(v4, binary.LittleEndian.Uint32(b[12:]))
			b = b[16:]
		}
		h = bits.RotateLeft32(v1, 1) + bits.RotateLeft32(v2, 7) + bits.RotateLeft32(v3, 12) + bits.RotateLeft32(v4, 18)
	} else {
		h = seed + xxPrime5
	}
	h += uint32(n)
	for len(b) >= 4 {
		h += binary.LittleEndian.Uint32(b) * xxPrime3
		h = bits.RotateLeft32(h, 17) * xxPrime4
		b = b[4:]
	}
	for _, c := range b {
		h += uint32(c) * xxPrime5
		h = bits.RotateLeft32(h, 11) * xxPrime1
	}
	h ^= h >> 15
	h *= xxPrime2
	h ^= h >> 13
	h *= xxPrime3
	h ^= h >> 16
	return h
}
