package localfs

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
)

// The expected bytes are the .crc files real Spark 4.2 wrote beside a text file holding
// "a\n" and beside an empty _SUCCESS.
func TestChecksumMatchesHadoop(t *testing.T) {
	cases := []struct {
		data string
		want string
	}{
		{"a\n", "6372630000000200ddeaa107"},
		{"", "6372630000000200"},
	}
	for _, c := range cases {
		if got := hex.EncodeToString(Checksum([]byte(c.data))); got != c.want {
			t.Errorf("Checksum(%q) = %s, want %s", c.data, got, c.want)
		}
	}
}

func TestWriteFileWritesSideFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "part-00000.txt")
	data := bytes.Repeat([]byte("x"), 1025) // three chunks
	if err := WriteFile(p, data); err != nil {
		t.Fatal(err)
	}
	crc, err := os.ReadFile(filepath.Join(dir, ".part-00000.txt.crc"))
	if err != nil {
		t.Fatal(err)
	}
	if len(crc) != 8+3*4 {
		t.Errorf("crc file has %d bytes, want 20", len(crc))
	}
}

func TestEscapePathName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"FR", "FR"},
		{"a/b", "a%2Fb"},
		{"2026-10-01 09:15:00", "2026-10-01 09%3A15%3A00"},
		{"x=y%z", "x%3Dy%25z"},
		{"tab\there", "tab%09here"},
		{"é ok", "é ok"},
	} {
		if got := EscapePathName(c.in); got != c.want {
			t.Errorf("EscapePathName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
