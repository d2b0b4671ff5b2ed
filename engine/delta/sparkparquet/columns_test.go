package sparkparquet

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestColumnWayMatchesRowWay: a flat table written a column at a time gives the bytes the
// row-at-a-time way gives, also when some groups fall back (a decimal to rescale, nulls,
// several timestamp columns sharing the INT96 scratch), and the same error for a value
// neither way takes.
func TestColumnWayMatchesRowWay(t *testing.T) {
	if !levelsMirrored() {
		t.Fatal("parquet.Value no longer matches valueLayout: the column-at-a-time way is off (update valueLayout for this parquet-go)")
	}
	wide := sqltypes.MustParseDDL("a INT, b BIGINT, s STRING, d DECIMAL(6,2), e DECIMAL(12,3), t1 TIMESTAMP, t2 TIMESTAMP").AsNullable()
	wideRows := func(n int, odd func(i int, r sqltypes.Row)) []sqltypes.Row {
		rows := make([]sqltypes.Row, n)
		for i := range rows {
			rows[i] = sqltypes.Row{int32(i), int64(i) << 33, string(rune('a' + i%26)), sqltypes.Decimal{Unscaled: int64(i % 99999), Scale: 2},
				sqltypes.Decimal{Unscaled: -int64(i), Scale: 3}, sqltypes.Timestamp(int64(i) * 1_000_003), sqltypes.Timestamp(-int64(i) * 7)}
			if odd != nil {
				odd(i, rows[i])
			}
		}
		return rows
	}
	strict := sqltypes.MustParseDDL("a INT NOT NULL, s STRING NOT NULL")
	for _, tc := range []struct {
		name    string
		st      *sqltypes.StructType
		rows    []sqltypes.Row
		wantErr string
	}{
		{"bronze", bronzeSchema, bronzeRows(3000), ""},
		{"every type, nulls", wide, wideRows(1000, func(i int, r sqltypes.Row) {
			if i%11 == 0 {
				r[i%7] = nil
			}
		}), ""},
		// A decimal at another scale is rescaled by the converter: its group goes row by row.
		{"rescaled decimal", wide, wideRows(500, func(i int, r sqltypes.Row) {
			if i%150 == 149 {
				r[3] = sqltypes.Decimal{Unscaled: int64(i), Scale: 1}
			}
		}), ""},
		{"wrong type", wide, wideRows(300, func(i int, r sqltypes.Row) {
			if i == 200 {
				r[5] = "2026-01-01"
			}
		}), "row 200: column t1: expected a timestamp (sqltypes.Timestamp) value, got string"},
		{"null in a NOT NULL column", strict, []sqltypes.Row{{int32(1), "x"}, {int32(2), nil}}, "row 1: column s is not nullable but the value is null"},
		{"short row", wide, append(wideRows(70, nil), sqltypes.Row{int32(1)}), "row 70 has 1 values, schema has 7 columns"},
	} {
		for _, chunk := range []int{1, 63, 64, 1000} {
			write := func(flat bool) ([]byte, error) {
				var buf bytes.Buffer
				w, err := NewWriter(&buf, tc.st, nil)
				if err != nil {
					t.Fatal(err)
				}
				if flat != w.flat && flat {
					t.Fatalf("%s: the column way is off for a flat table", tc.name)
				}
				w.flat = flat
				defer w.pool.release()
				for lo := 0; lo < len(tc.rows); lo += chunk {
					if err := w.Write(tc.rows[lo:min(lo+chunk, len(tc.rows))]); err != nil {
						return nil, err
					}
				}
				// Close first: the pages reach buf only when the row group ends.
				err = w.Close()
				return buf.Bytes(), err
			}
			rowWay, rowErr := write(false)
			colWay, colErr := write(true)
			if tc.wantErr != "" {
				if rowErr == nil || colErr == nil || rowErr.Error() != tc.wantErr || colErr.Error() != tc.wantErr {
					t.Errorf("%s in chunks of %d: errors %v / %v, want %q", tc.name, chunk, rowErr, colErr, tc.wantErr)
				}
				continue
			}
			if rowErr != nil || colErr != nil {
				t.Fatalf("%s: %v / %v", tc.name, rowErr, colErr)
			}
			if !bytes.Equal(rowWay, colWay) {
				t.Errorf("%s in chunks of %d: the column way wrote %d bytes, the row way %d, not the same", tc.name, chunk, len(colWay), len(rowWay))
			}
		}
	}
}

// batchesOf cuts rows into chunks of size and makes each a ColumnBatch, or leaves it as
// rows (batch nil) when some value has no vector form, as the columnar projection does.
func batchesOf(t *testing.T, st *sqltypes.StructType, rows []sqltypes.Row, size int) []struct {
	b    *sqltypes.ColumnBatch
	rows []sqltypes.Row
} {
	t.Helper()
	var out []struct {
		b    *sqltypes.ColumnBatch
		rows []sqltypes.Row
	}
	for lo := 0; lo < len(rows); lo += size {
		chunk := rows[lo:min(lo+size, len(rows))]
		b := &sqltypes.ColumnBatch{Len: len(chunk)}
		for _, f := range st.Fields {
			v, ok := sqltypes.NewColumnVector(f.Type)
			if !ok {
				t.Fatalf("no vector for %s", f.Type.SQL())
			}
			b.Cols = append(b.Cols, v)
		}
		fits := true
		for _, r := range chunk {
			for j := range b.Cols {
				fits = fits && j < len(r) && b.Cols[j].Append(r[j])
			}
		}
		if !fits {
			b = nil
		}
		out = append(out, struct {
			b    *sqltypes.ColumnBatch
			rows []sqltypes.Row
		}{b, chunk})
	}
	return out
}

// TestWriteBatchMatchesWrite: the columnar path's WriteBatch writes the bytes Write of the
// same rows writes, whatever the batch sizes (rowsPerWrite groups span batches), mixed
// with chunks given as rows, with nulls, and gives the same error for a null in a NOT
// NULL column; a batch whose vectors are not the file's columns is written as its rows.
func TestWriteBatchMatchesWrite(t *testing.T) {
	wide := sqltypes.MustParseDDL("a INT, b BIGINT, s STRING, d DECIMAL(6,2), e DECIMAL(12,3), t1 TIMESTAMP, t2 TIMESTAMP").AsNullable()
	rng := rand.New(rand.NewPCG(18, 1))
	wideRows := func(n int) []sqltypes.Row {
		rows := make([]sqltypes.Row, n)
		for i := range rows {
			rows[i] = sqltypes.Row{int32(rng.Int64()), rng.Int64(), strings.Repeat("x", rng.IntN(40)) + string(rune('a'+i%26)),
				sqltypes.Decimal{Unscaled: rng.Int64N(1_999_999) - 999_999, Scale: 2},
				sqltypes.Decimal{Unscaled: rng.Int64N(2e12) - 1e12, Scale: 3}, sqltypes.Timestamp(rng.Int64N(1<<55) - 1<<54), sqltypes.Timestamp(-int64(i) * 7)}
			for j := range rows[i] {
				if rng.IntN(9) == 0 {
					rows[i][j] = nil
				}
			}
			if rng.IntN(200) == 0 {
				rows[i][3] = sqltypes.Decimal{Unscaled: int64(i), Scale: 1} // rescaled: that chunk goes as rows
			}
		}
		return rows
	}
	strict := sqltypes.MustParseDDL("a INT NOT NULL, s STRING NOT NULL")
	strictRows := make([]sqltypes.Row, 200)
	for i := range strictRows {
		strictRows[i] = sqltypes.Row{int32(i), "x"}
	}
	strictRows[130][1] = nil
	for _, tc := range []struct {
		name    string
		st      *sqltypes.StructType
		rows    []sqltypes.Row
		wantErr string
	}{
		{"bronze", bronzeSchema, bronzeRows(5000), ""},
		{"every type, nulls, rescaled decimals", wide, wideRows(3000), ""},
		{"null in a NOT NULL column", strict, strictRows, "row 130: column s is not nullable but the value is null"},
	} {
		for _, size := range []int{1, 7, 64, 100, 4096} {
			write := func(columnar bool) ([]byte, error) {
				var buf bytes.Buffer
				w, err := NewWriter(&buf, tc.st, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer w.pool.release()
				for _, c := range batchesOf(t, tc.st, tc.rows, size) {
					if columnar && c.b != nil {
						err = w.WriteBatch(c.b)
					} else {
						err = w.Write(c.rows)
					}
					if err != nil {
						return nil, err
					}
				}
				// Close first: the pages reach buf only when the row group ends.
				err = w.Close()
				return buf.Bytes(), err
			}
			rowWay, rowErr := write(false)
			colWay, colErr := write(true)
			if tc.wantErr != "" {
				if rowErr == nil || colErr == nil || rowErr.Error() != tc.wantErr || colErr.Error() != tc.wantErr {
					t.Errorf("%s in batches of %d: errors %v / %v, want %q", tc.name, size, rowErr, colErr, tc.wantErr)
				}
				continue
			}
			if rowErr != nil || colErr != nil {
				t.Fatalf("%s: %v / %v", tc.name, rowErr, colErr)
			}
			if !bytes.Equal(rowWay, colWay) {
				t.Errorf("%s in batches of %d: WriteBatch wrote %d bytes, Write %d, not the same", tc.name, size, len(colWay), len(rowWay))
			}
		}
	}

	// Vectors that are not the file's columns (a DECIMAL(10,2) vector for a DECIMAL(12,2)
	// column): the batch is written as its rows, the converter rescaling nothing.
	st := sqltypes.MustParseDDL("d DECIMAL(12,2)").AsNullable()
	v, _ := sqltypes.NewColumnVector(sqltypes.DecimalType{Precision: 10, Scale: 2})
	b := &sqltypes.ColumnBatch{Cols: []sqltypes.ColumnVector{v}}
	var rows []sqltypes.Row
	for i := range 100 {
		d := sqltypes.Decimal{Unscaled: int64(i * 101), Scale: 2}
		b.Cols[0].Append(d)
		rows = append(rows, sqltypes.Row{d})
	}
	b.Len = 100
	var viaBatch, viaRows bytes.Buffer
	if err := Write(&viaRows, st, rows, nil); err != nil {
		t.Fatal(err)
	}
	w, err := NewWriter(&viaBatch, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w.vectorsFit(b) {
		t.Fatal("a DECIMAL(10,2) vector fits a DECIMAL(12,2) column")
	}
	if err := w.WriteBatch(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(viaBatch.Bytes(), viaRows.Bytes()) {
		t.Error("a batch that does not fit the columns was not written as its rows")
	}
}
