package delta

import (
	"math/big"
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
