package stateful

import (
	"bytes"
	"math/rand"
	"testing"
)

func TestXXHash32(t *testing.T) {
	// Reference values of XXH32 (seed 0).
	for _, c := range []struct {
		in   string
		want uint32
	}{
		{"", 0x02CC5D05},
		{"a", 0x550D7456},
		{"abc", 0x32D153FF},
		{"Nobody inspects the spammish repetition", 0xE2293B2F},
	} {
		if got := xxhash32([]byte(c.in), 0); got != c.want {
			t.Errorf("xxhash32(%q) = %#x, want %#x", c.in, got, c.want)
		}
	}
}

func TestLZ4BlockStream(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	random := make([]byte, 70_000)
	rnd.Read(random)
	for _, data := range [][]byte{nil, []byte("state"), bytes.Repeat([]byte("window "), 20_000), random} {
		framed := lz4Frame(data)
		if !bytes.HasPrefix(framed, []byte("LZ4Block")) {
			t.Fatal("no magic")
		}
		got, err := lz4Unframe(framed)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("round trip of %d bytes: %v", len(data), err)
		}
		if len(framed) > 21 {
			bad := append([]byte(nil), framed...)
			bad[len(bad)-22] ^= 1 // a data byte of the last block
			if _, err := lz4Unframe(bad); err == nil {
				t.Fatalf("corrupt stream of %d bytes accepted", len(data))
			}
		}
	}
	// The empty stream is exactly the end mark: magic, raw method | level 5, zeros.
	if got := lz4Frame(nil); !bytes.Equal(got, append([]byte("LZ4Block\x15"), make([]byte, 12)...)) {
		t.Fatalf("empty stream % x", got)
	}
}
