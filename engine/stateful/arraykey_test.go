package stateful

import (
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// groupBy and dropDuplicates on an ARRAY column, and first() over a MAP column, keep their
// state as Spark's rows (an UnsafeRow holding an UnsafeArrayData / UnsafeMapData, the key
// in the partition Spark's hash gives it) and resume from them.
func TestCollectionKeysResume(t *testing.T) {
	tags := sqltypes.ArrayType{Element: sqltypes.String, ContainsNull: true}
	attrs := sqltypes.MapType{Key: sqltypes.String, Value: sqltypes.Integer, ValueContainsNull: true}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "tags", Type: tags, Nullable: true}, {Name: "attrs", Type: attrs, Nullable: true},
		{Name: "n", Type: sqltypes.Long, Nullable: true}}}
	m := func(kv ...any) *sqltypes.MapValue {
		out := &sqltypes.MapValue{}
		for i := 0; i < len(kv); i += 2 {
			out.Keys, out.Values = append(out.Keys, kv[i]), append(out.Values, kv[i+1])
		}
		return out
	}
	batches := [][]sqltypes.Row{
		{{[]any{"a", "b"}, m("x", int32(1)), int64(1)}, {[]any{"a", "b"}, m("x", int32(1)), int64(2)},
			{[]any{}, m(), int64(3)}, {nil, nil, int64(4)}, {[]any{"a", nil}, m("x", nil), int64(5)}},
		{{[]any{"a", "b"}, m("x", int32(2)), int64(5)}, {[]any{"b"}, m("x", int32(1)), int64(6)}},
		{{[]any{"c"}, m("y", int32(1)), int64(1)}, {[]any{}, m(), int64(1)}},
	}
	cases := []struct {
		name  string
		build func(scan *plan.StreamScan) plan.Stateful
		mode  string
		want  []string // the last batch's rows
	}{
		{"groupBy an array", func(scan *plan.StreamScan) plan.Stateful {
			a, err := NewAggregate(scan, []plan.Expr{col("tags")}, []plan.Expr{countStar(), call("sum", "n"), call("first", "attrs")}, true)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}, "Complete", []string{"[] 2 4 {}", "[a,b] 3 8 {x:1}", "[a,null] 1 5 {x:null}", "[b] 1 6 {x:1}", "[c] 1 1 {y:1}", "null 1 4 null"}},
		{"dropDuplicates on an array", func(scan *plan.StreamScan) plan.Stateful {
			d, err := NewDeduplicate(scan, []string{"tags"}, false)
			if err != nil {
				t.Fatal(err)
			}
			return d
		}, "Append", []string{"[c] {y:1} 1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := &harness{t: t, dir: t.TempDir(), mode: tc.mode, parts: "3"}
			h.scan = &plan.StreamScan{Scope: &plan.Scope{Schema: schema}, Name: "s"}
			var last batchOut
			for i, rows := range batches {
				// A new operator each batch, as a restarted query: the state comes from the files.
				h.node = tc.build(h.scan)
				out, err := h.runBatch(rows)
				if err != nil {
					t.Fatalf("batch %d: %v", i, err)
				}
				last = out
			}
			if !slices.Equal(last.rows, tc.want) {
				t.Errorf("last batch\n%s\nwant\n%s", strings.Join(last.rows, "\n"), strings.Join(tc.want, "\n"))
			}
			// Every key in the files is an UnsafeRow of the key schema, in its hash partition.
			st := newStore(h.dir, 0, "", 3, nil)
			key, value, err := readSchemaFile(filepath.Join(h.dir, "state", "0", "0", "_metadata", "schema"))
			if err != nil {
				t.Fatal(err)
			}
			seen := 0
			for p := range 3 {
				for v := int64(1); v <= int64(len(batches)); v++ {
					recs, err := readRecords(st.deltaPath(p, v))
					if err != nil {
						t.Fatal(err)
					}
					for _, r := range recs {
						k, err := decodeUnsafeRow(r.key, key)
						if err != nil {
							t.Fatalf("partition %d version %d: key %x: %v", p, v, r.key, err)
						}
						if _, err := decodeUnsafeRow(r.val, value); err != nil {
							t.Fatalf("value %x: %v", r.val, err)
						}
						if q := partitionOf(k, fieldTypes(key), 3); q != p {
							t.Errorf("key %v in partition %d, Spark's hash puts it in %d", k, p, q)
						}
						seen++
					}
				}
			}
			if seen == 0 {
				t.Error("no state rows written")
			}
		})
	}
}

// kafkalab's own encoding (in-memory keys, own-encoded records) keeps arrays and maps.
func TestOwnEncodingKeepsCollections(t *testing.T) {
	cases := []any{
		[]any{},
		[]any{"a", nil, int64(3)},
		[]any{[]any{int32(1)}, sqltypes.Row{"x", nil}},
		&sqltypes.MapValue{Keys: []any{}, Values: []any{}},
		&sqltypes.MapValue{Keys: []any{"k"}, Values: []any{[]any{true, nil}}},
	}
	for _, v := range cases {
		b, err := appendValue(nil, v)
		if err != nil {
			t.Fatalf("%#v: %v", v, err)
		}
		d := &decoder{b: b}
		back := d.value()
		if err := d.end(); err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("%#v read back as %#v (%v)", v, back, err)
		}
		if d := (&decoder{b: b[:len(b)-1]}); d.value() != nil && d.end() == nil {
			t.Errorf("%#v: a truncated record was read", v)
		}
	}
}

// approx_count_distinct's buffer in a checkpoint kafkalab wrote before it kept the sketch
// (the distinct values themselves) resumes as the sketch of those values.
func TestOldDistinctValuesResumeAsSketch(t *testing.T) {
	a, err := NewAggregate(&plan.StreamScan{Scope: &plan.Scope{Schema: eventSchema}, Name: "s"}, nil,
		[]plan.Expr{call("approx_count_distinct", "customer_id")}, true)
	if err != nil {
		t.Fatal(err)
	}
	f := &a.fns[0]
	for _, n := range []int{1, 3, 52, 60} {
		old := aggBuf{}
		for i := range n {
			old.vals = append(old.vals, "C"+strconv.Itoa(i))
		}
		enc, err := old.encode(nil)
		if err != nil {
			t.Fatal(err)
		}
		var b aggBuf
		d := &decoder{b: enc}
		b.decode(d, f)
		if err := d.end(); err != nil {
			t.Fatalf("%d values: %v", n, err)
		}
		fresh := aggBuf{}
		for _, v := range old.vals {
			if err := f.add(&fresh, v); err != nil {
				t.Fatal(err)
			}
		}
		got, _ := f.result(&b)
		want, _ := f.result(&fresh)
		if got != want || !slices.Equal(b.hll.Words(), fresh.hll.Words()) {
			t.Errorf("%d values resumed as %v, their sketch gives %v", n, got, want)
		}
		// And the sketch as kafkalab's own encoding keeps it now reads back the same.
		enc, err = fresh.encode(nil)
		if err != nil {
			t.Fatal(err)
		}
		var again aggBuf
		d = &decoder{b: enc}
		again.decode(d, f)
		if err := d.end(); err != nil || !slices.Equal(again.hll.Words(), fresh.hll.Words()) {
			t.Errorf("%d values: the sketch did not read back (%v)", n, err)
		}
	}
}
