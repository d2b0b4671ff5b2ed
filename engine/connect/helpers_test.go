package connect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// testServer is a Server on a loopback port with a client connected to it.
type testServer struct {
	srv    *Server
	client pb.SparkConnectServiceClient
	sid    string
	dir    string
	logs   chan string
	stop   func()
}

func startServer(t *testing.T) *testServer {
	t.Helper()
	dir := t.TempDir()
	logs := make(chan string, 100)
	srv := New(Config{
		NewSession: func(string) (*engine.Session, error) {
			return engine.NewSession(engine.SessionConfig{WorkDir: dir})
		},
		Logf: func(format string, args ...any) {
			select {
			case logs <- strings.TrimSpace(fmt.Sprintf(format, args...)):
			default:
			}
		},
	})
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{srv: srv, client: pb.NewSparkConnectServiceClient(conn), sid: uuid.NewString(), dir: dir, logs: logs}
	var stopped bool
	ts.stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		<-done
		conn.Close()
	}
	t.Cleanup(ts.stop)
	return ts
}

func rctx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// execute runs a plan and returns every response up to the end of the stream.
func (ts *testServer) execute(ctx context.Context, p *pb.Plan, tags ...string) ([]*pb.ExecutePlanResponse, error) {
	st, err := ts.client.ExecutePlan(ctx, &pb.ExecutePlanRequest{SessionId: ts.sid, Plan: p, Tags: tags, OperationId: ptr(uuid.NewString())})
	if err != nil {
		return nil, err
	}
	var out []*pb.ExecutePlanResponse
	for {
		r, err := st.Recv()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
}

func ptr[T any](v T) *T { return &v }

// collect runs a relation and decodes its Arrow batches into rows.
func (ts *testServer) collect(t *testing.T, rel *pb.Relation) (*sqltypes.StructType, []sqltypes.Row) {
	t.Helper()
	schema, rows, err := ts.tryCollect(rctx(t), rel)
	if err != nil {
		t.Fatal(err)
	}
	return schema, rows
}

func (ts *testServer) tryCollect(ctx context.Context, rel *pb.Relation) (*sqltypes.StructType, []sqltypes.Row, error) {
	resps, err := ts.execute(ctx, &pb.Plan{OpType: &pb.Plan_Root{Root: rel}})
	if err != nil {
		return nil, nil, err
	}
	var schema *sqltypes.StructType
	var rows []sqltypes.Row
	complete := false
	for _, r := range resps {
		if r.Schema != nil {
			t, err := engineType(r.Schema)
			if err != nil {
				return nil, nil, err
			}
			schema = t.(*sqltypes.StructType)
		}
		if b := r.GetArrowBatch(); b != nil {
			got, err := readArrow(b.GetData(), schema)
			if err != nil {
				return nil, nil, err
			}
			rows = append(rows, got...)
		}
		if r.GetResultComplete() != nil {
			complete = true
		}
	}
	if !complete {
		return nil, nil, errors.New("the stream ended without ResultComplete")
	}
	return schema, rows, nil
}

func (ts *testServer) command(t *testing.T, c *pb.Command) []*pb.ExecutePlanResponse {
	t.Helper()
	resps, err := ts.execute(rctx(t), &pb.Plan{OpType: &pb.Plan_Command{Command: c}})
	if err != nil {
		t.Fatal(err)
	}
	return resps
}

// errorInfo reads the ErrorInfo a Spark server attaches to a failure.
func errorInfo(t *testing.T, err error) *errdetails.ErrorInfo {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	st, ok := status.FromError(err)
	if !ok {
		t.Fatalf("not a gRPC status: %v", err)
	}
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	t.Fatalf("status %v carries no ErrorInfo", st)
	return nil
}

func classesOf(t *testing.T, info *errdetails.ErrorInfo) []string {
	var cs []string
	if err := json.Unmarshal([]byte(info.Metadata["classes"]), &cs); err != nil {
		t.Fatalf("classes %q: %v", info.Metadata["classes"], err)
	}
	return cs
}

// ---- plan builders ----

func sqlRel(q string) *pb.Relation {
	return &pb.Relation{RelType: &pb.Relation_Sql{Sql: &pb.SQL{Query: q}}}
}

func col(name string) *pb.Expression {
	return &pb.Expression{ExprType: &pb.Expression_UnresolvedAttribute_{UnresolvedAttribute: &pb.Expression_UnresolvedAttribute{UnparsedIdentifier: name}}}
}

func lit(v any) *pb.Expression {
	l := &pb.Expression_Literal{}
	switch x := v.(type) {
	case int:
		l.LiteralType = &pb.Expression_Literal_Integer{Integer: int32(x)}
	case string:
		l.LiteralType = &pb.Expression_Literal_String_{String_: x}
	case float64:
		l.LiteralType = &pb.Expression_Literal_Double{Double: x}
	case bool:
		l.LiteralType = &pb.Expression_Literal_Boolean{Boolean: x}
	}
	return &pb.Expression{ExprType: &pb.Expression_Literal_{Literal: l}}
}

func fn(name string, args ...*pb.Expression) *pb.Expression {
	return &pb.Expression{ExprType: &pb.Expression_UnresolvedFunction_{UnresolvedFunction: &pb.Expression_UnresolvedFunction{FunctionName: name, Arguments: args}}}
}

func alias(e *pb.Expression, name string) *pb.Expression {
	return &pb.Expression{ExprType: &pb.Expression_Alias_{Alias: &pb.Expression_Alias{Expr: e, Name: []string{name}}}}
}

func project(in *pb.Relation, es ...*pb.Expression) *pb.Relation {
	return &pb.Relation{RelType: &pb.Relation_Project{Project: &pb.Project{Input: in, Expressions: es}}}
}

// localRelation is createDataFrame(rows, ddl) as PySpark sends it: Arrow data and the
// schema as JSON.
func localRelation(t *testing.T, ddl string, rows []sqltypes.Row) *pb.Relation {
	t.Helper()
	st, err := sqltypes.ParseDDL(ddl)
	if err != nil {
		t.Fatal(err)
	}
	st = st.AsNullable()
	data, err := arrowBatch(st, rows, "UTC")
	if err != nil {
		t.Fatal(err)
	}
	js := st.JSON()
	return &pb.Relation{RelType: &pb.Relation_LocalRelation{LocalRelation: &pb.LocalRelation{Data: data, Schema: &js}}}
}

// startOrdersBroker is a one-broker kfake cluster with the course's orders topic.
func startOrdersBroker(t *testing.T) string {
	t.Helper()
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.Ports(0))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	addr := c.ListenAddrs()[0]
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if _, err := kadm.NewClient(cl).CreateTopic(rctx(t), 2, 1, nil, "orders"); err != nil {
		t.Fatal(err)
	}
	return addr
}
