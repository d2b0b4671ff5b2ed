package stateful

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// An operator whose state holds a type kafkalab does not lay out as Spark's UnsafeRow keeps
// its own encoding; resuming a checkpoint real Spark wrote for it (UnsafeRow records) fails
// with the file, the operator and the type named, never with rows read as something else.
func TestUnlaidStateIsRefusedByName(t *testing.T) {
	scan := func(vt sqltypes.DataType) *plan.StreamScan {
		return &plan.StreamScan{Scope: &plan.Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{
			{Name: "k", Type: sqltypes.String, Nullable: true}, {Name: "v", Type: vt, Nullable: true}}}}, Name: "s"}
	}
	row := func(vals sqltypes.Row, types ...sqltypes.DataType) []byte {
		b, ok := unsafeRow(vals, types)
		if !ok {
			t.Fatal("unsafeRow does not lay out the fixture row")
		}
		return b
	}
	// Spark's rows: a STRING key; a value whose variant / interval slot points at 16 bytes.
	sparkKey := row(sqltypes.Row{"C01"}, sqltypes.String)
	sparkValue := append(row(sqltypes.Row{[]byte{}, true}, sqltypes.Binary, sqltypes.Boolean), make([]byte, 16)...)
	cases := []struct {
		name  string
		codec func(st *store) valueCodec
		op    string
		typ   string
	}{
		{"first over a variant", func(st *store) valueCodec {
			a, err := NewAggregate(scan(sqltypes.VariantType{}), []plan.Expr{col("k")}, []plan.Expr{call("first", "v")}, true)
			if err != nil {
				t.Fatal(err)
			}
			a.stateSchemas(st)
			return a.codec(st)
		}, "streaming aggregation", "VARIANT"},
		{"dropDuplicates on a calendar interval", func(st *store) valueCodec {
			d, err := NewDeduplicate(scan(sqltypes.CalendarIntervalType{}), []string{"k", "v"}, false)
			if err != nil {
				t.Fatal(err)
			}
			d.stateSchemas(st)
			return d.codec(st)
		}, "deduplication", "INTERVAL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := newStore(t.TempDir(), 0, "stateStoreSave", 1, nil)
			codec := tc.codec(st)
			if u := unlaidType(st.keySchema, st.valueSchema); u == nil {
				t.Fatalf("the state schemas %s / %s are all laid out", sqltypes.SimpleString(st.keySchema), sqltypes.SimpleString(st.valueSchema))
			}
			path := filepath.Join(t.TempDir(), "1.delta")
			records := binary.BigEndian.AppendUint32(appendRecord(nil, sparkKey, sparkValue), 0xFFFFFFFF)
			if err := os.WriteFile(path, lz4Frame(records), 0o644); err != nil {
				t.Fatal(err)
			}
			err := st.replayFile(0, path, 1, codec)
			if err == nil {
				t.Fatalf("Spark's rows were read: %v", st.entries)
			}
			for _, want := range []string{path, tc.op, tc.typ, "Spark's UnsafeRow layout"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			if len(st.entries) != 0 {
				t.Errorf("entries read: %v", st.entries)
			}
		})
	}
}

// Arrays and maps of NULL's type, intervals' legacy type and variants are what is left
// without a Spark layout; intervals of days or months are laid out as Spark does.
func TestUnlaidType(t *testing.T) {
	st := func(ts ...sqltypes.DataType) *sqltypes.StructType {
		out := &sqltypes.StructType{}
		for _, x := range ts {
			out.Fields = append(out.Fields, sqltypes.StructField{Name: "c", Type: x, Nullable: true})
		}
		return out
	}
	cases := []struct {
		schema *sqltypes.StructType
		want   sqltypes.DataType
	}{
		{st(sqltypes.String, sqltypes.ArrayType{Element: sqltypes.Long}), nil},
		{st(sqltypes.MapType{Key: sqltypes.String, Value: sqltypes.ArrayType{Element: sqltypes.DecimalType{Precision: 20, Scale: 2}}}), nil},
		{st(sqltypes.DayTimeIntervalType{Start: 0, End: 3}, sqltypes.YearMonthIntervalType{Start: 0, End: 1}), nil},
		{st(sqltypes.Null), nil},
		{st(sqltypes.ArrayType{Element: sqltypes.Null}), sqltypes.Null},
		{st(sqltypes.Long, st(sqltypes.VariantType{})), sqltypes.VariantType{}},
		{st(sqltypes.MapType{Key: sqltypes.String, Value: sqltypes.CalendarIntervalType{}}), sqltypes.CalendarIntervalType{}},
	}
	for _, tc := range cases {
		if got := unlaidType(tc.schema); got != tc.want {
			t.Errorf("unlaidType(%s) = %v, want %v", sqltypes.SimpleString(tc.schema), got, tc.want)
		}
	}
}
