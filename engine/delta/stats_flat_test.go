package delta

import (
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestStatsColumnWayMatchesValueWay: a flat table's statistics taken a column at a time
// are the ones taken value by value: nulls, ties (the first kept), decimals at another
// scale or too big for int64, strings past the prefix, short rows, chunks of any size.
func TestStatsColumnWayMatchesValueWay(t *testing.T) {
	st := sqltypes.MustParseDDL("a INT, b BIGINT, s STRING, d DECIMAL(20,2), ts TIMESTAMP, f DOUBLE, bin BINARY").AsNullable()
	huge, _ := new(big.Int).SetString("-98765432109876543210", 10)
	var rows []sqltypes.Row
	for i := range 1000 {
		r := sqltypes.Row{int32(i*7919%1009 - 500), int64(i*104729%2003) << 30, string(rune('a'+i%26)) + "-долгая-строка-длиннее-тридцати-двух-знаков",
			sqltypes.Decimal{Unscaled: int64(i*31%997 - 400), Scale: 2}, sqltypes.Timestamp(int64(i*613%1000) * 1_000_003), float64(i%17) / 3, []byte{byte(i)}}
		switch {
		case i%13 == 0:
			r[i%7] = nil
		case i%101 == 5:
			r[3] = sqltypes.Decimal{Unscaled: int64(i), Scale: 1}
		case i == 777:
			r[3] = sqltypes.Decimal{Big: huge, Scale: 2}
		case i%250 == 9:
			r = r[:4] // a short row: the missing columns are not counted
		}
		rows = append(rows, r)
	}
	for _, chunk := range []int{1, 64, 333, 1000} {
		flat, byValue := newStatsCollector(st), newStatsCollector(st)
		if !flat.flat {
			t.Fatal("a flat table's collector is not flat")
		}
		byValue.flat = false
		for lo := 0; lo < len(rows); lo += chunk {
			flat.add(rows[lo:min(lo+chunk, len(rows))])
			byValue.add(rows[lo:min(lo+chunk, len(rows))])
		}
		if got, want := flat.json(time.UTC), byValue.json(time.UTC); got != want {
			t.Errorf("chunks of %d:\ncolumn way %s\n value way %s", chunk, got, want)
		}
	}
	if nested := newStatsCollector(sqltypes.MustParseDDL("a INT, s STRUCT<x: INT>")); nested.flat {
		t.Error("a table with a struct column is taken as flat")
	}
}

// TestStatsFromBatchesMatchRows: the statistics of a file the columnar path writes (typed
// vectors, some chunks as rows) are the ones add gives for the same rows: nulls, ties,
// ascending and descending runs, decimals and timestamps, strings past the prefix, and a
// chunk of rows with a decimal no vector holds setting the min before batches compare.
func TestStatsFromBatchesMatchRows(t *testing.T) {
	st := sqltypes.MustParseDDL("a INT, b BIGINT, s STRING, d DECIMAL(10,2), ts TIMESTAMP").AsNullable()
	rng := rand.New(rand.NewPCG(18, 2))
	var rows []sqltypes.Row
	for i := range 3000 {
		r := sqltypes.Row{int32(rng.IntN(2000) - 1000), int64(i) << 20, string(rune('a'+rng.IntN(26))) + "-долгая-строка-длиннее-тридцати-двух-знаков",
			sqltypes.Decimal{Unscaled: rng.Int64N(20_000) - 10_000, Scale: 2}, sqltypes.Timestamp(-int64(i) * 1_000_003)}
		for j := range r {
			if rng.IntN(15) == 0 {
				r[j] = nil
			}
		}
		if i == 5 {
			r[3] = sqltypes.Decimal{Unscaled: -1_000_001, Scale: 1} // the min, at another scale: its chunk goes as rows
		}
		rows = append(rows, r)
	}
	for _, size := range []int{1, 64, 700, 3000} {
		byRows, byBatch := newStatsCollector(st), newStatsCollector(st)
		for lo := 0; lo < len(rows); lo += size {
			chunk := rows[lo:min(lo+size, len(rows))]
			byRows.add(chunk)
			b := &sqltypes.ColumnBatch{Len: len(chunk)}
			for _, f := range st.Fields {
				v, _ := sqltypes.NewColumnVector(f.Type)
				b.Cols = append(b.Cols, v)
			}
			fits := true
			for _, r := range chunk {
				for j := range b.Cols {
					fits = fits && b.Cols[j].Append(r[j])
				}
			}
			if fits {
				byBatch.addBatch(b)
			} else {
				byBatch.add(chunk)
			}
		}
		want, got := byRows.json(time.UTC), byBatch.json(time.UTC)
		if got != want {
			t.Errorf("batches of %d: stats\n%s\nwant\n%s", size, got, want)
		}
	}
}
