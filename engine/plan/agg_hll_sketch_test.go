package plan

import (
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// approx_count_distinct's sketch as a streaming aggregation keeps it: the words are the
// ones real Spark 4.2 wrote to state for these DECIMAL(10,2) amounts (engine/stateful's
// testdata/interchange, query collect), and they read back to the same estimate.
func TestHLLSketchWordsLikeSpark(t *testing.T) {
	scan := &StreamScan{Scope: &Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "amount", Type: sqltypes.DecimalType{Precision: 10, Scale: 2}, Nullable: true}}}}, Name: "s"}
	agg, err := NewAggregate(scan, nil, []Expr{Call{Name: "approx_count_distinct", Args: []Expr{ColumnRef{Parts: []string{"amount"}}}}}, false)
	if err != nil {
		t.Fatal(err)
	}
	call := agg.Aggs.Aggregates()[0]
	cases := []struct {
		amounts []int64 // unscaled, scale 2; 0 is NULL
		words   map[int]int64
		count   int64
	}{
		{nil, map[int]int64{}, 0},
		{[]int64{0}, map[int]int64{}, 0},
		{[]int64{2000}, map[int]int64{40: 8192}, 1},
		{[]int64{2000, 700}, map[int]int64{35: 281474976710656, 40: 8192}, 2},
		{[]int64{1050, 525, 100}, map[int]int64{8: 68719476736, 24: 64, 40: 36028797018963968}, 3},
		{[]int64{200, 200}, map[int]int64{47: 8796093022208}, 1},
	}
	for _, tc := range cases {
		h, ok := call.HLL()
		if !ok || h.NumWords() != 52 {
			t.Fatalf("approx_count_distinct's sketch: ok %v, %d words", ok, h.NumWords())
		}
		for _, a := range tc.amounts {
			var v any
			if a != 0 {
				v = sqltypes.NewDecimal(a, 2)
			}
			if err := h.Add(v); err != nil {
				t.Fatal(err)
			}
		}
		words := h.Words()
		for i, w := range words {
			if w != tc.words[i] {
				t.Errorf("%v: MS[%d] = %d, Spark's %d", tc.amounts, i, w, tc.words[i])
			}
		}
		back, _ := call.HLL()
		if err := back.SetWords(words); err != nil {
			t.Fatal(err)
		}
		if got := back.Estimate(); got != tc.count || h.Estimate() != tc.count {
			t.Errorf("%v: estimate %d (read back %d), want %d", tc.amounts, h.Estimate(), got, tc.count)
		}
	}
	h, _ := call.HLL()
	if err := h.SetWords(make([]int64, 51)); err == nil {
		t.Error("51 words were taken for 52")
	}
}

// An aggregate under array_sort's default order (array_sort(collect_set(x))) is an
// aggregation's output expression, as in Spark.
func TestArraySortOverAggregate(t *testing.T) {
	scan := &StreamScan{Scope: &Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "v", Type: sqltypes.Integer, Nullable: true}}}}, Name: "s"}
	sorted := Call{Name: "array_sort", Args: []Expr{Call{Name: "collect_set", Args: []Expr{ColumnRef{Parts: []string{"v"}}}}}}
	if _, err := NewAggregate(scan, nil, []Expr{sorted}, false); err != nil {
		t.Errorf("array_sort(collect_set(v)): %v", err)
	}
	custom := Call{Name: "array_sort", Args: []Expr{Call{Name: "collect_set", Args: []Expr{ColumnRef{Parts: []string{"v"}}}},
		Lambda{Params: []string{"l", "r"}, Body: Literal{Value: int32(0), Type: sqltypes.Integer}}}}
	if _, err := NewAggregate(scan, nil, []Expr{custom}, false); err == nil {
		t.Error("array_sort with a comparator over an aggregate was taken; its lambda would read the input row")
	}
}
