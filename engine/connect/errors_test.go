package connect

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/anypb"

	"github.com/kafkalab/kafkalab/engine/connect/deltaconnectpb"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
)

// Errors reach the client as Spark sends them, so PySpark raises the same exception types.
func TestErrorsAsSparkSendsThem(t *testing.T) {
	ts := startServer(t)
	base := localRelation(t, ordersDDL, orders)
	tests := []struct {
		name       string
		rel        *pb.Relation
		class      string // first JVM class: PySpark's exception type
		errorClass string
		sqlState   string
		message    string
		logged     string // what the server log must name ("" = nothing)
	}{
		{"unresolved column", project(base, col("nope")), "org.apache.spark.sql.AnalysisException", "UNRESOLVED_COLUMN.WITH_SUGGESTION", "42703",
			"[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `nope` cannot be resolved.", ""},
		{"unknown function", project(base, fn("no_such_fn", col("order_id"))), "org.apache.spark.sql.AnalysisException", "UNRESOLVED_ROUTINE", "42883",
			"[UNRESOLVED_ROUTINE] Cannot resolve routine `no_such_fn`", ""},
		{"syntax error", sqlRel("SELECT 1 +"), "org.apache.spark.sql.catalyst.parser.ParseException", "PARSE_SYNTAX_ERROR", "42601", "[PARSE_SYNTAX_ERROR]", ""},
		{"unsupported relation", &pb.Relation{RelType: &pb.Relation_Sample{Sample: &pb.Sample{Input: base, UpperBound: 0.5, WithReplacement: ptr(true)}}},
			"java.lang.UnsupportedOperationException", "UNSUPPORTED_FEATURE.KAFKALAB", "0A000",
			"[UNSUPPORTED_FEATURE.KAFKALAB] kafkalab does not support df.sample(withReplacement=True) through Spark Connect.", "refused df.sample(withReplacement=True)"},
		// df.foreachPartition(f) on a stream is mapInArrow(f).collect(): Spark refuses the
		// batch query on a stream before it looks at the operator; over a batch input the
		// relation kafkalab does not map is named.
		{"foreachPartition on a stream", mapPartitions(rateStream()), "org.apache.spark.sql.AnalysisException", "_LEGACY_ERROR_TEMP_3102", "",
			"Queries with streaming sources must be executed with writeStream.start()", ""},
		{"mapInArrow without a Python worker", mapPartitions(base), "java.lang.UnsupportedOperationException", "UNSUPPORTED_FEATURE.KAFKALAB", "0A000",
			"kafkalab does not support mapInArrow here: this server runs no Python worker", "refused mapInArrow here"},
		{"unsupported expression", project(base, &pb.Expression{ExprType: &pb.Expression_TypedAggregateExpression{TypedAggregateExpression: &pb.TypedAggregateExpression{}}}),
			"java.lang.UnsupportedOperationException", "UNSUPPORTED_FEATURE.KAFKALAB", "0A000", "expression typed_aggregate_expression", "refused expression typed_aggregate_expression"},
		{"cast to a type that does not parse", project(base, &pb.Expression{ExprType: &pb.Expression_Cast_{Cast: &pb.Expression_Cast{Expr: col("amount"), CastToType: &pb.Expression_Cast_TypeStr{TypeStr: "strin"}}}}),
			"org.apache.spark.sql.catalyst.parser.ParseException", "UNSUPPORTED_DATATYPE", "0A000", "\n[UNSUPPORTED_DATATYPE] Unsupported data type \"STRIN\". SQLSTATE: 0A000 (line 1, pos 0)\n\n== SQL ==\nstrin\n^^^\n", ""},
		{"python udf", project(base, &pb.Expression{ExprType: &pb.Expression_CommonInlineUserDefinedFunction{CommonInlineUserDefinedFunction: &pb.CommonInlineUserDefinedFunction{FunctionName: "my_udf",
			Function: &pb.CommonInlineUserDefinedFunction_PythonUdf{PythonUdf: &pb.PythonUDF{EvalType: 100, OutputType: &pb.DataType{Kind: &pb.DataType_Integer_{Integer: &pb.DataType_Integer{}}}}}}}}),
			"java.lang.UnsupportedOperationException", "UNSUPPORTED_FEATURE.KAFKALAB", "0A000", "Python UDF my_udf here: this server runs no Python worker", "refused Python UDF my_udf"},
		{"grouped-map pandas udf", project(base, &pb.Expression{ExprType: &pb.Expression_CommonInlineUserDefinedFunction{CommonInlineUserDefinedFunction: &pb.CommonInlineUserDefinedFunction{FunctionName: "my_grouped_udf",
			Function: &pb.CommonInlineUserDefinedFunction_PythonUdf{PythonUdf: &pb.PythonUDF{EvalType: 201, OutputType: &pb.DataType{Kind: &pb.DataType_Integer_{Integer: &pb.DataType_Integer{}}}}}}}}),
			"java.lang.UnsupportedOperationException", "UNSUPPORTED_FEATURE.KAFKALAB", "0A000", "Python UDF my_grouped_udf of eval type 201", "refused Python UDF my_grouped_udf"},
		{"plug-in extension", &pb.Relation{RelType: &pb.Relation_Extension{Extension: &anypb.Any{TypeUrl: "type.googleapis.com/example.connect.MyRelation"}}},
			"java.lang.UnsupportedOperationException", "UNSUPPORTED_FEATURE.KAFKALAB", "0A000",
			"kafkalab does not support relation extension example.connect.MyRelation through Spark Connect", "refused relation extension example.connect.MyRelation"},
		{"delta z-order", deltaRel(t, &deltaconnectpb.DeltaRelation{RelationType: &deltaconnectpb.DeltaRelation_OptimizeTable{OptimizeTable: &deltaconnectpb.OptimizeTable{
			Table: &deltaconnectpb.DeltaTable{AccessType: &deltaconnectpb.DeltaTable_TableOrViewName{TableOrViewName: "t"}}, ZorderColumns: []string{"id"}}}}),
			"java.lang.UnsupportedOperationException", "UNSUPPORTED_FEATURE.KAFKALAB", "0A000",
			"kafkalab does not support DeltaOptimizeBuilder.executeZOrderBy (kafkalab's OPTIMIZE compacts", "refused DeltaOptimizeBuilder.executeZOrderBy"},
		{"delta table missing", deltaRel(t, &deltaconnectpb.DeltaRelation{RelationType: &deltaconnectpb.DeltaRelation_Scan{Scan: &deltaconnectpb.Scan{
			Table: &deltaconnectpb.DeltaTable{AccessType: &deltaconnectpb.DeltaTable_TableOrViewName{TableOrViewName: "no_table"}}}}}),
			"org.apache.spark.sql.AnalysisException", "DELTA_MISSING_DELTA_TABLE", "42P01", "[DELTA_MISSING_DELTA_TABLE] `no_table` is not a Delta table.", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for len(ts.logs) > 0 {
				<-ts.logs
			}
			_, _, err := ts.tryCollect(rctx(t), tc.rel)
			info := errorInfo(t, err)
			if st, _ := status.FromError(err); st.Code() != codes.Internal || !strings.Contains(st.Message(), tc.message) {
				t.Errorf("status %v %q, want INTERNAL with %q", st.Code(), st.Message(), tc.message)
			}
			if got := classesOf(t, info); got[0] != tc.class || info.Reason != tc.class {
				t.Errorf("classes %v, reason %s, want %s first", got, info.Reason, tc.class)
			}
			if info.Metadata["errorClass"] != tc.errorClass || info.Metadata["sqlState"] != tc.sqlState {
				t.Errorf("errorClass %q sqlState %q, want %q %q", info.Metadata["errorClass"], info.Metadata["sqlState"], tc.errorClass, tc.sqlState)
			}
			// FetchErrorDetails gives the same error, once.
			d, err := ts.client.FetchErrorDetails(rctx(t), &pb.FetchErrorDetailsRequest{SessionId: ts.sid, ErrorId: info.Metadata["errorId"]})
			if err != nil {
				t.Fatal(err)
			}
			if len(d.GetErrors()) != 1 || d.GetErrors()[0].GetSparkThrowable().GetErrorClass() != tc.errorClass || d.GetErrors()[0].GetErrorTypeHierarchy()[0] != tc.class {
				t.Errorf("error details %v", d)
			}
			if tc.errorClass == "UNSUPPORTED_DATATYPE" {
				if got := d.GetErrors()[0].GetSparkThrowable().GetMessageParameters()["typeName"]; got != `"STRIN"` {
					t.Errorf("typeName %q, want the type as Spark quotes it", got)
				}
			}
			if tc.logged != "" {
				select {
				case line := <-ts.logs:
					if !strings.Contains(line, tc.logged) {
						t.Errorf("server log %q, want it to name %q", line, tc.logged)
					}
				default:
					t.Errorf("the server logged nothing; want %q", tc.logged)
				}
			}
		})
	}
}

// A command kafkalab does not run is refused, naming the PySpark call, never left hanging.
func TestUnsupportedCommandIsRefused(t *testing.T) {
	ts := startServer(t)
	_, err := ts.execute(rctx(t), &pb.Plan{OpType: &pb.Plan_Command{Command: &pb.Command{CommandType: &pb.Command_ExecuteExternalCommand{ExecuteExternalCommand: &pb.ExecuteExternalCommand{Runner: "r"}}}}})
	info := errorInfo(t, err)
	if info.Metadata["errorClass"] != "UNSUPPORTED_FEATURE.KAFKALAB" || !strings.Contains(status.Convert(err).Message(), "command execute_external_command (spark.executeCommand)") {
		t.Errorf("execute_external_command: %v", err)
	}
	// A Python UDTF on a server without a Python worker is refused, naming it.
	_, err = ts.execute(rctx(t), &pb.Plan{OpType: &pb.Plan_Command{Command: &pb.Command{CommandType: &pb.Command_RegisterTableFunction{RegisterTableFunction: &pb.CommonInlineUserDefinedTableFunction{FunctionName: "f",
		Function: &pb.CommonInlineUserDefinedTableFunction_PythonUdtf{PythonUdtf: &pb.PythonUDTF{EvalType: 300, ReturnType: &pb.DataType{Kind: &pb.DataType_Unparsed_{Unparsed: &pb.DataType_Unparsed{DataTypeString: "a: int"}}}}}}}}}})
	if info := errorInfo(t, err); info.Metadata["errorClass"] != "UNSUPPORTED_FEATURE.KAFKALAB" || !strings.Contains(status.Convert(err).Message(), "Python UDTF f here: this server runs no Python worker") {
		t.Errorf("register_table_function without a worker: %v", err)
	}
}

// A client whose server restarted (another server-side session) gets Spark's
// INVALID_HANDLE.SESSION_CHANGED, which makes PySpark drop the session.
func TestSessionChanged(t *testing.T) {
	ts := startServer(t)
	_, err := ts.client.Config(rctx(t), &pb.ConfigRequest{SessionId: ts.sid, ClientObservedServerSideSessionId: ptr("an-earlier-server"),
		Operation: &pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_GetAll{GetAll: &pb.ConfigRequest_GetAll{}}}})
	if info := errorInfo(t, err); info.Metadata["errorClass"] != "INVALID_HANDLE.SESSION_CHANGED" {
		t.Errorf("errorClass %q", info.Metadata["errorClass"])
	}
	_, err = ts.client.Config(rctx(t), &pb.ConfigRequest{SessionId: "not-a-uuid", Operation: &pb.ConfigRequest_Operation{OpType: &pb.ConfigRequest_Operation_GetAll{GetAll: &pb.ConfigRequest_GetAll{}}}})
	if info := errorInfo(t, err); info.Metadata["errorClass"] != "INVALID_HANDLE.FORMAT" {
		t.Errorf("a session id that is no UUID: %v", err)
	}
}

// deltaRel wraps a Delta Lake message as delta-spark's client sends it: a relation extension.
func deltaRel(t *testing.T, dr *deltaconnectpb.DeltaRelation) *pb.Relation {
	t.Helper()
	ext, err := anypb.New(dr)
	if err != nil {
		t.Fatal(err)
	}
	return &pb.Relation{RelType: &pb.Relation_Extension{Extension: ext}}
}

// mapPartitions is what df.mapInArrow / df.foreachPartition send (the function itself does
// not matter here: the server refuses or fails before running it).
func mapPartitions(in *pb.Relation) *pb.Relation {
	return &pb.Relation{RelType: &pb.Relation_MapPartitions{MapPartitions: &pb.MapPartitions{Input: in,
		Func: &pb.CommonInlineUserDefinedFunction{FunctionName: "foreach_partition_func",
			Function: &pb.CommonInlineUserDefinedFunction_PythonUdf{PythonUdf: &pb.PythonUDF{EvalType: 207,
				OutputType: &pb.DataType{Kind: &pb.DataType_Struct_{Struct: &pb.DataType_Struct{}}}}}}}}}
}

func rateStream() *pb.Relation {
	return &pb.Relation{RelType: &pb.Relation_Read{Read: &pb.Read{IsStreaming: true,
		ReadType: &pb.Read_DataSource_{DataSource: &pb.Read_DataSource{Format: ptr("rate")}}}}}
}
