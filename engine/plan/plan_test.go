package plan

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

var ordersSchema = sqltypes.MustParseDDL("order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), qty BIGINT, price DOUBLE, event_time TIMESTAMP, event STRUCT<id: INT, tags: STRING>").AsNullable()

func ts(s string) sqltypes.Timestamp {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return sqltypes.Timestamp(t.UnixMicro())
}

func dec(u int64, scale int32) sqltypes.Decimal { return sqltypes.Decimal{Unscaled: u, Scale: scale} }

var ordersRows = []sqltypes.Row{
	{int32(1001), "C01", "placed", dec(2550, 2), int64(2), 1.5, ts("2026-10-01T09:15:00Z"), sqltypes.Row{int32(1), "a"}},
	{int32(1002), "C02", "placed", dec(1200, 2), int64(1), 2.0, ts("2026-10-01T09:40:00Z"), nil},
	{int32(1003), "C01", "paid", nil, nil, nil, nil, sqltypes.Row{int32(3), nil}},
}

var ordersNow = time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)

func evalCtx(t *testing.T) *EvalContext {
	ec, err := NewEvalContext("UTC", true, ordersNow)
	if err != nil {
		t.Fatal(err)
	}
	return ec
}

func TestExpressionNamesTypesAndValues(t *testing.T) {
	tests := []struct {
		sql      string
		name     string
		typ      string // SimpleString
		nullable bool
		first    any // value on ordersRows[0]
	}{
		{"order_id", "order_id", "int", true, int32(1001)},
		{"ORDER_ID", "order_id", "int", true, int32(1001)},
		{"`order_id`", "order_id", "int", true, int32(1001)},
		{"order_id + 1", "(order_id + 1)", "int", true, int32(1002)},
		{"order_id + qty", "(order_id + qty)", "bigint", true, int64(1003)},
		{"order_id / 2", "(order_id / 2)", "double", true, 500.5},
		{"order_id % 7", "(order_id % 7)", "int", true, int32(1001 % 7)},
		{"amount + 1", "(amount + 1)", "decimal(11,2)", true, dec(2650, 2)},
		{"amount * qty", "(amount * qty)", "decimal(31,2)", true, dec(5100, 2)},
		{"amount / 3", "(amount / 3)", "decimal(14,6)", true, dec(8500000, 6)},
		{"amount + price", "(amount + price)", "double", true, 27.0},
		{"amount * 2.5", "(amount * 2.5)", "decimal(13,3)", true, dec(63750, 3)},
		{"1.5", "1.5", "decimal(2,1)", false, dec(15, 1)},
		{"1.5D", "1.5", "double", false, 1.5},
		{"10000000000", "10000000000", "bigint", false, int64(10000000000)},
		{"'x'", "x", "string", false, "x"},
		{"NULL", "NULL", "void", true, nil},
		{"amount > 20", "(amount > 20)", "boolean", true, true},
		{"status = 'placed' AND qty >= 2", "((status = placed) AND (qty >= 2))", "boolean", true, true},
		{"NOT (order_id <> 1001)", "(NOT (order_id != 1001))", "boolean", true, true},
		{"amount IS NULL", "(amount IS NULL)", "boolean", false, false},
		{"customer_id IN ('C01', 'C09')", "(customer_id IN (C01, C09))", "boolean", true, true},
		{"CAST(order_id AS STRING)", "order_id", "string", true, "1001"},
		{"split(customer_id, '0')[1]", "split(customer_id, 0, -1)[1]", "string", true, "1"},
		{"upper(split(status, 'a')[0])", "upper(split(status, a, -1)[0])", "string", true, "PL"},
		{"map('k', order_id)['k']", "map(k, order_id)[k]", "int", true, int32(1001)},
		{"CAST(event_time AS STRING)", "event_time", "string", true, "2026-10-01 09:15:00"},
		{"upper(CAST(order_id AS STRING))", "upper(CAST(order_id AS STRING))", "string", true, "1001"},
		{"CAST('2026-10-01T09:15:00Z' AS TIMESTAMP)", "CAST(2026-10-01T09:15:00Z AS TIMESTAMP)", "timestamp", true, ts("2026-10-01T09:15:00Z")},
		{"event.id", "id", "int", true, int32(1)},
		{"upper(status)", "upper(status)", "string", true, "PLACED"},
		{"concat(customer_id, '-', order_id)", "concat(customer_id, -, order_id)", "string", true, "C01-1001"},
		{"to_json(struct(order_id, amount))", "to_json(struct(order_id, amount))", "string", true, `{"order_id":1001,"amount":25.50}`},
		{"to_json(named_struct('a', order_id))", "to_json(named_struct(a, order_id))", "string", true, `{"a":1001}`},
		{"from_json('{\"a\": 1}', 'a INT').a", "a", "int", true, int32(1)},
		{"CASE WHEN qty > 1 THEN 'many' ELSE 'one' END", "CASE WHEN (qty > 1) THEN many ELSE one END", "string", false, "many"},
		{"coalesce(amount, 0)", "coalesce(amount, 0)", "decimal(12,2)", false, dec(2550, 2)},
		{"current_timestamp()", "current_timestamp()", "timestamp", false, ts("2026-10-01T12:00:00Z")},
	}
	ec := evalCtx(t)
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			e, err := ParseExpression(tc.sql)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Resolve(e, &Scope{Schema: ordersSchema})
			if err != nil {
				t.Fatal(err)
			}
			if got := OutputName(b); got != tc.name {
				t.Errorf("name = %q, want %q", got, tc.name)
			}
			if got := sqltypes.SimpleString(b.DataType()); got != tc.typ {
				t.Errorf("type = %s, want %s", got, tc.typ)
			}
			if b.Nullable() != tc.nullable {
				t.Errorf("nullable = %v, want %v", b.Nullable(), tc.nullable)
			}
			v, err := b.Eval(ec, ordersRows[0])
			if err != nil {
				t.Fatal(err)
			}
			if !sameValue(v, tc.first, b.DataType()) || (v == nil) != (tc.first == nil) {
				t.Errorf("value = %#v, want %#v", v, tc.first)
			}
		})
	}
}

func TestThreeValuedLogicAndNulls(t *testing.T) {
	ec := evalCtx(t)
	row := ordersRows[2] // amount, qty, price, event_time are NULL
	tests := []struct {
		sql  string
		want any
	}{
		{"amount > 1 AND false", false},
		{"amount > 1 AND true", nil},
		{"amount > 1 OR true", true},
		{"amount > 1 OR false", nil},
		{"NOT (amount > 1)", nil},
		{"amount <=> NULL", true},
		{"qty + 1", nil},
		{"event.tags IS NULL", true},
		{"customer_id IN ('C09', NULL)", nil},
		{"coalesce(amount, 1.00)", dec(100, 2)},
	}
	for _, tc := range tests {
		e, err := ParseExpression(tc.sql)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Resolve(e, &Scope{Schema: ordersSchema})
		if err != nil {
			t.Fatalf("%s: %v", tc.sql, err)
		}
		v, err := b.Eval(ec, row)
		if err != nil {
			t.Fatalf("%s: %v", tc.sql, err)
		}
		if (v == nil) != (tc.want == nil) || (v != nil && !sameValue(v, tc.want, b.DataType())) {
			t.Errorf("%s = %#v, want %#v", tc.sql, v, tc.want)
		}
	}
}

func TestRuntimeErrorsANSI(t *testing.T) {
	ec := evalCtx(t)
	tests := []struct {
		sql, class string
	}{
		{"order_id / 0", "DIVIDE_BY_ZERO"},
		{"2147483647 + order_id", "ARITHMETIC_OVERFLOW"},
		{"CAST(status AS INT)", "CAST_INVALID_INPUT"},
	}
	for _, tc := range tests {
		e, _ := ParseExpression(tc.sql)
		b, err := Resolve(e, &Scope{Schema: ordersSchema})
		if err != nil {
			t.Fatal(err)
		}
		_, err = b.Eval(ec, ordersRows[0])
		if err == nil || !strings.Contains(err.Error(), "["+tc.class+"]") {
			t.Errorf("%s: error %v, want class %s", tc.sql, err, tc.class)
		}
		if tc.class == "ARITHMETIC_OVERFLOW" {
			continue // without ANSI mode integers wrap around as on the JVM
		}
		// Without ANSI mode the others give NULL.
		lenient := *ec
		lenient.Ansi = false
		v, err := b.Eval(&lenient, ordersRows[0])
		if err != nil || v != nil {
			t.Errorf("%s without ANSI: %v, %v; want NULL", tc.sql, v, err)
		}
	}
}

func TestAnalysisErrorClasses(t *testing.T) {
	tests := []struct {
		sql, want string
	}{
		{"oder_id", "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `oder_id` cannot be resolved. Did you mean one of the following? [`order_id`, `customer_id`, `event`, `price`, `qty`]."},
		{"event.nope", "[FIELD_NOT_FOUND] No such struct field `nope` in `id`, `tags`."},
		{"status.x", "[INVALID_EXTRACT_BASE_FIELD_TYPE] Can't extract a value from \"status\". Need a complex type [STRUCT, ARRAY, MAP] but got \"STRING\"."},
		{"status + true", "[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve \"(status + true)\" due to data type mismatch: the left and right operands of the binary operator have incompatible types (\"STRING\" and \"BOOLEAN\")."},
		{"nosuchfn(order_id)", "[UNRESOLVED_ROUTINE] Cannot resolve routine `nosuchfn` on search path [`system`.`builtin`, `system`.`session`]."},
		{"CAST(event AS INT)", "[DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION] Cannot resolve \"CAST(event AS INT)\" due to data type mismatch: cannot cast \"STRUCT<id: INT, tags: STRING>\" to \"INT\"."},
		{"count(order_id)", "[UNSUPPORTED_EXPR_FOR_OPERATOR]"},
	}
	for _, tc := range tests {
		e, err := ParseExpression(tc.sql)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Resolve(e, &Scope{Schema: ordersSchema})
		var ae *AnalysisError
		if !errors.As(err, &ae) {
			t.Fatalf("%s: error %v (%T), want an AnalysisError", tc.sql, err, err)
		}
		if !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s:\n got %s\nwant %s", tc.sql, err, tc.want)
		}
	}
}

// The proposals of UNRESOLVED_COLUMN as real Spark 4.2 orders them for this schema: by
// name, then by edit distance to the quoted name, at most five.
func TestUnresolvedColumnProposalsLikeSpark(t *testing.T) {
	sc := &Scope{Schema: sqltypes.MustParseDDL("order_id INT, customer_id STRING, qty INT, price DECIMAL(10,2), event STRUCT<id: INT, tags: STRING>, status STRING, ts TIMESTAMP").AsNullable()}
	for name, want := range map[string]string{
		"oder_id": "[`order_id`, `customer_id`, `event`, `price`, `qty`]",
		"orderid": "[`order_id`, `event`, `price`, `qty`, `ts`]",
	} {
		_, err := Resolve(Col(name), sc)
		if err == nil || !strings.HasSuffix(err.Error(), "Did you mean one of the following? "+want+".") {
			t.Errorf("%s: %v, want the proposals %s", name, err, want)
		}
	}
}

func TestQualifiedNames(t *testing.T) {
	sc := &Scope{Schema: sqltypes.MustParseDDL("order_id INT, status STRING").AsNullable(),
		Qualifiers: [][]string{{"spark_catalog", "default", "bronze_orders"}, {"spark_catalog", "default", "bronze_orders"}}}
	for _, name := range []string{"order_id", "bronze_orders.order_id", "default.bronze_orders.order_id", "spark_catalog.default.bronze_orders.order_id"} {
		b, err := Resolve(Col(name), sc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if OutputName(b) != "order_id" {
			t.Errorf("%s resolved to %s", name, OutputName(b))
		}
	}
	_, err := Resolve(Col("orderid"), sc)
	want := "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `orderid` cannot be resolved. Did you mean one of the following? [`order_id`, `status`]."
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func relation() *Relation {
	return &Relation{Scope: &Scope{Schema: ordersSchema}, Name: "orders", Rows: [][]sqltypes.Row{ordersRows[:2], ordersRows[2:]}}
}

func run(t *testing.T, n Node) []sqltypes.Row {
	t.Helper()
	tasks, err := execTasks(n, &Exec{Eval: evalCtx(t)})
	if err != nil {
		t.Fatal(err)
	}
	var out []sqltypes.Row
	for _, rows := range tasks {
		out = append(out, rows...)
	}
	return out
}

// execTasks runs n and reads its output, grouped by task.
func execTasks(n Node, ex *Exec) ([][]sqltypes.Row, error) {
	tasks, err := Run(context.Background(), n, ex)
	if err != nil {
		return nil, err
	}
	return rowiter.CollectTasks(context.Background(), tasks)
}

func TestAggregateNamesTypesAndResults(t *testing.T) {
	exprs := []Expr{
		Call{Name: "count", Args: []Expr{Star{}}},
		Call{Name: "count", Args: []Expr{Col("amount")}},
		Call{Name: "sum", Args: []Expr{Col("amount")}},
		Call{Name: "avg", Args: []Expr{Col("amount")}},
		Call{Name: "sum", Args: []Expr{Col("qty")}},
		Call{Name: "avg", Args: []Expr{Col("qty")}},
		Call{Name: "min", Args: []Expr{Col("event_time")}},
		Call{Name: "max", Args: []Expr{Col("status")}},
		Call{Name: "count", Args: []Expr{Col("status")}, Distinct: true},
		Alias{Child: BinaryOp{Op: "+", Left: Call{Name: "sum", Args: []Expr{Col("qty")}}, Right: Literal{Value: int32(1), Type: sqltypes.Integer}}, Name: "q1"},
	}
	a, err := NewAggregate(relation(), []Expr{Col("customer_id")}, exprs, true)
	if err != nil {
		t.Fatal(err)
	}
	wantSchema := "struct<customer_id:string,count(1):bigint,count(amount):bigint,sum(amount):decimal(20,2),avg(amount):decimal(14,6),sum(qty):bigint,avg(qty):double,min(event_time):timestamp,max(status):string,count(DISTINCT status):bigint,q1:bigint>"
	if got := sqltypes.SimpleString(Schema(a)); got != wantSchema {
		t.Fatalf("schema\n got %s\nwant %s", got, wantSchema)
	}
	rows := run(t, a)
	if len(rows) != 2 {
		t.Fatalf("groups = %d", len(rows))
	}
	c01 := rows[0]
	want := sqltypes.Row{"C01", int64(2), int64(1), dec(2550, 2), dec(25500000, 6), int64(2), 2.0, ts("2026-10-01T09:15:00Z"), "placed", int64(2), int64(3)}
	for i := range want {
		if !sameValue(c01[i], want[i], Schema(a).Fields[i].Type) {
			t.Errorf("C01 %s = %#v, want %#v", Schema(a).Fields[i].Name, c01[i], want[i])
		}
	}
	// Global aggregation over no rows: one row, count 0, sum NULL.
	empty := &Relation{Scope: &Scope{Schema: ordersSchema}, Name: "empty"}
	g, err := NewAggregate(empty, nil, []Expr{Call{Name: "count", Args: []Expr{Star{}}}, Call{Name: "sum", Args: []Expr{Col("qty")}}}, false)
	if err != nil {
		t.Fatal(err)
	}
	got := run(t, g)
	if len(got) != 1 || got[0][0] != int64(0) || got[0][1] != nil {
		t.Fatalf("empty global aggregate = %#v", got)
	}
	// A column that is neither grouped nor aggregated.
	_, err = NewAggregate(relation(), []Expr{Col("customer_id")}, []Expr{Col("status")}, true)
	if err == nil || !strings.HasPrefix(err.Error(), "[MISSING_AGGREGATION]") {
		t.Fatalf("error = %v", err)
	}
}

func TestSortSparkOrder(t *testing.T) {
	rows := []sqltypes.Row{{int32(2), "b"}, {nil, "n"}, {int32(1), "a"}, {int32(2), "a"}}
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("n INT, s STRING")}, Rows: [][]sqltypes.Row{rows[:2], rows[2:]}}
	tests := []struct {
		keys []Expr
		want string
	}{
		{[]Expr{Col("n"), Col("s")}, "NULL/n 1/a 2/a 2/b"},
		{[]Expr{SortOrder{Child: Col("n"), Desc: true}, Col("s")}, "2/a 2/b 1/a NULL/n"},
		{[]Expr{SortOrder{Child: Col("n"), NullsFirst: false}}, "1/a 2/b 2/a NULL/n"},
	}
	for _, tc := range tests {
		s, err := NewSort(rel, tc.keys)
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, r := range run(t, s) {
			n := "NULL"
			if r[0] != nil {
				n = sqltypes.FormatValue(r[0], sqltypes.Integer, nil)
			}
			parts = append(parts, n+"/"+r[1].(string))
		}
		if got := strings.Join(parts, " "); got != tc.want {
			t.Errorf("got %s, want %s", got, tc.want)
		}
	}
}

func TestStarExpansionAndStructNames(t *testing.T) {
	p, err := NewProject(relation(), []Expr{Star{Target: []string{"event"}}, Col("order_id"), Call{Name: "struct", Args: []Expr{Star{}}}})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(Schema(p).Names(), ",")
	if got != "id,tags,order_id,struct(order_id, customer_id, status, amount, qty, price, event_time, event)" {
		t.Fatalf("names = %s", got)
	}
	_, err = NewProject(relation(), []Expr{Star{Target: []string{"status"}}})
	if err == nil || err.Error() != "Can only star expand struct data types. Attribute: `List(status)`." {
		t.Fatalf("status.* error = %v", err)
	}
	_, err = NewProject(relation(), []Expr{Star{Target: []string{"nothere"}}})
	if err == nil || !strings.HasPrefix(err.Error(), "[CANNOT_RESOLVE_STAR_EXPAND]") {
		t.Fatalf("nothere.* error = %v", err)
	}
}

func TestCoalesceAndLimitTasks(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: ordersSchema}, Rows: [][]sqltypes.Row{ordersRows[:1], ordersRows[1:2], ordersRows[2:]}}
	tasks, err := execTasks(&Coalesce{Child: rel, N: 1}, &Exec{Eval: evalCtx(t)})
	if err != nil || len(tasks) != 1 || len(tasks[0]) != 3 {
		t.Fatalf("coalesce(1): %d tasks, err %v", len(tasks), err)
	}
	tasks, _ = execTasks(&Coalesce{Child: rel, N: 5}, &Exec{Eval: evalCtx(t)})
	if len(tasks) != 3 {
		t.Fatalf("coalesce(5) of 3 tasks gave %d", len(tasks))
	}
	if got := run(t, &Limit{Child: rel, N: 2}); len(got) != 2 || got[1][0] != int32(1002) {
		t.Fatalf("limit 2 = %v", got)
	}
}

func TestSelectItemAliases(t *testing.T) {
	tests := map[string]string{
		"CAST(value AS STRING) as json":         "json",
		"CAST(value AS STRING) json":            "json",
		"value AS `my col`":                     "my col",
		"value":                                 "value",
		"CAST(value AS STRING)":                 "value",
		"CAST(value AS STRING) || 'x'":          "concat(CAST(value AS STRING), x)",
		"CAST(CAST(value AS STRING) AS BINARY)": "CAST(CAST(value AS STRING) AS BINARY)",
	}
	sc := &Scope{Schema: sqltypes.MustParseDDL("value BINARY")}
	for sql, want := range tests {
		e, err := ParseSelectItem(sql)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Resolve(e, sc)
		if err != nil {
			t.Fatal(err)
		}
		if got := OutputName(b); got != want {
			t.Errorf("%s: name %q, want %q", sql, got, want)
		}
	}
	for _, bad := range []string{"CAST(value AS", "value +", "a b c", "'unclosed"} {
		if _, err := ParseSelectItem(bad); err == nil || !strings.Contains(err.Error(), "PARSE_SYNTAX_ERROR") {
			t.Errorf("%q: error %v, want PARSE_SYNTAX_ERROR", bad, err)
		}
	}
}

func TestMoreFunctions(t *testing.T) {
	ec := evalCtx(t)
	tests := []struct {
		sql, name, typ string
		want           any
	}{
		{"round(price, 0)", "round(price, 0)", "double", 2.0},
		{"round(2.5D)", "round(2.5, 0)", "double", 3.0},
		{"round(amount, 1)", "round(amount, 1)", "decimal(10,1)", dec(255, 1)},
		{"round(1.25D, 1)", "round(1.25, 1)", "double", 1.3},
		{"abs(-order_id)", "abs((- order_id))", "int", int32(1001)},
		{"status LIKE 'pl%'", "status LIKE pl%", "boolean", true},
		{"status NOT LIKE '_aid'", "(NOT status LIKE _aid)", "boolean", true},
		{"contains(customer_id, '0')", "contains(customer_id, 0)", "boolean", true},
		{"substring(status, 2, 3)", "substring(status, 2, 3)", "string", "lac"},
		{"substring(status, -3)", "substring(status, -3, 2147483647)", "string", "ced"},
		{"to_timestamp('2026-10-01 09:15:00')", "to_timestamp(2026-10-01 09:15:00)", "timestamp", ts("2026-10-01T09:15:00Z")},
		{"try_to_timestamp('not a time')", "try_to_timestamp(not a time)", "timestamp", nil},
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
		if OutputName(b) != tc.name || sqltypes.SimpleString(b.DataType()) != tc.typ {
			t.Errorf("%s: name %q type %s", tc.sql, OutputName(b), sqltypes.SimpleString(b.DataType()))
		}
		v, err := b.Eval(ec, ordersRows[0])
		if err != nil {
			t.Fatalf("%s: %v", tc.sql, err)
		}
		if (v == nil) != (tc.want == nil) || (v != nil && !sameValue(v, tc.want, b.DataType())) {
			t.Errorf("%s = %#v, want %#v", tc.sql, v, tc.want)
		}
	}
}

// sameValue compares two values of type t as the engine orders them (nulls apart).
func sameValue(a, b any, t sqltypes.DataType) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return sqltypes.Compare(a, b, t) == 0
}
