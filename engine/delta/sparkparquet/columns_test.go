package sparkparquet

import (
	"bytes"
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
				return buf.Bytes(), w.Close()
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
