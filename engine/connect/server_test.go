package connect

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/ipc"

	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func TestConfigOperations(t *testing.T) {
	ts := startServer(t)
	ctx := rctx(t)
	cfg := func(op *pb.ConfigRequest_Operation) (*pb.ConfigResponse, error) {
		return ts.client.Config(ctx, &pb.ConfigRequest{SessionId: ts.sid, Operation: op})
	}
	pairs := func(r *pb.ConfigResponse) map[string]string {
		m := map[string]string{}
		for _, p := range r.GetPairs() {
			v := "<None>"
			if p.Value != nil {
				v = p.GetValue()
			}
			m[p.GetKey()] = v
		}
		return m
	}
	if _, err := cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_Set{Set: &pb.ConfigRequest_Set{
		Pairs: []*pb.KeyValue{{Key: "spark.sql.shuffle.partitions", Value: ptr("4")}, {Key: "my.key", Value: ptr("x")}}}}}); err != nil {
		t.Fatal(err)
	}
	r, err := cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_Get{Get: &pb.ConfigRequest_Get{
		Keys: []string{"spark.sql.shuffle.partitions", "my.key", "spark.sql.session.timeZone", "spark.sql.connect.serverStacktrace.enabled"}}}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"spark.sql.shuffle.partitions": "4", "my.key": "x", "spark.sql.session.timeZone": "UTC", "spark.sql.connect.serverStacktrace.enabled": "false"}
	if got := pairs(r); !reflect.DeepEqual(got, want) {
		t.Errorf("get = %v, want %v", got, want)
	}
	if r.GetServerSideSessionId() == "" || r.GetSessionId() != ts.sid {
		t.Errorf("response names session %q / server side %q", r.GetSessionId(), r.GetServerSideSessionId())
	}

	r, err = cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_GetWithDefault{GetWithDefault: &pb.ConfigRequest_GetWithDefault{
		Pairs: []*pb.KeyValue{{Key: "nope.key", Value: ptr("dflt")}, {Key: "my.key", Value: ptr("dflt")}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := pairs(r); got["nope.key"] != "dflt" || got["my.key"] != "x" {
		t.Errorf("getWithDefault = %v", got)
	}
	r, err = cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_GetOption{GetOption: &pb.ConfigRequest_GetOption{Keys: []string{"nope.key"}}}})
	if err != nil || pairs(r)["nope.key"] != "<None>" {
		t.Errorf("getOption of an unset key = %v, %v; want None", pairs(r), err)
	}
	r, err = cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_GetAll{GetAll: &pb.ConfigRequest_GetAll{Prefix: ptr("my.")}}})
	if err != nil || !reflect.DeepEqual(pairs(r), map[string]string{"my.key": "x"}) {
		t.Errorf("getAll(my.) = %v, %v", pairs(r), err)
	}
	if _, err := cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_Unset{Unset: &pb.ConfigRequest_Unset{Keys: []string{"my.key", "spark.sql.shuffle.partitions"}}}}); err != nil {
		t.Fatal(err)
	}
	r, err = cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_GetOption{GetOption: &pb.ConfigRequest_GetOption{Keys: []string{"my.key", "spark.sql.shuffle.partitions"}}}})
	if err != nil || pairs(r)["my.key"] != "<None>" || pairs(r)["spark.sql.shuffle.partitions"] != "200" {
		t.Errorf("after unset = %v, %v; want my.key None and the default 200 partitions", pairs(r), err)
	}
	r, err = cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_IsModifiable{IsModifiable: &pb.ConfigRequest_IsModifiable{Keys: []string{"spark.sql.shuffle.partitions", "spark.sql.warehouse.dir"}}}})
	if err != nil || pairs(r)["spark.sql.shuffle.partitions"] != "true" || pairs(r)["spark.sql.warehouse.dir"] != "false" {
		t.Errorf("isModifiable = %v, %v", pairs(r), err)
	}

	// An unknown key is Spark's SQL_CONF_NOT_FOUND, raised by PySpark as SparkNoSuchElementException.
	_, err = cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_Get{Get: &pb.ConfigRequest_Get{Keys: []string{"nope.key"}}}})
	info := errorInfo(t, err)
	if info.Metadata["errorClass"] != "SQL_CONF_NOT_FOUND" || classesOf(t, info)[0] != "org.apache.spark.SparkNoSuchElementException" {
		t.Errorf("unknown key: %v", info)
	}
	// A value the engine checks is refused.
	_, err = cfg(&pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_Set{Set: &pb.ConfigRequest_Set{Pairs: []*pb.KeyValue{{Key: "spark.sql.shuffle.partitions", Value: ptr("zero")}}}}})
	if err == nil || !strings.Contains(err.Error(), "positive number") {
		t.Errorf("setting shuffle partitions to 'zero': %v", err)
	}
}

const ordersDDL = "order_id INT, customer_id STRING, amount DOUBLE"

var orders = []sqltypes.Row{{int32(1001), "C01", 25.5}, {int32(1002), "C02", 12.0}, {int32(1003), "C01", 31.0}}

func TestAnalyzePlan(t *testing.T) {
	ts := startServer(t)
	ctx := rctx(t)
	rel := localRelation(t, ordersDDL, orders)
	plan := &pb.Plan{OpType: &pb.Plan_Root{Root: project(rel, col("order_id"), alias(fn("upper", col("customer_id")), "cust"))}}
	analyze := func(req *pb.AnalyzePlanRequest) *pb.AnalyzePlanResponse {
		t.Helper()
		req.SessionId = ts.sid
		r, err := ts.client.AnalyzePlan(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_Schema_{Schema: &pb.AnalyzePlanRequest_Schema{Plan: plan}}})
	st, err := engineType(r.GetSchema().GetSchema())
	if err != nil {
		t.Fatal(err)
	}
	if got := st.(*sqltypes.StructType).DDL(); got != "order_id INT,cust STRING" {
		t.Errorf("schema %q", got)
	}
	r = analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_TreeString_{TreeString: &pb.AnalyzePlanRequest_TreeString{Plan: plan}}})
	if got := r.GetTreeString().GetTreeString(); got != "root\n |-- order_id: integer (nullable = true)\n |-- cust: string (nullable = true)\n" {
		t.Errorf("printSchema:\n%s", got)
	}
	r = analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_IsStreaming_{IsStreaming: &pb.AnalyzePlanRequest_IsStreaming{Plan: plan}}})
	if r.GetIsStreaming().GetIsStreaming() {
		t.Error("a local relation is streaming")
	}
	stream := &pb.Plan{OpType: &pb.Plan_Root{Root: &pb.Relation{RelType: &pb.Relation_Read{Read: &pb.Read{IsStreaming: true,
		ReadType: &pb.Read_DataSource_{DataSource: &pb.Read_DataSource{Format: ptr("kafka"), Options: map[string]string{"kafka.bootstrap.servers": "127.0.0.1:1", "subscribe": "orders"}}}}}}}}
	r = analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_IsStreaming_{IsStreaming: &pb.AnalyzePlanRequest_IsStreaming{Plan: stream}}})
	if !r.GetIsStreaming().GetIsStreaming() {
		t.Error("readStream.format(kafka) is not streaming")
	}
	r = analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_Explain_{Explain: &pb.AnalyzePlanRequest_Explain{Plan: plan, ExplainMode: pb.AnalyzePlanRequest_Explain_EXPLAIN_MODE_SIMPLE}}})
	if got := r.GetExplain().GetExplainString(); !strings.HasPrefix(got, "== Physical Plan ==\n") || !strings.Contains(got, "LocalRelation") {
		t.Errorf("explain:\n%s", got)
	}
	r = analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_SparkVersion_{SparkVersion: &pb.AnalyzePlanRequest_SparkVersion{}}})
	if r.GetSparkVersion().GetVersion() != "4.2.0" {
		t.Errorf("spark version %q", r.GetSparkVersion().GetVersion())
	}
	r = analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_DdlParse{DdlParse: &pb.AnalyzePlanRequest_DDLParse{DdlString: "a INT, b DECIMAL(10,2), c ARRAY<STRING>"}}})
	pt, err := engineType(r.GetDdlParse().GetParsed())
	if err != nil {
		t.Fatal(err)
	}
	if got := pt.(*sqltypes.StructType).DDL(); got != "a INT,b DECIMAL(10,2),c ARRAY<STRING>" {
		t.Errorf("ddl parse %q", got)
	}
	r = analyze(&pb.AnalyzePlanRequest{Analyze: &pb.AnalyzePlanRequest_DdlParse{DdlParse: &pb.AnalyzePlanRequest_DDLParse{DdlString: "bigint"}}})
	if _, ok := r.GetDdlParse().GetParsed().GetKind().(*pb.DataType_Long_); !ok {
		t.Errorf("ddl parse of a single type: %v", r.GetDdlParse().GetParsed())
	}
}

func TestRelations(t *testing.T) {
	ts := startServer(t)
	base := localRelation(t, ordersDDL, orders)
	sort := func(in *pb.Relation, e *pb.Expression, desc bool) *pb.Relation {
		dir := pb.Expression_SortOrder_SORT_DIRECTION_ASCENDING
		if desc {
			dir = pb.Expression_SortOrder_SORT_DIRECTION_DESCENDING
		}
		return &pb.Relation{RelType: &pb.Relation_Sort{Sort: &pb.Sort{Input: in, IsGlobal: ptr(true), Order: []*pb.Expression_SortOrder{{Child: e, Direction: dir}}}}}
	}
	tests := []struct {
		name string
		rel  *pb.Relation
		cols string
		want string
	}{
		{"project and arithmetic", project(base, alias(fn("+", col("order_id"), lit(1)), "next"), fn("upper", col("customer_id"))),
			"next,upper(customer_id)", "[1002 C01] [1003 C02] [1004 C01]"},
		{"filter", &pb.Relation{RelType: &pb.Relation_Filter{Filter: &pb.Filter{Input: base, Condition: fn(">", col("amount"), lit(20.0))}}},
			"order_id,customer_id,amount", "[1001 C01 25.5] [1003 C01 31]"},
		{"groupBy agg, sorted", sort(&pb.Relation{RelType: &pb.Relation_Aggregate{Aggregate: &pb.Aggregate{Input: base, GroupType: pb.Aggregate_GROUP_TYPE_GROUPBY,
			GroupingExpressions: []*pb.Expression{col("customer_id")}, AggregateExpressions: []*pb.Expression{alias(fn("count", lit(1)), "n"), fn("sum", col("amount"))}}}}, col("customer_id"), false),
			"customer_id,n,sum(amount)", "[C01 2 56.5] [C02 1 12]"},
		{"global agg of a distinct count", &pb.Relation{RelType: &pb.Relation_Aggregate{Aggregate: &pb.Aggregate{Input: base, GroupType: pb.Aggregate_GROUP_TYPE_GROUPBY,
			AggregateExpressions: []*pb.Expression{{ExprType: &pb.Expression_UnresolvedFunction_{UnresolvedFunction: &pb.Expression_UnresolvedFunction{FunctionName: "count", Arguments: []*pb.Expression{col("customer_id")}, IsDistinct: true}}}}}}},
			"count(DISTINCT customer_id)", "[2]"},
		{"sort desc and limit", &pb.Relation{RelType: &pb.Relation_Limit{Limit: &pb.Limit{Input: sort(base, col("amount"), true), Limit: 2}}},
			"order_id,customer_id,amount", "[1003 C01 31] [1001 C01 25.5]"},
		{"sort desc and offset", &pb.Relation{RelType: &pb.Relation_Offset{Offset: &pb.Offset{Input: sort(base, col("amount"), true), Offset: 1}}},
			"order_id,customer_id,amount", "[1001 C01 25.5] [1002 C02 12]"},
		{"when/otherwise", project(base, alias(fn("when", fn("==", col("customer_id"), lit("C01")), lit("first"), lit("other")), "who")),
			"who", "[first] [other] [first]"},
		{"bitwise or, and, xor", project(base, alias(fn("|", col("order_id"), lit(6)), "o"), alias(fn("&", col("order_id"), lit(6)), "a"),
			alias(fn("^", col("order_id"), lit(6)), "x")), "o,a,x", "[1007 0 1007] [1006 2 1004] [1007 2 1005]"},
		{"isin and not", project(base, alias(fn("not", fn("in", col("order_id"), lit(1001), lit(1003))), "x")), "x", "[false] [true] [false]"},
		{"cast keeps the name", project(base, &pb.Expression{ExprType: &pb.Expression_Cast_{Cast: &pb.Expression_Cast{Expr: col("order_id"), CastToType: &pb.Expression_Cast_TypeStr{TypeStr: "string"}}}}),
			"order_id", "[1001] [1002] [1003]"},
		{"selectExpr", project(base, &pb.Expression{ExprType: &pb.Expression_ExpressionString_{ExpressionString: &pb.Expression_ExpressionString{Expression: "amount * 2 AS twice"}}}),
			"twice", "[51] [24] [62]"},
		{"sql", sqlRel("SELECT 1 AS one, 'a' AS s"), "one,s", "[1 a]"},
		{"range", &pb.Relation{RelType: &pb.Relation_Range{Range: &pb.Range{Start: ptr(int64(2)), End: 8, Step: 3}}}, "id", "[2] [5]"},
		{"toDF", &pb.Relation{RelType: &pb.Relation_ToDf{ToDf: &pb.ToDF{Input: base, ColumnNames: []string{"a", "b", "c"}}}}, "a,b,c", "[1001 C01 25.5] [1002 C02 12] [1003 C01 31]"},
		{"withColumnsRenamed and drop", &pb.Relation{RelType: &pb.Relation_Drop{Drop: &pb.Drop{ColumnNames: []string{"amount"}, Input: &pb.Relation{RelType: &pb.Relation_WithColumnsRenamed{WithColumnsRenamed: &pb.WithColumnsRenamed{Input: base,
			Renames: []*pb.WithColumnsRenamed_Rename{{ColName: "customer_id", NewColName: "cust"}}}}}}}}, "order_id,cust", "[1001 C01] [1002 C02] [1003 C01]"},
		{"withColumns", &pb.Relation{RelType: &pb.Relation_WithColumns{WithColumns: &pb.WithColumns{Input: project(base, col("order_id")),
			Aliases: []*pb.Expression_Alias{{Expr: fn("*", col("order_id"), lit(10)), Name: []string{"x"}}}}}}, "order_id,x", "[1001 10010] [1002 10020] [1003 10030]"},
		{"dropDuplicates", sort(&pb.Relation{RelType: &pb.Relation_Deduplicate{Deduplicate: &pb.Deduplicate{Input: project(base, col("customer_id")), AllColumnsAsKeys: ptr(true)}}}, col("customer_id"), false),
			"customer_id", "[C01] [C02]"},
		{"union all", &pb.Relation{RelType: &pb.Relation_SetOp{SetOp: &pb.SetOperation{LeftInput: project(base, col("order_id")), RightInput: project(base, col("order_id")),
			SetOpType: pb.SetOperation_SET_OP_TYPE_UNION, IsAll: ptr(true)}}}, "order_id", "[1001] [1002] [1003] [1001] [1002] [1003]"},
		{"join using", sort(&pb.Relation{RelType: &pb.Relation_Join{Join: &pb.Join{Left: project(base, col("order_id"), col("customer_id")), Right: project(base, col("order_id"), col("amount")),
			UsingColumns: []string{"order_id"}, JoinType: pb.Join_JOIN_TYPE_INNER}}}, col("order_id"), false), "order_id,customer_id,amount", "[1001 C01 25.5] [1002 C02 12] [1003 C01 31]"},
		{"hint passes through", &pb.Relation{RelType: &pb.Relation_Hint{Hint: &pb.Hint{Input: project(base, col("order_id")), Name: "broadcast"}}}, "order_id", "[1001] [1002] [1003]"},
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

func TestShowString(t *testing.T) {
	ts := startServer(t)
	rel := &pb.Relation{RelType: &pb.Relation_ShowString{ShowString: &pb.ShowString{Input: localRelation(t, ordersDDL, orders), NumRows: 2, Truncate: 20}}}
	schema, rows := ts.collect(t, rel)
	if len(schema.Fields) != 1 || schema.Fields[0].Name != "show_string" || len(rows) != 1 {
		t.Fatalf("show string result: %v %v", schema, rows)
	}
	want := "+--------+-----------+------+\n|order_id|customer_id|amount|\n+--------+-----------+------+\n|    1001|        C01|  25.5|\n|    1002|        C02|  12.0|\n+--------+-----------+------+\nonly showing top 2 rows"
	if rows[0][0] != want {
		t.Errorf("show:\n%s\nwant:\n%s", rows[0][0], want)
	}
}

func TestArrowRoundTripOfTypes(t *testing.T) {
	ts := startServer(t)
	rel := sqlRel("SELECT CAST(1 AS TINYINT) AS b, CAST(2 AS SMALLINT) AS s, 3L AS l, CAST(1.5 AS FLOAT) AS f, CAST('12.34' AS DECIMAL(10,2)) AS d, " +
		"TIMESTAMP'2026-10-01 09:15:00' AS ts, DATE'2026-10-01' AS dt, true AS ok, named_struct('x', 1, 'y', 'z') AS st, CAST(NULL AS STRING) AS n")
	schema, rows := ts.collect(t, rel)
	if got := schema.DDL(); got != "b TINYINT,s SMALLINT,l BIGINT NOT NULL,f FLOAT,d DECIMAL(10,2),ts TIMESTAMP,dt DATE,ok BOOLEAN NOT NULL,st STRUCT<x: INT NOT NULL, y: STRING NOT NULL> NOT NULL,n STRING" {
		t.Errorf("schema %s", got)
	}
	want := sqltypes.Row{int8(1), int16(2), int64(3), float32(1.5), sqltypes.NewDecimal(1234, 2), sqltypes.Timestamp(1790846100000000), sqltypes.Date(20727), true, sqltypes.Row{int32(1), "z"}, nil}
	if len(rows) != 1 || !reflect.DeepEqual(rows[0], want) {
		t.Errorf("row %#v\nwant %#v", rows, want)
	}
}

// TestArrowNamesRepeatedInStructs: a nested struct whose field names repeat (the state
// store's value struct of a windowed count/sum/avg) reaches the client's Arrow with each
// repeated name numbered, as Spark's Connect server writes it, since pyspark-client reads
// struct fields by those names; the response's schema keeps the names, and so do the
// top-level columns.
func TestArrowNamesRepeatedInStructs(t *testing.T) {
	ts := startServer(t)
	tests := []struct {
		name, query string
		arrow       string // the Arrow schema's fields, as arrow-go prints a struct's
		schema      string // the response's schema
	}{
		{"no repeats", "SELECT named_struct('a', 1, 'b', 2) AS s",
			"s: struct<a: int32, b: int32>", "s STRUCT<a: INT NOT NULL, b: INT NOT NULL> NOT NULL"},
		{"repeats in a struct", "SELECT named_struct('count', 1L, 'sum', 2L, 'sum', 2.5D, 'count', 3L, 'max', 4) AS value",
			"value: struct<count_0: int64, sum_0: int64, sum_1: float64, count_1: int64, max: int32>",
			"value STRUCT<count: BIGINT NOT NULL, sum: BIGINT NOT NULL, sum: DOUBLE NOT NULL, count: BIGINT NOT NULL, max: INT NOT NULL> NOT NULL"},
		{"inside an array, a map and a struct", "SELECT array(named_struct('a', 1, 'a', 2)) AS arr, map('k', named_struct('v', 1, 'v', 2)) AS m, " +
			"named_struct('in', named_struct('x', 1, 'x', 2)) AS outer",
			"arr: list<element: struct<a_0: int32, a_1: int32>>, m: map<utf8, struct<v_0: int32, v_1: int32>, items_non_nullable>, outer: struct<in: struct<x_0: int32, x_1: int32>>",
			"arr ARRAY<STRUCT<a: INT NOT NULL, a: INT NOT NULL>> NOT NULL,m MAP<STRING, STRUCT<v: INT NOT NULL, v: INT NOT NULL>> NOT NULL,outer STRUCT<in: STRUCT<x: INT NOT NULL, x: INT NOT NULL> NOT NULL> NOT NULL"},
		{"top-level columns keep their names", "SELECT 1 AS c, 2 AS c", "c: int32, c: int32", "c INT NOT NULL,c INT NOT NULL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resps, err := ts.execute(rctx(t), &pb.Plan{OpType: &pb.Plan_Root{Root: sqlRel(tt.query)}})
			if err != nil {
				t.Fatal(err)
			}
			var fields []string
			var schema string
			for _, r := range resps {
				if r.Schema != nil {
					st, err := engineType(r.Schema)
					if err != nil {
						t.Fatal(err)
					}
					schema = st.(*sqltypes.StructType).DDL()
				}
				if b := r.GetArrowBatch(); b != nil && fields == nil {
					rd, err := ipc.NewReader(bytes.NewReader(b.GetData()))
					if err != nil {
						t.Fatal(err)
					}
					for _, f := range rd.Schema().Fields() {
						fields = append(fields, f.Name+": "+f.Type.String())
					}
					rd.Release()
				}
			}
			if got := strings.Join(fields, ", "); got != tt.arrow {
				t.Errorf("Arrow fields\n got %s\nwant %s", got, tt.arrow)
			}
			if schema != tt.schema {
				t.Errorf("schema\n got %s\nwant %s", schema, tt.schema)
			}
		})
	}
}
