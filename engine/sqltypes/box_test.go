package sqltypes

import (
	"bytes"
	"math/big"
	"runtime"
	"strconv"
	"testing"
)

// TestBoxSlab checks that values boxed from a slab read back as the values boxed, with
// their dynamic type, across block boundaries and a GC (the blocks are kept alive by the
// interface values alone).
func TestBoxSlab(t *testing.T) {
	var ts BoxSlab[Timestamp]
	var ds BoxSlab[Decimal]
	var bs BoxSlab[[]byte]
	var is BoxSlab[int32]
	var ss BoxSlab[string]
	const n = 3*boxSlabLen + 5
	var got []any
	for i := 0; i < n; i++ {
		got = append(got, ts.Box(Timestamp(i*1_000_001)), ds.Box(Decimal{Unscaled: int64(i), Scale: 2}),
			ds.Box(Decimal{Big: big.NewInt(int64(i) << 40), Scale: 1}), bs.Box([]byte{byte(i), 7}), is.Box(int32(-i)),
			ss.Box(strconv.Itoa(i)+"x"))
	}
	runtime.GC()
	for i := 0; i < n; i++ {
		row := got[i*6 : i*6+6]
		if v, ok := row[0].(Timestamp); !ok || v != Timestamp(i*1_000_001) {
			t.Fatalf("value %d: timestamp %#v", i, row[0])
		}
		if v, ok := row[1].(Decimal); !ok || v.Unscaled != int64(i) || v.Scale != 2 || v.Big != nil {
			t.Fatalf("value %d: decimal %#v", i, row[1])
		}
		if v, ok := row[2].(Decimal); !ok || v.Big.Cmp(big.NewInt(int64(i)<<40)) != 0 || v.Scale != 1 {
			t.Fatalf("value %d: big decimal %#v", i, row[2])
		}
		if v, ok := row[3].([]byte); !ok || !bytes.Equal(v, []byte{byte(i), 7}) {
			t.Fatalf("value %d: bytes %#v", i, row[3])
		}
		if v, ok := row[4].(int32); !ok || v != int32(-i) {
			t.Fatalf("value %d: int32 %#v", i, row[4])
		}
		if v, ok := row[5].(string); !ok || v != strconv.Itoa(i)+"x" {
			t.Fatalf("value %d: string %#v", i, row[5])
		}
	}
	// Boxed values compare as ordinary interface values do.
	if ts.Box(Timestamp(5)) != any(Timestamp(5)) {
		t.Fatal("a boxed timestamp does not equal the same value boxed by Go")
	}
}

// TestBoxSlabAllocs checks the point of the slab: one allocation per block, not per value.
func TestBoxSlabAllocs(t *testing.T) {
	var s BoxSlab[Decimal]
	s.Box(Decimal{})
	allocs := testing.AllocsPerRun(10, func() {
		for i := 0; i < boxSlabLen; i++ {
			_ = s.Box(Decimal{Unscaled: int64(i) + 1000})
		}
	})
	if allocs > 1 {
		t.Fatalf("%v allocations per %d values, want at most 1", allocs, boxSlabLen)
	}
}
