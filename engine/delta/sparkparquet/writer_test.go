package sparkparquet

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

var bronzeSchema = sqltypes.MustParseDDL("order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP, partition INT, offset BIGINT").AsNullable()

// bronzeRows are n rows of the course's bronze table, with some nulls.
func bronzeRows(n int) []sqltypes.Row {
	out := make([]sqltypes.Row, n)
	for i := range out {
		var cust any = fmt.Sprintf("C%05d", i%10000)
		if i%97 == 0 {
			cust = nil
		}
		out[i] = sqltypes.Row{int32(1_000_000 + i), cust, [...]string{"placed", "shipped", "delivered"}[i%3],
			sqltypes.Decimal{Unscaled: int64(1000 + i%99000), Scale: 2}, sqltypes.Timestamp(1790000000000000 + int64(i)*1000), int32(i % 3), int64(i)}
	}
	return out
}

// nestedRows exercise lists, maps, structs and wide decimals.
func nestedRows(n int) (*sqltypes.StructType, []sqltypes.Row) {
	st := sqltypes.MustParseDDL("i INT, a ARRAY<STRING>, m MAP<STRING, INT>, s STRUCT<x: INT, y: ARRAY<INT>>, d30 DECIMAL(30,3), b BINARY").AsNullable()
	huge, _ := new(big.Int).SetString("-123456789012345678901234567", 10)
	rows := make([]sqltypes.Row, n)
	for i := range rows {
		var arr any = []any{fmt.Sprint(i), nil, "x"}
		if i%5 == 0 {
			arr = []any{}
		}
		if i%7 == 0 {
			arr = nil
		}
		rows[i] = sqltypes.Row{int32(i), arr, &sqltypes.MapValue{Keys: []any{"k"}, Values: []any{int32(i)}},
			sqltypes.Row{int32(i), []any{int32(1), int32(2)}}, sqltypes.Decimal{Big: huge, Scale: 3}, []byte{byte(i)}}
	}
	return st, rows
}

// TestFileBytesPinned: the bytes of a file are pinned to what kafkalab's writer produced
// before it streamed (page boundaries, encodings, statistics): files written before and
// after compare equal, and a change of layout is a decision, not an accident. The larger
// files spill their pages to disk on the way.
func TestFileBytesPinned(t *testing.T) {
	nested, nrows := nestedRows(20000)
	for _, tc := range []struct {
		name string
		st   *sqltypes.StructType
		rows []sqltypes.Row
		size int
		hash string
	}{
		{"no rows", bronzeSchema, nil, 837, "a36766211fa5923cb9c21e6fd8c3c581d7dcc14a8712b6879f99d4cec38ec41c"},
		{"1025 rows", bronzeSchema, bronzeRows(1025), 25412, "4d9d4665322d2151d73ee0a2a7ad58bd96fd94d08d68a1ceb82375953b139144"},
		{"100k rows", bronzeSchema, bronzeRows(100_000), 2290695, "7a2f9c1ee3c96e180cce69d9c361694ab1f9ff298ba51b944ed672b27e6f7a42"},
		{"nested", nested, nrows, 326791, "321c8dac2c06ebcc16e19d4524ce40a95cc18752a8d91b855600d7df8e038510"},
	} {
		for _, chunk := range []int{0, 1, 777, 4096} { // 0: Write with every row at once
			if chunk == 1 && len(tc.rows) > 2000 {
				continue
			}
			var buf bytes.Buffer
			spill := t.TempDir()
			if chunk == 0 {
				if err := Write(&buf, tc.st, tc.rows, &Options{SpillDir: spill}); err != nil {
					t.Fatal(err)
				}
			} else {
				w, err := NewWriter(&buf, tc.st, &Options{SpillDir: spill})
				if err != nil {
					t.Fatal(err)
				}
				for lo := 0; lo < len(tc.rows); lo += chunk {
					if err := w.Write(tc.rows[lo:min(lo+chunk, len(tc.rows))]); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
			}
			if got := fmt.Sprintf("%x", sha256.Sum256(buf.Bytes())); buf.Len() != tc.size || got != tc.hash {
				t.Errorf("%s in chunks of %d: %d bytes sha256 %s, want %d bytes %s", tc.name, chunk, buf.Len(), got, tc.size, tc.hash)
			}
			if left, _ := os.ReadDir(spill); len(left) != 0 {
				t.Errorf("%s: temporary page files left behind: %v", tc.name, left)
			}
		}
	}
}

// TestSpillBuffer: a page buffer moves to an unnamed temporary file past spillAfter bytes
// and reads back what was written.
func TestSpillBuffer(t *testing.T) {
	dir := t.TempDir()
	pool := &spillPool{dir: dir}
	b := pool.GetBuffer().(*spillBuffer)
	var want []byte
	for i := 0; len(want) <= spillAfter+1000; i++ {
		p := bytes.Repeat([]byte{byte(i)}, 1000+i%7)
		if _, err := b.Write(p); err != nil {
			t.Fatal(err)
		}
		want = append(want, p...)
		if b.file == nil && len(want) > spillAfter {
			t.Fatalf("%d bytes still in memory", len(want))
		}
	}
	if b.file == nil || b.mem != nil {
		t.Fatal("the buffer did not spill")
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("the temporary file has a name: %v", left)
	}
	if _, err := b.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if _, err := io.Copy(&got, b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Fatalf("read back %d bytes, want %d", got.Len(), len(want))
	}
	pool.PutBuffer(b)
	if b.file != nil || b.off != 0 {
		t.Fatal("PutBuffer did not reset the buffer")
	}
	pool.release()
}

// TestCreateFileWritesInChunks: a file written chunk by chunk reads back as the rows, and
// Abort leaves nothing.
func TestCreateFileWritesInChunks(t *testing.T) {
	dir := t.TempDir()
	rows := bronzeRows(10_000)
	f, err := CreateFile(filepath.Join(dir, "a.parquet"), bronzeSchema, nil)
	if err != nil {
		t.Fatal(err)
	}
	for lo := 0; lo < len(rows); lo += 4096 {
		if err := f.Write(rows[lo:min(lo+4096, len(rows))]); err != nil {
			t.Fatal(err)
		}
	}
	size, err := f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "a.parquet")); err != nil || st.Size() != size {
		t.Fatalf("size %d, stat %v %v", size, st, err)
	}
	back, err := ReadFile(filepath.Join(dir, "a.parquet"), bronzeSchema)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Fatal("rows read back differ")
	}
	g, err := CreateFile(filepath.Join(dir, "b.parquet"), bronzeSchema, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Write([]sqltypes.Row{{int32(1)}}); err == nil {
		t.Fatal("a short row was accepted")
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Fatalf("files left: %v", left)
	}
}

// TestFilesReuseBuffers: files written one after another through CreateFile reuse the
// write buffer and the page memory of the ones before (an aborted one included), and
// their bytes stay the pinned ones (TestFileBytesPinned): nothing of an earlier file
// shows through.
func TestFilesReuseBuffers(t *testing.T) {
	dir := t.TempDir()
	pinned := map[int]string{ // rows: sha256, from TestFileBytesPinned
		1025:    "4d9d4665322d2151d73ee0a2a7ad58bd96fd94d08d68a1ceb82375953b139144",
		100_000: "7a2f9c1ee3c96e180cce69d9c361694ab1f9ff298ba51b944ed672b27e6f7a42",
	}
	keptPages, keptWriters := pageMemory, fileWriters
	t.Cleanup(func() { pageMemory, fileWriters = keptPages, keptWriters })
	pageMemory, fileWriters = &bytesFreeList{maxBytes: 8 << 20}, &bufioFreeList{max: 4}
	for i, n := range []int{100_000, -1, 1025, 100_000, 1025} {
		name := filepath.Join(dir, fmt.Sprintf("f%d.parquet", i))
		f, err := CreateFile(name, bronzeSchema, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n < 0 { // some rows, then given up
			if err := f.Write(bronzeRows(5000)); err != nil {
				t.Fatal(err)
			}
			f.Abort()
			continue
		}
		rows := bronzeRows(n)
		for lo := 0; lo < len(rows); lo += 4096 {
			if err := f.Write(rows[lo:min(lo+4096, len(rows))]); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Close(); err == nil {
			t.Error("a second Close succeeded")
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(data)); got != pinned[n] {
			t.Errorf("file %d (%d rows): sha256 %s, want %s", i, n, got, pinned[n])
		}
		if pageMemory.bytes == 0 || len(fileWriters.free) == 0 {
			t.Errorf("file %d: nothing kept for the next file (page memory %d bytes, %d write buffers)", i, pageMemory.bytes, len(fileWriters.free))
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 4 {
		t.Errorf("files in the folder: %v", left)
	}
}
