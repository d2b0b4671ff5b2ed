package snappy

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/s2"
)

// TestEncodeMatchesSnappyJava re-encodes blocks that snappy 1.1.10 wrote (see
// testdata/README.md): each must come out byte for byte the same.
func TestEncodeMatchesSnappyJava(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*", "*.snappy"))
	if err != nil || len(files) < 50 {
		t.Fatalf("testdata: %d files (%v)", len(files), err)
	}
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			want, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src, err := s2.Decode(nil, want)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if got := Encode(nil, src); !bytes.Equal(got, want) {
				t.Errorf("%d input bytes encode to %d bytes, snappy 1.1.10 wrote %d; first difference at %d",
					len(src), len(got), len(want), firstDiff(got, want))
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestRoundTrip decodes what Encode wrote, over sizes around the margins and fragment
// boundaries and data from incompressible to runs, into a dst of every capacity.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	alphabets := []int{1, 2, 4, 16, 256}
	for _, n := range []int{0, 1, 14, 15, 16, 17, 64, 255, 256, 257, 4096, 16384, 16385, 65535, 65536, 65537, 200_000} {
		for _, k := range alphabets {
			src := make([]byte, n)
			for i := range src {
				src[i] = byte(r.IntN(k))
			}
			for _, dst := range [][]byte{nil, make([]byte, 3), make([]byte, 0, MaxEncodedLen(n))} {
				enc := Encode(dst, src)
				if len(enc) > MaxEncodedLen(n) {
					t.Fatalf("n=%d alphabet=%d: %d bytes, over MaxEncodedLen %d", n, k, len(enc), MaxEncodedLen(n))
				}
				dec, err := Codec{}.Decode(nil, enc)
				if err != nil || !bytes.Equal(dec, src) {
					t.Fatalf("n=%d alphabet=%d: round trip failed (%v)", n, k, err)
				}
			}
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "snappy-java", "*.snappy"))
	var srcs [][]byte
	total := 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		src, _ := s2.Decode(nil, data)
		srcs = append(srcs, src)
		total += len(src)
	}
	b.SetBytes(int64(total))
	var dst []byte
	for b.Loop() {
		for _, src := range srcs {
			dst = Encode(dst, src)
		}
	}
}
