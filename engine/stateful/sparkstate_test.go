package stateful

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// State rows that are neither the operator's state in Spark's UnsafeRow layout nor in
// kafkalab's own encoding (a checkpoint of another query, a damaged file) are refused with
// an error naming the file and the way out, never resumed into wrong rows.
func TestUnreadableStateIsRefused(t *testing.T) {
	row := func(vals sqltypes.Row, types ...sqltypes.DataType) []byte {
		b, ok := unsafeRow(vals, types)
		if !ok {
			t.Fatal("unsafeRow does not lay out the fixture row")
		}
		return b
	}
	// A key of two columns where the query groups by one, with a count.
	otherQuery := appendRecord(nil, row(sqltypes.Row{"C01", int64(7)}, sqltypes.String, sqltypes.Long)[:16],
		row(sqltypes.Row{int64(3)}, sqltypes.Long))
	damaged := appendRecord(nil, []byte{1, 2, 3}, []byte{0xff, 0xfe})
	aggregation := func(h *harness) { h.restart(opSpec{customer: true}) }
	deduplication := func(h *harness) {
		d, err := NewDeduplicate(h.scan, []string{"customer_id"}, false)
		if err != nil {
			t.Fatal(err)
		}
		h.node = d
	}
	cases := []struct {
		name    string
		spec    opSpec
		mode    string
		restart func(h *harness)
		records []byte
	}{
		{"aggregation, another query's rows", opSpec{customer: true}, "Complete", aggregation, otherQuery},
		{"aggregation, damaged rows", opSpec{customer: true}, "Complete", aggregation, damaged},
		{"deduplication, damaged rows", opSpec{dedup: []string{"customer_id"}}, "Append", deduplication, damaged},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.spec, tc.mode)
			if _, err := h.runBatch(courseBatch1()); err != nil {
				t.Fatal(err)
			}
			// kafkalab's own state resumes.
			tc.restart(h)
			if _, err := h.runBatch(courseBatch2()); err != nil {
				t.Fatalf("resuming kafkalab's own state: %v", err)
			}
			path := filepath.Join(h.dir, "state", "0", "1", "1.delta")
			file := lz4Frame(binary.BigEndian.AppendUint32(append([]byte(nil), tc.records...), 0xFFFFFFFF))
			if err := os.WriteFile(path, file, 0o644); err != nil {
				t.Fatal(err)
			}
			tc.restart(h)
			h.batch = 1
			_, err := h.runBatch(courseBatch2())
			if err == nil {
				t.Fatal("unreadable state was resumed")
			}
			for _, want := range []string{path, "cannot read", "new checkpointLocation", "kafkalab export"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
}

// Spark's DecimalAggregates decides the buffers of sum and avg over decimals: a sum that
// fits 18 digits is the unscaled long, an avg of up to 11 digits the double sum of the
// unscaled values; wider ones keep decimal sums. The rows kafkalab writes read back.
func TestDecimalBuffersRoundTrip(t *testing.T) {
	for _, dt := range []sqltypes.DecimalType{{Precision: 6, Scale: 2}, {Precision: 10, Scale: 2}, {Precision: 20, Scale: 3}} {
		t.Run(sqltypes.SimpleString(dt), func(t *testing.T) {
			scan := &plan.StreamScan{Scope: &plan.Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{
				{Name: "k", Type: sqltypes.String, Nullable: true}, {Name: "x", Type: dt, Nullable: true}}}}, Name: "s"}
			a, err := NewAggregate(scan, []plan.Expr{col("k")}, []plan.Expr{call("sum", "x"), call("avg", "x")}, true)
			if err != nil {
				t.Fatal(err)
			}
			st := newStore(t.TempDir(), 0, "stateStoreSave", 1, nil)
			a.stateSchemas(st)
			if !a.sparkLayout(st) {
				t.Fatal("not kept in Spark's layout")
			}
			g := &group{keys: sqltypes.Row{"a"}, bufs: make([]aggBuf, 2)}
			for _, v := range []any{sqltypes.NewDecimal(12345, 2), nil, sqltypes.NewDecimal(-500, 2)} {
				for i := range a.fns {
					if v != nil {
						v, _ = v.(sqltypes.Decimal).Rescale(dt.Precision, dt.Scale)
					}
					if err := a.fns[i].add(&g.bufs[i], v); err != nil {
						t.Fatal(err)
					}
				}
			}
			codec := a.codec(st)
			e := &entry{value: g}
			val, err := codec.encode(nil, e)
			if err != nil {
				t.Fatal(err)
			}
			key, err := codec.fileKey(nil, e)
			if err != nil {
				t.Fatal(err)
			}
			back := &entry{}
			if err := codec.decode(key, val, back); err != nil {
				t.Fatal(err)
			}
			for i := range a.fns {
				want, _ := a.fns[i].result(&g.bufs[i])
				got, _ := a.fns[i].result(&back.value.(*group).bufs[i])
				if sqltypes.Compare(got, want, a.fns[i].out) != 0 {
					t.Errorf("%d: read back %v, want %v", i, got, want)
				}
			}
		})
	}
}

// The state schema and rows of sum and avg over a decimal(6,2) and a decimal(12,2) are
// what real PySpark 4.2 wrote for the same rows (testdata/decimal-buffers).
func TestDecimalBuffersLikeSpark(t *testing.T) {
	dir := filepath.Join("testdata", "decimal-buffers")
	a6, a12 := sqltypes.DecimalType{Precision: 6, Scale: 2}, sqltypes.DecimalType{Precision: 12, Scale: 2}
	scan := &plan.StreamScan{Scope: &plan.Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "k", Type: sqltypes.String, Nullable: true}, {Name: "a", Type: a6, Nullable: true}, {Name: "b", Type: a12, Nullable: true}}}}, Name: "s"}
	a, err := NewAggregate(scan, []plan.Expr{col("k")}, []plan.Expr{call("sum", "a"), call("avg", "b"), call("sum", "b"), call("avg", "a")}, true)
	if err != nil {
		t.Fatal(err)
	}
	st := newStore(t.TempDir(), 0, "stateStoreSave", 1, nil)
	a.stateSchemas(st)
	want, err := os.ReadFile(filepath.Join(dir, "schema"))
	if err != nil {
		t.Fatal(err)
	}
	if got := schemaFile(st.keySchema, st.valueSchema); string(got) != string(want) {
		t.Errorf("schema file\n got %q\nwant %q", got, want)
	}
	dec := func(unscaled int64, t sqltypes.DecimalType) any { return sqltypes.NewDecimal(unscaled, t.Scale) }
	input := []sqltypes.Row{{"x", dec(125, a6), dec(250, a12)}, {"x", nil, dec(-100, a12)}, {"y", nil, nil}}
	groups := map[string]*group{}
	var order []string
	for _, r := range input {
		k := r[0].(string)
		g := groups[k]
		if g == nil {
			g = &group{keys: sqltypes.Row{k}, bufs: make([]aggBuf, len(a.fns))}
			groups[k] = g
			order = append(order, k)
		}
		for i, v := range []any{r[1], r[2], r[2], r[1]} {
			if err := a.fns[i].add(&g.bufs[i], v); err != nil {
				t.Fatal(err)
			}
		}
	}
	codec := a.codec(st)
	var got []string
	for _, k := range order {
		e := &entry{value: groups[k]}
		kb, err := codec.fileKey(nil, e)
		if err != nil {
			t.Fatal(err)
		}
		vb, err := codec.encode(nil, e)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%x=%x", kb, vb))
	}
	recs, err := readRecords(filepath.Join(dir, "1.delta"))
	if err != nil {
		t.Fatal(err)
	}
	var sparkRows []string
	for _, r := range recs {
		sparkRows = append(sparkRows, fmt.Sprintf("%x=%x", r.key, r.val))
	}
	sort.Strings(got)
	sort.Strings(sparkRows)
	if strings.Join(got, "\n") != strings.Join(sparkRows, "\n") {
		t.Errorf("state rows\n%s\nSpark's\n%s", strings.Join(got, "\n"), strings.Join(sparkRows, "\n"))
	}
}

// Checkpoints kafkalab wrote before it kept Spark's layout (its own encoding, one record
// per key) still resume, with the rows a run in Spark's layout gives.
func TestOwnEncodingStillResumes(t *testing.T) {
	aggs := []plan.Expr{countStar(), call("sum", "amount"), call("avg", "amount"), call("max", "amount")}
	cases := []struct {
		name string
		spec opSpec
		mode string
	}{
		{"aggregation", opSpec{customer: true, aggs: aggs}, "Complete"},
		{"windowed aggregation", opSpec{window: []string{"10 minutes"}, customer: true, delay: "10 minutes", aggs: aggs}, "Update"},
		{"session windows", opSpec{session: "10 minutes", customer: true, delay: "10 minutes", aggs: aggs}, "Append"},
		{"collect_list, collect_set, approx_count_distinct", opSpec{customer: true, aggs: collectAggs()}, "Complete"},
		{"the same in session windows", opSpec{session: "10 minutes", customer: true, delay: "10 minutes", aggs: collectAggs()}, "Append"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			run := func(rewrite bool) []string {
				h := newHarness(t, tc.spec, tc.mode)
				if _, err := h.runBatch(courseBatch1()); err != nil {
					t.Fatal(err)
				}
				if rewrite {
					// Write version 1 again in kafkalab's own encoding.
					a := h.build(h.op.Child, tc.spec)
					st := newStore(h.dir, 0, "stateStoreSave", 4, nil)
					a.stateSchemas(st)
					codec, own := a.codec(st), a.ownCodec()
					if a.sessionWin != nil {
						codec, own = a.sessionCodec(st), a.sessionWindowCodec()
					}
					if err := st.load(1, codec, 1); err != nil {
						t.Fatal(err)
					}
					for _, e := range st.entries {
						st.put(e)
					}
					if err := st.commit(1, own); err != nil {
						t.Fatal(err)
					}
				}
				h.restart(tc.spec)
				out, err := h.runBatch(courseBatch2())
				if err != nil {
					t.Fatalf("resuming: %v", err)
				}
				return out.rows
			}
			own, spark := run(true), run(false)
			if len(spark) == 0 {
				t.Fatal("the resumed batch printed nothing: the case checks nothing")
			}
			if strings.Join(own, "\n") != strings.Join(spark, "\n") {
				t.Errorf("from kafkalab's own encoding\n%s\nfrom Spark's layout\n%s", strings.Join(own, "\n"), strings.Join(spark, "\n"))
			}
		})
	}
}
