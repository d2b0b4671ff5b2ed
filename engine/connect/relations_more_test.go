package connect

import (
	"fmt"
	"strings"
	"testing"

	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func longLit(v int64) *pb.Expression_Literal {
	return &pb.Expression_Literal{LiteralType: &pb.Expression_Literal_Long{Long: v}}
}

func strLit(s string) *pb.Expression_Literal {
	return &pb.Expression_Literal{LiteralType: &pb.Expression_Literal_String_{String_: s}}
}

func sortBy(in *pb.Relation, names ...string) *pb.Relation {
	var order []*pb.Expression_SortOrder
	for _, n := range names {
		order = append(order, &pb.Expression_SortOrder{Child: col(n), Direction: pb.Expression_SortOrder_SORT_DIRECTION_ASCENDING})
	}
	return &pb.Relation{RelType: &pb.Relation_Sort{Sort: &pb.Sort{Input: in, IsGlobal: ptr(true), Order: order}}}
}

// TestRelationsOfDataFrameFunctions covers the relations and expressions PySpark sends for
// df.na, describe, pivot, rollup, window functions, higher-order functions and col[key]:
// each must give what the engine gives the embedded path (figures as Spark prints them).
func TestRelationsOfDataFrameFunctions(t *testing.T) {
	ts := startServer(t)
	withNulls := localRelation(t, "name STRING, n INT, x DOUBLE", []sqltypes.Row{{"a", int32(1), nil}, {nil, nil, 2.0}, {"b", int32(3), 4.0}})
	base := localRelation(t, ordersDDL, orders)
	agg := func(a *pb.Aggregate) *pb.Relation { return &pb.Relation{RelType: &pb.Relation_Aggregate{Aggregate: a}} }
	window := func(f *pb.Expression, w *pb.Expression_Window) *pb.Expression {
		w.WindowFunction = f
		return &pb.Expression{ExprType: &pb.Expression_Window_{Window: w}}
	}
	x1 := &pb.Expression{ExprType: &pb.Expression_UnresolvedNamedLambdaVariable_{UnresolvedNamedLambdaVariable: &pb.Expression_UnresolvedNamedLambdaVariable{NameParts: []string{"x_1"}}}}
	lambda := &pb.Expression{ExprType: &pb.Expression_LambdaFunction_{LambdaFunction: &pb.Expression_LambdaFunction{
		Function: fn("+", x1, lit(1)), Arguments: []*pb.Expression_UnresolvedNamedLambdaVariable{{NameParts: []string{"x_1"}}}}}}
	extract := func(c, key *pb.Expression) *pb.Expression {
		return &pb.Expression{ExprType: &pb.Expression_UnresolvedExtractValue_{UnresolvedExtractValue: &pb.Expression_UnresolvedExtractValue{Child: c, Extraction: key}}}
	}
	tests := []struct {
		name string
		rel  *pb.Relation
		cols string
		want string
	}{
		{"fillna(0) fills the numeric columns", &pb.Relation{RelType: &pb.Relation_FillNa{FillNa: &pb.NAFill{Input: withNulls, Values: []*pb.Expression_Literal{longLit(0)}}}},
			"name,n,x", "[a 1 0] [<nil> 0 2] [b 3 4]"},
		{"fillna('z', subset) fills only the subset", &pb.Relation{RelType: &pb.Relation_FillNa{FillNa: &pb.NAFill{Input: withNulls, Cols: []string{"name"}, Values: []*pb.Expression_Literal{strLit("z")}}}},
			"name,n,x", "[a 1 <nil>] [z <nil> 2] [b 3 4]"},
		{"fillna(dict) fills each column with its value", &pb.Relation{RelType: &pb.Relation_FillNa{FillNa: &pb.NAFill{Input: withNulls, Cols: []string{"name", "n"}, Values: []*pb.Expression_Literal{strLit("z"), longLit(9)}}}},
			"name,n,x", "[a 1 <nil>] [z 9 2] [b 3 4]"},
		{"dropna(how='any')", &pb.Relation{RelType: &pb.Relation_DropNa{DropNa: &pb.NADrop{Input: withNulls}}}, "name,n,x", "[b 3 4]"},
		{"dropna(thresh=2)", &pb.Relation{RelType: &pb.Relation_DropNa{DropNa: &pb.NADrop{Input: withNulls, MinNonNulls: ptr(int32(2))}}}, "name,n,x", "[a 1 <nil>] [b 3 4]"},
		{"dropna(how='all', subset)", &pb.Relation{RelType: &pb.Relation_DropNa{DropNa: &pb.NADrop{Input: withNulls, Cols: []string{"name", "n"}, MinNonNulls: ptr(int32(1))}}}, "name,n,x", "[a 1 <nil>] [b 3 4]"},
		{"replace", &pb.Relation{RelType: &pb.Relation_Replace{Replace: &pb.NAReplace{Input: withNulls, Replacements: []*pb.NAReplace_Replacement{{OldValue: strLit("a"), NewValue: strLit("q")}}}}},
			"name,n,x", "[q 1 <nil>] [<nil> <nil> 2] [b 3 4]"},
		{"describe", &pb.Relation{RelType: &pb.Relation_Describe{Describe: &pb.StatDescribe{Input: withNulls, Cols: []string{"n"}}}},
			"summary,n", "[count 2] [mean 2.0] [stddev 1.4142135623730951] [min 1] [max 3]"},
		{"summary(count, max)", &pb.Relation{RelType: &pb.Relation_Summary{Summary: &pb.StatSummary{Input: project(withNulls, col("n")), Statistics: []string{"count", "max"}}}},
			"summary,n", "[count 2] [max 3]"},
		{"pivot with values", agg(&pb.Aggregate{Input: base, GroupType: pb.Aggregate_GROUP_TYPE_PIVOT, AggregateExpressions: []*pb.Expression{fn("sum", col("amount"))},
			Pivot: &pb.Aggregate_Pivot{Col: col("customer_id"), Values: []*pb.Expression_Literal{strLit("C01"), strLit("C02")}}}), "C01,C02", "[56.5 12]"},
		{"pivot without values finds them", agg(&pb.Aggregate{Input: base, GroupType: pb.Aggregate_GROUP_TYPE_PIVOT, AggregateExpressions: []*pb.Expression{fn("count", lit(1))},
			Pivot: &pb.Aggregate_Pivot{Col: col("customer_id")}}), "C01,C02", "[2 1]"},
		{"rollup", sortBy(agg(&pb.Aggregate{Input: base, GroupType: pb.Aggregate_GROUP_TYPE_ROLLUP, GroupingExpressions: []*pb.Expression{col("customer_id")},
			AggregateExpressions: []*pb.Expression{alias(fn("count", lit(1)), "n")}}), "customer_id"), "customer_id,n", "[<nil> 3] [C01 2] [C02 1]"},
		{"groupingSets", sortBy(agg(&pb.Aggregate{Input: base, GroupType: pb.Aggregate_GROUP_TYPE_GROUPING_SETS,
			GroupingExpressions: []*pb.Expression{col("customer_id")}, AggregateExpressions: []*pb.Expression{alias(fn("count", lit(1)), "n")},
			GroupingSets: []*pb.Aggregate_GroupingSets{{GroupingSet: []*pb.Expression{col("customer_id")}}, {}}}), "customer_id"),
			"customer_id,n", "[<nil> 3] [C01 2] [C02 1]"},
		{"tail", &pb.Relation{RelType: &pb.Relation_Tail{Tail: &pb.Tail{Input: sortBy(project(base, col("order_id")), "order_id"), Limit: 2}}},
			"order_id", "[1002] [1003]"},
		{"unpivot", sortBy(&pb.Relation{RelType: &pb.Relation_Unpivot{Unpivot: &pb.Unpivot{Input: project(base, col("order_id"), col("customer_id")),
			Ids: []*pb.Expression{col("order_id")}, VariableColumnName: "k", ValueColumnName: "v"}}}, "order_id"),
			"order_id,k,v", "[1001 customer_id C01] [1002 customer_id C02] [1003 customer_id C01]"},
		{"posexplode with a two-name alias", project(localRelation(t, "xs ARRAY<STRING>", []sqltypes.Row{{[]any{"a", "b"}}}),
			&pb.Expression{ExprType: &pb.Expression_Alias_{Alias: &pb.Expression_Alias{Expr: fn("posexplode", col("xs")), Name: []string{"i", "x"}}}}),
			"i,x", "[0 a] [1 b]"},
		// from_json(col, ArrayType(...)): the client sends the type as its JSON.
		{"from_json with an array type's JSON", project(localRelation(t, "value STRING", []sqltypes.Row{{`[{"a":1},{"a":2}]`}}),
			alias(fn("from_json", col("value"), lit(`{"type":"array","elementType":{"type":"struct","fields":[{"name":"a","type":"integer","nullable":true,"metadata":{}}]},"containsNull":true}`)), "j")),
			"j", "[[[1] [2]]]"},
		{"row_number over a partition", sortBy(project(base, col("order_id"), alias(window(fn("row_number"), &pb.Expression_Window{PartitionSpec: []*pb.Expression{col("customer_id")},
			OrderSpec: []*pb.Expression_SortOrder{{Child: col("amount"), Direction: pb.Expression_SortOrder_SORT_DIRECTION_DESCENDING}}}), "rn")), "order_id"),
			"order_id,rn", "[1001 2] [1002 1] [1003 1]"},
		{"running sum over a row frame", sortBy(project(base, col("order_id"), alias(window(fn("sum", col("amount")), &pb.Expression_Window{
			OrderSpec: []*pb.Expression_SortOrder{{Child: col("order_id"), Direction: pb.Expression_SortOrder_SORT_DIRECTION_ASCENDING}},
			FrameSpec: &pb.Expression_Window_WindowFrame{FrameType: pb.Expression_Window_WindowFrame_FRAME_TYPE_ROW,
				Lower: &pb.Expression_Window_WindowFrame_FrameBoundary{Boundary: &pb.Expression_Window_WindowFrame_FrameBoundary_Unbounded{Unbounded: true}},
				Upper: &pb.Expression_Window_WindowFrame_FrameBoundary{Boundary: &pb.Expression_Window_WindowFrame_FrameBoundary_CurrentRow{CurrentRow: true}}}}), "run")), "order_id"),
			"order_id,run", "[1001 25.5] [1002 37.5] [1003 68.5]"},
		{"sum over a sliding row frame", sortBy(project(base, col("order_id"), alias(window(fn("sum", col("amount")), &pb.Expression_Window{
			OrderSpec: []*pb.Expression_SortOrder{{Child: col("order_id"), Direction: pb.Expression_SortOrder_SORT_DIRECTION_ASCENDING}},
			FrameSpec: &pb.Expression_Window_WindowFrame{FrameType: pb.Expression_Window_WindowFrame_FRAME_TYPE_ROW,
				Lower: &pb.Expression_Window_WindowFrame_FrameBoundary{Boundary: &pb.Expression_Window_WindowFrame_FrameBoundary_Value{Value: lit(-1)}},
				Upper: &pb.Expression_Window_WindowFrame_FrameBoundary{Boundary: &pb.Expression_Window_WindowFrame_FrameBoundary_CurrentRow{CurrentRow: true}}}}), "s")), "order_id"),
			"order_id,s", "[1001 25.5] [1002 37.5] [1003 43]"},
		{"transform with a lambda", project(base, alias(fn("transform", fn("array", col("order_id"), lit(1)), lambda), "t")), "t", "[[1002 2]] [[1003 2]] [[1004 2]]"},
		{"col[index] of an array", project(base, alias(extract(fn("array", col("customer_id"), lit("z")), lit(1)), "second")), "second", "[z] [z] [z]"},
		{"col[key] of a map", project(base, alias(extract(fn("map", lit("k"), col("customer_id")), lit("k")), "v")), "v", "[C01] [C02] [C01]"},
		// df.colRegex: a backticked regex picks the matching columns; a plain name is a column.
		{"colRegex with a regex", project(base, &pb.Expression{ExprType: &pb.Expression_UnresolvedRegex_{UnresolvedRegex: &pb.Expression_UnresolvedRegex{ColName: "`(order_id)?+.+`"}}}),
			"customer_id,amount", "[C01 25.5] [C02 12] [C01 31]"},
		{"colRegex with a plain name", project(base, &pb.Expression{ExprType: &pb.Expression_UnresolvedRegex_{UnresolvedRegex: &pb.Expression_UnresolvedRegex{ColName: "amount"}}}),
			"amount", "[25.5] [12] [31]"},
		// df.isEmpty is select().take(1) in the client: a batch of no columns keeps its row.
		{"no columns, one row", &pb.Relation{RelType: &pb.Relation_Limit{Limit: &pb.Limit{Input: project(base), Limit: 1}}}, "", "[]"},
		// df.stat: sampleBy keeps a listed stratum's rows below its fraction (none of
		// stratum C02, unlisted; all of C01 at 1.0), corr and cov one number, approxQuantile
		// each column's quantiles.
		{"sampleBy", &pb.Relation{RelType: &pb.Relation_SampleBy{SampleBy: &pb.StatSampleBy{Input: project(base, col("order_id"), col("customer_id")), Col: col("customer_id"),
			Fractions: []*pb.StatSampleBy_Fraction{{Stratum: strLit("C01"), Fraction: 1}}, Seed: ptr(int64(3))}}}, "order_id,customer_id", "[1001 C01] [1003 C01]"},
		{"corr", &pb.Relation{RelType: &pb.Relation_Corr{Corr: &pb.StatCorr{Input: base, Col1: "order_id", Col2: "order_id"}}}, "corr", "[1]"},
		{"cov", &pb.Relation{RelType: &pb.Relation_Cov{Cov: &pb.StatCov{Input: base, Col1: "order_id", Col2: "order_id"}}}, "cov", "[1]"},
		{"approxQuantile", &pb.Relation{RelType: &pb.Relation_ApproxQuantile{ApproxQuantile: &pb.StatApproxQuantile{Input: base, Cols: []string{"order_id", "amount"},
			Probabilities: []float64{0, 1}}}}, "approx_quantile", "[[[1001 1003] [12 31]]]"},
		// sortWithinPartitions sends a Sort that is not global: one partition here, sorted.
		{"sortWithinPartitions", &pb.Relation{RelType: &pb.Relation_Sort{Sort: &pb.Sort{Input: &pb.Relation{RelType: &pb.Relation_Range{Range: &pb.Range{End: 3, Step: 1, NumPartitions: ptr(int32(1))}}},
			IsGlobal: ptr(false), Order: []*pb.Expression_SortOrder{{Child: col("id"), Direction: pb.Expression_SortOrder_SORT_DIRECTION_DESCENDING}}}}}, "id", "[2] [1] [0]"},
		// spark.sql("... {t} ...", t=df): the query and the DataFrame under the view name the
		// client gave it.
		{"spark.sql with a DataFrame argument", &pb.Relation{RelType: &pb.Relation_WithRelations{WithRelations: &pb.WithRelations{
			Root:       sqlRel("SELECT order_id FROM _pyspark_connect_temp_view_1 WHERE amount > 20 ORDER BY order_id"),
			References: []*pb.Relation{{RelType: &pb.Relation_SubqueryAlias{SubqueryAlias: &pb.SubqueryAlias{Input: base, Alias: "_pyspark_connect_temp_view_1"}}}}}}},
			"order_id", "[1001] [1003]"},
		{"col[name] of a struct", project(base, alias(extract(fn("struct", col("order_id")), lit("order_id")), "id")), "id", "[1001] [1002] [1003]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			schema, rows := ts.collect(t, tc.rel)
			if got := strings.Join(schema.Names(), ","); got != tc.cols {
				t.Errorf("columns %s, want %s", got, tc.cols)
			}
			var parts []string
			for _, r := range rows {
				parts = append(parts, fmt.Sprint(r))
			}
			if got := strings.Join(parts, " "); got != tc.want {
				t.Errorf("rows %s, want %s", got, tc.want)
			}
		})
	}
}

// TestCatalogListColumnsAndFunctionExists: the client reads listColumns' seven columns by
// position, and functionExists as one boolean.
func TestCatalogListColumnsAndFunctionExists(t *testing.T) {
	ts := startServer(t)
	ts.command(t, &pb.Command{CommandType: &pb.Command_CreateDataframeView{CreateDataframeView: &pb.CreateDataFrameViewCommand{
		Input: localRelation(t, ordersDDL, orders), Name: "orders", Replace: true}}})
	catalog := func(c *pb.Catalog) *pb.Relation { return &pb.Relation{RelType: &pb.Relation_Catalog{Catalog: c}} }
	schema, rows := ts.collect(t, catalog(&pb.Catalog{CatType: &pb.Catalog_ListColumns{ListColumns: &pb.ListColumns{TableName: "orders"}}}))
	if got := strings.Join(schema.Names(), ","); got != "name,description,dataType,nullable,isPartition,isBucket,isCluster" {
		t.Errorf("listColumns columns: %s", got)
	}
	if got := fmt.Sprint(rows); got != "[[order_id <nil> int true false false false] [customer_id <nil> string true false false false] [amount <nil> double true false false false]]" {
		t.Errorf("listColumns rows: %s", got)
	}
	for name, want := range map[string]bool{"upper": true, "no_such_function": false} {
		_, rows := ts.collect(t, catalog(&pb.Catalog{CatType: &pb.Catalog_FunctionExists{FunctionExists: &pb.FunctionExists{FunctionName: name}}}))
		if len(rows) != 1 || rows[0][0] != want {
			t.Errorf("functionExists(%s) = %v, want %v", name, rows, want)
		}
	}
}

// TestColumnOfANumberedDataFrame: a column the client took from a DataFrame carries that
// DataFrame's plan id, and is that DataFrame's column, as in classic PySpark: it keeps the
// metadata that DataFrame gave it (events.ts taken before withWatermark has no watermark
// delay, where the name alone finds the watermarked column), and a join condition of
// left.id == right.id joins the two sides' ids.
func TestColumnOfANumberedDataFrame(t *testing.T) {
	ts := startServer(t)
	numbered := func(r *pb.Relation, id int64) *pb.Relation {
		r.Common = &pb.RelationCommon{PlanId: ptr(id)}
		return r
	}
	of := func(id int64, name string) *pb.Expression {
		return &pb.Expression{ExprType: &pb.Expression_UnresolvedAttribute_{UnresolvedAttribute: &pb.Expression_UnresolvedAttribute{UnparsedIdentifier: name, PlanId: ptr(id)}}}
	}
	events := numbered(localRelation(t, "ts TIMESTAMP, id INT", []sqltypes.Row{{sqltypes.Timestamp(0), int32(1)}}), 1)
	watermarked := &pb.Relation{RelType: &pb.Relation_WithWatermark{WithWatermark: &pb.WithWatermark{Input: events, EventTime: "ts", DelayThreshold: "10 minutes"}}}
	for _, tc := range []struct {
		ref       *pb.Expression
		watermark bool
	}{{of(1, "ts"), false}, {col("ts"), true}} {
		schema, _ := ts.collect(t, project(watermarked, tc.ref))
		_, has := schema.Fields[0].Metadata["spark.watermarkDelayMs"]
		if has != tc.watermark {
			t.Errorf("%v: metadata %v, want the watermark delay: %v", tc.ref, schema.Fields[0].Metadata, tc.watermark)
		}
	}
	left := numbered(localRelation(t, "id INT, a STRING", []sqltypes.Row{{int32(1), "x"}, {int32(2), "y"}}), 2)
	right := numbered(localRelation(t, "id INT, b STRING", []sqltypes.Row{{int32(2), "p"}, {int32(3), "q"}}), 3)
	join := func(cond *pb.Expression) *pb.Relation {
		return &pb.Relation{RelType: &pb.Relation_Join{Join: &pb.Join{Left: left, Right: right, JoinCondition: cond, JoinType: pb.Join_JOIN_TYPE_FULL_OUTER}}}
	}
	if _, rows := ts.collect(t, sortBy(project(join(fn("==", of(2, "id"), of(3, "id"))), col("a"), col("b")), "a")); fmt.Sprint(rows) != "[[<nil> q] [x <nil>] [y p]]" {
		t.Errorf("join on left.id == right.id: %v", rows)
	}
}

// TestObserveOnABatch: df.observe(Observation, aggregates) sends the metrics after the
// action's rows, named and keyed as the client's Observation reads them; the rows are
// the input's.
func TestObserveOnABatch(t *testing.T) {
	ts := startServer(t)
	observed := &pb.Relation{RelType: &pb.Relation_CollectMetrics{CollectMetrics: &pb.CollectMetrics{Input: localRelation(t, ordersDDL, orders), Name: "levels",
		Metrics: []*pb.Expression{alias(fn("count", lit(1)), "rows"), alias(fn("max", col("customer_id")), "top")}}}}
	filtered := &pb.Relation{RelType: &pb.Relation_Filter{Filter: &pb.Filter{Input: observed, Condition: fn(">", col("amount"), lit(20.0))}}}
	resps, err := ts.execute(rctx(t), &pb.Plan{OpType: &pb.Plan_Root{Root: filtered}})
	if err != nil {
		t.Fatal(err)
	}
	var rows int64
	var metrics []string
	for _, r := range resps {
		rows += r.GetArrowBatch().GetRowCount()
		for _, m := range r.GetObservedMetrics() {
			var vals []any
			for _, v := range m.GetValues() {
				x, err := literalValue(v)
				if err != nil {
					t.Fatal(err)
				}
				vals = append(vals, x)
			}
			metrics = append(metrics, fmt.Sprint(m.GetName(), m.GetKeys(), vals))
		}
	}
	if rows != 2 {
		t.Errorf("%d rows, want the 2 the filter keeps", rows)
	}
	if got := strings.Join(metrics, "; "); got != "levels[rows top] [3 C02]" {
		t.Errorf("observed metrics %q, want levels over all 3 input rows", got)
	}
}

// TestGlobalTempView: createOrReplaceGlobalTempView makes global_temp.name, and
// spark.catalog.dropGlobalTempView drops it (true once, then false).
func TestGlobalTempView(t *testing.T) {
	ts := startServer(t)
	ts.command(t, &pb.Command{CommandType: &pb.Command_CreateDataframeView{CreateDataframeView: &pb.CreateDataFrameViewCommand{
		Input: localRelation(t, ordersDDL, orders), Name: "everywhere", IsGlobal: true, Replace: true}}})
	if _, rows := ts.collect(t, sqlRel("SELECT count(*) FROM global_temp.everywhere")); fmt.Sprint(rows) != "[[3]]" {
		t.Errorf("global_temp.everywhere: %v", rows)
	}
	drop := &pb.Relation{RelType: &pb.Relation_Catalog{Catalog: &pb.Catalog{CatType: &pb.Catalog_DropGlobalTempView{DropGlobalTempView: &pb.DropGlobalTempView{ViewName: "everywhere"}}}}}
	for _, want := range []bool{true, false} {
		if _, rows := ts.collect(t, drop); len(rows) != 1 || rows[0][0] != want {
			t.Errorf("dropGlobalTempView: %v, want %v", rows, want)
		}
	}
}

// TestUpdateFields: col.withField(name, value) replaces a struct's field or adds it at the
// end, col.dropFields(*names) sends one UpdateFields without a value per name, nested.
func TestUpdateFields(t *testing.T) {
	ts := startServer(t)
	nested := project(localRelation(t, "id INT", []sqltypes.Row{{int32(1)}}),
		alias(fn("named_struct", lit("a"), lit(1), lit("b"), lit(2)), "s"))
	update := func(in *pb.Expression, name string, value *pb.Expression) *pb.Expression {
		return &pb.Expression{ExprType: &pb.Expression_UpdateFields_{UpdateFields: &pb.Expression_UpdateFields{
			StructExpression: in, FieldName: name, ValueExpression: value}}}
	}
	cases := []struct {
		name       string
		expr       *pb.Expression
		wantSchema string
		wantRows   string
	}{
		{"replace a field", update(col("s"), "b", lit(3)), "struct<a:int,b:int>", "[[[1 3]]]"},
		{"add a field", update(col("s"), "c", lit("x")), "struct<a:int,b:int,c:string>", "[[[1 2 x]]]"},
		{"drop a field", update(col("s"), "a", nil), "struct<b:int>", "[[[2]]]"},
		{"add, then drop", update(update(col("s"), "c", lit("x")), "a", nil), "struct<b:int,c:string>", "[[[2 x]]]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			schema, rows := ts.collect(t, project(nested, alias(c.expr, "u")))
			if got := sqltypes.SimpleString(schema.Fields[0].Type); got != c.wantSchema {
				t.Errorf("schema %s, want %s", got, c.wantSchema)
			}
			if got := fmt.Sprint(rows); got != c.wantRows {
				t.Errorf("rows %s, want %s", got, c.wantRows)
			}
		})
	}
}

// TestCheckpointCachesTheDataFrame: df.checkpoint / localCheckpoint answer a cached relation
// the client then reads the DataFrame's rows from.
func TestCheckpointCachesTheDataFrame(t *testing.T) {
	ts := startServer(t)
	resps := ts.command(t, &pb.Command{CommandType: &pb.Command_CheckpointCommand{CheckpointCommand: &pb.CheckpointCommand{
		Relation: project(localRelation(t, ordersDDL, orders), col("order_id")), Local: true, Eager: true}}})
	var id string
	for _, r := range resps {
		if c := r.GetCheckpointCommandResult(); c != nil {
			id = c.GetRelation().GetRelationId()
		}
	}
	if id == "" {
		t.Fatal("no CheckpointCommandResult")
	}
	_, rows := ts.collect(t, &pb.Relation{RelType: &pb.Relation_CachedRemoteRelation{CachedRemoteRelation: &pb.CachedRemoteRelation{RelationId: id}}})
	if got := fmt.Sprint(rows); got != "[[1001] [1002] [1003]]" {
		t.Errorf("rows %s", got)
	}
}

// TestCatalogDatabasesAndCache: the catalog calls follow USE and CACHE TABLE through Connect
// as in classic PySpark: currentDatabase, setCurrentDatabase, databaseExists, listTables of
// the current database or a named one (with a pattern), isCached.
func TestCatalogDatabasesAndCache(t *testing.T) {
	ts := startServer(t)
	for _, q := range []string{"CREATE DATABASE d1", "CREATE TABLE d1.t (x INT) USING parquet", "CREATE TABLE d1.u (x INT) USING parquet", "USE d1", "CACHE TABLE t"} {
		ts.collect(t, sqlRel(q))
	}
	catalog := func(c *pb.Catalog) *pb.Relation { return &pb.Relation{RelType: &pb.Relation_Catalog{Catalog: c}} }
	one := func(c *pb.Catalog) any {
		_, rows := ts.collect(t, catalog(c))
		if len(rows) != 1 {
			t.Fatalf("%v: rows %v", c, rows)
		}
		return rows[0][0]
	}
	if got := one(&pb.Catalog{CatType: &pb.Catalog_CurrentDatabase{CurrentDatabase: &pb.CurrentDatabase{}}}); got != "d1" {
		t.Errorf("currentDatabase %v, want d1", got)
	}
	if got := one(&pb.Catalog{CatType: &pb.Catalog_IsCached{IsCached: &pb.IsCached{TableName: "t"}}}); got != true {
		t.Errorf("isCached(t) %v, want true", got)
	}
	if got := one(&pb.Catalog{CatType: &pb.Catalog_DatabaseExists{DatabaseExists: &pb.DatabaseExists{DbName: "d1"}}}); got != true {
		t.Errorf("databaseExists(d1) %v, want true", got)
	}
	_, rows := ts.collect(t, catalog(&pb.Catalog{CatType: &pb.Catalog_ListTables{ListTables: &pb.ListTables{}}}))
	if got := fmt.Sprint(rows); got != "[[t spark_catalog [d1] <nil> MANAGED false] [u spark_catalog [d1] <nil> MANAGED false]]" {
		t.Errorf("listTables() %s", got)
	}
	pattern := "u*"
	_, rows = ts.collect(t, catalog(&pb.Catalog{CatType: &pb.Catalog_ListTables{ListTables: &pb.ListTables{DbName: ptr("d1"), Pattern: &pattern}}}))
	if got := fmt.Sprint(rows); got != "[[u spark_catalog [d1] <nil> MANAGED false]]" {
		t.Errorf("listTables(d1, u*) %s", got)
	}
	ts.collect(t, catalog(&pb.Catalog{CatType: &pb.Catalog_SetCurrentDatabase{SetCurrentDatabase: &pb.SetCurrentDatabase{DbName: "default"}}}))
	if got := one(&pb.Catalog{CatType: &pb.Catalog_CurrentDatabase{CurrentDatabase: &pb.CurrentDatabase{}}}); got != "default" {
		t.Errorf("currentDatabase after setCurrentDatabase %v, want default", got)
	}
}
