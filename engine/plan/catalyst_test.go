package plan

import (
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The expected texts are the predicates delta-spark 4.4 logged for the corpus's DELETE,
// UPDATE and MERGE commits (ids aside), and what Catalyst's optimizer makes of the others.
func TestCatalystStringOfOptimizedPredicates(t *testing.T) {
	ec := evalCtx(t)
	names := func(i int, f sqltypes.StructField) string { return AttrName(f.Name, int64(10+i), f.Type) }
	tests := []struct{ sql, want string }{
		{"qty % 2 == 0", "((qty#14L % 2) = 0)"},
		{"status = 'x'", "(status#12 = x)"},
		{"order_id < 4", "(order_id#10 < 4)"},
		{"price > 6", "(price#15 > 6.0)"},
		{"NOT (order_id > 3)", "(order_id#10 <= 3)"},
		{"order_id != 3", "NOT (order_id#10 = 3)"},
		{"order_id IN (7)", "(order_id#10 = 7)"},
		{"order_id IN (1, 2, 1)", "order_id#10 IN (1,2)"},
		{"status LIKE 'pa%'", "StartsWith(status#12, pa)"},
		{"status IS NOT NULL AND 1 + 1 = 2", "isnotnull(status#12)"},
		{"order_id > 1 + 2", "(order_id#10 > 3)"},
	}
	for _, tc := range tests {
		e, err := ParseExpression(tc.sql)
		if err != nil {
			t.Fatalf("%s: %v", tc.sql, err)
		}
		b, err := Resolve(e, &Scope{Schema: ordersSchema})
		if err != nil {
			t.Fatalf("%s: %v", tc.sql, err)
		}
		if got := CatalystString(Simplify(ec, b), names, time.UTC); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.sql, got, tc.want)
		}
	}
}

func TestEquiJoinKeys(t *testing.T) {
	both := sqltypes.MustParseDDL("id INT, v STRING, sid INT, sv STRING").AsNullable()
	scope := &Scope{Schema: both, Qualifiers: [][]string{{"t"}, {"t"}, {"s"}, {"s"}}}
	e, _ := ParseExpression("s.sid = t.id AND t.v > s.sv AND t.id = 1")
	b, err := Resolve(e, scope)
	if err != nil {
		t.Fatal(err)
	}
	left, right := EquiJoinKeys(b, 2)
	if len(left) != 1 || left[0].SQL() != "id" || right[0].SQL() != "sid" {
		t.Errorf("keys %v = %v", left, right)
	}
}

// A dotted name into a map with string keys reads that key's value, named after the key
// (history().select("operationMetrics.numDeletedRows")).
func TestMapValueByDottedName(t *testing.T) {
	schema := sqltypes.MustParseDDL("m MAP<STRING, STRING>").AsNullable()
	e, _ := ParseExpression("m.numDeletedRows")
	b, err := Resolve(e, &Scope{Schema: schema})
	if err != nil {
		t.Fatal(err)
	}
	if OutputName(b) != "numDeletedRows" || b.DataType().SQL() != "STRING" {
		t.Errorf("name %q, type %s", OutputName(b), b.DataType().SQL())
	}
	row := sqltypes.Row{&sqltypes.MapValue{Keys: []any{"numCopiedRows", "numDeletedRows"}, Values: []any{"1", "5"}}}
	if v, err := b.Eval(evalCtx(t), row); err != nil || v != "5" {
		t.Errorf("value %v, %v", v, err)
	}
	row = sqltypes.Row{&sqltypes.MapValue{}}
	if v, err := b.Eval(evalCtx(t), row); err != nil || v != nil {
		t.Errorf("missing key: %v, %v; want NULL", v, err)
	}
}
