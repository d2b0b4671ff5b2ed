package connect

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/status"

	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// sendOrders writes the orders to Kafka as the course's send script does (key = id, value
// = the row as JSON), through a WriteOperation.
func sendOrders(t *testing.T, ts *testServer, bootstrap string, rows []sqltypes.Row) {
	t.Helper()
	kv := project(localRelation(t, ordersDDL, rows),
		alias(&pb.Expression{ExprType: &pb.Expression_Cast_{Cast: &pb.Expression_Cast{Expr: col("order_id"), CastToType: &pb.Expression_Cast_TypeStr{TypeStr: "string"}}}}, "key"),
		alias(fn("to_json", fn("struct", &pb.Expression{ExprType: &pb.Expression_UnresolvedStar_{UnresolvedStar: &pb.Expression_UnresolvedStar{}}})), "value"))
	ts.command(t, &pb.Command{CommandType: &pb.Command_WriteOperation{WriteOperation: &pb.WriteOperation{Input: kv, Source: ptr("kafka"),
		Options: map[string]string{"kafka.bootstrap.servers": bootstrap, "topic": "orders"}}}})
}

func kafkaStream(bootstrap string) *pb.Relation {
	raw := &pb.Relation{RelType: &pb.Relation_Read{Read: &pb.Read{IsStreaming: true, ReadType: &pb.Read_DataSource_{DataSource: &pb.Read_DataSource{
		Format: ptr("kafka"), Options: map[string]string{"kafka.bootstrap.servers": bootstrap, "subscribe": "orders", "startingOffsets": "earliest"}}}}}}
	return project(raw, alias(fn("from_json", &pb.Expression{ExprType: &pb.Expression_Cast_{Cast: &pb.Expression_Cast{Expr: col("value"),
		CastToType: &pb.Expression_Cast_TypeStr{TypeStr: "string"}}}}, lit(ordersDDL)), "e"), col("partition"), col("offset"))
}

func startQuery(t *testing.T, ts *testServer, w *pb.WriteStreamOperationStart) *pb.StreamingQueryInstanceId {
	t.Helper()
	resps := ts.command(t, &pb.Command{CommandType: &pb.Command_WriteStreamOperationStart{WriteStreamOperationStart: w}})
	for _, r := range resps {
		if res := r.GetWriteStreamOperationStartResult(); res != nil {
			var ev map[string]any
			if err := json.Unmarshal([]byte(res.GetQueryStartedEventJson()), &ev); err != nil || ev["id"] != res.GetQueryId().GetId() {
				t.Errorf("query started event %q: %v", res.GetQueryStartedEventJson(), err)
			}
			return res.GetQueryId()
		}
	}
	t.Fatalf("no WriteStreamOperationStartResult in %v", resps)
	return nil
}

func queryCmd(t *testing.T, ts *testServer, id *pb.StreamingQueryInstanceId, c *pb.StreamingQueryCommand) *pb.StreamingQueryCommandResult {
	t.Helper()
	c.QueryId = id
	for _, r := range ts.command(t, &pb.Command{CommandType: &pb.Command_StreamingQueryCommand{StreamingQueryCommand: c}}) {
		if res := r.GetStreamingQueryCommandResult(); res != nil {
			return res
		}
	}
	t.Fatal("no StreamingQueryCommandResult")
	return nil
}

func managerCmd(t *testing.T, ts *testServer, c *pb.StreamingQueryManagerCommand) *pb.StreamingQueryManagerCommandResult {
	t.Helper()
	for _, r := range ts.command(t, &pb.Command{CommandType: &pb.Command_StreamingQueryManagerCommand{StreamingQueryManagerCommand: c}}) {
		if res := r.GetStreamingQueryManagerCommandResult(); res != nil {
			return res
		}
	}
	t.Fatal("no StreamingQueryManagerCommandResult")
	return nil
}

// The notebook flow: start a query into the memory sink, query its table while it runs,
// look at status and progress, stop it.
func TestStreamingQueryLifecycle(t *testing.T) {
	bootstrap := startOrdersBroker(t)
	ts := startServer(t)
	sendOrders(t, ts, bootstrap, orders)
	id := startQuery(t, ts, &pb.WriteStreamOperationStart{Input: project(kafkaStream(bootstrap), col("e.*")), Format: "memory", QueryName: "live_orders",
		OutputMode: "append", Trigger: &pb.WriteStreamOperationStart_ProcessingTimeInterval{ProcessingTimeInterval: "200 milliseconds"}})

	deadline := time.Now().Add(20 * time.Second)
	var rows []sqltypes.Row
	for time.Now().Before(deadline) {
		_, rows = ts.collect(t, sqlRel("SELECT order_id FROM live_orders ORDER BY order_id"))
		if len(rows) == 3 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(rows) != 3 || rows[0][0] != int32(1001) {
		t.Fatalf("memory table rows %v, want the 3 orders", rows)
	}

	st := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_Status{Status: true}}).GetStatus()
	if !st.GetIsActive() || st.GetStatusMessage() == "" {
		t.Errorf("status of a running query: %v", st)
	}
	last := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_LastProgress{LastProgress: true}}).GetRecentProgress().GetRecentProgressJson()
	if len(last) != 1 {
		t.Fatalf("lastProgress: %v", last)
	}
	var p map[string]any
	if err := json.Unmarshal([]byte(last[0]), &p); err != nil || p["id"] != id.GetId() || p["name"] != "live_orders" {
		t.Errorf("lastProgress JSON %s: %v", last[0], err)
	}
	recent := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_RecentProgress{RecentProgress: true}}).GetRecentProgress().GetRecentProgressJson()
	var loaded float64
	for _, j := range recent {
		var p map[string]any
		_ = json.Unmarshal([]byte(j), &p)
		loaded += p["numInputRows"].(float64)
	}
	if loaded != 3 {
		t.Errorf("recentProgress counts %v input rows, want 3", loaded)
	}
	aw := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_AwaitTermination{AwaitTermination: &pb.StreamingQueryCommand_AwaitTerminationCommand{TimeoutMs: ptr(int64(100))}}})
	if aw.GetAwaitTermination().GetTerminated() {
		t.Error("awaitTermination(0.1) says a running query terminated")
	}
	act := managerCmd(t, ts, &pb.StreamingQueryManagerCommand{Command: &pb.StreamingQueryManagerCommand_Active{Active: true}}).GetActive().GetActiveQueries()
	if len(act) != 1 || act[0].GetId().GetId() != id.GetId() || act[0].GetName() != "live_orders" {
		t.Errorf("spark.streams.active = %v", act)
	}
	got := managerCmd(t, ts, &pb.StreamingQueryManagerCommand{Command: &pb.StreamingQueryManagerCommand_GetQuery{GetQuery: id.GetId()}}).GetQuery()
	if got.GetId().GetRunId() != id.GetRunId() {
		t.Errorf("spark.streams.get = %v", got)
	}

	queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_Stop{Stop: true}})
	aw = queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_AwaitTermination{AwaitTermination: &pb.StreamingQueryCommand_AwaitTerminationCommand{}}})
	if !aw.GetAwaitTermination().GetTerminated() {
		t.Error("awaitTermination after stop did not report the end")
	}
	if st := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_Status{Status: true}}).GetStatus(); st.GetIsActive() || st.GetStatusMessage() != "Stopped" {
		t.Errorf("status after stop: %v", st)
	}
	if ex := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_Exception{Exception: true}}).GetException(); ex.ExceptionMessage != nil {
		t.Errorf("exception of a cleanly stopped query: %v", ex)
	}
	aat := managerCmd(t, ts, &pb.StreamingQueryManagerCommand{Command: &pb.StreamingQueryManagerCommand_AwaitAnyTermination{AwaitAnyTermination: &pb.StreamingQueryManagerCommand_AwaitAnyTerminationCommand{TimeoutMs: ptr(int64(1000))}}})
	if !aat.GetAwaitAnyTermination().GetTerminated() {
		t.Error("awaitAnyTermination after a query ended")
	}
	managerCmd(t, ts, &pb.StreamingQueryManagerCommand{Command: &pb.StreamingQueryManagerCommand_ResetTerminated{ResetTerminated: true}})
	aat = managerCmd(t, ts, &pb.StreamingQueryManagerCommand{Command: &pb.StreamingQueryManagerCommand_AwaitAnyTermination{AwaitAnyTermination: &pb.StreamingQueryManagerCommand_AwaitAnyTerminationCommand{TimeoutMs: ptr(int64(100))}}})
	if aat.GetAwaitAnyTermination().GetTerminated() {
		t.Error("awaitAnyTermination after resetTerminated reports an old query")
	}
}

// The course's read script through Connect: availableNow into a Delta table by name, then
// the table read back.
func TestAvailableNowToTable(t *testing.T) {
	bootstrap := startOrdersBroker(t)
	ts := startServer(t)
	sendOrders(t, ts, bootstrap, orders)
	id := startQuery(t, ts, &pb.WriteStreamOperationStart{Input: project(kafkaStream(bootstrap), col("e.*"), col("partition"), col("offset")), Format: "delta",
		Options: map[string]string{"checkpointLocation": "checkpoints/bronze"}, Trigger: &pb.WriteStreamOperationStart_AvailableNow{AvailableNow: true},
		SinkDestination: &pb.WriteStreamOperationStart_TableName{TableName: "bronze_orders"}})
	aw := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_AwaitTermination{AwaitTermination: &pb.StreamingQueryCommand_AwaitTerminationCommand{}}})
	if !aw.GetAwaitTermination().GetTerminated() {
		t.Fatal("availableNow query did not end")
	}
	_, rows := ts.collect(t, sqlRel("SELECT count(*) AS n, sum(amount) AS total FROM bronze_orders"))
	if len(rows) != 1 || rows[0][0] != int64(3) {
		t.Errorf("bronze_orders: %v", rows)
	}
}

// A failing query's error reaches awaitTermination as StreamingQueryException.
func TestQueryFailureIsStreamingQueryException(t *testing.T) {
	ts := startServer(t)
	// Nothing listens on this port: the Kafka source fails the query.
	id := startQuery(t, ts, &pb.WriteStreamOperationStart{Input: project(kafkaStream("127.0.0.1:1"), col("e.*")), Format: "memory", QueryName: "doomed",
		Options: map[string]string{"kafka.request.timeout.ms": "500"}})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	c := &pb.StreamingQueryCommand{QueryId: id, Command: &pb.StreamingQueryCommand_AwaitTermination{AwaitTermination: &pb.StreamingQueryCommand_AwaitTerminationCommand{}}}
	_, err := ts.execute(ctx, &pb.Plan{OpType: &pb.Plan_Command{Command: &pb.Command{CommandType: &pb.Command_StreamingQueryCommand{StreamingQueryCommand: c}}}})
	if ctx.Err() != nil {
		t.Skip("the query did not fail within 90s on this machine")
	}
	info := errorInfo(t, err)
	if classesOf(t, info)[0] != "org.apache.spark.sql.streaming.StreamingQueryException" || info.Metadata["errorClass"] != "STREAM_FAILED" {
		t.Errorf("awaitTermination of a failed query: %v", info)
	}
	ex := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_Exception{Exception: true}}).GetException()
	// Spark's text ends with the condition's SQLSTATE, after the cause's own.
	if msg := ex.GetExceptionMessage(); !strings.HasPrefix(msg, "[STREAM_FAILED]") || !strings.HasSuffix(msg, " SQLSTATE: XXKST") || ex.GetErrorClass() != "STREAM_FAILED" {
		t.Errorf("exception(): %v", ex)
	}
}

// Interrupts end a blocked call at once with Spark's OPERATION_CANCELED, by tag, by
// operation id or all; the query itself keeps running, as on Spark.
func TestInterrupt(t *testing.T) {
	bootstrap := startOrdersBroker(t)
	ts := startServer(t)
	id := startQuery(t, ts, &pb.WriteStreamOperationStart{Input: project(kafkaStream(bootstrap), col("e.*")), Format: "memory", QueryName: "forever",
		Trigger: &pb.WriteStreamOperationStart_ProcessingTimeInterval{ProcessingTimeInterval: "1 second"}})
	await := &pb.Plan{OpType: &pb.Plan_Command{Command: &pb.Command{CommandType: &pb.Command_StreamingQueryCommand{StreamingQueryCommand: &pb.StreamingQueryCommand{
		QueryId: id, Command: &pb.StreamingQueryCommand_AwaitTermination{AwaitTermination: &pb.StreamingQueryCommand_AwaitTerminationCommand{}}}}}}}
	for _, kind := range []string{"tag", "operation id", "all"} {
		t.Run(kind, func(t *testing.T) {
			ctx := rctx(t)
			opID := uuid.NewString()
			st, err := ts.client.ExecutePlan(ctx, &pb.ExecutePlanRequest{SessionId: ts.sid, OperationId: &opID, Plan: await, Tags: []string{"cell-7"}})
			if err != nil {
				t.Fatal(err)
			}
			errc := make(chan error, 1)
			go func() {
				for {
					if _, err := st.Recv(); err != nil {
						errc <- err
						return
					}
				}
			}()
			req := &pb.InterruptRequest{SessionId: ts.sid}
			switch kind {
			case "tag":
				req.InterruptType, req.Interrupt = pb.InterruptRequest_INTERRUPT_TYPE_TAG, &pb.InterruptRequest_OperationTag{OperationTag: "cell-7"}
			case "operation id":
				req.InterruptType, req.Interrupt = pb.InterruptRequest_INTERRUPT_TYPE_OPERATION_ID, &pb.InterruptRequest_OperationId{OperationId: opID}
			default:
				req.InterruptType = pb.InterruptRequest_INTERRUPT_TYPE_ALL
			}
			var resp *pb.InterruptResponse
			for i := 0; i < 50; i++ { // the operation registers as its stream starts
				if resp, err = ts.client.Interrupt(ctx, req); err != nil {
					t.Fatal(err)
				}
				if len(resp.GetInterruptedIds()) > 0 {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if len(resp.GetInterruptedIds()) != 1 || resp.GetInterruptedIds()[0] != opID {
				t.Fatalf("interrupted %v, want [%s]", resp.GetInterruptedIds(), opID)
			}
			select {
			case err := <-errc:
				if info := errorInfo(t, err); info.Metadata["errorClass"] != "OPERATION_CANCELED" {
					t.Errorf("interrupted call ended with %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the interrupted awaitTermination is still blocked after 10s")
			}
		})
	}
	if st := queryCmd(t, ts, id, &pb.StreamingQueryCommand{Command: &pb.StreamingQueryCommand_Status{Status: true}}).GetStatus(); !st.GetIsActive() {
		t.Error("interrupting awaitTermination stopped the query")
	}
}

// A reattachable execution can be read again after the last response the client saw, and
// released; an unknown operation is INVALID_HANDLE.OPERATION_NOT_FOUND.
func TestReattachAndRelease(t *testing.T) {
	ts := startServer(t)
	ctx := rctx(t)
	opID := uuid.NewString()
	st, err := ts.client.ExecutePlan(ctx, &pb.ExecutePlanRequest{SessionId: ts.sid, OperationId: &opID,
		Plan:           &pb.Plan{OpType: &pb.Plan_Root{Root: &pb.Relation{RelType: &pb.Relation_Range{Range: &pb.Range{End: 20000, Step: 1}}}}},
		RequestOptions: []*pb.ExecutePlanRequest_RequestOption{{RequestOption: &pb.ExecutePlanRequest_RequestOption_ReattachOptions{ReattachOptions: &pb.ReattachOptions{Reattachable: true}}}}})
	if err != nil {
		t.Fatal(err)
	}
	first, err := st.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if first.GetOperationId() != opID || first.GetResponseId() == "" || first.GetArrowBatch() == nil {
		t.Fatalf("first response %v", first)
	}
	// The client drops its stream and reattaches after the first response.
	rs, err := ts.client.ReattachExecute(ctx, &pb.ReattachExecuteRequest{SessionId: ts.sid, OperationId: opID, LastResponseId: &first.ResponseId})
	if err != nil {
		t.Fatal(err)
	}
	rows := first.GetArrowBatch().GetRowCount()
	complete := false
	for {
		r, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows += r.GetArrowBatch().GetRowCount()
		complete = complete || r.GetResultComplete() != nil
	}
	if rows != 20000 || !complete {
		t.Errorf("read %d rows (complete %v) over two streams, want 20000", rows, complete)
	}
	if _, err := ts.client.ReleaseExecute(ctx, &pb.ReleaseExecuteRequest{SessionId: ts.sid, OperationId: opID,
		Release: &pb.ReleaseExecuteRequest_ReleaseAll_{ReleaseAll: &pb.ReleaseExecuteRequest_ReleaseAll{}}}); err != nil {
		t.Fatal(err)
	}
	rs, err = ts.client.ReattachExecute(ctx, &pb.ReattachExecuteRequest{SessionId: ts.sid, OperationId: opID})
	if err == nil {
		_, err = rs.Recv()
	}
	if info := errorInfo(t, err); info.Metadata["errorClass"] != "INVALID_HANDLE.OPERATION_NOT_FOUND" {
		t.Errorf("reattach after release: %v", err)
	}
}

// A server that stops while a client waits ends the wait with an error, not a hang.
func TestServerStopEndsWaitingCalls(t *testing.T) {
	bootstrap := startOrdersBroker(t)
	ts := startServer(t)
	id := startQuery(t, ts, &pb.WriteStreamOperationStart{Input: project(kafkaStream(bootstrap), col("e.*")), Format: "memory", QueryName: "waiting"})
	errc := make(chan error, 1)
	go func() {
		c := &pb.StreamingQueryCommand{QueryId: id, Command: &pb.StreamingQueryCommand_AwaitTermination{AwaitTermination: &pb.StreamingQueryCommand_AwaitTerminationCommand{}}}
		_, err := ts.execute(context.Background(), &pb.Plan{OpType: &pb.Plan_Command{Command: &pb.Command{CommandType: &pb.Command_StreamingQueryCommand{StreamingQueryCommand: c}}}})
		errc <- err
	}()
	time.Sleep(300 * time.Millisecond)
	stopped := make(chan struct{})
	go func() { ts.stop(); close(stopped) }()
	select {
	case err := <-errc:
		if err == nil {
			t.Fatal("awaitTermination returned no error when the server stopped")
		}
		if info := errorInfo(t, err); info.Metadata["errorClass"] != "OPERATION_CANCELED" || !strings.Contains(status.Convert(err).Message(), "server stopped") {
			t.Errorf("the waiting call ended with %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("a client waiting in awaitTermination is still blocked 15s after the server stopped")
	}
	select {
	case <-stopped:
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop within 15s")
	}
}

// An open listener bus answers its add, then reports progress at once and again every
// listenerHeartbeat until the client removes its last listener: the responses that let a
// PySpark script which never removes its listener exit.
func TestListenerBusHeartbeat(t *testing.T) {
	defer func(d time.Duration) { listenerHeartbeat = d }(listenerHeartbeat)
	listenerHeartbeat = 50 * time.Millisecond
	ts := startServer(t)
	ctx := rctx(t)
	bus := func(c *pb.StreamingQueryListenerBusCommand) *pb.ExecutePlanRequest {
		return &pb.ExecutePlanRequest{SessionId: ts.sid, Plan: &pb.Plan{OpType: &pb.Plan_Command{Command: &pb.Command{
			CommandType: &pb.Command_StreamingQueryListenerBusCommand{StreamingQueryListenerBusCommand: c}}}}}
	}
	st, err := ts.client.ExecutePlan(ctx, bus(&pb.StreamingQueryListenerBusCommand{
		Command: &pb.StreamingQueryListenerBusCommand_AddListenerBusListener{AddListenerBusListener: true}}))
	if err != nil {
		t.Fatal(err)
	}
	first, err := st.Recv()
	if err != nil || !first.GetStreamingQueryListenerEventsResult().GetListenerBusListenerAdded() {
		t.Fatalf("first response %v, %v: want the listener-added answer", first, err)
	}
	for i := 0; i < 3; i++ {
		r, err := st.Recv()
		if err != nil || r.GetExecutionProgress() == nil {
			t.Fatalf("response %d after the add: %v, %v: want a progress report", i+1, r, err)
		}
	}
	rm, err := ts.client.ExecutePlan(ctx, bus(&pb.StreamingQueryListenerBusCommand{
		Command: &pb.StreamingQueryListenerBusCommand_RemoveListenerBusListener{RemoveListenerBusListener: true}}))
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := rm.Recv(); err != nil {
			break
		}
	}
	for {
		r, err := st.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the bus after its removal: %v", err)
		}
		if r.GetResultComplete() != nil {
			return
		}
	}
	t.Fatal("the bus ended without ResultComplete after its listener was removed")
}
